"""Alpha-beta: what recording the trace costs, and speed against OpenSpiel's Python
alpha-beta with the same evaluation, measured side by side in one run.

1. treeviz alpha-beta (window heuristic, centre ordering, TT), depth 9 from the empty
   board, with the trace recorded (default capacity) and with a one-node trace:
   the ratio is what recording costs per search.
2. The same search at depth 6 against ``open_spiel.python.algorithms.minimax.
   alpha_beta_search`` (pip ``open_spiel``, a peer only) whose value function is the
   same window heuristic (``treeviz.connect4.heuristics.evaluate``): nodes per second of each,
   in ROUNDS paired rounds (the median ratio is quoted).

Run: ``.venv/bin/python benchmarks/alphabeta.py`` (``make bench``). Medians of REPEATS.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from typing import Any

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.connect4.heuristics import evaluate
from treeviz.trace.nodes import NODE_DTYPE

REPEATS = 7
ROUNDS = 5


def openspiel() -> Any:
    """OpenSpiel's ``minimax`` module and ``pyspiel``, installed when missing."""
    try:
        import pyspiel
    except ImportError:
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "open_spiel"], check=True
        )
        import pyspiel
    from open_spiel.python.algorithms import minimax

    return pyspiel, minimax


def ours(depth: int, capacity: int) -> tuple[float, int]:
    """Median seconds and the node count of one alpha-beta search from the empty board."""
    times, nodes = [], 0
    for _ in range(REPEATS):
        res = search(Position(), "alphabeta", depth=depth, capacity=capacity)
        times.append(float(res.stats["time_s"]))
        nodes = int(res.stats["nodes"])
    return statistics.median(times), nodes


def theirs(depth: int) -> tuple[float, int]:
    """Seconds and node count of one OpenSpiel alpha-beta search with our evaluation."""
    pyspiel, minimax = openspiel()
    game = pyspiel.load_game("connect_four")
    count = [0]
    inner = minimax._alpha_beta

    def counted(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return inner(*args, **kwargs)

    def value(state: Any) -> float:
        pos = Position.from_moves("".join(str(a + 1) for a in state.history()))
        v = evaluate(pos, "window")  # for the side to move
        return float(v if state.current_player() == 0 else -v)

    minimax._alpha_beta = counted
    try:
        t0 = time.perf_counter()
        minimax.alpha_beta_search(
            game, maximum_depth=depth, value_function=value, maximizing_player_id=0
        )
        return time.perf_counter() - t0, count[0]
    finally:
        minimax._alpha_beta = inner


def main() -> None:
    search(Position(), "alphabeta", depth=2)  # compiled code loaded outside timings
    # recorded and bare searches alternate, the cost is the median of paired ratios
    pairs = [(ours(9, 1_000_000), ours(9, 1)) for _ in range(ROUNDS)]
    nodes = pairs[0][0][1]
    recorded = statistics.median(r[0] for r, _ in pairs)
    bare = statistics.median(b[0] for _, b in pairs)
    cost = statistics.median(r[0] / b[0] for r, b in pairs)
    print(f"alpha-beta depth 9 from the empty board: {nodes:,} nodes")
    print(
        f"  trace recorded ({NODE_DTYPE.itemsize} bytes/node): {recorded * 1e3:.1f} ms,"
        f" {nodes / recorded:,.0f} nodes/s"
    )
    print(
        f"  one-node trace: {bare * 1e3:.1f} ms; recording costs {cost:.2f}x"
        f" (median of {ROUNDS} paired rounds)"
    )
    print("alpha-beta depth 6 from the empty board, window heuristic, rounds side by side")
    ratios = []
    for k in range(ROUNDS):  # paired rounds: a ratio stays fair when the machine drifts
        t_ours, n_ours = ours(6, 1_000_000)
        t_peer, n_peer = theirs(6)
        ratios.append((n_ours / t_ours) / (n_peer / t_peer))
        print(
            f"  round {k + 1}: treeviz {n_ours:,} nodes in {t_ours * 1e3:.2f} ms"
            f" ({n_ours / t_ours:,.0f}/s); OpenSpiel Python alpha_beta_search"
            f" {n_peer:,} nodes in {t_peer:.3f} s ({n_peer / t_peer:,.0f}/s):"
            f" {ratios[-1]:.1f}x"
        )
    print(
        f"  ratio of nodes/s treeviz / OpenSpiel, median of {ROUNDS}: "
        f"{statistics.median(ratios):.1f}x"
    )


if __name__ == "__main__":
    main()
