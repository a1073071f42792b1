"""Streamlit AppTest: every page renders for every agent and survives bad input."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from conftest import APP, app_test, seen
from streamlit.testing.v1 import AppTest

from treeviz.agents.registry import AGENTS, search
from treeviz.connect4.board import Position
from treeviz.dashboard.pages.trace.page import load_upload
from treeviz.errors import TreevizError
from treeviz.trace.files import dumps
from treeviz.trace.progress import search_progress


def run_agent(at: AppTest, sample: str, agent: str) -> AppTest:
    at.sidebar.selectbox(key="sample").set_value(sample).run()
    at.sidebar.selectbox(key="agent").set_value(agent).run()
    return at.sidebar.button(key="run").click().run()


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
        assert any("recorded nodes" in c.value for c in at.caption)
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


def test_reroot_and_breadcrumbs() -> None:
    at = run_agent(app_test(), "greedy-trap", "alphabeta")
    at.session_state["analyze_node"] = 1
    at.run()
    at.button(key="analyze_reroot").click().run()
    assert at.session_state["analyze_root"] == 1 and not at.exception
    at.button(key="analyze_crumb_0").click().run()
    assert at.session_state["analyze_root"] == 0


TRACE_PAGE = """
import streamlit as st
from treeviz.dashboard.pages.trace.page import trace_page
trace_page()
"""


def test_trace_page_shows_an_uploaded_trace() -> None:
    res = search(Position.from_moves("4453"), "mcts", iterations=500, seed=1)
    at = AppTest.from_string(TRACE_PAGE, default_timeout=120)
    at.session_state["uploaded"] = load_upload("t.json", dumps(res.trace).encode())
    at.run()
    assert not at.exception and not at.error
    assert at.subheader[0].value == f"mcts plays column {res.move}"
    # the page asks the solver (it said "unknown" for 4453): a verdict and exact scores
    badge = next(m.value for m in at.markdown if "verdict-badge" in m.value)
    assert ">unknown<" not in badge
    assert "exact score" in at.dataframe[0].value.columns


@pytest.mark.parametrize(
    "raw, problem",
    [
        (b"{not json", "not JSON"),
        (b'{"schema": 1}', "t.json"),
        (gzip.compress(b"[1, 2", mtime=0), "not JSON"),  # the same bytes (and test id) every run
        (b"\x1f\x8b broken", "gzip"),
    ],
)
def test_bad_trace_files_are_refused(raw: bytes, problem: str) -> None:
    with pytest.raises(TreevizError, match=problem):
        load_upload("t.json", raw)


def test_oversized_upload_says_the_limit() -> None:
    with pytest.raises(TreevizError, match="limit is 200 MB"):
        load_upload("big.json", b" " * ((200 << 20) + 1))


def test_verdict_panel_and_reason_links() -> None:
    """The verdict against the exact scores heads the result; a reason's button selects
    its node in the tree."""
    at = run_agent(app_test(), "greedy-trap", "greedy")
    assert not at.exception
    text = " ".join(m.value for m in at.markdown)
    assert "greedy plays column" in text
    assert any(cls in text for cls in ("best", "inaccuracy", "mistake", "blunder"))
    reasons = [b for b in at.button if b.key and b.key.startswith("analyze_reason_")]
    assert reasons, "the reasons link to tree nodes"
    node = int(reasons[0].label.rsplit("#", 1)[1])
    reasons[0].click().run()
    assert at.session_state["analyze_node"] == node and not at.exception


COMPARE_PAGE = """
from treeviz.dashboard.pages.compare.page import compare_page
compare_page()
"""


def test_compare_page_shows_both_searches() -> None:
    at = AppTest.from_string(COMPARE_PAGE, default_timeout=180).run()
    at.sidebar.radio(key="source").set_value("Move string or board").run()
    at.sidebar.text_area(key="position_text").set_value("3344").run()
    at.sidebar.text_input(key="compare_b").set_value("greedy").run()
    at.sidebar.button(key="compare_run").click().run()
    assert not at.exception and not at.error
    heads = [seen(h.value) for h in at.subheader]
    assert heads == ["A: alphabeta:depth=3", "B: greedy"]
    table = at.dataframe[0].value
    words = table["A in words"]
    assert list(table["column"]) == list(range(1, 8)) and words.str.len().gt(0).all()
    chosen = [table[f"{x} in words"].str.contains("chosen").sum() for x in "AB"]
    assert chosen == [1, 1] and "exact score" in table.columns
    stats = at.dataframe[1].value  # both searches' statistics, side by side
    assert list(stats.columns) == ["A", "B"] and "nodes searched" in stats.index
    a, b = (search(Position.from_moves("3344"), name).move for name in ("alphabeta", "greedy"))
    assert list(stats.loc["move chosen"]) == [str(a), str(b)]


def test_compare_highlights_what_differs() -> None:
    """Both searches' cells are marked in the rows said to differ, no others."""
    from treeviz.dashboard.pages.compare.page import highlighted

    table = pd.DataFrame(
        {
            "column": [1, 2],
            "A value": [3.0, 5.0],
            "A in words": ["+3", "+5"],
            "B value": [3.0, 6.0],
            "B in words": ["+3", "win 4"],
        }
    )
    ctx = highlighted(table, [False, True])._compute().ctx
    assert {cell for cell, style in ctx.items() if style} == {(1, 1), (1, 2), (1, 3), (1, 4)}


