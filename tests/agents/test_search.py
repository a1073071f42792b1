"""Searches: minimax = alpha-beta, true pruning marks, greedy/A* behaviour, traces."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import random_position
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.connect4.samples import load_sample
from treeviz.draw.view import pruned_columns
from treeviz.errors import InvalidParameterError, InvalidPositionError
from treeviz.exact.scores import column_scores

positions = st.builds(random_position, st.integers(0, 10**6), st.integers(0, 30))


@given(
    positions, st.integers(1, 4), st.sampled_from(["left", "centre", "heuristic"]), st.booleans()
)
@settings(max_examples=120, deadline=None)
def test_alphabeta_equals_minimax(pos: Position, depth: int, ordering: str, tt: bool) -> None:
    mm = search(pos, "minimax", depth=depth)
    ab = search(pos, "alphabeta", depth=depth, ordering=ordering, tt=tt)
    assert ab.value == mm.value
    assert ab.stats["nodes"] <= mm.stats["nodes"]


@pytest.mark.slow
@given(
    st.integers(0, 10**6),
    st.sampled_from([(4, 4), (5, 4), (6, 5), (8, 7), (9, 6)]),
    st.integers(1, 4),
    st.sampled_from(["left", "centre", "heuristic"]),
)
@settings(max_examples=60, deadline=None)
def test_alphabeta_equals_minimax_on_other_boards(
    seed: int, size: tuple[int, int], depth: int, ordering: str
) -> None:
    """The window heuristic's masks and the search's shifts hold on every board size."""
    width, height = size
    pos = random_position(seed, seed % (width * height - 1), width, height)
    mm = search(pos, "minimax", depth=depth)
    ab = search(pos, "alphabeta", depth=depth, ordering=ordering)
    assert ab.value == mm.value


@given(positions, st.sampled_from(["left", "centre", "heuristic"]))
@settings(max_examples=20, deadline=None)
def test_deeper_equality_and_iterative_deepening(pos: Position, ordering: str) -> None:
    mm = search(pos, "minimax", depth=5, tt=True)
    ab = search(pos, "alphabeta", depth=5, ordering=ordering, iterative=True)
    assert ab.value == mm.value


@pytest.mark.slow
@given(positions, st.integers(2, 4))
@settings(max_examples=40, deadline=None)
def test_pruning_marks_are_true(pos: Position, depth: int) -> None:
    """A pruned column was never searched below its node, and searching it with a
    full window could not raise the cut node's value above the node's beta."""
    res = search(pos, "alphabeta", depth=depth, tt=False, ordering="left")
    trace = res.trace
    moves = trace.root_moves
    for node in range(len(trace)):
        cols = pruned_columns(trace, node)
        if not cols:
            continue
        searched = {int(trace.nodes["move"][k]) for k in trace.children(node)}
        assert not searched & set(cols)
        here = Position.from_moves(moves + trace.path_moves(node))
        left = depth - int(trace.nodes["depth"][node])
        value, beta = int(trace.nodes["value"][node]), int(trace.nodes["beta"][node])
        assert value >= beta
        for col in cols:
            child = here.copy()
            child.play(col)
            if child.is_over():
                continue
            full = -search(child, "minimax", depth=left - 1).value if left > 1 else None
            if full is not None:
                assert max(value, full) >= beta  # the cut stands whatever the pruned move is worth


def test_greedy_and_astar_take_an_immediate_win() -> None:
    sample = load_sample("immediate-win")
    pos = sample.position()
    wins = [c + 1 for c in pos.winning_moves()]
    assert search(pos, "greedy").move in wins
    res = search(pos, "astar")
    assert res.move in wins and res.stats["goal_found"]


def test_greedy_ignores_a_threat_that_minimax_depth_2_blocks() -> None:
    pos = load_sample("greedy-trap").position()
    greedy = search(pos, "greedy").move
    after = pos.copy()
    after.play(greedy - 1)
    assert after.winning_moves(), "greedy's column lets the opponent win at once"
    blocked = pos.copy()
    blocked.play(search(pos, "minimax", depth=2).move - 1)
    assert not blocked.winning_moves()


def test_minimax_depth_trap_sample() -> None:
    pos = load_sample("minimax-depth-trap").position()
    exact = column_scores(pos)
    assert exact[search(pos, "minimax", depth=3).move - 1] < 0  # type: ignore[operator]
    assert exact[search(pos, "alphabeta", depth=7, ordering="left").move - 1] > 0  # type: ignore[operator]


def test_random_agent_is_seeded_and_legal() -> None:
    pos = Position.from_moves("4444441")
    picks = {search(pos, "random", seed=s).move for s in range(30)}
    assert picks <= {1, 2, 3, 5, 6, 7} and len(picks) > 1
    assert search(pos, "random", seed=5).move == search(pos, "random", seed=5).move


def test_capacity_truncates_trace_but_not_result() -> None:
    pos = Position.from_moves("4453")
    full = search(pos, "alphabeta", depth=5)
    cut = search(pos, "alphabeta", depth=5, capacity=50)
    assert cut.trace.truncated and len(cut.trace) == 50
    assert (cut.move, cut.value) == (full.move, full.value)


@pytest.mark.parametrize(
    ("agent", "params"),
    [
        ("alphabeta", {"depth": 0}),
        ("alphabeta", {"ordering": "random"}),
        ("minimax", {"heuristic": "nope"}),
        ("greedy", {"depth": 3}),
        ("nobody", {}),
        ("astar", {"max_nodes": "many"}),
    ],
)
def test_bad_parameters_are_refused(agent: str, params: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(InvalidParameterError):
        search(Position(), agent, **params)


def test_finished_game_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="4735221"):
        search(Position.from_moves("4735221"), "greedy")


def test_cutoffs_below_counts_each_root_subtree() -> None:
    from treeviz.trace.analysis import cutoffs_below
    from treeviz.trace.nodes import CUTOFF

    trace = search(Position.from_moves("4453"), "alphabeta", depth=5).trace
    brute: dict[int, int] = {}
    for i in np.flatnonzero(trace.nodes["flags"] & CUTOFF):
        path = trace.path(int(i))
        if len(path) > 1:
            col = int(trace.nodes["move"][path[1]])
            brute[col] = brute.get(col, 0) + 1
    got = cutoffs_below(trace)
    assert {c: n for c, n in got.items() if n} == brute and sum(brute.values()) > 0
