"""Golden traces: small seeded searches stored as files whose node arrays must match
exactly (as mctx does), so a change that silently alters a search shows in review.

After an intended change, rewrite them with ``TREEVIZ_UPDATE_GOLDEN=1 make test`` and
review the diff of ``tests/data/golden/``.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.trace.files import load, save

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"
CASES = {
    "random": ("4453", "random:seed=5"),
    "greedy": ("3344", "greedy:heuristic=window_three"),
    "astar": ("4453", "astar:max_nodes=60"),
    "minimax": ("3344", "minimax:depth=2,heuristic=centre"),
    "alphabeta": ("4453", "alphabeta:depth=3,ordering=heuristic"),
    "alphabeta-iterative": ("444", "alphabeta:depth=3,iterative=true,tt=true"),
    "mcts": ("4453", "mcts:iterations=150,seed=7"),
    "mcts-solver": ("4455443", "mcts:iterations=120,seed=1,solver=true,rule=true"),
    "solver": ("76724423326731757151271355", "solver"),
    "solver-book": ("445325566", "solver"),
}
TIMING = ("time_s",)


@pytest.mark.parametrize("name", list(CASES))
def test_golden_trace(name: str) -> None:
    moves, agent = CASES[name]
    trace = search(Position.from_moves(moves), agent).trace
    path = GOLDEN / f"{name}.json.gz"
    if os.environ.get("TREEVIZ_UPDATE_GOLDEN"):
        save(trace, path)
    stored = load(path)
    assert stored.fields == trace.fields
    for f in trace.fields:
        assert np.array_equal(stored.nodes[f], trace.nodes[f]), f"field {f!r} changed"
    assert np.array_equal(stored.nodes, trace.nodes)
    assert (stored.params, stored.value_kind) == (trace.params, trace.value_kind)
    counters = {k: v for k, v in trace.counters.items() if k not in TIMING}
    assert {k: v for k, v in stored.counters.items() if k not in TIMING} == counters
    stored_rows = stored.extra["result"]["moves"]
    fresh_rows = trace.extra["result"]["moves"]
    assert stored_rows == fresh_rows
