"""Board grids as people write them, read into positions: the one reader of boards.

A grid is a list (or tuple) of rows, a 2-D NumPy array, each row a list of cells or a
string, or text as a notebook prints it (:mod:`treeviz.connect4.grid_text`: rows of
``0 1 2``, ``. X O``, ``|X|O| |``, ``[[0. 1. ...]]``, with or without frame lines and
column numbers). The API (:func:`position_from_grid`, :func:`parse_position`), the
command line and the dashboard all read boards here. A value given in code (to
:func:`position_from_grid`, or a traced search's argument) may also be a flat board:
Connect 4's 42 cells row by row in one string or one sequence (:func:`flat_rows`);
typed text is read as rows.

Cells use one of the encodings of course notebooks: ``X``/``O``, ``x``/``o``,
``R``/``Y``, ``r``/``y``, ``1``/``2`` or ``1``/``-1`` (numbers or text); empty cells are
``.``, ``-``, ``_``, a space, ``b``, ``0``, an empty string or None.

Which way up: rows are read top row first, as diagrams are written; bottom row first
only when the top-first reading has a stone floating above an empty cell and the other
reading has none (notebooks often print ``np.flip(board, 0)``). When every column is
empty or full, gravity cannot tell which row is the bottom: the rows are read top
first and the reading says so.

Which colour: the first player (``X`` in treeviz) has as many stones as the other or
one more, so unequal counts decide. With equal counts both colourings may be positions
a game reaches: then ``first`` (keyword) names the symbol of the player who moved
first (``1``/``X`` for the encoding's first symbol, ``2``/``O`` for its second, or the
symbol itself); without it the encoding's first symbol is read as ``X`` and the
reading says so (:meth:`BoardReading.notes`). When only one colouring is a position a
game reaches (a four only the player who moved last could have made), that one is
read. Anything else raises one :class:`InvalidPositionError` quoting the grid's
offending line or naming its column.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, replace
from typing import Any

from treeviz.connect4.board import (
    DEFAULT_CELLS,
    DEFAULT_HEIGHT,
    DEFAULT_WIDTH,
    Position,
    check_size,
)
from treeviz.connect4.grid_text import text_rows
from treeviz.connect4.reach import position_from_stones
from treeviz.errors import InvalidParameterError, InvalidPositionError
from treeviz.settings import show_value

# (first player, second player): the first is X when the counts cannot tell
PAIRS: tuple[tuple[Any, Any], ...] = (
    ("X", "O"),
    ("x", "o"),
    ("R", "Y"),
    ("r", "y"),
    (1, 2),
    ("1", "2"),
    (1, -1),
    ("1", "-1"),
)
EMPTY: frozenset[Any] = frozenset({".", "-", "_", " ", "b", "0", "", 0, None})
SECONDS = frozenset(pair[1] for pair in PAIRS)  # the symbols of second players
# What ``first`` may say, besides the grid's own symbols: the encoding's first or second
FIRST_NAMES = (("1", "X"), ("2", "O"))


class BoardReadingWarning(UserWarning):
    """A board the API read by a choice of its own (which symbol moved first, which
    row is the bottom): the message says which, and how to ask for the other."""


@dataclass(frozen=True)
class BoardReading:
    """A board read: its position and the choices made reading it.

    ``symbols`` are the grid's symbols read as X (the first player) and as O.
    ``both_colourings``: the stone counts are equal and both colourings are positions
    a game reaches, so one was chosen: by ``first`` when ``asked``, else by convention.
    ``bottom_first``: the rows were read bottom row first (top first, a stone floats).
    ``either_way_up``: every column is empty or full, so gravity could not tell which
    row is the bottom; the rows were read top first. ``floating``: with
    ``bottom_first``, the first column (1-based) where a stone floats read top first.
    """

    position: Position
    symbols: tuple[Any, Any] = ("X", "O")
    both_colourings: bool = False
    asked: bool = False
    bottom_first: bool = False
    either_way_up: bool = False
    floating: int = 0  # bottom_first: the 1-based column where top first floats a stone

    @property
    def chose(self) -> bool:
        """Whether the reader made a choice the board itself does not settle."""
        return (self.both_colourings and not self.asked) or self.either_way_up

    @property
    def other(self) -> str:
        """How to name, as ``first``, the symbol read as O (``2`` for ``-1``, which a
        command line would take for an option)."""
        text = str(self.symbols[1])
        return "2" if text.startswith("-") else text

    def notes(self, switch: str) -> list[str]:
        """Sentences saying how the board was read where it could have been read
        otherwise; ``switch`` says how to read the other colouring, with ``{first}``
        standing for the value to give (``"add --first {first}"``)."""
        out = []
        if self.both_colourings:
            x, o = (repr(str(s)) for s in self.symbols)
            each = self.position.ply // 2
            stones = f"{each} stone{'s' if each > 1 else ''} each"
            swap = switch.format(first=self.other)
            said = ", as asked" if self.asked else f"; if {o} moved first, {swap}"
            out.append(
                f"Both colourings of this board are legal ({stones}): {x} is "
                f"read as X, the first player (red){said}."
            )
        elif self.symbols[0] in SECONDS and not self.asked:  # not the convention: say why
            x, o = (repr(str(s)) for s in self.symbols)
            why = (
                f"it has one stone more than {o}"
                if self.position.ply % 2
                else f"no game reaches this board with {o} first"
            )
            out.append(f"{x} is read as X, the first player (red): {why}.")
        if self.bottom_first:
            out.append(
                f"Read with the bottom row first (read top row first, a stone in "
                f"column {self.floating} would float above an empty cell)."
            )
        if self.either_way_up:
            out.append(
                "Every column is empty or full, so gravity cannot tell which row is the "
                "bottom: read top row first (give a move string if it is the other way)."
            )
        return out


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


def column_rows(obj: Any) -> list[list[Any]] | None:
    """The rows (top first, None in empty cells) of a Connect 4 board given column by
    column, else None: 7 columns, each the list of its stones from the bottom up
    (``board[c].append(stone)``), or each its 6 cells with the stones at one end (the
    bottom first, or the top first: the end where every column's stones sit), as a
    list of lists or tuples or a 7 x 6 array. A 6 x 7 grid is read by rows
    (:func:`grid_rows`)."""
    tolist = getattr(obj, "tolist", None)
    if tolist is not None and getattr(obj, "shape", None) == (DEFAULT_WIDTH, DEFAULT_HEIGHT):
        obj = tolist()
    if not isinstance(obj, list | tuple) or len(obj) != DEFAULT_WIDTH:
        return None
    if not all(isinstance(c, list | tuple) and len(c) <= DEFAULT_HEIGHT for c in obj):
        return None
    try:
        stones = [[cell not in EMPTY for cell in c] for c in obj]
    except TypeError:  # unhashable cells: not a board of symbols
        return None
    if any(len(c) < DEFAULT_HEIGHT and not all(s) for c, s in zip(obj, stones, strict=True)):
        return None  # a stack holds stones only
    cells = [list(c) for c in obj]
    if all(s == sorted(s, reverse=True) for s in stones):  # the stones at the bottom
        cols = [c[: sum(s)] for c, s in zip(cells, stones, strict=True)]
    elif all(
        len(c) == DEFAULT_HEIGHT and s == sorted(s) for c, s in zip(cells, stones, strict=True)
    ):
        cols = [c[::-1][: sum(s)] for c, s in zip(cells, stones, strict=True)]  # top first
    else:
        return None
    return [
        [c[level] if level < len(c) else None for c in cols]
        for level in range(DEFAULT_HEIGHT - 1, -1, -1)
    ]


def flat_rows(obj: Any) -> list[list[Any]] | None:
    """The rows of a flat board, Connect 4's 42 cells row by row as one string with no
    spaces or one sequence (or 1-D array) of single cells, else None. Only that size:
    another number of cells cannot say the board's width."""
    if isinstance(obj, str):
        cells: list[Any] = [] if any(ch.isspace() for ch in obj) else list(obj)
    elif getattr(obj, "ndim", None) == 1:
        cells = obj.tolist()
    elif isinstance(obj, list | tuple):
        cells = list(obj)
    else:
        return None
    if len(cells) != DEFAULT_CELLS or any(
        isinstance(c, list | tuple) or (isinstance(c, str) and len(c) > 1) for c in cells
    ):
        return None
    w = DEFAULT_WIDTH
    return [cells[r * w : (r + 1) * w] for r in range(DEFAULT_CELLS // w)]


def position_from_grid(obj: Any, *, first: Any = None) -> Position:
    """The position a grid or board text shows (see the module docs); a
    :class:`BoardReadingWarning` saying how it was read when the reader had to choose.
    :class:`InvalidPositionError` when it shows no position, :class:`InvalidParameterError`
    when ``first`` names no symbol of the grid."""
    reading = read_grid(obj, first=first)
    warn_choices(reading)
    return reading.position


def warn_choices(reading: BoardReading) -> None:
    """Say, as a :class:`BoardReadingWarning`, how an API call read a board, when the
    board alone did not settle it."""
    if reading.chose:
        value = "{first}" if reading.other.isdigit() else "'{first}'"
        message = " ".join(reading.notes(f"pass first={value}"))
        warnings.warn(message, BoardReadingWarning, stacklevel=3)


def read_grid(obj: Any, *, first: Any = None) -> BoardReading:
    """The position a grid or board text shows and how it was read (see the module
    docs); raises as :func:`position_from_grid`."""
    rows, lines = _rows_and_lines(obj)
    width, height = len(rows[0]), len(rows)
    try:
        check_size(width, height)
    except InvalidPositionError as exc:
        raise InvalidPositionError(f"{show_value(' / '.join(lines))}: {exc}") from None
    pair = encoding(rows, lines)
    top, top_float = _stones(rows, pair, top_first=True)
    bottom, bottom_float = _stones(rows, pair, top_first=False)
    if top_float >= 0 and bottom_float >= 0:
        raise InvalidPositionError(
            f"column {top_float + 1} has a stone floating above an empty cell read top row "
            f"first, and column {bottom_float + 1} read bottom row first: "
            f"{board_quote(rows, lines)}"
        )
    stones = top if top_float < 0 else bottom
    try:
        if first is None:
            reading = _chosen(*stones, pair, width, height)
        else:
            reading = _asked(*stones, pair, _first_index(first, pair), width, height)
    except InvalidPositionError as exc:
        raise InvalidPositionError(f"{board_quote(rows, lines)}: {exc}") from None
    return replace(
        reading,
        bottom_first=top_float >= 0,
        floating=top_float + 1,
        either_way_up=top_float < 0 and bottom_float < 0 and top != bottom,
    )


def board_quote(rows: list[list[Any]], lines: list[str]) -> str:
    """A board as an error about the whole of it quotes it: the rows holding a stone,
    numbered from the top as written (``row 5 '. . . X . . .'``), the empty rows
    counted, not quoted (a board's empty top rows would fill the quote)."""
    kept = [
        (i, line)
        for i, (row, line) in enumerate(zip(rows, lines, strict=True))
        if any(cell not in EMPTY for cell in row)
    ]
    if not kept:
        return f"an empty board of {len(rows)} rows"
    shown = ", ".join(f"row {i + 1} {show_value(line)}" for i, line in kept)
    empty = len(rows) - len(kept)
    return shown + (f" (the other {empty} row{'s' if empty > 1 else ''} empty)" if empty else "")


def stones_text(n: int) -> str:
    """``1 stone``, ``3 stones``."""
    return f"{n} stone{'' if n == 1 else 's'}"


def _chosen(a: int, b: int, pair: tuple[Any, Any], width: int, height: int) -> BoardReading:
    """The reading of stones ``a`` (the pair's first symbol's) and ``b`` when no one
    said which moved first: the counts decide, else the colourings that a game reaches
    (the pair's first symbol as X when both do)."""
    na, nb = a.bit_count(), b.bit_count()
    if abs(na - nb) > 1:
        raise InvalidPositionError(
            f"{str(pair[0])!r} has {stones_text(na)} and {str(pair[1])!r} has {nb}: the players "
            "take turns, so one has as many stones as the other or one more"
        )
    if na != nb:
        x, o, symbols = (a, b, pair) if na > nb else (b, a, (pair[1], pair[0]))
        return BoardReading(_position(x, o, symbols, width, height), symbols)
    if na == 0:
        return BoardReading(Position(width, height), pair)
    found, errors = [], []
    for x, o, symbols in ((a, b, pair), (b, a, (pair[1], pair[0]))):
        try:
            found.append((_position(x, o, symbols, width, height), symbols))
        except InvalidPositionError as exc:
            errors.append(str(exc))
    if not found:
        raise InvalidPositionError(" and ".join(dict.fromkeys(errors)))
    pos, symbols = found[0]
    return BoardReading(pos, symbols, both_colourings=len(found) == 2)


def _asked(
    a: int, b: int, pair: tuple[Any, Any], index: int, width: int, height: int
) -> BoardReading:
    """The reading of stones ``a`` and ``b`` with the pair's symbol ``index`` as X,
    as ``first`` asked; :class:`InvalidPositionError` when that is no position."""
    x, o, symbols = (a, b, pair) if index == 0 else (b, a, (pair[1], pair[0]))
    nx, no = x.bit_count(), o.bit_count()
    if nx - no not in (0, 1):
        raise InvalidPositionError(
            f"{str(symbols[0])!r} cannot have moved first: it has {stones_text(nx)} and "
            f"{str(symbols[1])!r} has {no}, and the first player has as many stones as the "
            "other or one more"
        )
    pos = _position(x, o, symbols, width, height)
    both = nx == no > 0 and _reaches(o, x, width, height)
    return BoardReading(pos, symbols, both_colourings=both, asked=True)


def _position(x: int, o: int, symbols: tuple[Any, Any], width: int, height: int) -> Position:
    """:func:`position_from_stones`, its error saying which symbol was read as X."""
    try:
        return position_from_stones(x, o, width=width, height=height)
    except InvalidPositionError as exc:
        raise InvalidPositionError(
            f"{exc} (reading {str(symbols[0])!r} as X, the first player)"
        ) from None


def _reaches(x: int, o: int, width: int, height: int) -> bool:
    """Whether play reaches the position with these stones."""
    try:
        position_from_stones(x, o, width=width, height=height)
    except InvalidPositionError:
        return False
    return True


def _rows_and_lines(obj: Any, *, quoted: bool = True) -> tuple[list[list[Any]], list[str]]:
    """The rows of a grid or board text, each with the text an error quotes for it
    (a grid's only when ``quoted``: a traced search's recorder reads the grid at every
    call of the person's function, and quoting every row there cost more than reading
    it); :class:`InvalidPositionError` when ``obj`` is neither, or its rows differ in
    length (quoting the first row that does). A flat board (:func:`flat_rows`) is
    read as its rows."""
    flat = flat_rows(obj)
    if flat is not None:
        obj = ["".join(map(str, r)) for r in flat] if isinstance(obj, str) else flat
    obj = column_rows(obj) or obj
    if isinstance(obj, str):
        parsed = text_rows(obj)
        rows, lines = [r.cells for r in parsed], [r.line for r in parsed]
    else:
        found = grid_rows(obj)
        if found is None:
            raise InvalidPositionError(
                f"{show_value(obj)} is not a board grid: expected rows of cells"
            )
        rows, lines = found, [show_value(r)[1:-1] for r in found] if quoted else []
    for i, row in enumerate(rows):
        if len(row) != len(rows[0]):
            line = lines[i] if lines else show_value(row)[1:-1]
            raise InvalidPositionError(
                f"row {i + 1} {show_value(line)} has {len(row)} cells but row 1 has {len(rows[0])}"
            )
    return rows, lines


def occupancy(obj: Any) -> set[int]:
    """The bitboards of occupied cells ``obj`` can show, read either way up (colours
    are not needed: a grid whose stone counts are equal cannot say which player is
    which, but it can say where the stones are)."""
    rows, _ = _rows_and_lines(obj, quoted=False)
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


def encoding(rows: list[list[Any]], lines: list[str] | None = None) -> tuple[Any, Any]:
    """The (first, second) stone symbols the grid uses; :class:`InvalidPositionError`
    quoting the first row (of ``lines``, else of ``rows``) whose cells fit no encoding
    with the rows above it."""
    stones: set[Any] = set()
    for i, row in enumerate(rows):
        try:
            stones |= set(row) - EMPTY
        except TypeError:  # unhashable cells: not a grid of symbols
            raise InvalidPositionError(
                f"{show_value(rows)} holds cells that are not symbols"
            ) from None
        if not any(stones <= set(pair) for pair in PAIRS):
            line = lines[i] if lines else " ".join(map(str, row))
            shown = ", ".join(sorted(repr(s) for s in stones))
            raise InvalidPositionError(
                f"row {i + 1} {show_value(line)}: cells {shown} are not one encoding of the "
                "two players: use X/O, x/o, R/Y, 1/2 or 1/-1, with ., -, space, b or 0 for empty"
            )
    return next(pair for pair in PAIRS if stones <= set(pair))


def _stones(
    rows: list[list[Any]], pair: tuple[Any, Any], top_first: bool
) -> tuple[tuple[int, int], int]:
    """Bitboards (the pair's first symbol's, its second's) reading ``rows`` one way up,
    and the first column (0-based) where a stone floats, -1 when none does."""
    height, width = len(rows), len(rows[0])
    a = b = 0
    for col in range(width):
        gap = False
        for level in range(height):  # from the floor up
            cell = rows[height - 1 - level if top_first else level][col]
            if cell in pair:
                if gap:
                    return (0, 0), col
                bit = 1 << (col * (height + 1) + level)
                if cell == pair[0]:
                    a |= bit
                else:
                    b |= bit
            else:
                gap = True
    return (a, b), -1


def _first_index(first: Any, pair: tuple[Any, Any]) -> int:
    """0 when ``first`` names the pair's first symbol, 1 its second (see the module
    docs); :class:`InvalidParameterError` quoting it otherwise."""
    key = str(first).strip()
    for i, names in enumerate(FIRST_NAMES):
        if key.upper() in names or key == str(pair[i]):
            return i
    raise InvalidParameterError(
        f"first player {show_value(key)}: name the symbol of the player who moved first, "
        f"1 or 2 (X or O), or {str(pair[0])!r} or {str(pair[1])!r} as the board writes them"
    )
