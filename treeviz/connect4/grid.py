"""Board grids as people write them, read into positions.

A grid is a list (or tuple) of rows, or a 2-D NumPy array, each row a list of cells or
a string. Rows may run top first or bottom first: gravity decides (stones rest on the
floor or on other stones). Cells use one of the encodings of course notebooks, the
first player's symbol first: ``X``/``O``, ``x``/``o``, ``R``/``Y``, ``r``/``y``,
``1``/``2`` or ``1``/``-1`` (numbers or text); empty cells are ``.``, ``-``, ``_``, a
space, ``b``, ``0``, an empty string or None.

The first player (``X`` in treeviz) is the one with as many stones as the other or
one more; when the counts are equal the encoding's first symbol is ``X``, unless only
the other reading is a position a game reaches (a four that only the player who moved
last could have made). Anything
that does not fit (unknown symbols, floating stones, counts no game reaches, a grid
that reads as two different positions) raises one :class:`InvalidPositionError`
naming the problem.
"""

from __future__ import annotations

from typing import Any

from treeviz.connect4.board import Position, check_size
from treeviz.connect4.notation import position_from_stones
from treeviz.errors import InvalidPositionError
from treeviz.settings import show_value

# (first player, second player): the first is X when the counts cannot tell
PAIRS: tuple[tuple[Any, Any], ...] = (
    ("X", "O"), ("x", "o"), ("R", "Y"), ("r", "y"), (1, 2), ("1", "2"), (1, -1), ("1", "-1"),
)  # fmt: skip
EMPTY: frozenset[Any] = frozenset({".", "-", "_", " ", "b", "0", "", 0, None})


def grid_rows(obj: Any) -> list[list[Any]] | None:
    """The rows of ``obj`` as lists of cells when it is shaped like a grid (a 2-D
    array, or a sequence of equally long row sequences or strings), else None."""
    tolist = getattr(obj, "tolist", None)
    if tolist is not None and getattr(obj, "ndim", None) == 2:
        return [list(r) for r in tolist()]
    if not isinstance(obj, list | tuple) or not obj:
        return None
    if not all(isinstance(r, list | tuple | str) for r in obj):
        return None
    rows = [list(r) for r in obj]
    return rows if len({len(r) for r in rows}) == 1 and rows[0] else None


def position_from_grid(obj: Any) -> Position:
    """The position a grid shows (see the module docs); :class:`InvalidPositionError`
    when it is not a grid or does not show one position."""
    rows = _rows_of(obj)
    height, width = len(rows), len(rows[0])
    check_size(width, height)
    first, second = encoding(rows)
    readings = {}
    for top_first in (True, False):
        stones = _stones(rows, first, second, top_first)
        if stones is not None:
            readings[stones] = top_first
    if not readings:
        raise InvalidPositionError(
            f"{show_value(obj)} has a stone floating above an empty cell whichever way up it "
            "is read"
        )
    if len(readings) > 1:
        raise InvalidPositionError(
            f"{show_value(obj)} reads as a position both top row first and bottom row first "
            "(every column is empty or full): give a move string instead"
        )
    (x, o) = next(iter(readings))
    if o.bit_count() == x.bit_count() + 1:  # the encoding's second symbol moved first
        x, o = o, x
    try:
        return position_from_stones(x, o, width, height)
    except InvalidPositionError as exc:
        if x.bit_count() == o.bit_count():  # equal counts: the second symbol may be X
            try:
                return position_from_stones(o, x, width, height)
            except InvalidPositionError:
                pass
        raise InvalidPositionError(f"{show_value(obj)}: {exc} (reading {first!r} and "
                                   f"{second!r} as the two players)") from None  # fmt: skip


def _rows_of(obj: Any) -> list[list[Any]]:
    """:func:`grid_rows`, or :class:`InvalidPositionError` when ``obj`` is no grid."""
    rows = grid_rows(obj)
    if rows is None:
        raise InvalidPositionError(f"{show_value(obj)} is not a board grid: expected rows of cells")
    return rows


def occupancy(obj: Any) -> set[int]:
    """The bitboards of occupied cells ``obj`` can show, read either way up (colours
    are not needed: a grid whose stone counts are equal cannot say which player is
    which, but it can say where the stones are)."""
    rows = _rows_of(obj)
    height = len(rows)
    out = set()
    for top_first in (True, False):
        mask = 0
        for r, row in enumerate(rows):
            level = height - 1 - r if top_first else r
            for col, cell in enumerate(row):
                if cell not in EMPTY:
                    mask |= 1 << (col * (height + 1) + level)
        out.add(mask)
    return out


def encoding(rows: list[list[Any]]) -> tuple[Any, Any]:
    """The (first, second) stone symbols the grid uses; :class:`InvalidPositionError`
    when its cells fit no encoding."""
    try:
        stones = {c for r in rows for c in r} - EMPTY
    except TypeError:  # unhashable cells: not a grid of symbols
        raise InvalidPositionError(f"{show_value(rows)} holds cells that are not symbols") from None
    for pair in PAIRS:
        if stones <= set(pair):
            return pair
    shown = ", ".join(sorted(repr(s) for s in stones))
    raise InvalidPositionError(
        f"cells {shown} are not one encoding of the two players: use X/O, x/o, R/Y, "
        "1/2 or 1/-1, with ., -, space, b or 0 for empty"
    )


def _stones(rows: list[list[Any]], first: Any, second: Any,
            top_first: bool) -> tuple[int, int] | None:  # fmt: skip
    """Bitboards (first player's, second's) reading ``rows`` one way up, or None when a
    stone floats."""
    height, width = len(rows), len(rows[0])
    a = b = 0
    for col in range(width):
        gap = False
        for level in range(height):  # from the floor up
            cell = rows[height - 1 - level if top_first else level][col]
            if cell in (first, second):
                if gap:
                    return None
                bit = 1 << (col * (height + 1) + level)
                if cell == first:
                    a |= bit
                else:
                    b |= bit
            else:
                gap = True
    return a, b

