"""Black-box positions that tell causes apart: misses that keep to one direction of
four are named as such, with the counts that say how sure, checked against the fours
the board itself shows (``Position.winning_four``)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from conftest import EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.checkup.battery import battery, playout
from treeviz.checkup.directions import directions
from treeviz.checkup.run import checkup
from treeviz.connect4.board import Position

BLIND = '''"""A course minimax whose win test forgets the rising diagonal."""
import math

from notebook_board import AI, COLS, HUMAN, ROWS, drop_piece, get_valid_locations, to_board
from notebook_board.search import WIN, best_column, score_position


def winning_move(board, piece):
    for r in range(ROWS):
        for c in range(COLS - 3):
            if all(board[r][c + i] == piece for i in range(4)):
                return True
    for r in range(ROWS - 3):
        for c in range(COLS):
            if all(board[r + i][c] == piece for i in range(4)):
                return True
    for r in range(3, ROWS):
        for c in range(COLS - 3):
            if all(board[r - i][c + i] == piece for i in range(4)):
                return True
    return False


def minimax(board, depth, alpha, beta, maximizingPlayer):
    if winning_move(board, AI):
        return WIN + depth
    if winning_move(board, HUMAN):
        return -(WIN + depth)
    valid_locations = get_valid_locations(board)
    if not valid_locations:
        return 0
    if depth == 0:
        return score_position(board, AI)
    best = -math.inf if maximizingPlayer else math.inf
    for col in valid_locations:
        piece = AI if maximizingPlayer else HUMAN
        value = minimax(drop_piece(board, col, piece), depth - 1, alpha, beta, not maximizingPlayer)
        best = max(best, value) if maximizingPlayer else min(best, value)
    return best


def choose(pos):
    return best_column(to_board(pos), minimax, 2) + 1
'''


def wins_by_direction(moves: str) -> set[str]:
    """The directions of the fours the side to move makes by a winning column, read
    from the cells of the four on the board after playing it."""
    pos = Position.from_moves(moves)
    out = set()
    for col in pos.legal_moves():
        child = pos.copy()
        child.play(col)
        cells = child.winning_four()
        if cells:  # (two fours at once share the new stone: count each line)
            placed = (col, child.column_height(col) - 1)
            for d, step in {"horizontal": (1, 0), "vertical": (0, 1), "diagonal /": (1, 1),
                            "diagonal \\": (1, -1)}.items():  # fmt: skip
                line = {(placed[0] + k * step[0], placed[1] + k * step[1]) for k in range(-3, 4)}
                if len(line & set(cells)) >= 4:
                    out.add(d)
    return out


@pytest.mark.slow
def test_a_win_test_blind_to_one_diagonal_is_named_with_its_counts(tmp_path: Path) -> None:
    shutil.copytree(Path(EXAMPLES) / "buggy" / "notebook_board", tmp_path / "notebook_board")
    (tmp_path / "blind.py").write_text(BLIND)
    c = checkup(f"{tmp_path / 'blind.py'}:choose", positions=20, depth=2, seed=0)
    named = [f for f in c.outside if f.cause == "blind-direction"]
    assert named, c.text()
    for f in named:
        assert "diagonal /" in f.text and "such positions missed, 0 of" in f.text, f.text
        if f.check == "misses-win":  # the board's own four agrees: the rising diagonal
            assert wins_by_direction(f.moves) == {"diagonal /"}
            assert directions(f.moves, "misses-win") == {"diagonal /"}


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(6, 38))
def test_the_direction_of_a_win_is_the_boards_own(seed: int, plies: int) -> None:
    moves = playout(random.Random(seed), plies)
    if moves is None:
        return
    assert directions(moves, "misses-win") == wins_by_direction(moves)


@pytest.mark.slow
def test_wins_scored_alike_at_any_depth_are_named_slow_win_and_a_blind_column_is_not() -> None:
    """A search that scores a win the same however far away plays later wins: named,
    its column a win by the exact solver; a search that never plays column 1 also
    plays later wins when column 1 wins now, but its missed wins are all in one column:
    not named."""
    from treeviz.exact.scores import exact_scores

    buggy = Path(EXAMPLES) / "buggy"
    slow = checkup(f"{buggy / 'win_any_depth'}.py:choose", positions=10, depth=4, seed=0)
    (f,) = [f for f in slow.outside if f.check == "misses-win"]
    assert f.cause == "slow-win", f.text
    scores = exact_scores(Position.from_moves(f.moves), 5.0)
    assert f.answered is not None and scores is not None
    assert (scores[f.answered - 1] or 0) > 0  # it wins too, only later
    blind_column = checkup(f"{buggy / 'column_zero_dropped'}.py:choose", positions=10,
                           depth=4, seed=0)  # fmt: skip
    missed = [f for f in blind_column.outside if f.check == "misses-win"]
    assert missed and all(f.cause != "slow-win" for f in missed)


def test_endgame_misses_only_where_a_draw_is_best_name_a_full_board() -> None:
    """Misses on endgames whose best outcome is a draw (a loss chosen), every endgame
    won at best kept: ``full-board``; one miss of a won endgame: no cause named."""
    from treeviz.checkup.ask import Answer
    from treeviz.checkup.battery import outcomes
    from treeviz.checkup.causes import draw_misvalued

    drawn, won = [], []
    for p in battery(12, seed=7, kinds=("endgame", "late", "win-now")):
        found = outcomes(Position.from_moves(p.moves))
        if found is None:
            continue
        losing = [c for c, o in found.items() if o < 0]
        if max(found.values()) == 0 and losing:
            drawn.append(Answer(p.moves, losing[0] + 1))
        elif max(found.values()) == 1 and losing:
            won.append(Answer(p.moves, losing[0] + 1))
    assert len(drawn) >= 1 and len(won) >= 3
    of = [a.moves for a in drawn + won]
    assert draw_misvalued("endgame", drawn, of) == (len(drawn), len(won))
    assert draw_misvalued("endgame", drawn + won[:1], of) is None
    assert draw_misvalued("endgame", drawn, [a.moves for a in drawn + won[:2]]) is None
