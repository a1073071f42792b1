"""Kernels never write past their arrays: open-ended MCTS, tiny capacities, and every
agent run once with numba's bounds checking on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from local_server import ROOT

from treeviz.agents.registry import AGENTS, search
from treeviz.checkup.kept import code_folder
from treeviz.connect4.board import Position
from treeviz.errors import InvalidParameterError

TREEVIZ = str(Path(sys.executable).parent / "treeviz")


def analyze(spec: str) -> dict:
    """``treeviz analyze 4453 --agent SPEC --json`` in its own process, so a crash of
    the compiled code (an abort, a segfault) fails the test instead of the suite."""
    out = subprocess.run(
        [TREEVIZ, "analyze", "4453", "--agent", spec, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, (spec, out.returncode, out.stderr[-500:])
    return json.loads(out.stdout)


@pytest.mark.slow
@pytest.mark.parametrize("limit", ["0", "0.3"])
def test_mcts_bounded_by_time_alone_runs_and_answers(limit: str) -> None:
    data = analyze(f"mcts:iterations=none,time_limit={limit}")
    stats = data["stats"]
    assert stats["iterations"] >= 1 and 1 <= data["move"] <= 7
    assert stats["tree_size"] <= stats["iterations"] + 1
    assert data["params"]["capacity"] is None and data["params"]["iterations"] is None


@pytest.mark.slow
def test_mcts_stops_when_its_tree_fills_the_capacity() -> None:
    data = analyze("mcts:iterations=none,time_limit=0.3,capacity=50")
    assert data["stats"]["tree_full"] and data["stats"]["iterations"] == 49
    assert data["stats"]["tree_size"] == 50
    res = search(Position.from_moves("4453"), "mcts", iterations=None, time_limit=0.2)
    assert res.stats["iterations"] >= 1 and not res.stats["tree_full"]


def small_spec(name: str, capacity: int | None) -> str | None:
    """The agent's quick spec with ``capacity`` (MCTS: as many iterations as fit)."""
    given = dict(AGENTS[name].quick)
    if name == "mcts":
        if capacity is not None and capacity < 2:
            return None
        given["iterations"] = 7  # fits every capacity from 8 up; smaller ones below
        if capacity is not None and capacity < 8:
            given["iterations"] = capacity - 1
    if capacity is not None:
        given["capacity"] = capacity
    return name + ":" + ",".join(f"{k}={v}" for k, v in given.items())


@pytest.mark.parametrize("name", list(AGENTS))
@pytest.mark.parametrize("capacity", [1, 2, 3, 5, 6, 8])
def test_a_tiny_capacity_cuts_the_trace_not_the_search(name: str, capacity: int) -> None:
    spec = small_spec(name, capacity)
    pos = Position.from_moves("4453")
    if spec is None:  # MCTS keeps its tree in the trace: one iteration needs two nodes
        with pytest.raises(InvalidParameterError, match="capacity must be an integer in 2"):
            search(pos, "mcts", iterations=1, capacity=1)
        return
    full = search(pos, small_spec(name, None) if name != "mcts" else spec.rsplit(",", 1)[0])
    res = search(pos, spec)
    assert res.move == full.move and [m.value for m in res.moves] == [m.value for m in full.moves]
    assert len(res.trace) <= max(capacity, pos.width + 1)
    assert res.trace.truncated == (full.stats["nodes"] > len(res.trace))


BOUNDS_PROBE = """
from treeviz.connect4.board import Position
from treeviz.errors import InvalidParameterError
from treeviz.agents.registry import AGENTS, search
for moves in ("", "4453", "76724423326731757151271355"):
    pos = Position.from_moves(moves)
    for name, agent in AGENTS.items():
        if name == "solver" and len(moves) < 12:
            continue
        search(pos, name, **agent.quick)
        tiny = {"capacity": 3} | ({"iterations": 2} if name == "mcts" else {})
        search(pos, name, **{**agent.quick, **tiny})
search(Position.from_moves("4453"), "mcts", iterations=None, time_limit=0.2)
search(Position.from_moves("4453"), "solver", weak=True, book=False)
print("ok")
"""


@pytest.mark.slow
def test_every_kernel_runs_clean_under_bounds_checking() -> None:
    """Every agent, tiny capacities and open-ended MCTS with numba's bounds checking on
    (an index past an array raises instead of writing into memory). The kernels so
    compiled are kept in a cache of their own between runs of this checkout, in
    ``build/``: compiling them all takes about 40 s of CPU; with them kept, the whole
    probe about 8. numba keys its cache by a kernel's own file and bytecode, and keeps a
    kernel compiled into its caller in the caller's entry: a change to the callee's
    file alone would not compile the caller again. So the folder is one for each state
    of the package's sources (:func:`~treeviz.checkup.kept.code_folder`): any edit
    compiles everything afresh. numba's key holds its version and Python's, not the
    flag: these builds never share a folder with the ordinary ones."""
    cache = code_folder(ROOT / "build" / "numba-boundscheck")
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(cache))
    out = subprocess.run(
        [sys.executable, "-c", BOUNDS_PROBE], capture_output=True, text=True, timeout=900, env=env
    )
    assert out.returncode == 0 and out.stdout.strip().endswith("ok"), out.stderr[-2000:]
