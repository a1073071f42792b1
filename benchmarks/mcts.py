"""MCTS iterations per second: treeviz (trace recorded) against OpenSpiel's C++
``pyspiel.MCTSBot`` with a random-rollout evaluator, side by side in one run.

Run: ``.venv/bin/python benchmarks/mcts.py``. Medians of ``REPEATS`` runs.
"""

from __future__ import annotations

import statistics
import time

import numpy as np
import pyspiel

from treeviz.agents.registry import search
from treeviz.connect4.board import Position

REPEATS = 5
POSITIONS = {"empty board": "", "15-ply position": "444443322115566"}


def treeviz_rate(moves: str, n: int) -> float:
    pos = Position.from_moves(moves)
    times = []
    for seed in range(REPEATS):
        t = time.perf_counter()
        search(pos, "mcts", iterations=n, seed=seed)
        times.append(time.perf_counter() - t)
    return n / statistics.median(times)


def openspiel_rate(moves: str, n: int) -> float:
    game = pyspiel.load_game("connect_four")
    times = []
    for seed in range(REPEATS):
        state = game.new_initial_state()
        for ch in moves:
            state.apply_action(int(ch) - 1)
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        bot = pyspiel.MCTSBot(game, evaluator, 2**0.5, n, 10**9, False, seed, False)
        t = time.perf_counter()
        bot.step(state)
        times.append(time.perf_counter() - t)
    return n / statistics.median(times)


def main() -> None:
    search(Position(), "mcts", iterations=100, seed=0)  # compile
    np.random.seed(0)
    for name, moves in POSITIONS.items():
        ours = treeviz_rate(moves, 100_000)
        theirs = openspiel_rate(moves, 20_000)
        print(
            f"{name:16s} treeviz {ours:12,.0f} it/s   OpenSpiel C++ {theirs:10,.0f} it/s   "
            f"ratio {ours / theirs:5.1f}x"
        )


if __name__ == "__main__":
    main()
