"""The whole of a trace at a glance: an icicle, one row per depth, each node a
rectangle under its parent, as wide as its subtree and coloured by its value.

The layout is computed once per trace in a few passes over its arrays (node ids are
creation order, so every parent comes before its children): subtree sizes
(:meth:`Trace.subtree_sizes <treeviz.trace.nodes.Trace.subtree_sizes>`), the children
of every node ordered by column, then each node's left edge ``x0`` and width ``w`` as
shares of the root's width: a node's children split its whole width in proportion to
their subtree sizes, left to right by column. A view zoomed into a node draws only
the rectangles at least ``min_px`` pixels wide at that zoom, a few levels deep
(:func:`visible`): a few thousand of them, whatever the trace's size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from treeviz.draw.view import fill_of, move_label
from treeviz.jit import njit
from treeviz.settings import ICICLE_LEVELS, ICICLE_MAX_RECTS, ICICLE_MIN_PX, ICICLE_WIDTH_PX
from treeviz.trace.nodes import Trace
from treeviz.trace.values import node_value


@dataclass(frozen=True)
class Layout:
    """Where every node of a trace sits in its icicle: ``x0`` and ``w`` (float64, the
    root spans [0, 1]); ``kids`` and ``start``: the children of node ``i`` are
    ``kids[start[i]:start[i + 1]]``, left to right (by column)."""

    x0: np.ndarray
    w: np.ndarray
    kids: np.ndarray
    start: np.ndarray


@njit(cache=True)
def _children_by_column(parent: np.ndarray, move: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(kids, start): every node's children, grouped by parent in id order, each group
    sorted by column (insertion sort: a node has at most a board's width of them)."""
    n = parent.shape[0]
    start = np.zeros(n + 1, np.int32)  # int32: a trace holds at most a few million nodes
    for i in range(1, n):
        start[parent[i] + 1] += 1
    for i in range(n):
        start[i + 1] += start[i]
    fill = start[:-1].copy()
    kids = np.empty(max(n - 1, 0), np.int32)
    for i in range(1, n):
        p = parent[i]
        j = fill[p]
        fill[p] += 1
        while j > start[p] and move[kids[j - 1]] > move[i]:
            kids[j] = kids[j - 1]
            j -= 1
        kids[j] = i
    return kids, start


@njit(cache=True)
def _place(size: np.ndarray, kids: np.ndarray, start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(x0, w) of every node: the root spans [0, 1]; the children of a node share its
    width in proportion to their subtree sizes (parents are placed before children,
    as ids go)."""
    n = size.shape[0]
    x0 = np.zeros(n, np.float64)
    w = np.zeros(n, np.float64)
    if n:
        w[0] = 1.0
    for p in range(n):
        total = size[p] - 1  # the children's subtrees
        if total <= 0:
            continue
        run = x0[p]
        for j in range(start[p], start[p + 1]):
            c = kids[j]
            x0[c] = run
            w[c] = w[p] * size[c] / total
            run += w[c]
    return x0, w


def layout(trace: Trace) -> Layout:
    """The icicle layout of ``trace``, built once per trace (kept on it)."""
    cached = trace.__dict__.get("_icicle")
    if cached is None:
        parent = trace.nodes["parent"]
        kids, start = _children_by_column(parent, trace.nodes["move"])
        x0, w = _place(trace.subtree_sizes(), kids, start)
        cached = trace.__dict__["_icicle"] = Layout(x0, w, kids, start)
    return cached


@njit(cache=True)
def _visible(
    w: np.ndarray,
    kids: np.ndarray,
    start: np.ndarray,
    root: int,
    least: float,
    levels: int,
    cap: int,
) -> np.ndarray:
    """Ids of ``root`` and its descendants at most ``levels`` below it whose width is at
    least ``least``, level by level (each level left to right), and no more than
    ``cap`` of them: a level that would pass ``cap`` is left out with those below."""
    out = np.empty(cap, np.int64)
    out[0] = root
    count, lo = 1, 0
    for _ in range(levels):
        hi, added = count, 0
        for i in range(lo, hi):
            p = out[i]
            for j in range(start[p], start[p + 1]):
                c = kids[j]
                if w[c] >= least:
                    if count + added >= cap:
                        return out[:hi]
                    out[count + added] = c
                    added += 1
        if added == 0:
            break
        lo, count = hi, count + added
    return out[:count]


def visible(
    trace: Trace,
    root: int = 0,
    *,
    width_px: float = ICICLE_WIDTH_PX,
    min_px: float = ICICLE_MIN_PX,
    levels: int = ICICLE_LEVELS,
    cap: int = ICICLE_MAX_RECTS,
) -> np.ndarray:
    """The nodes drawn when the icicle is zoomed into ``root`` and ``width_px`` wide:
    ``root`` and its descendants at most ``levels`` below it that are at least
    ``min_px`` pixels wide, level by level, at most ``cap`` of them (whole levels)."""
    lay = layout(trace)
    least = lay.w[root] * min_px / width_px
    return _visible(lay.w, lay.kids, lay.start, int(root), float(least), int(levels), int(cap))


def icicle_data(trace: Trace, root: int = 0, selected: int = 0, **options: Any) -> dict[str, Any]:
    """What the icicle component draws, zoomed into ``root`` (JSON-ready): per drawn
    node its id, level below ``root``, left edge and width as shares of ``root``'s
    width, colour (the value for the player to move at the trace's root, the tree's
    scale), move label (Connect 4's 1-based column, another game's label of the move;
    ``what`` says which) and value text; the path from the trace's root to ``root``;
    and the ``selected`` node. ``options`` go to :func:`visible`."""
    lay = layout(trace)
    ids = visible(trace, root, **options)
    span = lay.w[root]
    depth = trace.nodes["depth"][ids].astype(np.int64)  # the drawn nodes' only
    sizes = trace.subtree_sizes()
    values = [node_value(trace, int(i)) for i in ids]
    return {
        "root": int(root),
        "selected": int(selected),
        "path": trace.path(int(root)),
        "id": ids.tolist(),
        "level": (depth - int(trace.nodes["depth"][root])).tolist(),
        "x": np.round((lay.x0[ids] - lay.x0[root]) / span, 7).tolist(),
        "w": np.round(lay.w[ids] / span, 7).tolist(),
        "colour": [fill_of(trace, int(i), v) for i, v in zip(ids.tolist(), values, strict=True)],
        "label": ["root" if i == 0 else move_label(trace, int(i)) for i in ids.tolist()],
        "what": "column" if trace.is_connect4 else "move",  # what a label names
        "text": [v.text for v in values],
        "size": sizes[ids].tolist(),
    }
