"""Reading and writing positions: board diagrams, JSON, and one parser for user text.

Diagrams are written rows top first, ``X``/``O`` for stones and ``.`` for empty cells.
Boards are read by the one board reader, :mod:`treeviz.connect4.grid` (every style
notebooks print: ``0 1 2`` rows, NumPy arrays, ``|X|O| |``, frame lines, column
numbers, bottom row first when gravity says so).
"""

from __future__ import annotations

import json
from typing import Any

from treeviz.connect4.board import DEFAULT_HEIGHT, DEFAULT_WIDTH, Position
from treeviz.connect4.grid import BoardReading, read_grid, warn_choices
from treeviz.connect4.reach import position_from_stones, reconstruct_history
from treeviz.errors import InvalidParameterError, InvalidPositionError, TreevizError
from treeviz.settings import show_value


def to_diagram(pos: Position, numbers: bool = True) -> str:
    """Rows top first with ``.`` for empty cells, then (``numbers``) the column
    numbers 1..w."""
    text = str(pos)
    return text if numbers else text.rsplit("\n", 1)[0]


def position_from_dict(data: Any, *, first: Any = None) -> Position:
    """Read the JSON form of :meth:`Position.to_dict` (``moves`` or ``board`` rows;
    ``first`` as in :func:`treeviz.connect4.grid.position_from_grid`)."""
    reading = _dict_reading(data, first)
    warn_choices(reading)
    return reading.position


def _dict_reading(data: Any, first: Any) -> BoardReading:
    """The reading of the JSON form (see :func:`position_from_dict`)."""
    if not isinstance(data, dict):
        raise InvalidPositionError(f"a position must be a JSON object, got {data!r:.80}")
    width = data.get("width", DEFAULT_WIDTH)
    height = data.get("height", DEFAULT_HEIGHT)
    if not isinstance(width, int) or not isinstance(height, int):
        raise InvalidPositionError(f"width and height must be integers in {data!r:.80}")
    if isinstance(data.get("moves"), str):
        return _moves_reading(data["moves"], width, height, first)
    board = data.get("board")
    if isinstance(board, list) and board and all(isinstance(r, str) for r in board):
        return read_grid("\n".join(board), first=first)
    raise InvalidPositionError(
        f"a position needs 'moves' (a move string) or 'board' (rows): {data!r:.80}"
    )


def _moves_reading(moves: str, width: int, height: int, first: Any) -> BoardReading:
    """A move string's position; ``first`` has nothing to choose there."""
    if first is not None:
        raise InvalidParameterError(
            f"first player {show_value(str(first))} is for a board whose colours could be "
            f"read either way; the move string {show_value(moves)} already says who moved first"
        )
    return BoardReading(Position.from_moves(moves, width, height))


def parse_position(
    text: str, width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT, *, first: Any = None
) -> Position:
    """Parse what a user typed: a move string, a board, or the JSON form.

    A single line (or an empty string) is a move string, since a board has a line per
    row, unless it holds brackets (a printed list of rows); text starting with ``{`` is
    JSON; anything else is a board, read by :func:`treeviz.connect4.grid.read_grid`
    (``first``: which symbol moved first, when the board cannot tell). A reading that
    had to choose says so in a :class:`~treeviz.connect4.grid.BoardReadingWarning`.
    Raises a :class:`TreevizError` subclass.
    """
    reading = read_position_text(text, width, height, first=first)
    warn_choices(reading)
    return reading.position


def read_position_text(
    text: str, width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT, *, first: Any = None
) -> BoardReading:
    """What :func:`parse_position` reads, with how it was read (the command line and
    the dashboard say so in their own words)."""
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
        return _dict_reading(data, first)
    if "\n" not in stripped and "[" not in stripped:
        return _moves_reading(stripped, width, height, first)
    return read_grid(stripped, first=first)


__all__ = [
    "TreevizError",
    "parse_position",
    "position_from_dict",
    "position_from_stones",
    "read_position_text",
    "reconstruct_history",
    "to_diagram",
]
