"""The tree view the browser draws: the data it is sent (each drawn node's board,
children and facts, checked against the rules and a count over the parent array),
and what the server does with the few things the browser asks of it."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from treeviz.agents.registry import search
from treeviz.dashboard.components.node_tables import node_stats
from treeviz.dashboard.components.tree_data import node_panel, tree_entries
from treeviz.dashboard.components.tree_panel import asked
from treeviz.dashboard.components.tree_selection import selection_for

TRACE = search("4453", "alphabeta:depth=4").trace


def dropped(moves: str) -> list[str]:
    """The board after ``moves`` by the rules (stones fall to the lowest free cell,
    X first), rows top first."""
    grid = [["."] * 7 for _ in range(6)]
    for ply, ch in enumerate(moves):
        col = int(ch) - 1
        row = max(r for r in range(6) if grid[r][col] == ".")
        grid[row][col] = "XO"[ply % 2]
    return ["".join(r) for r in grid]


def below(node: int) -> int:
    """Nodes recorded under ``node``: walked up from every node along the parents."""
    parent = TRACE.nodes["parent"]
    count = 0
    for i in range(len(TRACE)):
        p = int(parent[i])
        while p >= 0 and p != node:
            p = int(parent[p])
        count += p == node
    return count


@pytest.mark.parametrize("node", [0, 1, int(TRACE.children(0)[3])])
def test_a_nodes_panel_holds_its_board_children_and_facts(node: int) -> None:
    shown = node_panel(TRACE, node, exact_on=False)
    moves = TRACE.root_moves + TRACE.path_moves(node)
    assert shown["position"] == moves and shown["board"]["rows"] == dropped(moves)
    last = shown["board"]["last"]  # the last stone played: [column, row from the top]
    assert last[0] == int(moves[-1]) - 1 and dropped(moves)[last[1]][last[0]] != "."
    assert dropped(moves[:-1])[last[1]][last[0]] == "."
    kids = shown["kids"]
    rows = [dict(zip(kids["head"], r, strict=True)) for r in kids["sort"]]
    parent = TRACE.nodes["parent"]
    assert [r["node"] for r in rows] == [i for i in range(len(TRACE)) if parent[i] == node]
    for r in rows:
        assert r["column"] == int(TRACE.nodes["move"][int(r["node"])]) + 1
        assert r["nodes below"] == below(int(r["node"]))
    assert shown["facts"] == [[k, str(v)] for k, v in node_stats(TRACE, node).items()]
    assert not shown["ask"]  # exact scores not offered unless switched on


def test_the_entries_are_the_selection_and_hang_under_their_parents() -> None:
    sel = selection_for(TRACE, 0, depth=3, top_k=None)
    entries = tree_entries(sel)
    keys = [e["key"] for e in entries]
    assert len(keys) == len(set(keys)) == len(sel)
    assert {e["node"] for e in entries if e["kind"] == "node"} == set(sel.ids)
    seen = {entries[0]["key"]}
    for e in entries[1:]:  # parents first
        assert e["parent"] in seen
        seen.add(e["key"])
    depth = TRACE.nodes["depth"]
    assert all(e["level"] == depth[e["node"]] for e in entries if e["kind"] == "node")


def test_another_games_board_goes_as_an_image() -> None:
    """Another game's drawing goes to the browser as a picture: a data URL an
    ``<img>`` shows (no markup of it is put in the page, so a script in it never runs)."""
    import base64

    pytest.importorskip("pyspiel")
    from treeviz.agents.any_game.registry import search_game

    trace = search_game("tic_tac_toe", None, "alphabeta:depth=2").trace
    shown = node_panel(trace, 1, exact_on=True)
    head, body = shown["image"].split(",", 1)
    assert head == "data:image/svg+xml;base64" and "board" not in shown
    assert base64.b64decode(body).decode() == trace.rules().svg(trace.state(1))


@pytest.mark.parametrize(
    ("value", "meant"),
    [
        ({"asked": "open:12@1700000000"}, ("open", 12)),
        ({"asked": "reroot:0@1"}, ("reroot", 0)),
        ({"asked": "delete:3@1"}, None),  # not something the browser may ask
        ({"asked": "open:-3@1"}, None),
        ({"asked": "open:٣@1"}, None),  # a digit, but not an ASCII one
        ({"asked": None}, None),
        ("open:3@1", None),  # not the component's value
        (None, None),
    ],
)
def test_a_request_is_read_or_refused(value: object, meant: object) -> None:
    assert asked(value) == meant


ASKED = """
import streamlit as st
from treeviz.agents.registry import search
from treeviz.dashboard import state
from treeviz.dashboard.components.tree_panel import on_asked
from treeviz.dashboard.components.tree_view import FULL_RERUN, TreeView

