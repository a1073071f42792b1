"""What the game's own rules say of a position, one and two plies deep, by brute force:
the moves that win at once, and the moves after which the game is lost at once (the
mover's own move ends it lost, or the opponent has a move that wins at once).

Nothing here needs a solver or a heuristic: a correct search of two plies never misses
a win at once and never leaves a loss in one unblocked when a move blocks it, so these
are the black-box checks' oracle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from treeviz.rules.protocol import NOBODY, Game


@dataclass(frozen=True)
class Facts:
    """One position's ``legal`` moves, those that ``win`` at once, and for each move
    that loses at once the opponent's reply that wins (``losing``; -1: the move itself
    ends the game lost)."""

    legal: tuple[int, ...]
    wins: frozenset[int]
    losing: dict[int, int]

    @property
    def must_block(self) -> bool:
        """No win at once, some move loses at once and another does not."""
        return not self.wins and 0 < len(self.losing) < len(self.legal)


def won(game: Game[Any], state: Any, player: int) -> bool:
    """Whether the game is over at ``state`` with ``player`` ahead."""
    out = game.outcome(state)
    return out is not None and out[player] > out[1 - player]


def winning_reply(game: Game[Any], state: Any, player: int) -> int | None:
    """A move of ``player``, to move at ``state``, that wins at once (None: none, or
    another player moves)."""
    if game.to_move(state) != player:
        return None
    wins = (m for m in game.legal_moves(state) if won(game, game.play(state, m), player))
    return next(wins, None)


def facts(game: Game[Any], state: Any) -> Facts:
    """The :class:`Facts` of ``state`` (a position that is not over)."""
    me = game.to_move(state)
    legal = tuple(game.legal_moves(state))
    wins, losing = set(), {}
    for move in legal:
        after = game.play(state, move)
        if won(game, after, me):
            wins.add(move)
            continue
        if won(game, after, 1 - me):
            losing[move] = -1
            continue
        them = game.to_move(after)
        reply = None if them in (NOBODY, me) else winning_reply(game, after, them)
        if reply is not None:
            losing[move] = reply
    return Facts(legal, frozenset(wins), losing)
