"""OpenSpiel's games behind the protocol: any registered game that is sequential,
deterministic, of perfect information, for two players and zero-sum, loaded by name
with its parameters (``"hex(board_size=5)"``, OpenSpiel's own syntax).

OpenSpiel (``pip install 'treeviz-c4[games]'``) is imported when a game is loaded, so
the base install and every Connect 4 path never load it (nor the SciPy it brings).

- Moves are OpenSpiel's action ids; labels its action strings (``"x(1,1)"``, ``"d3"``,
  ``"a3b4"``, ``"pile:2, take:3;"``).
- Position text: the moves from the start by label, one space apart; read back from
  labels or action ids apart by spaces, commas, semicolons or new lines, so OpenSpiel's
  ``state.serialize()`` (one id a line) and ``serialize_game_and_state`` both load.
- Key: the player to move and OpenSpiel's state string (the board as the game prints
  it), so a transposition has one key. It leaves out what a game keeps beside its board
  (checkers' count of moves since a capture, which only its draw rule reads).
- A search plays moves on one state and takes them back (``undo_action``) in the games
  of :data:`UNDOES`; the others cannot (Connect 4, Othello and Hex have no
  ``undo_action``) or not always (checkers' fails after some jumps).
"""

from __future__ import annotations

import difflib
import importlib
import random
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

from treeviz.errors import GameError
from treeviz.rules import boards
from treeviz.rules.adapters import StateGame
from treeviz.rules.base import Node
from treeviz.rules.steps import InPlace, Steps
from treeviz.settings import show_value

INSTALL = "pip install 'treeviz-c4[games]'"
# OpenSpiel's games whose undo_action restores every state it follows (tested over
# random games in tests/rules/test_rules_steps.py), by the name before any parameters
UNDOES = frozenset({"tic_tac_toe", "nim", "breakthrough", "clobber", "mnk"})
# OpenSpiel's games whose rules leave no draw (its game type does not say), by name:
# Hex and Y (a full board always holds one connection), Nim (someone takes the last
# token), Clobber and Amazons (the player left without a move loses), Breakthrough (the
# most advanced piece always has a diagonal step or capture, every move goes forward,
# and the game ends only when a side reaches the far row or has lost every piece)
NEVER_DRAWN = frozenset({"hex", "y", "nim", "clobber", "amazons", "breakthrough"})
# A game OpenSpiel loads is played this far, at random, before it is searched: OpenSpiel
# accepts parameters it cannot play (below); a few thousand plies cost well under a
# second even on the largest boards
PLAYED_PLIES = 2_000


def import_pyspiel() -> Any:
    """OpenSpiel's module; :class:`GameError` saying how to install it when missing."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError as exc:
        raise GameError(f"OpenSpiel's games need OpenSpiel: {INSTALL}") from exc


def unsuitable(kind: Any, players: int, pyspiel: Any) -> str:
    """Why a game of type ``kind`` cannot be searched here ('' when it can)."""
    gt = pyspiel.GameType
    wanted = (
        (players == 2, "for two players"),
        (kind.dynamics == gt.Dynamics.SEQUENTIAL, "sequential"),
        (kind.chance_mode == gt.ChanceMode.DETERMINISTIC, "deterministic"),
        (kind.information == gt.Information.PERFECT_INFORMATION, "of perfect information"),
        (kind.utility == gt.Utility.ZERO_SUM, "zero-sum"),
    )
    return ", ".join(why for ok, why in wanted if not ok)


def known(name: str, pyspiel: Any) -> None:
    """:class:`GameError` for a name OpenSpiel does not know, with the nearest names it
    does (asked before loading: OpenSpiel writes its whole list of games to the
    terminal's stderr when asked for an unknown one)."""
    names = pyspiel.registered_names()
    if name not in names:
        near = difflib.get_close_matches(name, names, n=3)
        hint = f": did you mean {', '.join(near)}?" if near else ""
        raise GameError(f"OpenSpiel has no game {show_value(name)}{hint}")


class SpielGame(StateGame):
    """One loaded OpenSpiel game (see the module docstring)."""

    def __init__(self, spec: str) -> None:
        pyspiel = import_pyspiel()
        known(spec.split("(", 1)[0].strip(), pyspiel)
        try:
            game = pyspiel.load_game(spec)
        except pyspiel.SpielError as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else "no reason given"
            raise GameError(f"OpenSpiel cannot load {show_value(spec)}: {first}") from None
        missing = unsuitable(game.get_type(), game.num_players(), pyspiel)
        if missing:
            raise GameError(f"{show_value(spec)} cannot be searched here: it is not {missing}")
        refuse_unplayable(game, spec)
        super().__init__(game.new_initial_state(), name=spec)
        self.game = game
        self.undoes = game.get_type().short_name in UNDOES
        self.can_draw = game.get_type().short_name not in NEVER_DRAWN

    def state_key(self, state: Any, moves: tuple[int, ...]) -> Hashable:
        return (state.current_player(), str(state))

    def steps(self, node: Node) -> Steps:
        """OpenSpiel's own methods, unbound once: ``current_player`` is negative once
        the game is over (it answers both questions in one call), ``child`` copies
        and plays in one call, and its lists of actions are ints already."""
        kind = type(node.state)
        in_place = InPlace(kind.apply_action, kind.undo_action, kind.clone)
        return replace(
            super().steps(node),
            mover=kind.current_player,
            returns=kind.returns,
            actions=kind.legal_actions,
            child=kind.child,
            key=lambda state, path: (state.current_player(), str(state)),
            paths=False,
            in_place=in_place if self.undoes else None,
        )

    def board(self, node: Node) -> str:
        return boards.draw(self.game, node.state)


def refuse_unplayable(game: Any, spec: str) -> None:
    """:class:`GameError` for a game OpenSpiel loads but cannot play: a negative size
    (``hex(board_size=-3)`` names its cells ``a0`` and ``c-1``), or a position that is
    not over with no legal move (``hex(board_size=0)`` and ``clobber(rows=1,columns=1)``
    at the start, ``hex(board_size=1)`` once its one cell is taken), found by playing
    one game at random (at most :data:`PLAYED_PLIES` plies)."""
    params = game.get_parameters()
    negative = [f"{k}={v}" for k, v in params.items() if type(v) is int and v < 0]
    if negative:
        raise GameError(f"{show_value(spec)} cannot be searched here: {negative[0]} is negative")
    state, rng = game.new_initial_state(), random.Random(0)
    for ply in range(PLAYED_PLIES):
        if state.is_terminal():
            return
        moves = state.legal_actions()
        if not moves:
            moves_played = f"{ply} move" + ("s" if ply > 1 else "")
            where = "at the start" if ply == 0 else f"after {moves_played} played at random"
            raise GameError(
                f"{show_value(spec)} cannot be searched here: OpenSpiel's game has a "
                f"position that is not over and has no legal move ({where})"
            )
        state.apply_action(rng.choice(moves))
