"""Connect 4 behind the game protocol, over :class:`treeviz.connect4.board.Position`.

Moves are the columns 0..6 inside and labelled ``"1"``..``"7"``; the position text is
the move string (``"4453"``); the key is the position's own (``current + mask``), so a
transposition has one key. Nothing of Connect 4's own code changes: its kernels, solver
and book stay the fast path, and this class only speaks the protocol.
"""

from __future__ import annotations

from dataclasses import dataclass

from treeviz.connect4.board import DEFAULT_HEIGHT, DEFAULT_WIDTH, Position, check_size
from treeviz.errors import IllegalMoveError, InvalidMoveError
from treeviz.rules import svg
from treeviz.rules.protocol import NOBODY
from treeviz.settings import show_value

OUTCOMES = {"X": (1.0, -1.0), "O": (-1.0, 1.0)}


@dataclass(frozen=True)
class Connect4:
    """Connect 4 on a ``width`` x ``height`` board (7 x 6 unless said)."""

    width: int = DEFAULT_WIDTH
    height: int = DEFAULT_HEIGHT

    def __post_init__(self) -> None:
        check_size(self.width, self.height)

    @property
    def name(self) -> str:
        standard = (self.width, self.height) == (DEFAULT_WIDTH, DEFAULT_HEIGHT)
        return "connect4" if standard else f"connect4(width={self.width},height={self.height})"

    def initial(self) -> Position:
        return Position(self.width, self.height)

    def to_move(self, state: Position) -> int:
        return NOBODY if state.is_over() else state.ply % 2

    def legal_moves(self, state: Position) -> list[int]:
        return state.legal_moves()

    def play(self, state: Position, move: int) -> Position:
        if move not in state.legal_moves():
            raise IllegalMoveError(
                f"column {move + 1} cannot be played after {show_value(state.moves_string())}"
            )
        child = state.copy()
        child.push(move)
        return child

    def outcome(self, state: Position) -> tuple[float, float] | None:
        winner = state.winner()
        if winner is not None:
            return OUTCOMES[winner]
        return (0.0, 0.0) if state.is_full() else None

    def key(self, state: Position) -> int:
        return state.key()

    def label(self, state: Position, move: int) -> str:
        return str(move + 1)

    def parse_move(self, state: Position, text: str) -> int:
        """The column ``text`` names (``"1"``..``"7"``), 0-based. Raises
        :class:`InvalidMoveError` for text that is not a column of the board and
        :class:`IllegalMoveError` for a full column or a finished game."""
        word = text.strip()
        if not (len(word) == 1 and "1" <= word <= str(self.width)):
            raise InvalidMoveError(f"{show_value(text)} is not a column (1-{self.width})")
        move = int(word) - 1
        if move not in state.legal_moves():
            why = "the game is over" if state.is_over() else "the column is full"
            raise IllegalMoveError(f"column {word} cannot be played: {why}")
        return move

    def to_text(self, state: Position) -> str:
        return state.moves_string()

    def from_text(self, text: str) -> Position:
        """The position of the move string ``text``; the errors of
        :meth:`Position.from_moves` (each quotes ``text``)."""
        return Position.from_moves(text, self.width, self.height)

    def svg(self, state: Position) -> str:
        pieces = {
            (self.height - 1 - row, col): ("XO".index(stone), False)
            for col in range(self.width)
            for row in range(self.height)
            if (stone := state.cell(col, row)) is not None
        }
        return svg.grid(self.height, self.width, pieces)
