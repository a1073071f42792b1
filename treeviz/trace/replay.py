"""Replaying a search: the trace as it stood after its first ``n`` nodes.

Node ids are creation order and every parent precedes its children, so the first ``n``
nodes are themselves a tree. What the search knew then differs from the end: a
depth-first search (minimax, alpha-beta, the solver) writes a node's value when its
whole subtree is done, and a depth-first subtree is the contiguous id range from the
node to its last descendant, so a value is shown only once that range is complete;
MCTS visits and results are recounted from the iteration log (``record_iterations``),
one node per iteration.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from treeviz.trace.nodes import CUTOFF, NO_VALUE, ON_PV, Trace

MAX_STEPS = 200  # a slider of at most this many stops, whatever the trace's size


def steps(trace: Trace, max_steps: int = MAX_STEPS) -> np.ndarray:
    """Node counts to stop at, increasing, ending with the whole trace; sampled evenly
    when there are more than ``max_steps``."""
    n = len(trace)
    return np.unique(np.linspace(1, n, min(n, max_steps)).round().astype(np.int64))


def last_descendant(trace: Trace) -> np.ndarray:
    """For every node, the largest id in its subtree (itself when a leaf)."""
    parent = trace.nodes["parent"].astype(np.int64)
    depth = trace.nodes["depth"].astype(np.int64)
    end = np.arange(len(trace), dtype=np.int64)
    for d in range(int(depth.max()) if len(trace) else 0, int(depth.min()), -1):
        level = np.flatnonzero(depth == d)
        np.maximum.at(end, parent[level], end[level])
    return end


def trace_at(trace: Trace, n: int) -> Trace:
    """The trace after its first ``n`` nodes (1 <= n <= len), as the search knew it."""
    n = max(1, min(int(n), len(trace)))
    nodes = trace.nodes[:n].copy()
    if "visits" in trace.fields:
        _recount_visits(trace, nodes, n)
    else:
        unfinished = last_descendant(trace)[:n] >= n
        if n < len(trace):
            for field in ("value",):
                nodes[field][unfinished] = NO_VALUE
            nodes["flags"][unfinished] &= ~np.uint8(CUTOFF | ON_PV)  # not known yet
    counters = dict(trace.counters, recorded=n, replay_of=len(trace))
    return replace(trace, nodes=nodes, counters=counters, extra={})


def _recount_visits(trace: Trace, nodes: np.ndarray, n: int) -> None:
    """MCTS: visits and results of the nodes from the iterations that made them (the
    log); without a log, the final counts are kept and only the growth is shown."""
    log = trace.extra.get("log")
    if not log:
        return
    rows = np.asarray(log, dtype=np.int64)
    created = trace.nodes["expanded_at"][:n]
    last = int(created.max()) if n > 1 else int(rows[0, 0]) if len(rows) else 0
    first = int(trace.nodes["expanded_at"][1:].min()) if len(trace) > 1 else 0
    upto = rows[: max(0, last - first + 1)] if n < len(trace) else rows
    parent = nodes["parent"].astype(np.int64)
    visits = np.zeros(n, np.int64)
    value = np.zeros(n, np.float64)
    leaves = upto[:, 0]
    result = upto[:, 3] / 2.0  # for the player who moved into the leaf
    keep = leaves < n
    leaves, result = leaves[keep], result[keep]
    while len(leaves):
        np.add.at(visits, leaves, 1)
        np.add.at(value, leaves, result)
        up = parent[leaves]
        alive = up >= 0
        leaves, result = up[alive], 1.0 - result[alive]  # the parent's mover is the other
    nodes["visits"] = visits
    nodes["value_sum"] = value
