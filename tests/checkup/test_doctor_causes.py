"""Black-box positions that tell causes apart: misses that keep to one direction of
four are named as such, with the counts that say how sure, checked against the fours
the board itself shows (``Position.winning_four``)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from conftest import EXAMPLES, random_position
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

FULL_BOARD = '''"""A course minimax (rows top first) whose full board is not the end."""
import math


def lines(g):
    for r in range(6):
        for c in range(7):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if 0 <= r + 3 * dr < 6 and 0 <= c + 3 * dc < 7:
                    yield [g[r + k * dr][c + k * dc] for k in range(4)]


def winner(g):
    return next((ln[0] for ln in lines(g) if ln[0] != " " and ln.count(ln[0]) == 4), None)


def play(g, c, p):
    g = [row[:] for row in g]
    r = max(r for r in range(6) if g[r][c] == " ")
    g[r][c] = p
    return g


def minimax(g, depth, alpha, beta, maximizing, me, you):
    w = winner(g)
    if w is not None:
        return (1000 + depth) if w == me else -(1000 + depth)
    if depth == 0:
        return sum(ln.count(me) ** 2 - ln.count(you) ** 2 for ln in lines(g) if " " in ln)
    best = -math.inf if maximizing else math.inf
    for c in [c for c in range(7) if g[0][c] == " "]:
        v = minimax(play(g, c, me if maximizing else you), depth - 1, alpha, beta,
                    not maximizing, me, you)
        if maximizing:
            best, alpha = max(best, v), max(alpha, v)
        else:
            best, beta = min(best, v), min(beta, v)
        if alpha >= beta:
            break
    return best


def choose(pos):
    g = [[cell or " " for cell in row] for row in pos.rows()]
    me = pos.side_to_move
    you = "O" if me == "X" else "X"
    scores = {c: minimax(play(g, c, me), 3, -math.inf, math.inf, False, me, you)
              for c in range(7) if g[0][c] == " "}
    return max(scores, key=scores.get) + 1
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
            for d, step in {
                "horizontal": (1, 0),
                "vertical": (0, 1),
                "diagonal /": (1, 1),
                "diagonal \\": (1, -1),
            }.items():
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


# the two searches below as two tests, so that workers share their checkups (one test
# took 10.3 s of CPU on one worker)
@pytest.mark.slow
def test_wins_scored_alike_at_any_depth_are_named_slow_win() -> None:
    """A search that scores a win the same however far away plays later wins: named,
    its column a win by the exact solver."""
    from treeviz.exact.scores import exact_scores

    buggy = Path(EXAMPLES) / "buggy"
    slow = checkup(f"{buggy / 'win_any_depth'}.py:choose", positions=10, depth=4, seed=0)
    (f,) = [f for f in slow.outside if f.check == "misses-win"]
    assert f.cause == "slow-win", f.text
    scores = exact_scores(Position.from_moves(f.moves), 5.0)
    assert f.answered is not None and scores is not None
    assert (scores[f.answered - 1] or 0) > 0  # it wins too, only later


@pytest.mark.slow
def test_a_column_never_played_is_not_named_slow_win() -> None:
    """A search that never plays column 1 also plays later wins when column 1 wins
    now, but its missed wins are all in one column: not named."""
    buggy = Path(EXAMPLES) / "buggy"
    blind_column = checkup(
        f"{buggy / 'column_zero_dropped'}.py:choose", positions=10, depth=4, seed=0
    )
    missed = [f for f in blind_column.outside if f.check == "misses-win"]
    assert missed and all(f.cause != "slow-win" for f in missed)


def _endgames() -> tuple[list, list, list]:
    """Battery endgames and late positions as answers by the exact outcomes: a loss
    chosen where a draw is best, a draw chosen where a win is, a win chosen where no
    column draws (a win beside a loss)."""
    from treeviz.checkup.ask import Answer
    from treeviz.checkup.battery import outcomes

    drawn, draw_over_win, decided = [], [], []
    for p in battery(12, seed=7, kinds=("endgame", "late", "win-now")):
        found = outcomes(Position.from_moves(p.moves))
        if found is None:
            continue
        pick = {o: c + 1 for c, o in found.items()}
        best = max(found.values())
        if best == 0 and -1 in pick:
            drawn.append(Answer(p.moves, pick[-1]))
        elif best == 1 and 0 in pick:
            draw_over_win.append(Answer(p.moves, pick[0]))
        elif set(found.values()) == {1, -1}:
            decided.append(Answer(p.moves, pick[1]))
    return drawn, draw_over_win, decided


def test_endgame_misses_only_where_a_draw_is_at_stake_name_a_full_board() -> None:
    """Misses where a draw is at stake (a loss chosen over a draw, a draw over a win),
    every endgame with no drawing column kept: ``full-board``; a miss with no draw at
    stake, or too few such endgames kept: no cause named. Before: a draw chosen over a
    win (what a full board scored as a loss for the side to move there makes the other
    side do) broke the rule, and endgames won at best were counted even where a
    column draws."""
    from treeviz.checkup.ask import Answer
    from treeviz.checkup.causes import draw_misvalued

    drawn, draw_over_win, decided = _endgames()
    assert drawn and draw_over_win and len(decided) >= 3
    of = [a.moves for a in drawn + draw_over_win + decided]
    missed = drawn + draw_over_win
    assert draw_misvalued("endgame", missed, of) == (len(missed), len(decided))
    lost = Answer(
        decided[0].moves, next(c + 1 for c, o in outcomes_of_moves(decided[0].moves) if o < 0)
    )
    assert draw_misvalued("endgame", [*missed, lost], of) is None
    assert draw_misvalued("endgame", missed, [a.moves for a in missed + decided[:2]]) is None


def outcomes_of_moves(moves: str) -> list[tuple[int, int]]:
    from treeviz.checkup.battery import outcomes

    return sorted((outcomes(Position.from_moves(moves)) or {}).items())


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_a_correct_minimax_misses_no_endgame_within_its_depth(seed: int) -> None:
    """The premise of ``full-board``: a correct minimax that sees every line to the end
    (no more empty cells than its depth) keeps the best outcome of every endgame, so it
    has no miss a cause could be named for (ours at depth 4, against the solver)."""
    from treeviz.checkup.ask import ask
    from treeviz.checkup.battery import outcomes

    for p in battery(4, seed=seed, kinds=("endgame",)):
        pos = Position.from_moves(p.moves)
        found = outcomes(pos)
        if found is None or pos.width * pos.height - pos.ply > 4:
            continue
        col = ask("minimax:depth=4", p.moves, 10.0).column
        assert col is not None and found[col - 1] == max(found.values()), p.moves


@pytest.mark.slow
def test_a_full_board_scored_as_a_loss_is_named_from_outside_its_block_miss_beneath(
    tmp_path: Path,
) -> None:
    """A course minimax whose full board is not terminal (``-inf`` for the maximiser,
    ``+inf`` for the minimiser), untraced: the endgame finding names ``full-board``
    and a missed block that is one of its endgames goes under it. Before: no cause
    (every battery endgame had a draw as its best outcome, none a win beside a loss,
    and a miss reported outside lost its place under another on the way)."""
    (tmp_path / "full_board.py").write_text(FULL_BOARD)
    c = checkup(f"{tmp_path / 'full_board.py'}:choose", positions=10, depth=4, seed=0)
    (end,) = [f for f in c.outside if f.check == "endgame"]
    assert end.cause == "full-board", end.text
    pos = Position.from_moves(end.moves)
    found = outcomes_of_moves(end.moves)
    assert end.answered is not None and pos.width * pos.height - pos.ply <= 4
    assert dict(found)[end.answered - 1] < max(o for _, o in found)
    assert all(f.under == "endgame" for f in c.outside if f.moves == end.moves and f is not end)


def test_blocks_missed_where_every_column_loses_are_named_slow_loss() -> None:
    """A block let through where every column loses, the block only later (a search
    that scores every loss alike: ``-inf``, a flat loss): named so, and the sentence's
    "every column loses" checked by the exact scores; one block missed where it would
    have saved the game, and the cause is not named."""
    from treeviz.checkup.ask import Answer
    from treeviz.checkup.battery import outcomes
    from treeviz.checkup.causes import slow_loss
    from treeviz.checkup.findings import finding
    from treeviz.exact.scores import exact_scores

    lost: list[Answer] = []
    saved: list[Answer] = []
    rng = random.Random(5)
    while len(lost) < 3 or not saved:
        pos = random_position(rng.randrange(10**6), rng.randrange(8, 30))
        block = pos.must_block()
        out = outcomes(pos) if len(block) == 1 and not pos.can_win_next() else None
        if out is None or len(out) < 2:
            continue
        let_through = next(c for c in pos.legal_moves() if c != block[0])
        answer = Answer(pos.moves_string(), let_through + 1)
        (lost if max(out.values()) == -1 else saved).append(answer)
    assert slow_loss("misses-block", lost[:3]) == 3
    assert slow_loss("misses-block", [*lost[:3], saved[0]]) == 0
    assert slow_loss("misses-win", lost[:3]) == 0
    f = finding("misses-block", lost[0], failed=lost[:3], of=[a.moves for a in lost[:3]])
    assert f.cause == "slow-loss" and "every column loses" in f.text
    for a in lost[:3]:
        scores = exact_scores(Position.from_moves(a.moves), 5.0)
        assert scores is not None and all(s < 0 for s in scores if s is not None)
