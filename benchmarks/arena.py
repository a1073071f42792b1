"""Arena throughput: games per second in this process, on 1 and 2 local Dask worker
processes, and on a localhost Dask cluster (a ``dask scheduler`` and 2 ``dask
worker`` processes), side by side in one run.

Run: ``.venv/bin/python benchmarks/arena.py [GAMES]``. Each figure is the median of
``REPEATS`` whole ``run_arena`` calls of GAMES games (default 40), every move judged
against the exact scores (the default; the ``unjudged`` row plays without it), with
start-up included: a local cluster's process start per call, the cluster's connection.
Start-up alone is timed apart. Ratios: 2 workers against 1 (scaling) and the localhost
cluster against 2 local workers (the cluster's overhead). The machine has 2 cores.
"""

from __future__ import annotations

import sys

from timing import median_time

from treeviz.arena import run_arena
from treeviz.arena.localhost import localhost_cluster
from treeviz.arena.runner import dask_client

REPEATS = 3
MATCHES = {
    "random vs alphabeta:depth=3": ["random", "alphabeta:depth=3"],
    "mcts:iterations=300 vs alphabeta:depth=3": ["mcts:iterations=300", "alphabeta:depth=3"],
}


def rate(specs: list[str], games: int, **where: object) -> float:
    """Games per second of one arena run (median over REPEATS; seeds differ per run so
    no run replays another's games)."""
    seeds = iter(range(1000))
    took = median_time(lambda: run_arena(specs, games, seed=next(seeds), **where), REPEATS)
    return games / took


def startup(**where: object) -> float:
    """Seconds to start (or connect to) and stop the workers, with no game."""

    def once() -> None:
        with dask_client(**where):  # type: ignore[arg-type]
            pass

    return median_time(once, REPEATS)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    run_arena(["random", "greedy"], 2)  # this process's kernels and book loaded
    with localhost_cluster(2) as (address, _):
        print(
            f"start-up: local 1 worker {startup(workers=1):.2f} s, 2 workers "
            f"{startup(workers=2):.2f} s, connect to the cluster "
            f"{startup(cluster=address):.2f} s"
        )
        for name, specs in MATCHES.items():
            here = rate(specs, games)
            bare = rate(specs, games, ply_seconds=0)
            w1 = rate(specs, games, workers=1, in_process=False)  # a LocalCluster of 1
            w2 = rate(specs, games, workers=2)
            cl = rate(specs, games, cluster=address)
            print(
                f"{name}, {games} games (games/s): this process {here:.2f} (unjudged "
                f"{bare:.2f}), 1 worker {w1:.2f}, 2 workers {w2:.2f}, localhost cluster "
                f"{cl:.2f}; 2 workers / 1 = {w2 / w1:.2f}x, cluster / 2 local workers = "
                f"{cl / w2:.2f}x"
            )


if __name__ == "__main__":
    main()
