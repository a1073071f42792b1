"""How long a checkup takes, against the agent's own thinking time on the same
positions.

Run: ``.venv/bin/python benchmarks/doctor.py [POSITIONS_PER_KIND]`` (default 40). The
agent is a person's file that thinks 0.1 s a move (a sleep beside a two-ply search)
and never keeps column 1, so the doctor has bugs to prove and positions to shrink.
Side by side in one run: the agent alone answering the battery's positions (the
floor: no checkup can take less), then the whole checkup with one worker (in this
process) and with two local workers (Dask), each with its ratio to the floor; each
checkup as a server's first (its battery of positions made, not taken from the cache).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from treeviz.checkup import battery
from treeviz.checkup.ask import ask
from treeviz.checkup.run import checkup

AGENT = """
import math, time

def _value(pos, depth):
    if pos.winner():
        return -1000 - depth
    if pos.is_full() or depth == 0:
        return 0
    best = -math.inf
    for c in pos.legal_moves():
        child = pos.copy(); child.play(c)
        best = max(best, -_value(child, depth - 1))
    return best

def choose(pos):
    time.sleep(0.1)  # a person's search that takes a tenth of a second
    best, best_col = -math.inf, None
    for c in pos.legal_moves():
        child = pos.copy(); child.play(c)
        v = -_value(child, 1)
        if v > best or not best_col:  # the bug: column index 0 is never kept
            best, best_col = v, c
    return best_col + 1
"""


def main() -> None:
    per_kind = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "slow_agent.py"
        path.write_text(AGENT)
        spec = f"{path}:choose"
        probes = battery.make_battery(per_kind)
        t0 = time.perf_counter()
        for p in probes:
            ask(spec, p.moves, 2.0)
        floor = time.perf_counter() - t0
        print(f"{len(probes)} positions ({per_kind} per kind), the agent alone: {floor:.1f} s")
        for workers in (1, 2):
            battery._made.cache_clear()  # a first checkup: its battery made, not cached
            t0 = time.perf_counter()
            result = checkup(spec, positions=per_kind, seconds=2.0, workers=workers)
            took = time.perf_counter() - t0
            found = ", ".join(f"{f.check} ({len(f.moves)} plies)" for f in result.findings)
            print(
                f"checkup, {workers} worker{'s' if workers > 1 else ''}: {took:.1f} s = "
                f"{took / floor:.2f}x the agent alone; found {found}"
            )


if __name__ == "__main__":
    main()
