"""Which positions play can reach: the checks behind every board a person writes.

A board shows stones, not the order they were played in. It is a position only when
some alternating move order from the empty board, with no four before the last move,
puts exactly those stones there; :func:`reconstruct_history` finds one such order or
says why there is none.
"""

from __future__ import annotations

from treeviz.connect4.board import Position, has_four
from treeviz.errors import InvalidPositionError


def position_from_stones(x_stones: int, o_stones: int, *, width: int, height: int) -> Position:
    """The position holding these stones, validated that play can reach it; its history
    is one legal move order that does. :class:`InvalidPositionError` names the problem."""
    pos = Position(width, height)
    for col in reconstruct_history(x_stones, o_stones, width=width, height=height):
        pos.push(col)
    return pos


def _validate_shape(x: int, o: int, width: int, height: int) -> None:
    """Gravity, stone counts and fours: the checks that need no search."""
    h1 = height + 1
    for col in range(width):
        column = ((x | o) >> (col * h1)) & ((1 << height) - 1)
        if column & (column + 1):  # not of the form 0b0..01..1
            raise InvalidPositionError(f"column {col + 1} has a stone floating above an empty cell")
    nx, no = x.bit_count(), o.bit_count()
    if nx - no not in (0, 1):
        raise InvalidPositionError(
            f"X has {nx} stones and O has {no}: X moves first, so X must have as many "
            "stones as O or one more"
        )
    fx, fo = has_four(x, height), has_four(o, height)
    if fx and fo:
        raise InvalidPositionError("both X and O have four in a row")
    if (fx and nx == no) or (fo and nx > no):
        winner, last = ("X", "O") if fx else ("O", "X")
        raise InvalidPositionError(
            f"{winner} has four in a row but {last} moved last: play went on after a win"
        )


def reconstruct_history(x: int, o: int, *, width: int, height: int) -> list[int]:
    """One legal move order (0-based columns) from the empty board to these stones.

    Works backwards, lifting a top stone of the player who moved last; every earlier
    position must be free of fours, so only the final position may hold a win. Raises
    :class:`InvalidPositionError` when no such order exists.
    """
    _validate_shape(x, o, width, height)
    h1 = height + 1
    dead: set[tuple[int, int]] = set()

    def tops(stones_all: int) -> list[tuple[int, int]]:
        out = []
        for col in range(width):
            column = (stones_all >> (col * h1)) & ((1 << height) - 1)
            if column:
                out.append((col, 1 << (col * h1 + column.bit_length() - 1)))
        return out

    def back(x: int, o: int, allow_four: bool) -> list[int] | None:
        if not (x | o):
            return []
        if (x, o) in dead:
            return None
        last_is_x = x.bit_count() > o.bit_count()
        mine, theirs = (x, o) if last_is_x else (o, x)
        if not allow_four and has_four(mine, height):
            return None
        for col, bit in tops(x | o):
            if mine & bit:
                rest = mine ^ bit
                if has_four(rest, height):
                    continue
                prev = back(rest, theirs, False) if last_is_x else back(theirs, rest, False)
                if prev is not None:
                    return [*prev, col]
        dead.add((x, o))
        return None

    history = back(x, o, True)
    if history is None:
        raise InvalidPositionError(
            "no legal move order reaches this position: the stones cannot have been "
            "played alternately without a win before the end"
        )
    return history
