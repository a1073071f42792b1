"""The doctor measures how far an agent looks (forced wins in 1, 3, 5 plies, forced
losses in 2, 4) and judges the wins and losses within the horizon it states: checked
against the exact solver, against our own correct searches (which must never be
blamed), and against a course minimax that tests the depth before the end of the game
(which must be)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from conftest import EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from treeviz.checkup.ask import ask
from treeviz.checkup.battery import LEVELS, battery, playout
from treeviz.checkup.checks import judge, right_columns
from treeviz.checkup.horizon import measure
from treeviz.checkup.run import checkup
from treeviz.checkup.tactics import tactics
from treeviz.connect4.board import Position
from treeviz.exact.scores import exact_scores
from treeviz.trace.values import score_outcome

DEPTH_FIRST = '''"""A course minimax that tests depth == 0 before it tests for a finished game."""
import math

from notebook_board import AI, HUMAN, drop_piece, get_valid_locations, to_board, winning_move
from notebook_board.search import WIN, best_column, score_position, search_depth


def minimax(board, depth, alpha, beta, maximizingPlayer):
    if depth == 0:
        return score_position(board, AI)
    if winning_move(board, AI):
        return WIN + depth
    if winning_move(board, HUMAN):
        return -(WIN + depth)
    valid_locations = get_valid_locations(board)
    if not valid_locations:
        return 0
    if maximizingPlayer:
        value = -math.inf
        for col in valid_locations:
            value = max(value, minimax(drop_piece(board, col, AI), depth - 1, alpha, beta, False))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for col in valid_locations:
        value = min(value, minimax(drop_piece(board, col, HUMAN), depth - 1, alpha, beta, True))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def choose(pos):
    board = to_board(pos)
    return best_column(board, minimax, search_depth(board)) + 1
'''


def exact_plies(pos: Position, col: int) -> tuple[str, int] | None:
    """The exact outcome of ``col`` and in how many plies, or None (not solved)."""
    score = (exact_scores(pos, 1.0) or [None] * pos.width)[col]
    if score is None:
        return None
    out = score_outcome(score, pos.ply, width=pos.width, height=pos.height)
    return out["result"], out["plies"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(14, 38), st.booleans())
def test_tactics_are_the_exact_solvers_outcomes_within_their_plies(
    seed: int, plies: int, careful: bool
) -> None:
    """A column wins in k <= 5 plies, or loses in k <= 4, exactly when the exact
    solver says so."""
    moves = playout(random.Random(seed), plies, careful)
    if moves is None:
        return
    pos = Position.from_moves(moves)
    t = tactics(pos)
    for col in pos.legal_moves():
        found = exact_plies(pos, col)
        if found is None:
            continue
        result, k = found
        assert t.win.get(col) == (k if result == "win" and k <= 5 else None), (moves, col)
        assert t.loss.get(col) == (k if result == "loss" and k <= 4 else None), (moves, col)


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["minimax", "alphabeta"]), st.integers(1, 5), st.integers(0, 50))
def test_a_correct_search_of_depth_d_sees_every_level_up_to_d(algo: str, d: int, seed: int) -> None:
    """Our correct searches at depth ``d``: every position of every level up to ``d``
    answered right, so no finding within the horizon, and the measured horizon is at
    least ``d`` (at most 5, the deepest level tested)."""
    if algo == "minimax" and d > 4:
        d = 4  # (no pruning: depth 5 is slow and adds nothing alphabeta does not)
    agent = f"{algo}:depth={d}"
    probes = [p for p in battery(4, seed) if p.kind in (*LEVELS, "win-now", "block")]
    answers = [ask(agent, p.moves, 10.0) for p in probes]
    for a in answers:
        failed = [j.check for j in judge(a, d) if j.applies and j.failed]
        assert not failed, (agent, a.moves, a.column, failed)
    h = measure(answers, d, d)
    assert h.measured >= min(d, 5) and not h.disagrees, h


@pytest.fixture()
def depth_first(tmp_path: Path) -> str:
    """The course minimax above, beside the board helpers of the buggy examples."""
    shutil.copytree(Path(EXAMPLES) / "buggy" / "notebook_board", tmp_path / "notebook_board")
    (tmp_path / "depth_first.py").write_text(DEPTH_FIRST)
    return f"{tmp_path / 'depth_first.py'}:choose"


@pytest.mark.slow
def test_a_search_that_tests_the_depth_first_is_caught_at_its_horizon(depth_first: str) -> None:
    """Told it looks 4 plies ahead, the doctor finds a loss in 4 plies it walks into
    (it scores the four made by the 4th ply with the evaluation); the position is
    checked with the exact solver, and the measured horizon says 3."""
    c = checkup(depth_first, positions=10, depth=4, seed=0)
    found = {f.check: f for f in c.outside}
    assert "walks-into-loss-4" in found, c.text()
    f = found["walks-into-loss-4"]
    pos = Position.from_moves(f.moves)
    assert f.answered is not None and exact_plies(pos, f.answered - 1) == ("loss", 4)
    assert right_columns(f.moves, 4), f.moves  # something else did not lose within 4
    assert ask(depth_first, f.moves, 2.0).column == f.answered  # reproducible
    assert c.lookahead.measured == 3 and c.lookahead.disagrees
    assert c.lookahead.levels[4][0] < c.lookahead.levels[4][1]
    assert "less than the 4 plies it states" in c.text()


@pytest.mark.slow
def test_without_a_stated_depth_the_measured_horizon_is_said_and_not_blamed(
    depth_first: str,
) -> None:
    """Stating no depth, the same search is judged on wins at once and blocks only
    (it takes every one) and its horizon is reported as measured: 3 plies."""
    c = checkup(depth_first, positions=10, seed=0)
    assert c.healthy, c.text()
    assert c.lookahead.stated is None and c.lookahead.measured == 3
    assert "measured horizon 3 plies" in c.text() and "it states none" in c.text()
