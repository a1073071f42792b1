"""The replay in the tree's place, under AppTest: switched on, the page's one tree is
the search as it stood at each step (read from the data the browser replays it from,
checked against the trace's parent array), beside the replay's panel; switched off,
the tree and the node panel come back with the selection the person had; a click on
a node in the replay stops it and selects that node."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from conftest import app_test
from streamlit.testing.v1 import AppTest
from tree_reading import elements, mounts, panel, replays, step_nodes, the_replay, tree_views

from treeviz.agents.registry import search
from treeviz.connect4.samples import load_samples


def columns(at: AppTest) -> tuple[Any, Any]:
    """The tree's two columns (left, right): the pair of columns whose right one holds
    the depth slider."""
    stack = [at._tree]
    while stack:
        node = stack.pop()
        kids = list(getattr(node, "children", {}).values())
        cols = [k for k in kids if type(k).__name__ == "Column"]
        if len(cols) == 2 and "analyze_depth" in keys_under(cols[1]):
            return cols[0], cols[1]
        stack.extend(kids)
    raise AssertionError("no tree columns")


def keys_under(node: Any) -> set[str]:
    """The widget keys and component keys under ``node``."""
    out = set(mounts(node))
    for e in elements(node):
        if getattr(e, "key", None):
            out.add(str(e.key))
    return out


def expected_at(parent: np.ndarray, n: int) -> set[str]:
    """The nodes a depth-1 view of the first ``n`` nodes draws, from the parent array
    alone: the root, its children created so far, and the children created so far of
    every node on the way to the newest node (unfolded, so that it is drawn)."""
    path, node = set(), n - 1
    while node >= 0:
        path.add(node)
        node = int(parent[node])
    opened = path - {n - 1}
    return {"0"} | {str(k) for k in range(1, n) if int(parent[k]) in opened}


def run_sample(at: AppTest) -> AppTest:
    at.sidebar.selectbox(key="sample").set_value("greedy-trap").run()
    at.sidebar.selectbox(key="agent").set_value("alphabeta").run()
    return at.sidebar.button(key="run").click().run()


@pytest.mark.slow
def test_the_replay_draws_the_main_tree_at_its_step() -> None:
    """One tree on the page, in the tree's (left) column, beside the replay's panel:
    at each step it draws exactly the nodes created so far that the depth shows, the
    newest among them; a deeper view shows more of the same step."""
    at = run_sample(app_test())
    at.slider(key="analyze_depth").set_value(1).run()
    at.toggle(key="analyze_replay").set_value(True).run()
    moves = next(s.moves for s in load_samples().values() if s.name.startswith("Greedy"))
    parent = search(moves, "alphabeta").trace.nodes["parent"].astype(np.int64)
    data = the_replay(at)
    cut = [s["n"] for s in data["steps"]]
    assert cut == sorted(set(cut)) and cut[-1] == len(parent) == data["total"]
    assert not at.exception and not tree_views(at)
    for n in (*cut[:4], cut[120]):
        drawn = step_nodes(data, n)
        assert drawn == expected_at(parent, n) and str(n - 1) in drawn
    left, right = (keys_under(c) for c in columns(at))
    (key,) = replays(at)
    assert key in left and "analyze_replay_panel" in right and key not in right
    shallow = step_nodes(data, cut[120])
    at.slider(key="analyze_depth").set_value(2).run()  # the person's depth, during the replay
    deeper = step_nodes(the_replay(at), cut[120])
    assert at.toggle(key="analyze_replay").value and shallow < deeper
    assert all(int(k) < cut[120] for k in deeper) and not at.exception


@pytest.mark.slow
def test_switching_the_replay_off_gives_the_tree_back_with_its_selection() -> None:
    at = run_sample(app_test())
    at.text_input(key="analyze_goto").set_value("#5").run()
    shown = panel(at)
    assert shown["node"] == 5
    at.toggle(key="analyze_replay").set_value(True).run()
    assert not tree_views(at) and replays(at)  # the replay's tree in its place, no panel
    assert [s.key for s in at.slider if s.key == "analyze_depth"] == ["analyze_depth"]
    at.toggle(key="analyze_replay").set_value(False).run()
    assert panel(at) == shown and not replays(at)  # the tree view back, node 5 selected
    assert not at.exception


REPLAY_CLICKS = """
import streamlit as st
from treeviz.agents.registry import search
from treeviz.dashboard.components.results.replay import on_asked
from treeviz.dashboard.components.results.views import ReplayView
from treeviz.dashboard.components.tree_view import TreeView

view, replay = TreeView("t"), ReplayView("t")
trace = st.session_state.setdefault("trace", search("4453", "alphabeta:depth=4").trace)
view.attach(trace)
for asked, root in st.session_state.get("clicks", []):  # what the browser sends, in turn
    st.session_state["t_replay"] = True
    view.draw_from(root)
    st.session_state["k"] = {"asked": f"{asked}@1"}
    on_asked(trace, view, replay, "k")
    st.write(f"on {replay.on} selected {view.selected_in(trace)} "
             f"root {view.root_in(trace)} open {sorted(view.opened)}")
"""


def test_a_click_in_the_replay_stops_it_and_selects_the_node() -> None:
    """A node clicked in the replay's tree: the replay switches off, the node is
    selected and unfolded, and drawn from the trace's root when the view was drawn
    from a node not above it; a request naming no node of the trace (a stub's key, an
    id past its end, another verb) changes nothing."""
    trace = search("4453", "alphabeta:depth=4").trace
    a, b = (int(k) for k in trace.children(0)[:2])
    deep = int(trace.children(a)[0])
    at = AppTest.from_string(REPLAY_CLICKS, default_timeout=60)
    clicks = [(f"pick:more:{a}", 0), (f"pick:{deep}", a), (f"pick:{b}", a)]
    at.session_state["clicks"] = [*clicks, (f"pick:{10**9}", 0), (f"open:{a}", 0)]
    at.run()
    assert not at.exception
    both = sorted([b, deep])
    assert [m.value for m in at.markdown] == [
        "on True selected 0 root 0 open []",
        f"on False selected {deep} root {a} open [{deep}]",
        f"on False selected {b} root 0 open {both}",
        f"on True selected {b} root 0 open {both}",
        f"on True selected {b} root 0 open {both}",
    ]


@pytest.mark.slow
def test_an_mcts_replay_recounts_its_visits_in_the_main_tree() -> None:
    """MCTS with its iterations recorded: the tree and the root's columns count the
    visits made so far (fewer than the search's in the middle, the search's own at
    the end), and the tree draws no node created later."""
    from conftest import APP

    spec = "mcts:iterations=300,seed=3,record_iterations=true"
    final = search("4453", spec).trace
    kids = {
        int(final.nodes["move"][k]) + 1: int(final.nodes["visits"][k]) for k in final.children(0)
    }
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"moves": "4453", "agent": spec})
    at.run()
    at.toggle(key="analyze_replay").set_value(True).run()
    data = the_replay(at)
    mid, last = data["steps"][len(data["steps"]) // 2], data["steps"][-1]
    visits = [t["head"].index("visits") for t in (mid["table"], last["table"])]
    assert sum(r[visits[0]] for r in mid["table"]["rows"]) < sum(kids.values())
    assert all(int(k) < mid["n"] for k in step_nodes(data, mid["n"])) and not at.exception
    assert {r[0]: r[visits[1]] for r in last["table"]["rows"]} == kids
