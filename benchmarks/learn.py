"""Learn by doing: how long the exercises take to make, at the largest settings the
Learn page offers (the page makes them on a click, so they should take a moment).

1. Predict the search: ``treeviz.predict`` on the empty board and on ``4453`` (the
   search and its questions), for minimax and alpha-beta at depth 4, MCTS at 200
   iterations and A* at 400 nodes; the number of questions each asks.
2. Alpha-beta by hand: a real position's tree at depth 3 (``position_tree``) and its
   sheet and answer key rendered as SVG and PDF.

Run: ``.venv/bin/python benchmarks/learn.py``. Medians of REPEATS, after one warm run.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from treeviz.learn.hand import position_tree
from treeviz.learn.predict import predict
from treeviz.learn.sheet import sheet

REPEATS = 5
SEARCHES = (
    "minimax:depth=4,ordering=left,tt=false",
    "alphabeta:depth=4,ordering=centre,tt=false",
    "mcts:iterations=200,seed=1",
    "astar:max_nodes=400",
)


def median_s(make: Callable[[], Any]) -> tuple[float, Any]:
    """(median seconds of ``make()`` over REPEATS after a warm run, its last result)."""
    out = make()
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        out = make()
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


def main() -> None:
    for moves in ("", "4453"):
        for spec in SEARCHES:
            seconds, session = median_s(lambda m=moves, s=spec: predict(m, s))
            asked, nodes = len(session.questions), len(session.trace)
            print(
                f"predict {moves or '(empty)':7} {spec:44} {seconds * 1000:7.1f} ms  "
                f"{asked:5} questions, {nodes:5} nodes"
            )
    seconds, tree = median_s(lambda: position_tree("4453", 3))
    print(f"position_tree 4453 depth 3             {seconds * 1000:7.1f} ms  {len(tree)} nodes")
    for fmt in ("svg", "pdf"):
        for key in (False, True):
            seconds, data = median_s(lambda f=fmt, k=key: sheet(tree, f, k))
            what = "key  " if key else "sheet"
            print(
                f"{what} {fmt}                             {seconds * 1000:7.1f} ms  "
                f"{len(data):,} bytes"
            )


if __name__ == "__main__":
    main()
