"""Replaying a search: the trace as it stood after its first ``n`` nodes.

Node ids are creation order and every parent precedes its children, so the first ``n``
nodes are themselves a tree. What the search knew then differs from the end: a
depth-first search (minimax, alpha-beta, the solver) writes a node's value when its
whole subtree is done, and a depth-first subtree is the contiguous id range from the
node to its last descendant, so a value is shown only once that range is complete;
an agent that builds its tree otherwise passes its own recount (MCTS: visits and
results from the iteration log, ``record_iterations``, one node per iteration).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from treeviz.settings import REPLAY_MAX_STEPS
from treeviz.trace.nodes import CUTOFF, NO_VALUE, ON_PV, Trace
from treeviz.trace.reading import reading_of
from treeviz.trace.values import heuristic_range, user_win_ranks

KEPT = ("user_values",)  # what a replay keeps of its trace's extra


def steps(trace: Trace, max_steps: int = REPLAY_MAX_STEPS) -> np.ndarray:
    """Node counts to stop at, increasing, ending with the whole trace; sampled evenly
    when there are more than ``max_steps``."""
    n = len(trace)
    return np.unique(np.linspace(1, n, min(n, max_steps)).round().astype(np.int64))


def last_descendant(trace: Trace) -> np.ndarray:
    """For every node, the largest id in its subtree (itself when a leaf); built once
    per trace (a replay asks at every step: 0.2 s on two million nodes)."""
    cached = trace.__dict__.get("_last_descendant")
    if cached is None:
        cached = trace.__dict__["_last_descendant"] = _last_descendant(trace)
    return cached


def _last_descendant(trace: Trace) -> np.ndarray:
    parent = trace.nodes["parent"].astype(np.int64)
    depth = trace.nodes["depth"].astype(np.int64)
    end = np.arange(len(trace), dtype=np.int64)
    for d in range(int(depth.max()) if len(trace) else 0, int(depth.min()), -1):
        level = np.flatnonzero(depth == d)
        np.maximum.at(end, parent[level], end[level])
    return end


def trace_at(trace: Trace, n: int) -> Trace:
    """The trace after its first ``n`` nodes (1 <= n <= len), as the search knew it.
    A search that is not depth-first has its first ``n`` nodes' statistics rebuilt by
    its reading's ``recount`` (:mod:`treeviz.trace.reading`: visit counts from MCTS's
    iteration log); otherwise a node's value, its cutoff and the moves it pruned
    appear once its subtree is complete."""
    recount = reading_of(trace).recount
    n = max(1, min(int(n), len(trace)))
    nodes = trace.nodes[:n].copy()
    if recount is not None:
        recount(trace, nodes, n)
    elif n < len(trace):
        unfinished = last_descendant(trace)[:n] >= n
        nodes["value"][unfinished] = NO_VALUE
        nodes["flags"][unfinished] &= ~np.uint8(CUTOFF | ON_PV)  # not known yet
        nodes["pruned"][unfinished] = 0  # nor the moves a cutoff will prune: no stub yet
    counters = dict(trace.counters, recorded=n, replay_of=len(trace))
    # the answer and the log are the whole search's; a user search's values need their table
    extra = {k: v for k, v in trace.extra.items() if k in KEPT}
    at = replace(trace, nodes=nodes, counters=counters, extra=extra)
    at.__dict__["_children_csr"] = _prefix_children(trace, n)
    # the whole search's colour scale: a node keeps its colour from step to step, as
    # in the tree of the whole trace (a scale of the values known so far would change)
    at.__dict__["_heuristic_range"] = heuristic_range(trace)
    if trace.kind.base == "user":  # and its words: a win score is one in the whole search
        at.__dict__["_user_win_ranks"] = user_win_ranks(trace)
    return at


def _prefix_children(trace: Trace, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The children index of ``trace``'s first ``n`` nodes (as :meth:`Trace.children`
    builds it), taken from the whole trace's, built once: a replay asks for up to 200
    prefixes, and sorting each anew cost 10 ms a step on 200,000 nodes where this
    filter costs one pass. The whole index lists the children by parent, then by id
    (a stable sort); keeping the ids under ``n`` keeps that order, which is the
    prefix's own sort."""
    order, _ = trace._child_index()
    kept = order[order < n]
    counts = np.bincount(trace.nodes["parent"][1:n].astype(np.int64), minlength=n + 1)
    return kept, np.concatenate(([0], np.cumsum(counts)))
