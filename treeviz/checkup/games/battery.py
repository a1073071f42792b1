"""The positions the doctor asks on any game: a seeded set from random games, by kind
(a win at once to take, a loss in one to block, any other), and the smaller positions
a finding is shrunk through.

Positions are the moves (action ids) from the start, so a smaller one is the same
list with moves dropped, replayed by the game's own rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from treeviz.checkup.games.ask import Moves, replay
from treeviz.checkup.games.facts import Facts, facts
from treeviz.checkup.shrink import dropped_pairs
from treeviz.errors import IllegalMoveError
from treeviz.rules.protocol import Game

KINDS = ("win-now", "must-block", "other")
GAMES_PER_POSITION = 4  # random games played per position wanted, at most


def kind_of(found: Facts) -> str:
    """The kind of a position with these facts (:data:`KINDS`)."""
    if found.wins:
        return "win-now"
    return "must-block" if found.must_block else "other"


class Battery:
    """The facts of the positions met, kept by their moves (asked once each)."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.known: dict[Moves, Facts] = {}

    def facts(self, moves: Moves, state: Any = None) -> Facts:
        """The :class:`Facts` of the position after ``moves`` (``state``: it, if known)."""
        if moves not in self.known:
            at = replay(self.game, moves) if state is None else state
            self.known[moves] = facts(self.game, at)
        return self.known[moves]

    def positions(self, per_kind: int, seed: int) -> list[Moves]:
        """Up to ``per_kind`` positions of each kind from seeded random games (every
        unfinished position of each game, in play order, until each kind is full or
        :data:`GAMES_PER_POSITION` games a position were played)."""
        rng = random.Random(seed)
        chosen: dict[str, list[Moves]] = {k: [] for k in KINDS}
        for _ in range(GAMES_PER_POSITION * per_kind):
            for moves, state in self.random_game(rng):
                kind = kind_of(self.facts(moves, state))
                if len(chosen[kind]) < per_kind and moves not in chosen[kind]:
                    chosen[kind].append(moves)
            if all(len(v) >= per_kind for v in chosen.values()):
                break
        return [m for k in KINDS for m in chosen[k]]

    def random_game(self, rng: random.Random) -> Iterator[tuple[Moves, Any]]:
        """The unfinished positions of one random game, with their states."""
        game, state = self.game, self.game.initial()
        moves: Moves = ()
        while legal := game.legal_moves(state):
            yield moves, state
            move = rng.choice(legal)
            state, moves = game.play(state, move), (*moves, move)

    def smaller(self, moves: Moves, rng: random.Random) -> Iterator[Moves]:
        """Positions two moves shorter than ``moves`` that the rules reach, unfinished,
        with the same player to move (:func:`~treeviz.checkup.shrink.dropped_pairs`)."""
        mover = self.game.to_move(replay(self.game, moves))
        for i, j in dropped_pairs(len(moves), rng):
            cand = moves[:i] + moves[i + 1 : j] + moves[j + 1 :]
            try:
                state = replay(self.game, cand)
            except IllegalMoveError:
                continue
            if self.game.legal_moves(state) and self.game.to_move(state) == mover:
                yield cand
