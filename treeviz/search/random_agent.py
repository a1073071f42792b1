"""The random agent: a uniformly random legal column from a seeded generator."""

from __future__ import annotations

import numpy as np

from treeviz.board import Position
from treeviz.search.common import (
    CAPACITY,
    SEED,
    Recorder,
    check_playable,
    full_row,
    mark_pv,
    result,
)
from treeviz.search.contract import Agent
from treeviz.trace import C_NODES, NO_PARENT, MoveStat, SearchResult, record


def search_random(pos: Position, seed: int, capacity: int) -> SearchResult:
    """Pick a legal column uniformly at random; the same seed gives the same column.
    Each legal column's value is the chance of picking it."""
    check_playable(pos)
    legal = pos.legal_moves()
    best = legal[int(np.random.default_rng(seed).integers(len(legal)))]
    rec = Recorder(min(capacity, len(legal) + 1))
    root = record(rec.nodes, rec.ctr, NO_PARENT, -1, 0, 0)
    for col in legal:
        record(rec.nodes, rec.ctr, root, col, 1, 0)
    rec.ctr[C_NODES] = len(legal) + 1
    trace = rec.trace("random", {"seed": seed, "capacity": capacity}, pos, ())
    mark_pv(trace, [0, 1 + legal.index(best)])
    share = 1 / len(legal)
    rows = [
        MoveStat(c + 1, share, text=f"chosen with probability 1/{len(legal)}")
        if c in legal
        else full_row(c)
        for c in range(pos.width)
    ]
    return result(trace, best, rows, [best], None)


AGENT = Agent(
    name="random",
    description="a uniformly random legal column, seeded",
    params=(SEED, CAPACITY),
    run=search_random,
    value_kind="probability",
)
