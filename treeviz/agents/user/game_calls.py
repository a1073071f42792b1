"""Traced searches on any game: how a call's state argument is read, and which move
leads from the caller's state to it.

A traced function whose position argument is a game state (an OpenSpiel
``pyspiel.State``, an aima-style game's state, the state of any game of
:mod:`treeviz.rules`) is recorded as Connect 4's are (:mod:`.instrument`), with these
differences:

- The game is named (``@traced(game="tic_tac_toe")``, a game object of
  :mod:`treeviz.rules`, an aima-style ``Game`` or a loaded ``pyspiel.Game``) or
  inferred from the first call's state: a ``pyspiel.State`` is a state of its own
  game, any other object with ``legal_actions``, ``is_terminal``, ``returns`` and
  ``current_player`` an OpenSpiel-style state (:class:`~treeviz.rules.StateGame`
  starting at it).
- Each call's state is copied with its ``clone()`` (a search that plays moves in
  place and takes them back still leaves each call its own state; a state with no
  ``clone``, an aima state, is kept as it is: aima's ``result`` makes a new one) and
  keyed by the game (:meth:`~treeviz.rules.protocol.Game.key`). A call's move is the legal action
  of its caller's state whose resulting state has the call's key (an OpenSpiel
  state's history says it directly: its caller's and one action more); a call on a state
  no legal action leads to (the caller's own state, a state two moves on) is kept out
  of the tree and counted, as Connect 4's are.
- Moves are the game's action ids (an aima game's: a move's place in
  ``actions(state)``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from treeviz.errors import InvalidParameterError
from treeviz.rules.adapters import AimaGame, StateGame
from treeviz.rules.base import Node, StepGame
from treeviz.rules.connect4 import Connect4
from treeviz.rules.registry import SPIEL_DEFAULTS, load_game
from treeviz.rules.spiel import SpielGame
from treeviz.settings import show_value

NO_MOVE = -1  # no legal move leads from the caller's position to the call's
# What an OpenSpiel-style state has (the adapters' StateGame reads these)
STATE_METHODS = ("legal_actions", "is_terminal", "returns", "current_player")
AIMA_METHODS = ("actions", "result", "terminal_test", "utility", "to_move")


def is_spiel(obj: Any, kind: str) -> bool:
    """Whether ``obj`` is one of OpenSpiel's objects with method ``kind``
    (``new_initial_state``: a game; ``get_game``: a state)."""
    return type(obj).__module__.split(".")[0] == "pyspiel" and hasattr(obj, kind)


def state_like(obj: Any) -> bool:
    """Whether ``obj`` reads as an OpenSpiel-style state (see the module docs)."""
    steps = hasattr(obj, "child") or (hasattr(obj, "clone") and hasattr(obj, "apply_action"))
    return steps and all(hasattr(obj, name) for name in STATE_METHODS)


def spiel_game(game: Any) -> SpielGame:
    """Our game for a loaded ``pyspiel.Game``, named so that :func:`load_game` loads it
    again: ``"tic_tac_toe"`` for ``"tic_tac_toe()"``, but ``"hex()"`` kept (the name
    ``"hex"`` loads a smaller board: :data:`~treeviz.rules.registry.SPIEL_DEFAULTS`)."""
    name = str(game)
    bare = name[:-2] if name.endswith("()") else name
    return SpielGame(bare if SPIEL_DEFAULTS.get(bare, bare) == bare else name)


def named_game(game: Any) -> StepGame | None:
    """The game ``traced(game=...)`` names: None for Connect 4 (its own path reads the
    position) and for None; :class:`InvalidParameterError` for what names no game
    (:class:`GameError` for a name no one knows, or OpenSpiel missing)."""
    if game is None or isinstance(game, Connect4):
        return None
    if isinstance(game, str):
        loaded = load_game(game)
        return loaded if isinstance(loaded, StepGame) else None
    if isinstance(game, StepGame):
        return game
    if is_spiel(game, "new_initial_state"):
        return spiel_game(game)
    if all(hasattr(game, name) for name in (*AIMA_METHODS, "initial")):
        return AimaGame(game, name=type(game).__name__)
    raise InvalidParameterError(
        f"game={show_value(game)} names no game: give a name (tic_tac_toe), a game of "
        "treeviz.rules, an aima-style Game or a pyspiel.Game"
    )


def inferred_game(board: Any) -> StepGame | None:
    """The game of a first call's state when none was named (see the module docs);
    None when it is no game state (Connect 4's position, board or move string)."""
    if is_spiel(board, "get_game"):
        return spiel_game(board.get_game())
    if state_like(board):
        return StateGame(board, name=type(board).__name__)
    return None


def accepts(game: StepGame | None) -> Callable[[Any], bool]:
    """A test of whether an argument is a state of ``game`` (of any game when None),
    for finding a traced function's state argument."""
    if game is None:
        return lambda arg: is_spiel(arg, "get_game") or state_like(arg)
    if isinstance(game, AimaGame):
        return lambda arg: _aima_state(game, arg)
    return state_like


def _aima_state(game: AimaGame, arg: Any) -> bool:
    """Whether the aima game answers ``terminal_test`` on ``arg`` (``self``, a depth or
    a flag make a course's game raise)."""
    if isinstance(arg, bool | int | float) or arg is None:
        return False
    try:
        game.game.terminal_test(arg)
    except Exception:  # a person's code refusing what is not its state
        return False
    return True


@dataclass(eq=False)
class Snap:
    """One call's state as the game holds it, and (once asked) which of its legal
    moves leads to which key."""

    node: Node
    children: dict[Hashable, int] | None = None


class GameReader:
    """Copies a call's state into a game node and finds the move between two of them
    (the counterpart of Connect 4's readers in :mod:`.instrument`)."""

    def __init__(self, game: StepGame) -> None:
        self.game = game
        self.spiel = isinstance(game, SpielGame)

    def snap(self, obj: Any) -> Snap:
        state = obj.clone() if hasattr(obj, "clone") else obj
        # OpenSpiel's states know the moves from the game's start (the root's text)
        moves = tuple(state.history()) if self.spiel else ()
        node = self.game.node(state, moves)
        return Snap(node)

    def column(self, before: Snap, after: Snap) -> int:
        """The legal action of ``before`` leading to ``after``'s key, or NO_MOVE. An
        OpenSpiel state's history names it at once: the caller's history and one
        action more (the action applied, as OpenSpiel checked it legal)."""
        if self.spiel:
            old, new = before.node.moves, after.node.moves
            return new[-1] if len(new) == len(old) + 1 and new[:-1] == old else NO_MOVE
        if before.children is None:
            before.children = {}
            for move, child in children(self.game, before.node):
                before.children.setdefault(child.key, move)
        return before.children.get(after.node.key, NO_MOVE)


def children(game: StepGame, node: Node) -> list[tuple[int, Node]]:
    """Each legal move of ``node`` with the node it leads to (the game's hooks asked
    directly: the moves are the legal ones, so ``play``'s check of each is spared)."""
    state, moves = node.state, node.moves
    return [(m, game.node(game.child(state, m), (*moves, m))) for m in game.legal_moves(node)]


def check_keyed(game: StepGame, snap: Snap) -> None:
    """:class:`InvalidParameterError` when ``game`` keys its states by the moves that
    reached them (a class with no text and no hash): a call's state could not be
    matched to its caller's move."""
    node = snap.node
    if not isinstance(game, SpielGame) and node.key == node.moves:
        raise InvalidParameterError(
            f"the states of {game.name} have no key (no __str__, not hashable): pass "
            "key= to its adapter (AimaGame or StateGame) and give it as game="
        )
