"""A traced search's answer is its own: the column it returned, never its value, for
values that are small integers, negative ones, floats and infinities (a course
notebook's minimax returns ``(value, column)``)."""

from __future__ import annotations

import math
from collections import namedtuple
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.connect4.board import Position

VALUES = st.one_of(
    st.integers(-300, 300),
    st.floats(allow_nan=False, width=32),
    st.sampled_from([math.inf, -math.inf]),
)


def notebook_minimax(scores: dict[int, Any], **trace: Any) -> Any:
    """A depth-1 minimax as notebooks write it: a list-of-lists board, a
    ``maximizingPlayer`` flag, ``(value, column)`` returned, ``(score, None)`` at the
    leaves; the leaf after column c scores ``scores[c]``."""

    @treeviz.traced(maximizing="maximizingPlayer", **trace)
    def minimax(board: list[list[int]], depth: int, maximizingPlayer: bool) -> Any:
        played = [c for c in range(7) if board[5][c]]  # row 5 is the bottom
        if depth == 0:
            return scores[played[-1]] if played else 0, None
        best, best_col = -math.inf, None
        for col in range(7):
            child = [row[:] for row in board]
            child[max(r for r in range(6) if not child[r][col])][col] = 1
            value, _ = minimax(child, depth - 1, False)
            if best_col is None or value > best:
                best, best_col = value, col
        return best, best_col

    return minimax


@settings(max_examples=60, deadline=None)
@given(st.lists(VALUES, min_size=7, max_size=7))
def test_the_column_returned_is_the_move_reported(values: list[Any]) -> None:
    search = notebook_minimax(dict(enumerate(values)), value=lambda r: r[0])
    empty = [[0] * 7 for _ in range(6)]
    with treeviz.recording() as rec:
        value, col = search(empty, 1, True)
    assert rec.result.move == col + 1, (values, value, col)
    assert len(rec.trace) == 8  # the root and its seven children: the boards were read


def test_a_value_that_looks_like_a_column_is_not_taken_for_one() -> None:
    """``(0, 3)``: value 0, column index 3 (it was reported as column 1); ``(-100, 5)``
    stopped with ``negative shift count``; ``(3, 5)`` read through ``r[0] / 100``.
    ``(5, -2)`` names no column: the best child by the values is chosen (all score 0:
    the first called, column index 0)."""
    cases = [
        ((0, 3), lambda r: r[0], 3),
        ((-100, 5), lambda r: r[0], 5),
        ((3, 5), lambda r: r[0] / 100, 5),
        ((5, -2), lambda r: -r[0], 0),
        ([2, 2], lambda r: r[0], 2),
        ((6, 1.5), lambda r: r[1], 6),
        ((2, -2), lambda r: r[1], 2),
    ]
    for ret, value, column in cases:
        search = fixed_return(ret, value=value)
        with treeviz.recording() as rec:
            search("4453", 1)
        assert rec.result.move == column + 1, ret


def fixed_return(ret: Any, **trace: Any) -> Any:
    """A search that calls every child once and returns ``ret`` at the root."""

    @treeviz.traced(**trace)
    def search(moves: str, depth: int) -> Any:
        if depth == 0:
            return type(ret)([0] * len(ret)) if not hasattr(ret, "_fields") else ret
        for c in Position.from_moves(moves).legal_moves():
            search(moves + str(c + 1), depth - 1)
        return ret

    return search


def test_named_tuples_and_chosen_say_the_column() -> None:
    Answer = namedtuple("Answer", "score column")
    search = fixed_return(Answer(-7, 6), value=lambda r: r.score)
    with treeviz.recording() as rec:
        search("4453", 1)
    assert rec.result.move == 7
    search = fixed_return((4, 0.25), value=lambda r: r[1], chosen=lambda r: r[0] - 2)
    with treeviz.recording() as rec:
        search("4453", 1)
    assert rec.result.move == 3


def test_a_column_out_of_range_is_not_playable() -> None:
    pos = Position.from_moves("4453")
    assert [c for c in range(-300, 300) if pos.can_play(c)] == list(range(7))


def ordered_minimax(column_first: bool, scores: dict[str, float]) -> Any:
    """A depth-2 minimax over move strings, its return ``(column, value)`` or
    ``(value, column)`` (``None`` for the column at the leaves), traced with no
    ``value=``: the leaf after moves m scores ``scores[m]`` for X."""

    def pack(value: float, col: int | None) -> tuple[Any, Any]:
        return (col, value) if column_first else (value, col)

    @treeviz.traced(maximizing="maximizingPlayer")
    def minimax(moves: str, depth: int, maximizingPlayer: bool) -> Any:
        if depth == 0:
            return pack(scores[moves], None)
        best, best_col = (-math.inf if maximizingPlayer else math.inf), None
        for col in Position.from_moves(moves).legal_moves():
            got = minimax(moves + str(col + 1), depth - 1, not maximizingPlayer)
            value = got[1] if column_first else got[0]
            better = value > best if maximizingPlayer else value < best
            if best_col is None or better:
                best, best_col = value, col
        return pack(best, best_col)

    return minimax


LEAF = st.one_of(st.integers(-(10**6), 10**6), st.floats(-1e9, 1e9, allow_nan=False))


@settings(max_examples=40, deadline=None)
@given(st.lists(LEAF, min_size=49, max_size=49))
def test_either_order_of_value_and_column_reads_the_same(leaves: list[float]) -> None:
    """Without ``value=``, ``(column, value)`` and ``(value, column)`` record the same
    values and the same move once a value is one no column can be (the doctor's
    backup check then finds nothing in a correct minimax)."""
    from treeviz.checkup.tree_bugs import check_tree

    moves = [f"{a}{b}" for a in range(1, 8) for b in range(1, 8)]
    leaves[0] = -12345  # a value no column can be
    scores = dict(zip(moves, leaves, strict=True))
    results = []
    for column_first in (True, False):
        search = ordered_minimax(column_first, scores)
        with treeviz.recording() as rec:
            got = search("", 2, True)
        results.append(rec.result)
        assert rec.result.move == (got[0] if column_first else got[1]) + 1
        assert [f.check for f in check_tree(rec.result)] == []
    a, b = (r.trace.nodes["value"] for r in results)
    assert (a == b).all() and results[0].move == results[1].move
