"""The rules of a game, as one small protocol every game answers.

A :class:`Game` is an object of methods over opaque state values, as OpenSpiel's
``Game``/``State`` and aima-python's ``Game`` are, written as a ``typing.Protocol``
rather than a frozen dataclass of functions: a person's own class satisfies it by
having the methods (no registration, no wrapping of each function), mypy checks it
structurally, and one game object holds what its methods share (a board size, a loaded
OpenSpiel game) where a dataclass of ``*_fn`` fields would need closures over them.

Contracts every game keeps (tests/rules/test_contract.py checks them on random games):

- States are values: :meth:`Game.play` returns a new state and never changes the one
  it was given; two states are equal exactly when their keys are.
- Players are 0 (moves first) and 1. Moves are ints (action ids): Connect 4's are the
  columns 0..6, OpenSpiel's its action ids; a person reads and types their labels.
- :meth:`Game.legal_moves` is empty exactly when :meth:`Game.outcome` is not ``None``.
- An outcome is the pair of returns (player 0, player 1), zero-sum: ``(1, -1)`` when
  player 0 has won, ``(0, 0)`` for a draw.
- Bad input raises a subclass of ``ValueError`` from :mod:`treeviz.errors` quoting it:
  :class:`~treeviz.errors.InvalidMoveError` for a label that names no move,
  :class:`~treeviz.errors.IllegalMoveError` for a move that cannot be played there,
  :class:`~treeviz.errors.InvalidPositionError` for a position text that is not one.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol, TypeVar

S = TypeVar("S")

# The player to move once the game is over: nobody.
NOBODY = -1
PLAYERS = ("the first player", "the second player")
"""The two players in words, by index (0 moves first): one naming for every view."""


class Game(Protocol[S]):
    """A two-player, zero-sum, deterministic game of perfect information."""

    @property
    def name(self) -> str:
        """The name it is loaded by (``"connect4"``, ``"hex(board_size=5)"``)."""

    def initial(self) -> S:
        """The position before the first move."""

    def to_move(self, state: S) -> int:
        """The player to move, 0 or 1; :data:`NOBODY` once the game is over."""

    def legal_moves(self, state: S) -> list[int]:
        """The moves that can be played, in a fixed order; empty once the game is over."""

    def play(self, state: S, move: int) -> S:
        """The state after ``move``: a new state (``state`` is left as it was). Raises
        :class:`~treeviz.errors.IllegalMoveError` for a move not in :meth:`legal_moves`."""

    def outcome(self, state: S) -> tuple[float, float] | None:
        """The returns of players 0 and 1 (summing to zero) once the game is over, else
        ``None``."""

    def key(self, state: S) -> Hashable:
        """A hashable key, equal for equal states and for transpositions (one position
        reached by two move orders), for transposition tables."""

    def label(self, state: S, move: int) -> str:
        """How a person writes ``move`` played from ``state`` (``"4"``, ``"d3"``)."""

    def parse_move(self, state: S, text: str) -> int:
        """The legal move of ``state`` that ``text`` names (its label or its action id)."""

    def to_text(self, state: S) -> str:
        """The position as text that :meth:`from_text` reads back to an equal state."""

    def from_text(self, text: str) -> S:
        """The position ``text`` describes (the game's formats: see docs/guides/games.md)."""

    def svg(self, state: S) -> str:
        """The board as a standalone SVG document; each piece is one element of class
        ``piece``, and ``p0`` or ``p1`` when it belongs to a player (Nim's tokens do not)."""


def can_draw(game: Game[Any]) -> bool:
    """Whether ``game`` can end in a draw, as it declares in a ``can_draw`` attribute
    (OpenSpiel's API does not say: :class:`~treeviz.rules.spiel.SpielGame` declares it
    from each game's rules). A game that declares nothing may draw, so a count of draws
    is never hidden where it could be more than 0."""
    return bool(getattr(game, "can_draw", True))
