"""Wins at once found for the whole board in one pass (``win_cells``, ``winning_moves``,
``can_win_next``) against one four-in-a-row test per cell and per column, on every
supported board size."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.connect4.board import (
    MAX_HEIGHT,
    MAX_WIDTH,
    MIN_SIDE,
    Position,
    board_masks,
    check_size,
    has_four,
    win_cells,
)
from treeviz.errors import InvalidPositionError


def _supported(width: int, height: int) -> bool:
    try:
        check_size(width, height)
    except InvalidPositionError:
        return False
    return True


SIZES = [
    (w, h)
    for w in range(MIN_SIDE, MAX_WIDTH + 1)
    for h in range(MIN_SIDE, MAX_HEIGHT + 1)
    if _supported(w, h)
]


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A game on a supported size, played at random until its moves run out or it
    ends (a win or a full board included); a win often taken back, so that the side
    to move wins at once (in any direction a four can run)."""
    width, height = draw(st.sampled_from(SIZES))
    rng = random.Random(draw(st.integers(0, 2**32)))
    pos = Position(width, height)
    for _ in range(draw(st.integers(0, width * height))):
        legal = pos.legal_moves()
        if not legal:
            break
        pos.play(rng.choice(legal))
    if pos.winner() and draw(st.booleans()):
        pos.undo()
    return pos


def test_the_sizes_cover_the_largest_boards() -> None:
    assert (7, 6) in SIZES and (9, 6) in SIZES and (8, 7) in SIZES and (7, 8) in SIZES
    assert (9, 7) not in SIZES and (8, 8) not in SIZES  # 72 bits: no 64-bit layout


@given(positions())
@settings(max_examples=400, deadline=None)
def test_win_cells_are_the_empty_cells_that_make_four(pos: Position) -> None:
    for stones in (pos.current, pos.current ^ pos.mask):
        if has_four(stones, pos.height):
            continue  # the contract: a side that holds no four yet
        board = board_masks(pos.width, pos.height)[0]
        found = win_cells(stones, board & ~pos.mask, pos.height)
        for col in range(pos.width):
            for row in range(pos.height):
                bit = 1 << (col * (pos.height + 1) + row)
                expected = not pos.mask & bit and has_four(stones | bit, pos.height)
                assert bool(found & bit) == expected, (pos, col, row)
        assert not found & ~board  # nothing beyond the board (the sentinel row neither)


@given(positions())
@settings(max_examples=400, deadline=None)
def test_winning_moves_are_the_columns_that_win_at_once(pos: Position) -> None:
    per_column = [c for c in pos.legal_moves() if pos.is_winning_move(c)]
    assert pos.winning_moves() == per_column
    assert pos.can_win_next() == bool(per_column)
    if pos.is_over():
        assert pos.win_now_cells() == 0
