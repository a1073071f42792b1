"""Streamlit AppTest, Analyze's tree and node panel: rerooting and breadcrumbs, the
replay's slider, a new search's own root, a node found by id or moves, MCTS's children
table and search progress, window bounds in words, the levels the chart's rows fold."""

from __future__ import annotations

import re

import numpy as np
from conftest import APP, app_test, run_agent, seen
from streamlit.testing.v1 import AppTest

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.trace.progress import search_progress


def test_reroot_and_breadcrumbs() -> None:
    at = run_agent(app_test(), "greedy-trap", "alphabeta")
    at.session_state["analyze_node"] = 1
    at.run()
    at.button(key="analyze_reroot").click().run()
    assert at.session_state["analyze_root"] == 1 and not at.exception
    at.button(key="analyze_crumb_0").click().run()
    assert at.session_state["analyze_root"] == 0


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
