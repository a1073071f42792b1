"""Compile (or load from numba's disk cache) every agent's kernels before they are timed.

``python -m treeviz.warmup`` fills the on-disk cache once after install (``make setup``
runs it), so later processes load compiled code instead of compiling. It writes the
package's Python bytecode too, which Python would otherwise compile again in every
process where ``PYTHONDONTWRITEBYTECODE`` is set (0.05-0.1 s a command). Within a
process, :func:`~treeviz.agents.contract.warm` runs an agent once on a nearly full
board, so the first real search's ``time_s`` measures the search and not the loading.
"""

from __future__ import annotations

import compileall
import sys
import time
from collections.abc import Callable
from pathlib import Path

from treeviz.agents.contract import NEARLY_FULL, warm
from treeviz.agents.registry import AGENTS, search
from treeviz.connect4.board import Position
from treeviz.draw.icicle import icicle_data
from treeviz.exact.book import load_book
from treeviz.exact.scores import solve_many
from treeviz.id3 import fit, parse_table
from treeviz.settings import DEFAULT_AGENT
from treeviz.trace.files import dumps, loads
from treeviz.trace.values import heuristic_range


def warm_order() -> list[str]:
    """The agents, those a first visit needs first: the exact solver (every page shows
    exact scores), then the default agent, then the rest in registry order."""
    first = ["solver", DEFAULT_AGENT.default]
    return [*first, *(name for name in list(AGENTS) if name not in first)]


def warm_everything(report: Callable[[str, float], None] | None) -> None:
    """Load (or compile) everything compiled that treeviz runs; ``report(name,
    seconds)`` after each agent."""
    load_book()
    for name in warm_order():
        agent = AGENTS.get(name)  # tests may register and drop agents meanwhile
        if agent is None:
            continue
        t0 = time.perf_counter()
        warm(agent)
        if report is not None:
            report(name, time.perf_counter() - t0)
    solve_many([Position.from_moves(NEARLY_FULL)])  # ``solve``'s batches
    fit(parse_table("n,c,y\n1,a,p\n2,b,q\n3,a,q\n", name="warm-up"))  # ID3's split search
    # the trace reader's compiled check, which every file read runs; the icicle's layout;
    # the passes every result's page makes (colour scale, each column's subtree)
    trace = search(Position.from_moves(NEARLY_FULL), "random").trace
    loads(dumps(trace))
    icicle_data(trace)
    heuristic_range(trace)
    trace.root_children()


def main() -> int:
    """Warm every registered agent, saying how long each took."""
    # compileall writes bytecode whatever PYTHONDONTWRITEBYTECODE says
    compileall.compile_dir(Path(__file__).parent, quiet=1)
    warm_everything(lambda name, s: print(f"warmed {name} in {s:.2f} s", file=sys.stderr))
    return 0


if __name__ == "__main__":
    sys.exit(main())