view = TreeView("t")
trace = st.session_state.setdefault("trace", search("4453", "alphabeta:depth=4").trace)
view.attach(trace)
for text in st.session_state.get("asks", []):  # what the component sends, in turn
    st.session_state["k"] = {"asked": text}
    state.put(FULL_RERUN, False)
    on_asked(trace, view, "k", 2)
    pos = st.session_state.get("position")
    st.write(f"{text} selected {view.selected_in(trace)} root {view.root_in(trace)} "
             f"open {sorted(view.opened)} position {pos.moves_string() if pos else '-'} "
             f"rerun {state.get(FULL_RERUN)}")
"""


def test_what_the_browser_asks_the_server_does() -> None:
    """Children not sent are asked for (the node unfolded), a row deeper than the view
    moves it down, Draw from here re-roots, Analyze this loads the node's position by
    the rules and asks for the whole page, as What if? here does for the section below
    the tree; junk and ids not in the trace change nothing."""
    first = int(TRACE.children(0)[1])
    deep = next(i for i in range(len(TRACE)) if TRACE.nodes["depth"][i] == 4)
    at = AppTest.from_string(ASKED, default_timeout=60)
    asks = [f"open:{first}@1", f"goto:{deep}@2", f"reroot:{first}@3", "analyze:1@4"]
    at.session_state["asks"] = [*asks, "junk", f"open:{10**9}@5", f"whatif:{deep}@6"]
    at.run()
    lines = [m.value for m in at.markdown]
    moves = "4453" + TRACE.path_moves(1)
    assert not at.exception and lines == [
        f"{asks[0]} selected {first} root 0 open [{first}] position - rerun False",
        f"{asks[1]} selected {deep} root {int(TRACE.nodes['parent'][deep])} open [{first}] "
        "position - rerun False",
        f"{asks[2]} selected {first} root {first} open [{first}] position - rerun False",
        f"{asks[3]} selected 1 root {first} open [{first}] position {moves} rerun True",
        f"junk selected 1 root {first} open [{first}] position {moves} rerun False",
        f"open:{10**9}@5 selected 1 root {first} open [{first}] position {moves} rerun False",
        # What if? here: the node chosen, and the whole page for the section below
        f"whatif:{deep}@6 selected {deep} root {first} open [{first}] position {moves} rerun True",
    ]


def test_a_table_with_infinite_windows_goes_as_json_and_sorts_in_order() -> None:
    """A window's -inf (the doctor's traced trees record them) as a number: JSON has no
    infinity, and one made the browser refuse the whole view."""
    import json

    import pandas as pd

    from treeviz.dashboard.components.tree_data import table_rows

    table = pd.DataFrame({"alpha": ["-inf", "3", "+inf"], "value": [float("-inf"), 1.5, None]})
    rows = table_rows(table)
    sent = json.loads(json.dumps(rows, allow_nan=False))  # strict JSON, as a browser reads it
    assert sent["rows"] == [["-inf", "-inf"], ["3", "1.5"], ["+inf", ""]]
    alpha = [r[0] for r in sent["sort"]]
    assert sorted(alpha) == alpha  # -inf < 3 < +inf
    assert sent["sort"][0][1] < sent["sort"][1][1] and sent["sort"][2][1] is None
