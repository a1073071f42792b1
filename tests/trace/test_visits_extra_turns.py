"""MCTS's replay recounts visits and results from the iteration log; in a game where one
player may move twice in a row (checkers' multiple jumps, a course's extra turns) the
result a parent gets is its child's unchanged where the same player moved into both.
The recount assumed players alternate every ply and flipped it at every step."""

from __future__ import annotations

from collections import namedtuple
from typing import Any

import numpy as np
import pytest

import treeviz
from treeviz.rules.adapters import AimaGame
from treeviz.trace.replay import trace_at

Sticks = namedtuple("Sticks", "to_move left last")


class ExtraTurn:
    """Take 1 or 2 sticks, who takes the last one wins; who takes 2 moves again."""

    initial = Sticks("A", 7, None)

    def actions(self, state: Sticks) -> list[int]:
        return [n for n in (1, 2) if n <= state.left]

    def result(self, state: Sticks, move: int) -> Sticks:
        other = "B" if state.to_move == "A" else "A"
        return Sticks(state.to_move if move == 2 else other, state.left - move, state.to_move)

    def terminal_test(self, state: Sticks) -> bool:
        return state.left == 0

    def utility(self, state: Sticks, player: str) -> int:
        return 1 if state.last == player else -1

    def to_move(self, state: Sticks) -> str:
        return state.to_move


def mover_into(game: AimaGame, trace: Any, node: int) -> int | None:
    """The player who moved into ``node``, read from the game's own ``to_move`` of its
    parent's state (None at the root)."""
    parent = int(trace.nodes["parent"][node])
    return None if parent < 0 else game.to_move(trace.state(parent, game))


def brute_sums(game: AimaGame, trace: Any, root_player: int) -> np.ndarray:
    """Each node's sum of results for the player who moved into it, from the log: the
    playout's result walked up the path, each node's mover read from the game."""
    sums = np.zeros(len(trace))
    movers = [mover_into(game, trace, i) for i in range(len(trace))]
    movers[0] = 1 - root_player  # the root's sum is the other side's, as stored
    for leaf, _, _, twice in trace.extra["log"]:
        winner = movers[leaf] if twice == 2 else 1 - movers[leaf]  # no draws in this game
        node = leaf
        while node >= 0:
            sums[node] += 1.0 if movers[node] == winner else 0.0
            node = int(trace.nodes["parent"][node])
    return sums


@pytest.mark.parametrize("seed", [1, 2])
def test_replay_reads_who_moved_from_the_trace(seed: int) -> None:
    game = AimaGame(ExtraTurn(), name="extra turn")
    res = treeviz.search_game(game, None, f"mcts:iterations=200,seed={seed}")
    trace = res.trace
    moved_twice = sum(
        mover_into(game, trace, int(trace.nodes["parent"][i])) == mover_into(game, trace, i)
        for i in range(1, len(trace))
        if trace.nodes["parent"][i] > 0
    )
    assert moved_twice > 0, "no node where a player moved twice: the test shows nothing"
    expected = brute_sums(game, trace, game.to_move(game.initial()))
    assert np.allclose(trace.nodes["value_sum"], expected)  # the search's own sums
    replayed = trace_at(trace, len(trace))
    assert np.array_equal(replayed.nodes["visits"], trace.nodes["visits"])
    assert np.allclose(replayed.nodes["value_sum"], expected)
