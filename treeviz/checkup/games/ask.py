"""Asking an agent for its move on a position of any game, as the doctor does: every
reply is a move or a typed failure (a crash quoted, no move, an illegal move), with
whether the agent changed the state it was given; never an exception.

An agent is a function of one state of the game's own type (an OpenSpiel
``pyspiel.State``, Connect 4's :class:`~treeviz.connect4.board.Position`, a person's
aima-style state) returning its move, or a spec of the agents on any game
(``"alphabeta:depth=2"``). Each question gets a state of its own, rebuilt from the
position's moves, so a state one answer changed never reaches the next question.

A move is read as the game's people write it: Connect 4's a column 1..7 (its label),
an aima-style game's one of its own moves (``str`` of it is its label), another game's
an action id (OpenSpiel's), or for any game a move's label as text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from numbers import Integral
from typing import Any

from treeviz.agents.deadline import within
from treeviz.errors import AgentTimeoutError, exception_line, raised_at
from treeviz.rules.adapters import AimaGame
from treeviz.rules.base import Node
from treeviz.rules.connect4 import Connect4
from treeviz.rules.protocol import Game
from treeviz.settings import show_value

Moves = tuple[int, ...]  # a position: the action ids played from the start


@dataclass(frozen=True)
class Reply:
    """An agent's reply on the position ``moves``: its ``move`` (an action id), or
    None with the ``failure`` (``crash``, ``no-move``, ``illegal-move``, ``timeout``) and its
    ``text``; a crash's ``where`` (``file.py:12``); ``changed``: what the state it was
    given looked like before the call and after, when the call changed it (else "")."""

    moves: Moves
    move: int | None
    failure: str = ""
    text: str = ""
    where: str = ""
    changed: str = ""


def replay(game: Game[Any], moves: Moves) -> Any:
    """The protocol's state after ``moves`` from the start (each move legal)."""
    state = game.initial()
    for move in moves:
        state = game.play(state, move)
    return state


def own(state: Any) -> Any:
    """The state as the game's own code holds it (what a person's agent is given)."""
    return state.state if isinstance(state, Node) else state


def snapshot(state: Any) -> str:
    """What a state looks like from outside, to tell whether a call changed it: its
    text, its history where it keeps one (an OpenSpiel state), its move string (a
    Connect 4 position)."""
    parts = [str(state)]
    for name in ("history", "moves_string"):
        method = getattr(state, name, None)
        if callable(method):
            parts.append(str(method()))
    return "\n".join(parts)


Player = Callable[[Any], Any]  # the protocol's state -> a move as read_move reads it


def player_of(game: Game[Any], agent: Any, seconds: float | None = None) -> Player:
    """How to ask ``agent``: a person's function is given the game's own state and,
    with ``seconds``, answers within them (else :class:`AgentTimeoutError`, its code
    asked to stop: :mod:`treeviz.agents.deadline`); a spec of the agents on any game is
    searched on the protocol's state and answers its move's label. The spec is checked
    now (:class:`~treeviz.errors.InvalidParameterError` quoting it)."""
    if callable(agent):
        if seconds is None:
            return lambda state: agent(own(state))
        late = f"gave no answer within {seconds:g} s"
        return lambda state: within(seconds, lambda: agent(own(state)), late)
    from treeviz.agents.any_game.registry import game_spec, search_game

    spec = game_spec(agent)
    shift = 1 if isinstance(game, Connect4) else 0  # search_game says Connect 4's column

    def ours(state: Any) -> str:
        return game.label(state, search_game(game, state, spec).move - shift)

    return ours


def ask(game: Game[Any], player: Player, moves: Moves) -> Reply:
    """The reply of ``player`` on the position after ``moves`` (a fresh state of its
    own); whatever its code raises is a ``crash`` reply quoting it, no answer in time
    a ``timeout`` one."""
    state = replay(game, moves)
    before = snapshot(own(state))
    try:
        out = player(state)
    except AgentTimeoutError as exc:
        return Reply(moves, None, "timeout", str(exc))
    except Exception as exc:
        return Reply(moves, None, "crash", exception_line(exc), raised_at(exc))
    after = snapshot(own(state))
    changed = "" if after == before else f"{show_value(before)} became {show_value(after)}"
    move, failure, text = read_move(game, replay(game, moves), out)
    return Reply(moves, move, failure, text, changed=changed)


def read_move(game: Game[Any], state: Any, out: Any) -> tuple[int | None, str, str]:
    """The legal move ``out`` names at ``state`` (see the module docstring), or None
    with the failure and a sentence quoting ``out``."""
    labels = {game.label(state, m): m for m in game.legal_moves(state)}
    if out is None:
        return None, "no-move", "returned None, no move"
    by_label = isinstance(game, Connect4 | AimaGame) or isinstance(out, str)
    if by_label and str(out).strip() in labels:
        return labels[str(out).strip()], "", ""
    number = isinstance(out, Integral) and not isinstance(out, bool)
    if not by_label and number and int(out) in labels.values():
        return int(out), "", ""
    shown = ", ".join(list(labels)[:12])
    return None, "illegal-move", f"returned {show_value(out)}, not a legal move (legal: {shown})"
