"""A trace of any game as the inside checks read it: each node's state replayed by the
game's rules from the root, its side, its outcome, its value as a number for its side
(a person's traced numbers read back from their ranks), its window and its children.

The trace form is the one the agents on any game and a person's traced search on any
game write (:mod:`treeviz.agents.any_game.tree`): values for the node's side (the
player to move there; at a finished node the player who did not make the last move),
``alpha``/``beta`` for that side where the search had a window, ``visits`` and
``value_sum`` (for the player who moved into the node) where it came back to nodes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from treeviz.agents.any_game.tree import side_of
from treeviz.checkup.node_tree import numbers
from treeviz.rules.protocol import NOBODY, Game
from treeviz.trace.nodes import TT_HIT, Trace
from treeviz.trace.values import user_centre


class GameTree:
    """The arrays and states of a trace of ``game`` (default: the game it names)."""

    def __init__(self, trace: Trace, game: Game[Any] | None = None) -> None:
        self.trace = trace
        self.game = trace.rules() if game is None else game
        nodes = trace.nodes
        self.n = n = len(trace)
        self.parent = nodes["parent"].astype(np.int64)
        self.move = nodes["move"].astype(np.int64)
        user = trace.kind.base == "user"
        table = trace.extra.get("user_values") if user else None
        self.value = numbers(nodes["value"], table) + (user_centre(trace) if user else 0.0)
        nan = np.full(n, np.nan)
        self.alpha = numbers(nodes["alpha"], table) if trace.windowed else nan
        self.beta = numbers(nodes["beta"], table) if trace.windowed else nan
        self.kids: list[list[int]] = [[] for _ in range(n)]
        self.states: list[Any] = [self.game.from_text(trace.root_moves)]
        self.sides = [self.game.to_move(self.states[0])]
        for i in range(1, n):  # parents come before their children
            p = int(self.parent[i])
            self.kids[p].append(i)
            self.states.append(self.game.play(self.states[p], int(self.move[i])))
            self.sides.append(side_of(self.game, self.states[i], self.sides[p]))
        self.outcomes = [self.game.outcome(s) for s in self.states]
        self.complete = not trace.truncated

    def over(self, node: int) -> bool:
        return self.outcomes[node] is not None

    def result(self, node: int) -> float:
        """The finished game's return for the node's side (its sign: won, drawn, lost)."""
        out = self.outcomes[node]
        assert out is not None
        return float(out[self.sides[node]])

    def mover(self, node: int) -> int:
        """The player to move at ``node`` (:data:`NOBODY` once the game is over)."""
        return self.game.to_move(self.states[node])

    def backed(self, node: int, kid: int) -> float:
        """``kid``'s value as ``node``'s side sees it."""
        value = float(self.value[kid])
        return value if self.sides[kid] == self.sides[node] else -value

    def best(self, node: int) -> float:
        """The best of ``node``'s children's values for its side (NaN: a child unvalued
        or none)."""
        found = [self.backed(node, k) for k in self.kids[node]]
        return max(found) if found and not np.isnan(found).any() else np.nan

    def evaluated(self) -> tuple[float, float] | None:
        """The lowest and highest value of the unfinished leaves (what the search's
        evaluation gave; None: it evaluated none), but those a transposition table
        answered (their values may be decided results)."""
        table = (self.trace.nodes["flags"] & TT_HIT) != 0
        found = [
            float(self.value[k])
            for k in range(self.n)
            if not (self.kids[k] or self.over(k) or table[k] or np.isnan(self.value[k]))
        ]
        return (min(found), max(found)) if found else None

    def unsearched(self, node: int) -> list[int]:
        """The legal moves at ``node`` with no recorded child."""
        done = {int(self.move[k]) for k in self.kids[node]}
        return [m for m in self.game.legal_moves(self.states[node]) if m not in done]

    def wins_at_once(self, node: int, moves: list[int]) -> bool:
        """Whether one of ``moves`` ends the game won for the side to move at ``node``."""
        me = self.mover(node)
        if me == NOBODY:
            return False
        for m in moves:
            out = self.game.outcome(self.game.play(self.states[node], m))
            if out is not None and out[me] > out[1 - me]:
                return True
        return False

    def moves_to(self, node: int) -> list[int]:
        """The moves (action ids) from the root to ``node``."""
        return [int(self.move[k]) for k in self.trace.path(node)[1:]]