def test_a_reason_button_on_compare_draws_its_node() -> None:
    """Compare's reason buttons did nothing: the view now starts at the reason's node
    and says which node is selected."""
    at = AppTest.from_string(COMPARE_PAGE, default_timeout=180).run()
    at.sidebar.button(key="compare_run").click().run()
    button = next(
        b
        for b in at.button
        if b.key.startswith("compare_1_reason_") and int(b.label.rsplit("#", 1)[1]) > 0
    )
    node = int(button.label.rsplit("#", 1)[1])
    button.click().run()
    assert not at.exception
    captions = [c.value for c in at.caption]
    assert any(f"Selected node #{node}" in c for c in captions), captions


def test_compare_page_reports_a_bad_spec() -> None:
    at = AppTest.from_string(COMPARE_PAGE, default_timeout=180).run()
    at.sidebar.text_input(key="compare_a").set_value("alphabeta:depth=x").run()
    at.sidebar.button(key="compare_run").click().run()
    assert at.error and "depth='x'" in seen(at.error[0].value) and not at.exception


def test_replay_slider_steps_through_the_search() -> None:
    at = run_agent(app_test(), "greedy-trap", "alphabeta")
    at.toggle(key="analyze_replay").set_value(True).run()
    slider = at.select_slider(key="analyze_replay_nodes")
    nodes = [int(o) for o in slider.options]
    assert slider.value == nodes[-1] > nodes[0] and not at.exception
    slider.set_value(nodes[0]).run()  # the slider counts nodes, as the caption does
    assert f"{nodes[0]:,} of" in " ".join(c.value for c in at.caption) and not at.exception
    # play, under AppTest a run of the whole page: that stops it (a fragment can rerun
    # itself only from its own reruns; asking here showed an error in the page), and
    # it stays on its step; the browser tests see it play
    at.button(key="analyze_replay_button").click().run()
    assert at.session_state["analyze_replay_nodes"] == nodes[0] and not at.exception
    assert not at.session_state["analyze_replay_playing"]


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


@pytest.mark.parametrize(
    "break_it",
    [
        lambda d: d["extra"]["result"].__setitem__("stats", {}),
        lambda d: d["extra"]["result"]["stats"].__setitem__("nodes", "many"),
        lambda d: d["extra"]["result"].__setitem__("move", 9),
        lambda d: d.__setitem__("root_moves", "٤٤٥٣"),
        lambda d: d.__setitem__("root_moves", "4455667"),
        lambda d: d.__setitem__("width", 9),
        lambda d: d["params"].__setitem__("c", "abc"),  # not a value of mcts's c
    ],
)
def test_bad_uploads_are_refused_and_the_page_recovers(break_it: Any) -> None:
    good = json.loads(dumps(search(Position.from_moves("4453"), "mcts", iterations=200).trace))
    bad = json.loads(json.dumps(good))
    break_it(bad)
    with pytest.raises(TreevizError):
        load_upload("bad.json", json.dumps(bad).encode())
    odd = json.loads(json.dumps(good))
    odd["extra"]["note"] = "abc"  # shown nowhere, computed with by no view
    odd["extra"]["result"]["moves"][0]["comment"] = "by hand"  # a column of its own
    at = AppTest.from_string(TRACE_PAGE, default_timeout=120)
    at.session_state["uploaded"] = load_upload("odd.json", json.dumps(odd).encode())
    at.session_state["upload_node"] = 1
    at.run()
    assert not at.exception and not at.error


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


