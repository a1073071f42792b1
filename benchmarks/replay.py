"""The replay's cost per step on a 2,000,000-node trace, on the server: the trace as
it stood at the step (``trace_at``), the view's selection of it (depth 3, the newest
node's ancestors unfolded) and the entries the browser draws, as the Analyze page
builds them for every step once, when the replay is switched on (the browser then
plays the steps by itself): the whole build costs about the median times the number
of steps. At 1x a replay shows a step every ``REPLAY_SECONDS / (steps - 1)`` seconds
(0.1 s for 200 steps).

The trace is minimax to depth 8 from the empty board, cut at 2,000,000 recorded nodes
(as ``benchmarks/big_trace.py``). Run: ``.venv/bin/python benchmarks/replay.py``.
"""

from __future__ import annotations

import statistics
import time

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.dashboard.components.results.replay import step_interval
from treeviz.dashboard.components.tree_data import tree_entries
from treeviz.dashboard.components.tree_selection import selection_for
from treeviz.trace.nodes import Trace
from treeviz.trace.replay import last_descendant, steps, trace_at

NODES = 2_000_000
SAMPLES = 20  # steps timed, evenly spread over the replay


def step_cost(trace: Trace, n: int) -> float:
    """Seconds to build what the replay draws at step ``n``."""
    start = time.perf_counter()
    at = trace_at(trace, n)
    path = at.path(n - 1)
    sel = selection_for(at, 0, depth=3, top_k=None, expanded=frozenset(path[:-1]))
    tree_entries(sel)
    return time.perf_counter() - start


def main() -> None:
    trace = search(Position(), "minimax", depth=8, capacity=NODES).trace
    cut = [int(c) for c in steps(trace)]
    start = time.perf_counter()
    last_descendant(trace)
    print(
        f"{len(trace):,} nodes, {len(cut)} steps; first step's extra work "
        f"(each node's last descendant, built once): {time.perf_counter() - start:.3f} s"
    )
    picked = [*cut[:: max(1, len(cut) // SAMPLES)], cut[-1]]
    costs = [step_cost(trace, n) for n in picked]
    pace = step_interval(len(cut))
    median, worst = statistics.median(costs), max(costs)
    print(
        f"per step: median {median:.3f} s, worst {worst:.3f} s (the end: "
        f"{costs[-1]:.3f} s); a step every {pace:.3f} s at 1x"
    )
    print(
        f"switching the replay on builds all {len(cut)} steps: about "
        f"{statistics.mean(costs) * len(cut):.1f} s (the mean step times the steps); "
        "each step is then the browser's"
    )


if __name__ == "__main__":
    main()
