"""The random agent: a uniformly random legal column from a seeded generator."""

from __future__ import annotations

import numpy as np

from treeviz.board import Position
from treeviz.search.common import Recorder, check_int, check_playable, mark_pv, result
from treeviz.trace import C_NODES, NO_PARENT, MoveStat, SearchResult, record


def search_random(pos: Position, seed: int = 0) -> SearchResult:
    """Pick a legal column uniformly at random; the same seed gives the same column."""
    check_playable(pos)
    seed = check_int("seed", seed, 0, 2**63 - 1)
    legal = pos.legal_moves()
    best = legal[int(np.random.default_rng(seed).integers(len(legal)))]
    rec = Recorder(pos.width + 1)
    root = record(rec.nodes, rec.ctr, NO_PARENT, -1, 0, 0)
    for col in legal:
        record(rec.nodes, rec.ctr, root, col, 1, 0)
    rec.ctr[C_NODES] = len(legal) + 1
    trace = rec.trace("random", {"seed": seed}, pos, ())
    mark_pv(trace, [0, 1 + legal.index(best)])
    share = 1 / len(legal)
    rows = [
        MoveStat(c + 1, None, {"probability": share} if c in legal else {"full": True})
        for c in range(pos.width)
    ]
    return result(trace, best, rows, [best], None)