def test_a_new_search_starts_its_tree_from_its_own_root() -> None:
    """A deep node selected in one search (a reason's button) must not carry over to
    the next search: it drew a lone node of the new trace, with the old panel."""
    at = run_agent(app_test(), "greedy-trap", "alphabeta")
    deep = next(
        b
        for b in at.button
        if b.key.startswith("analyze_reason_") and int(b.label.rsplit("#", 1)[1]) > 0
    )
    deep.click().run()
    node = int(deep.label.rsplit("#", 1)[1])
    assert any(f"**Node #{node}**" in m.value for m in at.markdown)
    run_agent(at, "must-block", "alphabeta")
    assert not at.exception
    assert any("**Node #0**" in m.value for m in at.markdown)
    drawing = next(c.value for c in at.caption if c.value.startswith("Drawing "))
    assert int(drawing.split()[1].replace(",", "")) > 1, drawing


def test_go_to_a_node_by_id_or_moves() -> None:
    at = run_agent(app_test(), "greedy-trap", "alphabeta")
    res = search(at.session_state["position"], "alphabeta")
    deep = int(np.flatnonzero(res.trace.nodes["depth"] == 3)[0])
    moves = res.trace.path_moves(deep)
    at.text_input(key="analyze_goto").set_value(moves).run()
    assert not at.exception and any(f"**Node #{deep}**" in m.value for m in at.markdown)
    at.text_input(key="analyze_goto").set_value("#7").run()
    assert any("**Node #7**" in m.value for m in at.markdown)
    at.text_input(key="analyze_goto").set_value("9" * 30).run()
    assert at.error and "no recorded node along" in seen(at.error[0].value)
    assert any("**Node #7**" in m.value for m in at.markdown)  # the selection stays


def test_a_shared_link_opens_the_same_analysis(tmp_path: Path) -> None:
    """``?moves=&agent=&node=`` opens that position, runs that agent and selects that
    node; what the page shows is written back into the link."""
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"moves": "4453", "agent": "alphabeta:depth=3", "node": "5"})
    at.run()
    assert not at.exception and not at.error
    assert at.subheader[0].value.startswith("alphabeta plays column")
    assert any("**Node #5**" in m.value for m in at.markdown)
    assert at.session_state["position"].moves_string() == "4453"
    link = {k: at.query_params[k] for k in ("moves", "agent", "node")}
    assert link in (
        {"moves": "4453", "agent": "alphabeta:depth=3", "node": "5"},
        {"moves": ["4453"], "agent": ["alphabeta:depth=3"], "node": ["5"]},
    )


def test_back_and_forward_are_read_in_the_same_session() -> None:
    """The browser's Back and Forward rerun the page with the history entry's query:
    a node of the analysis shown is selected, another analysis is opened; a rerun
    with the link the page wrote itself changes nothing (the person's own widgets
    win over the link they already read)."""
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"moves": "4453", "agent": "alphabeta:depth=3", "node": "5"})
    at.run()
    at.query_params["node"] = "12"  # Back to where node 12 was selected
    at.run()
    assert not at.exception and not at.error
    assert any("**Node #12**" in m.value for m in at.markdown)
    assert at.query_params["node"] in ("12", ["12"])
    at.query_params.update({"moves": "44", "agent": "alphabeta:depth=2", "node": "3"})
    at.run()  # Back to an earlier analysis
    assert at.session_state["position"].moves_string() == "44"
    assert at.subheader[0].value.startswith("alphabeta plays column")
    assert any("**Node #3**" in m.value for m in at.markdown)
    at.run()  # the same link again: nothing to read, the selection stays
    assert any("**Node #3**" in m.value for m in at.markdown)


