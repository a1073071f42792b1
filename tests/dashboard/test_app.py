"""Streamlit AppTest, the Analyze page: it renders for every agent, survives bad
input in the sidebar, heads its result with the verdict, keeps a run to its time budget
and sends the browser every parameter."""

from __future__ import annotations

import pandas as pd
import pytest
from conftest import app_test, handler_app, run_agent, seen
from streamlit.testing.v1 import AppTest
from tree_reading import drawn_nodes, focus, panel, reasons, tree_view

from treeviz.agents.registry import AGENTS, search


@pytest.mark.slow
@pytest.mark.parametrize("agent", list(AGENTS))
def test_renders_for_every_agent(agent: str) -> None:
    at = app_test()
    for sample in ("nearly-full", "greedy-trap"):
        run_agent(at, sample, agent)
        assert not at.exception and not at.error, (sample, at.exception, at.error)
        assert at.subheader[0].value.startswith(f"{agent} plays column")
        table = at.dataframe[0].value
        assert len(table) == 7 and "exact score" in table.columns
        assert not [c for c in table.columns if "_" in c], "headers in words"
        chosen = table[table["chosen"]]
        assert len(chosen) == 1 and int(chosen["column"].iloc[0]) == int(
            at.subheader[0].value.rsplit(" ", 1)[1]
        )
        assert 0 in drawn_nodes(tree_view(at))  # the tree view, from its root
        legal = table[~table["full column"]] if "full column" in table else table  # if any
        assert legal["in words"].map(bool).all()
        header = next(c for c in table.columns if c.startswith(("value", "win rate", "chance")))
        values = pd.to_numeric(legal[header].astype(str).str.rstrip("%").replace("", None)).dropna()
        assert (values.abs() < 100_000).all(), values
        # a heuristic's proven columns say their outcome in words, not in points
        said = legal["proven outcome"].astype(str) != "" if "proven outcome" in legal else None
        points = len(legal) if said is None else int((~said).sum())
        assert len(values) >= points or agent == "mcts", "only MCTS leaves a column"


def test_exact_scores_match_the_sample() -> None:
    at = run_agent(app_test(), "must-block", "greedy")
    table = at.dataframe[0].value
    pos = at.session_state["position"]
    best = pd.to_numeric(table["exact score"].replace("", None)).max()
    assert best == search(pos, "solver").value


def test_bad_move_string_shows_error_and_keeps_position() -> None:
    at = app_test()
    at.sidebar.radio(key="source").set_value("Move string or board").run()
    at.sidebar.text_area(key="position_text").set_value("4453").run()
    at.sidebar.text_area(key="position_text").set_value("4459").run()
    assert at.error and "'4459'" in seen(at.error[0].value)
    assert not at.exception and at.session_state["position"].moves_string() == "4453"
    at.sidebar.button(key="run").click().run()  # still usable
    assert not at.exception and "plays column" in at.subheader[0].value


def test_bad_board_diagram_shows_error() -> None:
    at = app_test()
    at.sidebar.radio(key="source").set_value("Move string or board").run()
    at.sidebar.text_area(key="position_text").set_value(". . X\nO O O O O O O").run()
    assert at.error and not at.exception


def test_click_to_play_undo_and_reset() -> None:
    at = app_test()
    at.button(key="reset").click().run()
    at.button_group(key="play").set_value(4).run()
    at.button_group(key="play").set_value(4).run()
    assert at.session_state["position"].moves_string() == "44" and not at.exception
    at.button(key="undo").click().run()
    assert at.session_state["position"].moves_string() == "4"
    at.button(key="reset").click().run()
    assert at.session_state["position"].moves_string() == ""


def test_verdict_panel_and_reason_links() -> None:
    """The verdict against the exact scores heads the result; its reasons are sent to
    the browser with the nodes they are about, nodes of the trace shown; a reason's
    node asked for is selected in the tree."""
    at = run_agent(app_test(), "greedy-trap", "greedy")
    assert not at.exception
    text = " ".join(m.value for m in at.markdown)
    assert "greedy plays column" in text
    assert any(cls in text for cls in ("best", "inaccuracy", "mistake", "blunder"))
    linked = [r["node"] for r in reasons(at) if r["node"] is not None]
    assert linked, "the reasons link to tree nodes"
    trace = search(at.session_state["position"], "greedy").trace
    assert all(0 <= n < len(trace) for n in linked)
    focus(at, "analyze", linked[0], int(trace.nodes["parent"][linked[0]]))
    at.run()
    assert panel(at)["node"] == linked[0] and not at.exception


REASON_ASKS = handler_app(
    "on_reason",
    event="asked",
    line='f"selected {view.selected_in(trace)} root {view.root_in(trace)}"',
    imports="from treeviz.dashboard.components.results.verdict import on_reason",
)


def test_a_reason_the_tree_does_not_draw_is_drawn_from_its_parent() -> None:
    """A reason's node the browser's tree does not draw, asked of the server: it is
    selected and the tree drawn from its parent; a request naming no node of the
    trace, or another verb, changes nothing."""
    trace = search("4453", "alphabeta:depth=4").trace
    a = int(trace.children(0)[1])
    deep = int(trace.children(a)[0])
    at = AppTest.from_string(REASON_ASKS, default_timeout=60)
    at.session_state["events"] = [f"focus:{deep}", f"focus:{10**9}", "open:0", "focus:x"]
    at.run()
    assert not at.exception
    assert [m.value for m in at.markdown] == [f"selected {deep} root {a}"] * 4


@pytest.mark.slow
def test_a_run_keeps_to_its_time_budget() -> None:
    """Past the budget a single pass has nothing to show (an error says so); deepening
    pass by pass, the last finished pass is the answer."""
    at = app_test()
    at.sidebar.selectbox(key="sample").set_value("empty-board").run()
    at.sidebar.selectbox(key="agent").set_value("alphabeta").run()
    at.sidebar.slider(key="alphabeta_depth").set_value(42).run()
    at.sidebar.number_input(key="budget").set_value(1.0).run()
    at.sidebar.button(key="run").click().run()
    assert not at.exception and at.error
    assert "stopped before its first pass" in seen(at.error[0].value)
    at.sidebar.checkbox(key="alphabeta_iterative").check().run()
    at.sidebar.button(key="run").click().run()
    assert not at.exception and not at.error
    assert any("time budget of 1 s ran out" in w.value for w in at.warning)
    assert "alphabeta plays column" in at.subheader[0].value


def test_the_browser_is_sent_every_parameter_on_every_run() -> None:
    """Each run sends the parameter widgets' values along (``set_value``), so a run
    cut short between storing a value and drawing its widget cannot leave the browser
    drawing, and then reporting back, the widget's minimum."""
    at = app_test()
    at.sidebar.selectbox(key="agent").set_value("alphabeta").run()
    at.sidebar.slider(key="alphabeta_depth").set_value(5).run()
    at.run()  # a rerun that changes nothing
    depth = at.sidebar.slider(key="alphabeta_depth")
    assert depth.value == 5 and depth.proto.set_value and list(depth.proto.value) == [5]
    tt = at.sidebar.checkbox(key="alphabeta_tt")
    assert tt.proto.set_value and tt.proto.value == tt.value
