"""Reading and writing positions: board diagrams, JSON, and one parser for user text.

Diagrams are rows top first, ``X``/``O`` for stones and ``.``, ``-`` or ``_`` for empty
cells, with or without spaces between cells. The seeds' variants are accepted: ``|``
separators (``| - X - |``), frame lines (``=====``, ``# ------- #``, ``+---+``) and a
column-number line (``1 2 3 ...`` or ``0 1 2 ...``), all ignored.
"""

from __future__ import annotations

import json
from typing import Any

from treeviz.connect4.board import (
    DEFAULT_HEIGHT,
    DEFAULT_WIDTH,
    EMPTY_CHARS,
    MAX_WIDTH,
    Position,
    check_size,
    has_four,
)
from treeviz.errors import InvalidPositionError, TreevizError
from treeviz.settings import show_value

_FRAME_CHARS = set("=#+-|: ")


def to_diagram(pos: Position, numbers: bool = True) -> str:
    """Rows top first with ``.`` for empty cells, then (``numbers``) the column
    numbers 1..w."""
    text = str(pos)
    return text if numbers else text.rsplit("\n", 1)[0]


def _cells(line: str) -> list[str] | None:
    """The cells of a diagram line, or ``None`` when the line is decoration."""
    text = line.strip()
    if not text or set(text) <= set("0123456789 "):
        return None  # blank or column numbers
    if "=" in text or text[0] in "#+":
        return None  # frame line
    body = text.replace("|", " ").replace("\t", " ")
    cells = body.split() if " " in body.strip() else list(body.strip())
    if set(text) <= _FRAME_CHARS and len(cells) > MAX_WIDTH:
        return None  # a long rule of dashes
    if any(len(c) != 1 for c in cells):
        raise InvalidPositionError(f"cannot read the diagram line {show_value(line.strip())}")
    return cells


def parse_diagram(text: str) -> Position:
    """Parse a board diagram (see the module docstring), validating reachability.

    Raises :class:`InvalidPositionError` naming the line or the problem: unknown
    characters, rows of unequal length, an unsupported size, floating stones, stone
    counts no game can have, or a position no legal move order reaches.
    """
    rows = [cells for line in text.splitlines() if (cells := _cells(line)) is not None]
    if not rows:
        raise InvalidPositionError(f"no board rows found in {show_value(text.strip())}")
    width = len(rows[0])
    for i, cells in enumerate(rows):
        if len(cells) != width:
            raise InvalidPositionError(
                f"row {i + 1} has {len(cells)} cells but row 1 has {width}: "
                f"{show_value(' '.join(cells))}"
            )
    check_size(width, len(rows))
    height = len(rows)
    x = o = 0
    for r, cells in enumerate(rows):
        row = height - 1 - r
        for col, ch in enumerate(cells):
            bit = 1 << (col * (height + 1) + row)
            if ch in "Xx":
                x |= bit
            elif ch in "Oo":
                o |= bit
            elif ch not in EMPTY_CHARS:
                raise InvalidPositionError(
                    f"unknown cell {ch!r} in row {r + 1} {show_value(' '.join(cells))}: "
                    "use X, O and . or - for empty"
                )
    return position_from_stones(x, o, width, height)


def position_from_stones(x_stones: int, o_stones: int, width: int, height: int) -> Position:
    """The position holding these stones, validated that play can reach it; its history
    is one legal move order that does. :class:`InvalidPositionError` names the problem."""
    pos = Position(width, height)
    for col in reconstruct_history(x_stones, o_stones, width, height):
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


def reconstruct_history(x: int, o: int, width: int, height: int) -> list[int]:
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


def position_from_dict(data: Any) -> Position:
    """Read the JSON form of :meth:`Position.to_dict` (``moves`` or ``board`` rows)."""
    if not isinstance(data, dict):
        raise InvalidPositionError(f"a position must be a JSON object, got {data!r:.80}")
    width = data.get("width", DEFAULT_WIDTH)
    height = data.get("height", DEFAULT_HEIGHT)
    if not isinstance(width, int) or not isinstance(height, int):
        raise InvalidPositionError(f"width and height must be integers in {data!r:.80}")
    if isinstance(data.get("moves"), str):
        return Position.from_moves(data["moves"], width, height)
    board = data.get("board")
    if isinstance(board, list) and all(isinstance(r, str) for r in board):
        return parse_diagram("\n".join(board))
    raise InvalidPositionError(
        f"a position needs 'moves' (a move string) or 'board' (rows): {data!r:.80}"
    )


def parse_position(text: str, width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT) -> Position:
    """Parse what a user typed: a move string, a board diagram, or the JSON form.

    A single line (or an empty string) is a move string, since a diagram has a line per
    row; text starting with ``{`` is JSON; anything else is a diagram. Raises a
    :class:`TreevizError` subclass.
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except RecursionError:
            raise InvalidPositionError(
                f"JSON position {stripped!r:.40} is nested too deeply"
            ) from None
        except ValueError as exc:  # malformed, or an integer of thousands of digits
            raise InvalidPositionError(
                f"invalid JSON position {stripped!r:.60}: {str(exc)[:80]}"
            ) from None
        return position_from_dict(data)
    if "\n" not in stripped:
        return Position.from_moves(stripped, width, height)
    return parse_diagram(stripped)


__all__ = [
    "TreevizError",
    "parse_diagram",
    "parse_position",
    "position_from_dict",
    "reconstruct_history",
    "to_diagram",
]