def test_a_link_naming_its_agent_alone_analyses_the_first_visits_position() -> None:
    """``?agent=`` without ``moves``: the position a first visit shows (the default
    sample, as its own page run chooses it), not the empty board."""
    first = AppTest.from_file(APP, default_timeout=180).run()
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params["agent"] = "alphabeta:depth=2"
    at.run()
    assert not at.exception and not at.error
    assert at.session_state["position"] == first.session_state["position"] != Position()
    assert at.subheader[0].value.startswith("alphabeta plays column")


def test_a_link_cannot_load_code(tmp_path: Path) -> None:
    """A link naming a Python file is refused with one error: only the person who
    started the dashboard names code."""
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.py"
    evil.write_text(f"open({str(marker)!r}, 'w').write('x')\ndef f(pos):\n    return 1\n")
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"moves": "44", "agent": f"{evil}:f"})
    at.run()
    assert not at.exception and at.error and "started with" in seen(at.error[0].value)
    assert not marker.exists()


def test_mcts_detail_children_uct_and_search_progress() -> None:
    """An MCTS link with its iteration log: the root's children table shows Q, the
    exploration term and UCT, and the search progress says where the choice settled."""
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params["moves"] = "4453"
    at.query_params["agent"] = "mcts:iterations=300,seed=4,record_iterations=true"
    at.run()
    assert not at.exception and at.subheader[0].value.startswith("mcts plays column")
    kids = next(d.value for d in at.dataframe if "UCT = Q + exploration" in d.value.columns)
    res = search(Position.from_moves("4453"), "mcts", iterations=300, seed=4)
    visits = res.trace.nodes["visits"][res.trace.children(0)]
    assert list(kids["visits"]) == sorted(visits.tolist(), reverse=True)
    sums = kids["Q (mover)"] + kids["exploration (c·√(ln N / n))"]
    assert np.allclose(sums, kids["UCT = Q + exploration"])
    assert any(m.value == "#### Search progress" for m in at.markdown)
    logged = search(
        Position.from_moves("4453"), "mcts", iterations=300, seed=4, record_iterations=True
    )
    found = search_progress(logged.trace)
    assert found is not None
    said = f"Column {logged.move} has been the most visited since iteration {found.settled:,}"
    assert any(said in c.value for c in at.caption)


def test_an_mcts_run_without_its_log_says_how_to_chart_the_progress() -> None:
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params["moves"] = "4453"
    at.query_params["agent"] = "mcts:iterations=200,seed=4"
    at.run()
    assert not at.exception and any(m.value == "#### Search progress" for m in at.markdown)
    assert any("Turn on **record iterations**" in c.value for c in at.caption)
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"moves": "4453", "agent": "alphabeta:depth=3"})
    at.run()
    assert not any("record iterations" in c.value for c in at.caption)


def test_window_bounds_read_as_words() -> None:
    from treeviz.trace.nodes import INF, WIN
    from treeviz.trace.values import window_text

    assert window_text(WIN - 4) == "win in 4 plies" and window_text(-(WIN - 7)) == "loss in 7 plies"
    assert (window_text(INF), window_text(-INF), window_text(12)) == ("+inf", "-inf", "12")


def test_a_deeper_setting_that_the_rows_fold_says_so() -> None:
    """ "Depth shown" past what the chart's rows hold: the deeper levels stay folded
    and the caption says how many of the levels asked are drawn (the setting seemed to
    do nothing); a view that draws every level it asks for says nothing of it."""
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"moves": "4453", "agent": "alphabeta:depth=5"})
    at.run()
    levels = [c.value for c in at.caption if "levels asked" in c.value]
    assert not levels  # depth 3: every level drawn
    at.slider(key="analyze_depth").set_value(5).run()
    assert not at.exception and not at.error
    said = [c.value for c in at.caption if "levels asked" in c.value]
    assert len(said) == 1 and re.search(r" (\d) of the 5 levels asked drawn", said[0])
    drawn = int(re.search(r" (\d) of the 5", said[0]).group(1))  # type: ignore[union-attr]
    assert 1 <= drawn < 5
