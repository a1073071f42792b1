"""Streamlit AppTest, Analyze's tree and node panel: rerooting and breadcrumbs, the
replay's steps, a new search's own root, a node found by id or moves, MCTS's children
table and search progress, window bounds in words, the levels the chart's rows fold
(read from the data the browser draws them from: :mod:`tree_reading`)."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest
from conftest import APP, app_test, run_agent, seen
from streamlit.testing.v1 import AppTest
from tree_reading import drawn_nodes, focus, kids_frame, panel, reasons, tree_view

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.connect4.samples import load_sample
from treeviz.trace.progress import search_progress


def test_reroot_and_breadcrumbs() -> None:
    at = run_agent(app_test(), "greedy-trap", "alphabeta")
    at.session_state["analyze_root"] = 1  # what the panel's Draw from here asks for
    at.run()
    assert tree_view(at)["entries"][0]["node"] == 1 and not at.exception
    at.button(key="analyze_crumb_0").click().run()
    assert at.session_state["analyze_root"] == 0
    assert tree_view(at)["entries"][0]["node"] == 0


@pytest.mark.slow
def test_replay_steps_count_the_nodes_created() -> None:
    """The replay's steps count nodes, as its caption does: from the root alone to
    the whole search; at each step the root's columns are its children created so
    far (read from the trace's own parent and move arrays)."""
    from tree_reading import the_replay

    at = run_agent(app_test(), "greedy-trap", "alphabeta")
    at.toggle(key="analyze_replay").set_value(True).run()
    data = the_replay(at)
    trace = search(load_sample("greedy-trap").moves, "alphabeta").trace
    counts = [s["n"] for s in data["steps"]]
    assert counts[0] == 1 and counts[-1] == len(trace) == data["total"] and not at.exception
    assert all(a < b for a, b in pairwise(counts))
    parent, move = trace.nodes["parent"], trace.nodes["move"]
    for step in data["steps"][:: len(counts) // 7]:
        made = sorted(int(move[k]) + 1 for k in range(1, step["n"]) if parent[k] == 0)
        assert [row[0] for row in step["table"]["rows"]] == made


def test_a_new_search_starts_its_tree_from_its_own_root() -> None:
    """A deep node selected in one search (a reason's button) must not carry over to
    the next search: it drew a lone node of the new trace, with the old panel."""
    at = run_agent(app_test(), "greedy-trap", "alphabeta")
    node = next(r["node"] for r in reasons(at) if r["node"])
    trace = search(load_sample("greedy-trap").moves, "alphabeta").trace
    focus(at, "analyze", node, int(trace.nodes["parent"][node]))
    at.run()
    assert panel(at)["node"] == node
    run_agent(at, "must-block", "alphabeta")
    assert not at.exception
    assert panel(at)["node"] == 0
    assert len(drawn_nodes(tree_view(at))) > 1


def test_go_to_a_node_by_id_or_moves() -> None:
    at = run_agent(app_test(), "greedy-trap", "alphabeta")
    res = search(at.session_state["position"], "alphabeta")
    deep = int(np.flatnonzero(res.trace.nodes["depth"] == 3)[0])
    moves = res.trace.path_moves(deep)
    at.text_input(key="analyze_goto").set_value(moves).run()
    assert not at.exception and panel(at)["node"] == deep
    at.text_input(key="analyze_goto").set_value("#7").run()
    assert panel(at)["node"] == 7
    at.text_input(key="analyze_goto").set_value("9" * 30).run()
    assert at.error and "no recorded node along" in seen(at.error[0].value)
    assert panel(at)["node"] == 7  # the selection stays


def test_mcts_detail_children_uct_and_search_progress() -> None:
    """An MCTS link with its iteration log: the root's children table shows Q, the
    exploration term and UCT, and the search progress says where the choice settled."""
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params["moves"] = "4453"
    at.query_params["agent"] = "mcts:iterations=300,seed=4,record_iterations=true"
    at.run()
    assert not at.exception and at.subheader[0].value.startswith("mcts plays column")
    kids = kids_frame(panel(at))  # the root's children
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
    data = tree_view(at)
    drawn = max(e["level"] for e in drawn_nodes(data).values())
    assert drawn == 3 <= data["there"]  # depth 3: every level drawn
    at.slider(key="analyze_depth").set_value(5).run()
    assert not at.exception and not at.error
    data = tree_view(at)
    drawn = max(e["level"] for e in drawn_nodes(data).values())
    # the caption's numbers (its words are the browser's, checked there)
    assert data["depth"] == 5 and 1 <= drawn < 5 <= data["there"]
