"""Shared test helpers: the exact-score data files beside the checkout."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "positions"


def data_lines(name: str) -> list[tuple[str, list[int]]]:
    """(moves, scores) per line of ``shared/data/positions/<name>``."""
    out = []
    for line in (DATA / name).read_text().splitlines():
        moves, *scores = line.split()
        out.append((moves, [int(s) for s in scores]))
    return out


# Small settings per agent so a test can run every agent on a position quickly.
QUICK = {
    "random": "random:seed=3",
    "greedy": "greedy",
    "astar": "astar:max_nodes=300",
    "minimax": "minimax:depth=2",
    "alphabeta": "alphabeta:depth=4",
    "mcts": "mcts:iterations=300,seed=2",
    "solver": "solver",
}
