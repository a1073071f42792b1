"""Time to render tree diagrams: treeviz's exporter against networkx's generic
``to_agraph`` conversion of the same selection, laid out by the same bundled Graphviz.

Run: ``.venv/bin/python benchmarks/export.py``. Medians of ``REPEATS`` runs; the
selections are whole MCTS trees from the empty board (one node per iteration).
"""

from __future__ import annotations

import networkx as nx
from timing import median_time

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.draw.export import ExportOptions, export_bytes, selection_of
from treeviz.draw.view import selection_graph
from treeviz.trace.nodes import Trace

REPEATS = 3
SIZES = (100, 500, 2000)
ALL = ExportOptions(depth=None)


def networkx_render(trace: Trace, fmt: str) -> bytes:
    """The peer: networkx's DiGraph -> AGraph conversion, then the same engine."""
    graph = nx.nx_agraph.to_agraph(selection_graph(selection_of(trace, ALL)))
    data: bytes = graph.draw(format=fmt, prog="dot")
    return data


def main() -> None:
    for size in SIZES:
        trace = search(Position(), "mcts", iterations=size - 1, seed=1).trace
        n = len(selection_of(trace, ALL))
        for fmt in ("svg", "png"):
            ours = median_time(lambda t=trace, f=fmt: export_bytes(t, f, ALL), REPEATS)  # type: ignore[misc]
            peer = median_time(lambda t=trace, f=fmt: networkx_render(t, f), REPEATS)  # type: ignore[misc]
            print(
                f"{n:5d} nodes {fmt}  treeviz {ours:6.3f} s   networkx.to_agraph {peer:6.3f} s"
                f"   ratio {peer / ours:4.2f}x"
            )


if __name__ == "__main__":
    main()
