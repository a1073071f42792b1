"""Whose results a traced Connect 4 search that comes back to nodes (an MCTS) keeps.

treeviz reads a traced search's numbers for the side to move at each node. Many
MCTS are written the other way: each node keeps, and each call returns, the result
for the player who moved into it (``1 - result`` passed up), which is what the UCT
rule reads when it picks a child. Read for the side to move, such a tree's means
are reversed everywhere, and the column it chose shows the worst value.

Two kinds of evidence tell the two apart, both the search's own:

- **visits**: UCT visits most the child whose results are best for the player
  choosing. At each node with two or more children visited twice or more, the most
  visited child's mean is compared with the other children's (weighted by their
  visits): above them where the means are the mover's, below where they are the
  side to move's;
- **fours**: at a node where a four was just made, the player who moved into it has
  won; a mover's result there is the highest number the search returns, the side to
  move's the lowest.

The means are read as the mover's only when the visits and the fours together say so
(:data:`AGREE` of :data:`MIN_VOTES` votes at least), with most of the visits' votes at
each parity of depth that has any, and no four says otherwise; a search that credits
the wrong player at every other level, or returns the winner's number (1 or 2) at its
fours, keeps the default, and the doctor judges it as it returned its numbers."""

from __future__ import annotations

from typing import Any

import numpy as np

from treeviz.trace.nodes import TERMINAL

AGREE = 0.8  # the share of the votes that must say "the mover's"
MIN_VOTES = 2  # in all: fewer say nothing (a small tree has few nodes visited twice)


def mover_reading(
    root: Any,
    *,
    parent: np.ndarray,
    depth: np.ndarray,
    flags: np.ndarray,
    visits: np.ndarray,
    mean: np.ndarray,
) -> dict[str, Any] | None:
    """The reading taken when the means are the results for the player who moved into
    each node (see the module docs), with its evidence (``visits``: per parity
    [agreeing, of]; ``fours``: [agreeing, of]); None when the default reading stands.
    ``flags``: the nodes' (TERMINAL at fours and full boards); ``mean``: each node's
    number as the search returned it (NaN: none)."""
    votes = _visit_votes(parent, depth, visits, mean)
    fours = _four_votes(root, depth=depth, flags=flags, mean=mean)
    if fours[0] < fours[1]:  # a four whose result is not the highest: not the mover's
        return None
    agree, of = (sum(v[i] for v in (*votes, fours)) for i in (0, 1))
    if of < MIN_VOTES or agree < AGREE * of or any(b and 2 * a <= b for a, b in votes):
        return None
    return {
        "player": "mover",
        "from": "inferred",
        "evidence": {"visits": [list(v) for v in votes], "fours": list(fours)},
    }


def _visit_votes(
    parent: np.ndarray, depth: np.ndarray, visits: np.ndarray, mean: np.ndarray
) -> list[tuple[int, int]]:
    """Per parity of the choosing node's depth: (votes for the mover's reading, votes):
    one per node whose most visited child (alone the most) has a mean above or
    below the visit-weighted mean of its other children visited twice or more."""
    n = len(parent)
    counted = (np.arange(n) > 0) & (visits >= 2) & ~np.isnan(mean)
    kids = np.flatnonzero(counted)
    out = [[0, 0], [0, 0]]
    order = np.lexsort((-visits[kids], parent[kids]))  # by parent, most visited first
    kids = kids[order]
    starts = np.flatnonzero(np.r_[True, parent[kids][1:] != parent[kids][:-1]])
    for group in np.split(kids, starts[1:]):
        if len(group) < 2 or visits[group[0]] == visits[group[1]]:
            continue
        rest = group[1:]
        others = float(np.average(mean[rest], weights=visits[rest]))
        top = float(mean[group[0]])
        if top == others:
            continue
        side = int(depth[parent[group[0]]]) % 2
        out[side][1] += 1
        out[side][0] += int(top > others)
    return [(a, b) for a, b in out]


def _four_votes(
    root: Any, *, depth: np.ndarray, flags: np.ndarray, mean: np.ndarray
) -> tuple[int, int]:
    """(fours whose number is the highest the search returned, fours with a number)."""
    ply = root.ply + depth.astype(np.int64)
    four = ((flags & TERMINAL) != 0) & (ply < root.width * root.height) & ~np.isnan(mean)
    if not four.any():
        return 0, 0
    top = np.nanmax(mean)
    if top == np.nanmin(mean):  # every number alike: no four stands out
        return 0, 0
    return int((mean[four] == top).sum()), int(four.sum())
