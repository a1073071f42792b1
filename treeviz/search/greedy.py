"""One-ply greedy play: the seeds' "A*" of ``000_*.txt``.

Every legal column is played once and the resulting position scored with the
heuristic; the best score wins (ties: leftmost, as the seed scans columns). A move
that wins at once scores ``WIN - 1``. Child values are for the root player.
"""

from __future__ import annotations

import numpy as np

from treeviz.board import Position
from treeviz.heuristics import evaluate_kernel
from treeviz.search.common import Recorder, check_playable, evaluator, mark_pv, pick_best, result
from treeviz.search.negamax_kernel import WIN
from treeviz.trace import (
    C_LEAVES,
    C_NODES,
    NO_PARENT,
    TERMINAL,
    MoveStat,
    SearchResult,
    finish,
    record,
)


def search_greedy(pos: Position, heuristic: str = "window") -> SearchResult:
    """Score each column one ply ahead and take the best."""
    check_playable(pos)
    ev = evaluator(heuristic, pos)
    rec = Recorder(pos.width + 1)
    root = record(rec.nodes, rec.ctr, NO_PARENT, -1, 0, 0)
    rec.ctr[C_NODES] = 1
    values: dict[int, float] = {}
    for col in pos.legal_moves():
        child = pos.copy()
        child.push(col)
        node = record(rec.nodes, rec.ctr, root, col, 1, 0)
        rec.ctr[C_NODES] += 1
        rec.ctr[C_LEAVES] += 1
        own = evaluate_kernel(
            ev.hid,
            np.uint64(child.current),
            np.uint64(child.mask),
            pos.width,
            pos.height,
            ev.windows,
            ev.weights,
            ev.centre_cols,
        )
        rec.nodes[node]["static_eval"] = own
        won = child.winner() is not None
        values[col] = WIN - 1 if won else -own
        finish(rec.nodes, node, -int(values[col]), TERMINAL if won else 0)
    best = pick_best(values, sorted(values))
    finish(rec.nodes, root, int(values[best]), 0)
    trace = rec.trace("greedy", {"heuristic": heuristic}, pos, ("static_eval",))
    mark_pv(trace, [0, 1 + sorted(values).index(best)])
    rows = [
        MoveStat(c + 1, values.get(c), {} if c in values else {"full": True})
        for c in range(pos.width)
    ]
    return result(trace, best, rows, [best], values[best])
