"""The node panels a tree view sends with a result (one per node drawn: the node's
board, facts and children table), built as the dashboard builds them, beside a peer
in the same run: the same children tables made through a pandas data frame first, as
they were before 8184e15 (the words sent are the same; tests/dashboard/test_panel_tables.py).

Traces: MCTS of 10,000 iterations, alpha-beta at depth 6 and minimax at depth 4 on
``4453``; the first VIEW_MAX_NODES nodes, the most a view draws. Run:
``.venv/bin/python benchmarks/panels.py``. Medians of REPEATS."""

from __future__ import annotations

import statistics
import time
from typing import Any

import pandas as pd

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.dashboard.components import tree_data
from treeviz.dashboard.components.node_tables import children_columns
from treeviz.settings import VIEW_MAX_NODES

REPEATS = 7
SPECS = ("mcts:iterations=10000,seed=1", "alphabeta:depth=6", "minimax:depth=4")


def through_a_frame(trace: Any, node: int, exact: Any = None) -> pd.DataFrame:
    """The peer: the children's columns made into a data frame, which the panel reads."""
    return pd.DataFrame(children_columns(trace, node, exact))


def timed(trace: Any, nodes: list[int]) -> float:
    """Seconds to build the panels of ``nodes``."""
    start = time.perf_counter()
    for node in nodes:
        tree_data.node_panel(trace, node, exact_on=False)
    return time.perf_counter() - start


def main() -> None:
    for spec in SPECS:
        trace = search(Position.from_moves("4453"), spec).trace
        nodes = list(range(min(len(trace), VIEW_MAX_NODES)))
        ours, peer = [], []
        for _ in range(REPEATS):  # alternated, so that the machine's load falls on both
            ours.append(timed(trace, nodes))
            tree_data.children_columns = through_a_frame  # type: ignore[assignment]
            peer.append(timed(trace, nodes))
            tree_data.children_columns = children_columns
        a, b = statistics.median(ours), statistics.median(peer)
        print(
            f"{spec:30s} {len(nodes):4d} panels: columns {a * 1000:6.1f} ms, "
            f"through a frame {b * 1000:6.1f} ms ({b / a:4.1f}x)"
        )


if __name__ == "__main__":
    main()
