"""Connect 4 positions: bitboards, play and undo, parsing and formatting.

Bit layout (``w`` columns by ``h`` rows, ``w * (h + 1) <= 64``); the 7x6 board::

    .  .  .  .  .  .  .      <- sentinel row, always empty
    5 12 19 26 33 40 47
    4 11 18 25 32 39 46
    3 10 17 24 31 38 45
    2  9 16 23 30 37 44
    1  8 15 22 29 36 43
    0  7 14 21 28 35 42      <- bottom row

Two words describe a position: ``current`` holds the stones of the player to move and
``mask`` every stone. ``current + mask`` is a unique key (the sentinel bit above each
column's top stone encodes the heights), which the transposition tables use.

Columns are 0-based inside the code and 1-based (``"4453"``) in everything a person reads
or types. The first player is ``X``, the second ``O``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

from treeviz.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from treeviz.settings import show_value

# The standard board: the size of every default, and the only one the opening books hold.
DEFAULT_WIDTH = 7
DEFAULT_HEIGHT = 6
DEFAULT_CELLS = DEFAULT_WIDTH * DEFAULT_HEIGHT  # stones in a full game
# The sizes a board may have (:func:`check_size`): a column is one digit of a move
# string, and the cells with each column's sentinel bit must fit one 64-bit word.
MIN_SIDE, MAX_WIDTH, MAX_HEIGHT = 4, 9, 8
PLAYERS = ("X", "O")


def score_top(width: int, height: int) -> int:
    """The largest exact score on a ``width`` x ``height`` board: a win with one's first
    stone (the solver community's scale: a win with one's k-th stone scores top - k)."""
    return width * height // 2 + 1


def check_size(width: int, height: int) -> None:
    """Raise :class:`InvalidPositionError` unless the board fits the 64-bit layout."""
    if not (
        MIN_SIDE <= width <= MAX_WIDTH
        and MIN_SIDE <= height <= MAX_HEIGHT
        and width * (height + 1) <= 64
    ):
        raise InvalidPositionError(
            f"board size {width}x{height} is not supported: width must be "
            f"{MIN_SIDE}-{MAX_WIDTH}, height {MIN_SIDE}-{MAX_HEIGHT} "
            "and width * (height + 1) at most 64"
        )


def has_four(stones: int, height: int) -> bool:
    """True when the bitboard ``stones`` holds four in a row (as ``kernels.has_four``).

    One position at a time, Python integers beat a call into compiled code (and NumPy
    scalars, 5x slower here): parsing a move string costs a few microseconds, and showing
    a position never waits for numba to start."""
    for shift in (1, height, height + 1, height + 2):  # |, /, -, \
        m = stones & (stones >> shift)
        if m & (m >> (shift + shift)):
            return True
    return False


@cache
def board_masks(width: int, height: int) -> tuple[int, int]:
    """The bits of the board's cells (no sentinel) and of each column's bottom cell."""
    bottom = sum(1 << (c * (height + 1)) for c in range(width))
    return bottom * ((1 << height) - 1), bottom


def win_cells(stones: int, empty: int, height: int) -> int:
    """The cells of ``empty`` (bits of empty cells of the board) where one more stone of
    ``stones`` would make four in a row: for each such cell, ``has_four(stones | cell)``
    when ``stones`` holds no four. One pass over the whole board instead of one test
    per cell: in each direction of :func:`has_four`, the cells with two stones on one
    side and a third beyond them or on the other."""
    found = 0
    for d in (1, height, height + 1, height + 2):  # |, /, -, \
        below, above = (stones << d) & (stones << 2 * d), (stones >> d) & (stones >> 2 * d)
        found |= below & ((stones << 3 * d) | (stones >> d))
        found |= above & ((stones >> 3 * d) | (stones << d))
    return found & empty


@cache
def top_cells(width: int, height: int) -> tuple[int, ...]:
    """The bit of each column's top cell, left to right: a column is full when its top
    cell is taken."""
    return tuple(1 << (c * (height + 1) + height - 1) for c in range(width))


def cell_columns(cells: int, width: int, height: int) -> list[int]:
    """The columns (0-based, left to right) holding at least one of ``cells``."""
    column, h1 = (1 << height) - 1, height + 1
    return [c for c in range(width) if cells >> (c * h1) & column]


class Position:
    """A Connect 4 position with its move history when it is known.

    Mutable: :meth:`play` and :meth:`undo` change it in place (use :meth:`copy` first to
    keep the original). Equality compares the stones and the board size, not the history.
    """

    __slots__ = ("current", "height", "history", "mask", "width")
    __hash__ = None  # type: ignore[assignment]  # mutable

    def __init__(self, width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT) -> None:
        check_size(width, height)
        self.width = width
        self.height = height
        self.current = 0
        self.mask = 0
        self.history: list[int] = []

    # ----------------------------------------------------------------- construction
    @classmethod
    def from_moves(
        cls, moves: str, width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT
    ) -> Position:
        """Play a move string such as ``"4453"`` (columns 1-based) from the empty board.

        Raises :class:`InvalidMoveError` for a character that is not a column of this
        board and :class:`IllegalMoveError` for a full column or a move after a win.
        """
        pos = cls(width, height)
        text = moves.strip()
        shown = show_value(text)
        columns = "123456789"[:width]
        for i, ch in enumerate(text):
            if ch not in columns:
                digit = ch in "0123456789"
                what = f"column {ch}" if digit else f"character {ch!r}"
                raise InvalidMoveError(
                    f"{what} at move {i + 1} is out of range 1-{width} in {shown}"
                    if digit
                    else f"{what} at move {i + 1} is not a column (1-{width}) in {shown}"
                )
            col = int(ch) - 1
            if i > 6 and pos.winner() is not None:  # a four needs 7 stones
                raise IllegalMoveError(
                    f"move {i + 1} ({ch}) comes after {pos.winner()} has won in {shown}"
                )
            if not pos.can_play(col):
                raise IllegalMoveError(f"column {ch} is full at move {i + 1} in {shown}")
            pos.push(col)
        return pos

    def copy(self) -> Position:
        """An independent copy, history included."""
        other = Position.__new__(Position)
        other.width, other.height = self.width, self.height
        other.current, other.mask = self.current, self.mask
        other.history = list(self.history)
        return other

    # ----------------------------------------------------------------- queries
    @property
    def ply(self) -> int:
        """Number of stones on the board."""
        return len(self.history)

    @property
    def side_to_move(self) -> str:
        """``"X"`` or ``"O"``: who plays next (even if the game is over)."""
        return PLAYERS[self.ply % 2]

    @property
    def stones(self) -> tuple[int, int]:
        """The bitboards of ``X`` and ``O``."""
        other = self.current ^ self.mask
        return (self.current, other) if self.ply % 2 == 0 else (other, self.current)

    def can_play(self, col: int) -> bool:
        """True when column ``col`` (0-based) exists and is not full."""
        if not 0 <= col < self.width:  # before the shift: a negative one raises
            return False
        return not self.mask & 1 << (col * (self.height + 1) + self.height - 1)

    def legal_moves(self) -> list[int]:
        """Playable columns, 0-based, left to right; empty once the game is over."""
        if self.is_over():
            return []
        # one test of a cached bit per column (a person's search asks this at every node)
        mask = self.mask
        return [c for c, top in enumerate(top_cells(self.width, self.height)) if not mask & top]

    def is_winning_move(self, col: int) -> bool:
        """True when playing ``col`` (0-based, legal) wins at once for the side to move."""
        base = col * (self.height + 1)
        column = ((1 << self.height) - 1) << base
        cell = (self.mask + (1 << base)) & column
        return has_four(self.current | cell, self.height)

    def playable(self) -> int:
        """The cells (bits) where a stone can go now: each column's lowest empty cell
        (none on a full column)."""
        board, bottom = board_masks(self.width, self.height)
        return (self.mask + bottom) & board

    def win_now_cells(self) -> int:
        """The playable cells where the side to move wins at once (none once the game
        is over)."""
        if self.is_over():
            return 0
        return win_cells(self.current, self.playable(), self.height)

    def winning_moves(self) -> list[int]:
        """Columns (0-based) where the side to move wins at once."""
        return cell_columns(self.win_now_cells(), self.width, self.height)

    def must_block(self) -> list[int]:
        """Columns (0-based) where the opponent of the side to move would win at once
        if it moved now: unless the side to move wins first, every other move loses
        (none once the game is over)."""
        if self.is_over():
            return []
        theirs = win_cells(self.current ^ self.mask, self.playable(), self.height)
        return cell_columns(theirs, self.width, self.height)

    def can_win_next(self) -> bool:
        """True when the side to move has a winning move now."""
        return bool(self.win_now_cells())

    def winner(self) -> str | None:
        """``"X"`` or ``"O"`` when the player who moved last has four in a row."""
        if self.ply and has_four(self.current ^ self.mask, self.height):
            return PLAYERS[(self.ply - 1) % 2]
        return None

    def is_full(self) -> bool:
        """True when every cell is taken."""
        return self.ply == self.width * self.height

    def is_draw(self) -> bool:
        """True when the board is full and nobody has won."""
        return self.is_full() and self.winner() is None

    def is_over(self) -> bool:
        """True after a win or on a full board."""
        return self.is_full() or self.winner() is not None

    def status(self) -> str:
        """A short human description: who won, a draw, or who is to move."""
        winner = self.winner()
        if winner:
            return f"{winner} has won"
        if self.is_full():
            return "draw"
        return f"{self.side_to_move} to move"

    def key(self) -> int:
        """A unique integer per position and size (for transposition tables)."""
        return self.current + self.mask

    def mirror(self) -> Position:
        """The left-right mirror image, with the mirrored history."""
        pos = Position(self.width, self.height)
        for col in self.history:
            pos.push(self.width - 1 - col)
        return pos

    def mirror_key(self) -> int:
        """The key of the mirror image."""
        return self.mirror().key()

    def cell(self, col: int, row: int) -> str | None:
        """``"X"``, ``"O"`` or ``None`` at ``col`` (0-based) and ``row`` (0 = bottom)."""
        # a person's evaluation calls this for every cell of every node it scores, so
        # it reads the two bitboards directly: ``current`` holds the side to move's
        bit = 1 << (col * (self.height + 1) + row)
        if not self.mask & bit:
            return None
        return PLAYERS[(self.ply + (not self.current & bit)) % 2]

    def winning_four(self) -> list[tuple[int, int]]:
        """The ``(col, row)`` cells (0-based, row 0 = bottom) of every four in a row of
        the player who won (empty when nobody has); the shifts of ``has_four``."""
        if self.winner() is None:
            return []
        stones, h1, bits = self.current ^ self.mask, self.height + 1, 0
        for d in (1, h1, h1 - 1, h1 + 1):  # vertical, horizontal, both diagonals
            starts = stones & (stones >> d) & (stones >> 2 * d) & (stones >> 3 * d)
            for k in range(4):
                bits |= starts << (k * d)
        return [
            (c, r)
            for c in range(self.width)
            for r in range(self.height)
            if bits >> (c * h1 + r) & 1
        ]

    def column_height(self, col: int) -> int:
        """Number of stones in column ``col`` (0-based)."""
        return ((self.mask >> col * (self.height + 1)) & ((1 << self.height) - 1)).bit_count()

    # ----------------------------------------------------------------- moves
    def push(self, col: int) -> None:
        """Play ``col`` (0-based) without any check: for callers that checked already."""
        # as ``kernels.play``: the mover's stone goes into ``mask`` only
        bottom = 1 << (col * (self.height + 1))
        self.current, self.mask = self.current ^ self.mask, self.mask | (self.mask + bottom)
        self.history.append(col)

    def play(self, col: int) -> None:
        """Play ``col`` (0-based), raising a typed error when it is not a legal move."""
        if not 0 <= col < self.width:
            raise InvalidMoveError(f"column {col + 1} is out of range 1-{self.width}")
        if self.winner():
            raise IllegalMoveError(
                f"column {col + 1} cannot be played: {self.winner()} has already won"
            )
        if not self.can_play(col):
            raise IllegalMoveError(f"column {col + 1} is full")
        self.push(col)

    def undo(self) -> int:
        """Take back the last move and return its column (0-based)."""
        if not self.history:
            raise IllegalMoveError("there is no move to undo on the empty board")
        col = self.history.pop()
        h1 = self.height + 1
        bottom = 1 << (col * h1)
        column = ((1 << h1) - 1) * bottom
        # stones sit contiguously from the bottom, so adding the bottom bit carries to
        # the cell just above the top stone
        top_stone = ((self.mask & column) + bottom) >> 1
        self.mask ^= top_stone
        self.current ^= self.mask
        return col

    def moves_string(self) -> str:
        """The history as a move string (``"4453"``)."""
        return "".join(str(c + 1) for c in self.history)

    # ----------------------------------------------------------------- comparison
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.width, self.height, self.current, self.mask) == (
            other.width,
            other.height,
            other.current,
            other.mask,
        )

    def ident(self) -> tuple[int, int, int, str]:
        """A hashable identity for caches: the size, the stones and the history (two
        histories of one position give traces with different root moves)."""
        return (self.width, self.height, self.key(), self.moves_string())

    def __repr__(self) -> str:
        standard = (self.width, self.height) == (DEFAULT_WIDTH, DEFAULT_HEIGHT)
        size = "" if standard else f", {self.width}x{self.height}"
        return f"Position({self.moves_string()!r}{size})"

    def __str__(self) -> str:
        """The board, rows top first, ``.`` for empty cells, column numbers below."""
        lines = [" ".join(c or "." for c in row) for row in self.rows()]
        return "\n".join([*lines, " ".join(str(c + 1) for c in range(self.width))])

    def _repr_svg_(self) -> str:
        """The board as SVG, for notebooks (drawn on demand: importing stays quick)."""
        from treeviz.draw.board_svg import board_svg

        return board_svg(self)

    def rows(self) -> Iterable[list[str | None]]:
        """Rows top first, each a list of ``"X"``/``"O"``/``None`` left to right."""
        for row in range(self.height - 1, -1, -1):
            yield [self.cell(col, row) for col in range(self.width)]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: size, move string, rows top first, side to move and status."""
        return {
            "width": self.width,
            "height": self.height,
            "moves": self.moves_string(),
            "board": ["".join(c or "." for c in row) for row in self.rows()],
            "to_move": self.side_to_move,
            "status": self.status(),
        }


def distinct_positions(plies: int) -> Iterator[Position]:
    """Every distinct position of ``plies`` stones on 7x6 reached without a win, each by
    its smallest move string, in move-string order."""
    level = {(0, 0): Position()}
    for _ in range(plies):
        nxt: dict[tuple[int, int], Position] = {}
        for pos in level.values():
            for col in pos.legal_moves():
                if not pos.is_winning_move(col):
                    child = pos.copy()
                    child.push(col)
                    nxt.setdefault((child.current, child.mask), child)
        level = nxt
    yield from level.values()
