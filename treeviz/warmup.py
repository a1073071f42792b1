"""Compile (or load from numba's disk cache) every agent's kernels before they are timed.

``python -m treeviz.warmup`` fills the on-disk cache once after install (``make setup``
runs it), so later processes load compiled code instead of compiling. It writes the
package's Python bytecode too, which Python would otherwise compile again in every
process where ``PYTHONDONTWRITEBYTECODE`` is set (0.05-0.1 s a command). Within a
process, :func:`warm` runs an agent once on a nearly full board, so the first real
search's ``time_s`` measures the search and not the loading.
"""

from __future__ import annotations

import compileall
import sys
import threading
import time
from pathlib import Path

from treeviz.board import Position
from treeviz.search.contract import Agent

NEARLY_FULL = "76724423326731757151271355323125166645"  # 4 cells left: every agent is fast
_WARM: set[str] = set()
_LOCK = threading.Lock()  # a search waits (untimed) while another thread warms its agent


def warm(agent: Agent) -> None:
    """Run ``agent`` once with its defaults on a nearly full board (once per process)."""
    if agent.name in _WARM:
        return
    with _LOCK:
        if agent.name not in _WARM:
            agent.run(Position.from_moves(NEARLY_FULL), **agent.validate(agent.warm_params))
            _WARM.add(agent.name)


def main() -> int:
    """Warm every registered agent, saying how long each took."""
    from treeviz.book import load_book
    from treeviz.search import AGENTS

    # compileall writes bytecode whatever PYTHONDONTWRITEBYTECODE says
    compileall.compile_dir(Path(__file__).parent, quiet=1)
    load_book()
    for agent in AGENTS.values():
        t0 = time.perf_counter()
        warm(agent)
        print(f"warmed {agent.name} in {time.perf_counter() - t0:.2f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
