"""A game's states as a search walks them: the game's own values, asked through bare
functions, without the checks and copies the protocol keeps for callers it cannot
trust (python-chess's unchecked ``push()`` beside its checked parsing).

A search walks thousands of states a second and asks each the same few questions; the
protocol answers them through a node object, a legality check on every move and a
fresh list of moves each time, which cost OpenSpiel's games several times what the
game itself spends. :class:`Steps` are those questions on the raw states, bound once
per search. A game may offer them as ``steps(state)``; any other game's are its
protocol methods (:func:`steps_of`).

Contracts (the caller keeps them; nothing is checked):

- ``mover(raw)``: the player to move, 0 or 1; a negative number once the game is over.
- ``returns(raw)``: the returns of players 0 and 1 of a finished state only.
- ``actions(raw)``: the legal moves of a state that is not over, in the protocol's
  order; the caller never changes the sequence.
- ``child(raw, move)``: the state after a legal ``move``; ``raw`` is left as it was.
- ``key(raw, path)``: the protocol's key of the state that ``path`` (the moves from
  the search's start) reached.
- ``wrap(raw, path)``: that state as the protocol's state, for a person's heuristic
  and for everything outside the search.
- ``paths``: whether ``key`` reads its ``path`` (when not, a search without a
  heuristic need not keep one).
- ``in_place``: for a game that can take a move back exactly (:class:`InPlace`), the
  moves played on one state and taken back, else None. A child made by ``child``
  copies the whole state (OpenSpiel's ``child`` is a clone and a move), which costs
  tic-tac-toe's and Breakthrough's searches about half their time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from treeviz.rules.protocol import Game

Path = Sequence[int]


@dataclass(frozen=True)
class InPlace:
    """Moves played on a state and taken back, for a walk that visits one child at a
    time: ``play(raw, move)`` plays a legal ``move`` on ``raw`` itself, ``undo(raw,
    player, move)`` takes back the ``move`` that ``player`` played last, leaving the
    state exactly as it was; ``copy(raw)`` is a state of the walk's own to play on
    (the start is the caller's, and a stopped search leaves its copy mid-game)."""

    play: Callable[[Any, int], object]
    undo: Callable[[Any, int, int], object]
    copy: Callable[[Any], Any]


@dataclass(frozen=True)
class Steps:
    """The walk of one search from ``start`` (a raw state); see the module docstring."""

    start: Any
    mover: Callable[[Any], int]
    returns: Callable[[Any], Sequence[float]]
    actions: Callable[[Any], Sequence[int]]
    child: Callable[[Any, int], Any]
    key: Callable[[Any, Path], Hashable]
    wrap: Callable[[Any, Path], Any]
    paths: bool = True
    in_place: InPlace | None = None


def steps_of(game: Game[Any], state: Any) -> Steps:
    """The walk from ``state`` (the protocol's): the game's own ``steps`` when it has
    them, else its protocol methods, its states being their own raw states."""
    own = getattr(game, "steps", None)
    if own is not None:
        return own(state)
    return Steps(
        start=state,
        mover=game.to_move,
        returns=game.outcome,  # type: ignore[arg-type]
        actions=game.legal_moves,
        child=game.play,
        key=lambda raw, path: game.key(raw),
        wrap=lambda raw, path: raw,
        paths=False,
    )
