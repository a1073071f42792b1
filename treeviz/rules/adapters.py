"""A person's own game class behind the protocol, written the way courses write them.

- :class:`AimaGame` takes an aima-python style ``Game``: ``initial`` (an attribute),
  ``actions(state)``, ``result(state, move)``, ``terminal_test(state)``,
  ``utility(state, player)`` and ``to_move(state)``. Its moves may be anything (a
  cell ``(1, 1)``, a heap and a count): a move's id is its place in ``actions(state)``,
  which must list a state's moves in the same order each time, and its label is
  ``str(move)``. Player 0 is ``to_move(initial)``; the game is taken as zero-sum, so
  player 1's return is minus player 0's utility.
- :class:`StateGame` takes an OpenSpiel-style state: ``legal_actions()``,
  ``apply_action(a)`` (on a ``clone()``) or ``child(a)``, ``is_terminal()``,
  ``returns()``, ``current_player()`` and, when it has one, ``action_to_string(a)``.

Keys: the state itself when it is hashable (aima), else its text (``str``) when its
class writes one; otherwise the moves that reached it (then a transposition has two
keys). Pass ``key=`` to say better. The board is the state's text, drawn as SVG.
A game (aima) or state class (OpenSpiel-style) that cannot end in a draw says so with
an attribute ``can_draw = False`` (see :func:`treeviz.rules.protocol.can_draw`).
Examples: tests/rules/data/ (Nim as aima-python writes it, tic-tac-toe as an
OpenSpiel-style class) and docs/guides/games.md.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from treeviz.rules import svg
from treeviz.rules.base import Node, StepGame

KeyFn = Callable[[Any], Hashable]


class AimaGame(StepGame):
    """An aima-python style game (see the module docstring)."""

    def __init__(self, game: Any, *, name: str = "aima", key: KeyFn | None = None) -> None:
        self.game, self.name, self.key_fn = game, name, key
        self.can_draw = bool(getattr(game, "can_draw", True))  # as the game declares
        self.first = game.to_move(game.initial)

    def first_state(self) -> Any:
        return self.game.initial

    def actions(self, state: Any) -> list[int]:
        return list(range(len(list(self.game.actions(state)))))

    def child(self, state: Any, move: int) -> Any:
        return self.game.result(state, list(self.game.actions(state))[move])

    def returns(self, state: Any) -> tuple[float, float] | None:
        if not self.game.terminal_test(state):
            return None
        value = float(self.game.utility(state, self.first))
        return (value, -value)

    def player(self, state: Any) -> int:
        return 0 if self.game.to_move(state) == self.first else 1

    def move_label(self, state: Any, move: int) -> str:
        return str(list(self.game.actions(state))[move])

    def state_key(self, state: Any, moves: tuple[int, ...]) -> Hashable:
        if self.key_fn is not None:
            return self.key_fn(state)
        try:
            hash(state)
        except TypeError:  # a dict or a list inside: fall back on its text or moves
            return super().state_key(state, moves)
        return state

    def board(self, node: Node) -> str:
        return svg.text_board(str(node.state))


class StateGame(StepGame):
    """An OpenSpiel-style state class (see the module docstring); ``initial`` is the
    state before the first move (it is cloned, never played on)."""

    def __init__(self, initial: Any, *, name: str = "game", key: KeyFn | None = None) -> None:
        self.start, self.name, self.key_fn = initial, name, key
        self.can_draw = bool(getattr(initial, "can_draw", True))  # as its state declares

    def first_state(self) -> Any:
        return self.start.clone()

    def actions(self, state: Any) -> list[int]:
        return [int(a) for a in state.legal_actions()]

    def child(self, state: Any, move: int) -> Any:
        if hasattr(state, "child"):
            return state.child(move)
        after = state.clone()
        after.apply_action(move)
        return after

    def returns(self, state: Any) -> tuple[float, float] | None:
        if not state.is_terminal():
            return None
        first, second = (float(r) for r in state.returns())
        return (first, second)

    def player(self, state: Any) -> int:
        return int(state.current_player())

    def move_label(self, state: Any, move: int) -> str:
        """The state's action string, else the action id (which :meth:`parse_move`
        reads as well): OpenSpiel's Hex writes a column past the 30th as a byte that is
        not text (a letter counted on from ``a``), which its binding cannot decode."""
        if hasattr(state, "action_to_string"):
            try:
                return str(state.action_to_string(move))
            except UnicodeDecodeError:
                return str(move)
        return str(move)

    def state_key(self, state: Any, moves: tuple[int, ...]) -> Hashable:
        if self.key_fn is not None:
            return self.key_fn(state)
        return super().state_key(state, moves)

    def board(self, node: Node) -> str:
        return svg.text_board(str(node.state))
