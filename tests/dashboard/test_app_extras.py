"""The Analyze page's what-if under AppTest: the column forced at the root or at the
node selected in the tree, searched again by the agent analysed (a person's agent the
dashboard was started with too), the sentence and both analyses shown."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pytest
from conftest import APP, EXAMPLES, handler_app

from treeviz.agents.registry import search
from treeviz.judge.whatif import what_if
from treeviz.trace.nodes import MoveStat

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

USER = f"{EXAMPLES / 'minimax_agent.py'}:choose"


def analysed(agent: str, moves: str = "4453") -> AppTest:
    """Analyze opened by a link to ``moves`` and ``agent``: its search runs on open."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"moves": moves, "agent": agent})
    return at.run()


# the person's minimax searched again at every column: over 4 s, make test only
@pytest.mark.parametrize(
    "agent",
    ["alphabeta:depth=3", "mcts:iterations=200,seed=2", pytest.param(USER, marks=pytest.mark.slow)],
)
def test_what_if_at_the_root(agent: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TREEVIZ_AGENTS", USER)
    at = analysed(agent)
    assert not at.exception and not at.error
    at.selectbox(key="analyze_whatif_column").set_value(1).run()
    at.button(key="analyze_whatif_run").click().run()
    assert not at.exception and not at.error
    expected = what_if(search("4453", agent), 1, agent=agent)
    assert [i.value for i in at.info][-1] == expected.text
    shown = " ".join(m.value for m in at.markdown)
    assert "**First search**" in shown and "**Column 1 forced**" in shown
    assert f"the reply chosen: column {expected.forced.move}" in shown


def test_what_if_says_a_bound_as_the_api_does() -> None:
    """The issue's example on the page: alpha-beta to depth 4 on 4453, column 1 forced:
    the sentence is the API's (searched to depth 3; the first search's value a bound),
    and the first search's heading says the bound, not a value."""
    at = analysed("alphabeta:depth=4")
    at.selectbox(key="analyze_whatif_column").set_value(1).run()
    at.button(key="analyze_whatif_run").click().run()
    assert not at.exception and not at.error
    expected = what_if(search("4453", "alphabeta:depth=4"), 1)
    assert [i.value for i in at.info][-1] == expected.text
    assert "to depth 3" in expected.text and "at most -24 points" in expected.text
    shown = " ".join(m.value for m in at.markdown)
    assert "**First search** · column 1: at most -24 points" in shown


def test_what_if_of_a_leaf_shows_its_static_evaluation() -> None:
    """Greedy looks one ply ahead: the forced position is its leaf, not searched; the
    page says so beside its board instead of a table."""
    at = analysed("greedy")
    at.selectbox(key="analyze_whatif_column").set_value(2).run()
    at.button(key="analyze_whatif_run").click().run()
    assert not at.exception and not at.error
    expected = what_if(search("4453", "greedy"), 2)
    assert expected.forced is None
    assert [i.value for i in at.info][-1] == expected.text
    captions = " ".join(c.value for c in at.caption)
    assert "static evaluation" in captions


def test_what_if_at_the_selected_node() -> None:
    at = analysed("alphabeta:depth=3")
    first = search("4453", "alphabeta:depth=3")
    node = int(first.trace.children(0)[1])
    at.session_state["analyze_node"] = node
    at.run()
    captions = " ".join(c.value for c in at.caption)
    assert f"node #{node} (after {first.trace.path_moves(node)}" in captions
    at.selectbox(key="analyze_whatif_column").set_value(7).run()
    at.button(key="analyze_whatif_run").click().run()
    expected = what_if(first, 7, node=node)
    assert [i.value for i in at.info][-1] == expected.text
    # the first search's side: what it recorded at the node, a row per recorded child
    kids = {int(first.trace.nodes["move"][k]) + 1 for k in first.trace.children(node)}
    table = _tables(at)[0]
    assert set(table["column"]) == kids != set()
    check_units(table, MOVES + first.trace.path_moves(node), 2)


MOVES = "4453"
ORACLE = "minimax:ordering=left,tt=false"  # every move searched: no bounds, no table
POINTS = "value (heuristic points)"


def _tables(at: AppTest) -> tuple[Any, Any]:
    """The data of the what-if's two tables (the first search's, the new one's), cells
    as the page shows them: the last two tables of the page, the what-if its end."""
    first, again = (d.value for d in at.dataframe[-2:])
    return first, again


def check_units(table: Any, moves: str, depth: int) -> None:
    """Every row of a what-if's per-move ``table`` of the position ``moves`` agrees
    with plain minimax to ``depth`` there: an exact row has a number in the
    heuristic-points column exactly where minimax finds heuristic points (the same
    number), a proven result in words and blank there; a bounded row's number bounds
    minimax's value (a loss lies below every number, a win above)."""
    truth = {m.column: m for m in search(moves, ORACLE, depth=depth).moves}
    for _, row in table.iterrows():
        oracle, cell = truth[int(row["column"])], str(row[POINTS])
        bound = row.get("bound (cut searches)", "exact")
        said = (moves, row.to_dict())
        if bound == "exact":
            assert (cell == "") == (oracle.outcome is not None), said
            assert cell == "" or float(cell) == oracle.value, said
        elif cell:
            sign = 1 if bound == "upper" else -1  # the oracle at most / at least the cell
            assert sign * (_rank(oracle) - float(cell)) <= 0, said
        else:  # a bounded result: said in words
            assert "win" in row["in words"] or "los" in row["in words"], said


def _rank(row: MoveStat) -> float:
    """A minimax row's value on one line: a loss below every heuristic value, a win
    above (infinities: their distance does not matter to a heuristic bound)."""
    if row.outcome is None or row.outcome["result"] == "draw":
        return float(row.value or 0)
    return math.inf if row.outcome["result"] == "win" else -math.inf


def test_what_if_tables_keep_one_unit_and_their_bounds() -> None:
    """The review's example: alpha-beta (depth 5) on 6635527315761523542137, column 7
    forced. Both tables say each column as plain minimax (depth 5 at the root, 4 after
    column 7) finds it: heuristic points, bounded where alpha-beta cut, proven results
    in words (their exact scores read -9 beside -36 points, 9 below 75)."""
    moves = "6635527315761523542137"
    at = analysed("alphabeta", moves)
    at.selectbox(key="analyze_whatif_column").set_value(7).run()
    at.button(key="analyze_whatif_run").click().run()
    assert not at.exception and not at.error
    first, again = _tables(at)
    check_units(first, moves, 5)
    check_units(again, moves + "7", 4)
    words = " ".join(first["in words"]) + " " + " ".join(again["in words"])
    assert "loses in" in words and "wins in" in words and "≤ " in words
    # each board labelled with the position it shows: before and after the column
    captions = [c.value for c in at.caption]
    assert "Before column 7: the first search's root, X to move" in captions
    assert "After column 7: O to move" in captions


def test_what_if_tables_of_mcts_read_as_the_main_table() -> None:
    """MCTS: the what-if's tables head the mean result as the main table does (a mean
    rate, shown as a percentage) and say no fraction in words."""
    at = analysed("mcts:iterations=200,seed=2")
    at.selectbox(key="analyze_whatif_column").set_value(1).run()
    at.button(key="analyze_whatif_run").click().run()
    assert not at.exception and not at.error
    for table in _tables(at):
        assert "value (mean result)" in table.columns
    found = what_if(search(MOVES, "mcts:iterations=200,seed=2"), 1)
    assert f"a mean result of {found.after:.1%}" in [i.value for i in at.info][-1]


@pytest.mark.slow
def test_a_persons_agent_is_not_promised_the_same_horizon(monkeypatch: pytest.MonkeyPatch) -> None:
    """A person's agent: the caption claims no horizon (treeviz does not know it)."""
    monkeypatch.setenv("TREEVIZ_AGENTS", USER)
    at = analysed(USER)
    captions = " ".join(c.value for c in at.caption)
    assert "Force a column at the board" in captions
    assert "same horizon" not in captions and "does not know how far" in captions


ICICLE_CLICKS = handler_app(
    "on_click",
    event="clicked",
    line="f\"zoom {IcicleView('t').zoom(trace)} selected {view.selected_in(trace)} "
    'root {view.root_in(trace)}"',
    imports="from treeviz.dashboard.components.results.icicle import on_click\n"
    "from treeviz.dashboard.components.results.views import IcicleView",
)


def test_icicle_clicks_zoom_select_and_zoom_out() -> None:
    """A click zooms into the node and selects it in the tree (the tree's root moving
    down when the node lies deeper than the depth shown); the zoomed node's own row
    zooms out to its parent; a stale or foreign value changes nothing."""
    from streamlit.testing.v1 import AppTest

    trace = search("4453", "alphabeta:depth=4").trace
    child = int(trace.children(0)[2])
    deep = next(i for i in range(len(trace)) if trace.nodes["depth"][i] == 4)
    deep_parent = int(trace.nodes["parent"][deep])
    at = AppTest.from_string(ICICLE_CLICKS, default_timeout=60)
    at.session_state["events"] = [child, child, "junk", 10**9, deep]
    at.run()
    lines = [m.value for m in at.markdown]
    assert lines == [
        f"zoom {child} selected {child} root 0",
        "zoom 0 selected 0 root 0",  # the zoomed node clicked again: out to its parent
        "zoom 0 selected 0 root 0",
        "zoom 0 selected 0 root 0",
        f"zoom {deep} selected {deep} root {deep_parent}",  # deeper than 3 levels
    ]


ICICLE_SECTION = """
import streamlit as st
from treeviz.agents.registry import search
from treeviz.dashboard.components.results.icicle import icicle_section
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.dashboard.components.results.views import IcicleView

view = TreeView("t")
trace = st.session_state.setdefault("trace", search("4453", "alphabeta:depth=4").trace)
view.attach(trace)
if "zoom" in st.session_state:
    IcicleView("t").zoom_to(trace, st.session_state.pop("zoom"))
icicle_section(trace, view)
"""


def test_the_whole_trace_button_zooms_out() -> None:
    from streamlit.testing.v1 import AppTest

    trace = search("4453", "alphabeta:depth=4").trace
    node = int(trace.children(trace.children(0)[1])[0])
    at = AppTest.from_string(ICICLE_SECTION, default_timeout=60)
    at.run()
    assert not at.exception and at.button(key="t_icicle_out").disabled  # nothing to undo
    assert at.caption[0].value.startswith("The whole trace")
    at.session_state["zoom"] = node
    at.run()
    assert at.caption[0].value.startswith(
        f"Zoomed into node #{node} (after {trace.path_moves(node)})"
    )
    assert not at.button(key="t_icicle_out").disabled
    at.button(key="t_icicle_out").click().run()
    assert at.caption[0].value.startswith("The whole trace") and not at.exception
