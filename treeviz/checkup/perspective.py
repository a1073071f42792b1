"""The ``perspective`` check, for searches that count visits: children's mean results
that agree with the exact outcomes with the wrong sign.

An MCTS that credits its results to the wrong player (the course notebooks' ``reward =
1 if winner == ai``, never flipped on the way up; or a leaf scored for the side that just
moved) keeps means that are right at some levels and reversed at the others. What it
means is read per pair of siblings whose exact outcomes differ for the parent's side to
move (one a win and the other a draw or a loss, or a draw and a loss): the pair is
*reversed* when the parent, reading its children's means as :class:`Tree` does, prefers
the worse one. Random playouts only lean towards the exact outcome, so one reversed pair
proves nothing; a side to move (even or odd depths below the root) is judged over the
whole tree, and fails when its reversed pairs are many and several times its agreeing
ones. Pairs the solver judged (no four in them) count only when they are reversed at
several nodes and the other side's agree: near the opening, random playouts rank
siblings against their exact outcomes at every depth in a correct search too.

Exact outcomes come from two places: a four (a finished game: a loss for the side to
move there, whatever the playouts said, so its mean is exact after one call) and the
solver, for the positions near the root that the search visited often enough for their
means to say something. The first node named is the first (in id order) at the failing
side's depths with a reversed pair.

The means recorded are what the calls returned, which are the means the search chose by
only where each call returns its child's result negated (the result kept for the
player who moved: :func:`~treeviz.checkup.selection.flipped_share`). A search that
passes its results up as they came (``result = visit(child)`` where ``1 - visit(child)``
was meant) returns at each node the result of whoever moved last in the playout, and
credits its children with whatever their calls returned, and the means recorded say
little. Its choices still show it (:func:`avoided_wins`): where the side to move can
win at once and every column was tried, UCT (with any exploration term that shrinks
with a child's visits) never leaves the winning child, whose every result is the best
there is, two visits behind another, while a search that credits the result to the
player who did not choose visits it least: it scores every win at once as a loss.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from treeviz.checkup.node_tree import Tree
from treeviz.checkup.selection import AGREE, flipped_share

SOLVED_DEPTH = 3  # children solved down to this depth below the root (few, and quick)
MIN_CALLS = 10  # an unfinished child's mean counts once the search came back this often
MIN_REVERSED = 10  # a side fails with at least this many reversed pairs...
MIN_SURE = 1  # ...or this many reversed pairs with a four in them (exact means)
MIN_NODES = 3  # ...at this many nodes when no four is in them (siblings share a mean)
RATIO = 4  # ...and this many times as many reversed pairs as agreeing ones
MIN_AVOIDED = 5  # nodes whose win at once is two visits behind another child, at least


@dataclass(frozen=True)
class Verdict:
    """What the check found: the first node with a reversed pair at the failing
    parity (depth below the root, 0 or 1), the pair there (better and worse child ids
    for the node's side to move, and their exact outcomes for it: 1 a win, 0 a draw,
    -1 a loss; None: not solved), per parity the counts (agreeing, reversed), and
    whether both parities fail."""

    node: int
    better: int
    worse: int
    outcomes: tuple[int | None, int | None]
    parity: int
    counts: dict[int, tuple[int, int]]
    everywhere: bool  # both parities fail: values for the player who moved, throughout


def judge(t: Tree) -> Verdict | None:
    """The ``perspective`` check on ``t`` (a tree reached by repeated calls: an MCTS);
    None when it passes or has too little evidence."""
    if t.once:
        return None
    outcome = _outcomes(t)
    pairs = _pairs(t, outcome)
    counts = _counts(t, pairs)
    sure = _counts(t, [p for p in pairs if t.four[p[1]] or t.four[p[2]]])
    spread = _reversed_at(t, pairs)
    failing = [
        p
        for p in (0, 1)
        if (_by_means(counts, p) and spread[p] >= MIN_NODES) or _fails(sure[p], MIN_SURE)
    ]
    if not failing:
        return None
    parity = max(failing, key=lambda p: counts[p][1] + sure[p][1])
    for node, better, worse in pairs:  # pairs come in node id order
        if int(t.depth[node]) % 2 == parity and _read(t, better) < _read(t, worse):
            pair = (_for_parent(outcome, better), _for_parent(outcome, worse))
            return Verdict(node, better, worse, pair, parity, counts, len(failing) == 2)
    return None  # unreachable: a failing parity has a reversed pair


def _counts(t: Tree, pairs: list[tuple[int, int, int]]) -> dict[int, tuple[int, int]]:
    """Per parity of depth, the pairs whose means agree with their exact outcomes and
    those whose means are reversed (equal means count as neither)."""
    counts = {0: (0, 0), 1: (0, 0)}
    for node, better, worse in pairs:
        agree, rev = counts[int(t.depth[node]) % 2]
        a, b = _read(t, better), _read(t, worse)
        counts[int(t.depth[node]) % 2] = (agree + (a > b), rev + (a < b))
    return counts


def _reversed_at(t: Tree, pairs: list[tuple[int, int, int]]) -> dict[int, int]:
    """Per parity of depth, how many nodes have a reversed pair: a node of seven
    children has up to 21 pairs, and one child whose playouts misled (a correct MCTS
    of 400 iterations on ``62556``, one child at 14 calls) reverses every pair it is
    in, ten at one node."""
    nodes: dict[int, set[int]] = {0: set(), 1: set()}
    for node, better, worse in pairs:
        if _read(t, better) < _read(t, worse):
            nodes[int(t.depth[node]) % 2].add(node)
    return {p: len(n) for p, n in nodes.items()}


def _by_means(counts: dict[int, tuple[int, int]], parity: int) -> bool:
    """Whether the means at ``parity`` fail against the solver's outcomes, as the
    wrong player's show: reversed there and agreeing at the other parity. Random
    playouts near the opening often rank siblings against their exact outcomes at
    every depth (a correct MCTS of 400 iterations on ``257`` had 10 of 11 pairs
    reversed at odd depths and 8 of 11 at even ones): reversed means at both parities
    are what playouts say, not whose result was kept."""
    agree, rev = counts[1 - parity]
    return _fails(counts[parity], MIN_REVERSED) and agree > rev


def _fails(counts: tuple[int, int], least: int) -> bool:
    agree, rev = counts
    return rev >= least and rev >= RATIO * agree


def _for_parent(outcome: dict[int, int], child: int) -> int | None:
    """The exact outcome of moving to ``child`` for its parent's side to move."""
    return -outcome[child] if child in outcome else None


def _read(t: Tree, child: int) -> float:
    """A child's mean as its parent's side to move reads it."""
    return float(t.edge[child] * t.value[child])


def _outcomes(t: Tree) -> dict[int, int]:
    """Exact outcome (-1, 0, +1 for the side to move there) of the children worth
    judging: fours (a loss for the side to move) anywhere, and the positions down to
    :data:`SOLVED_DEPTH` that the search came back to :data:`MIN_CALLS` times."""
    from treeviz.exact.scores import solve_many

    valued = ~np.isnan(t.value) & t.trusted
    out = {int(i): -1 for i in np.flatnonzero(t.four & valued)}
    solve = np.flatnonzero(
        valued & ~t.terminal & (t.depth >= 1) & (t.depth <= SOLVED_DEPTH) & (t.calls >= MIN_CALLS)
    )
    positions = [t.position(int(i)) for i in solve]
    for i, score in zip(solve.tolist(), solve_many(positions, weak=True), strict=True):
        out[i] = int(np.sign(score))
    return out


def _pairs(t: Tree, outcome: dict[int, int]) -> list[tuple[int, int, int]]:
    """(node, better child, worse child) for every pair of judged siblings whose exact
    outcomes differ for the node's side to move (a child's outcome negated), in node
    id order."""
    by_parent: dict[int, list[int]] = {}
    for child in np.flatnonzero(~np.isnan(t.value) & t.trusted).tolist():
        if child:
            by_parent.setdefault(int(t.parent[child]), []).append(child)
    out = []
    for node in sorted(by_parent):
        kids = by_parent[node]
        for a in kids:
            for b in kids:
                if _better(t, outcome, a, b):
                    out.append((node, a, b))
    return out


def _better(t: Tree, outcome: dict[int, int], a: int, b: int) -> bool:
    """Whether moving to ``a`` is exactly better than moving to ``b`` for their
    parent's side to move: ``a`` makes four and ``b`` does not (whatever ``b``'s
    outcome: nothing beats a win now), or both solved, ``a``'s outcome the better."""
    if t.four[a] or t.four[b]:
        return bool(t.four[a] and not t.four[b])
    return a in outcome and b in outcome and -outcome[a] > -outcome[b]


@dataclass(frozen=True)
class Avoided:
    """Wins at once left behind: at ``node`` the winning child ``win`` has at least
    two visits fewer than ``other`` (the most visited); over the tree, of the
    ``judged`` nodes (the side to move can win at once, every column tried and as
    many selections made again, every call but one gone down to a child), the win
    was so far behind at ``behind`` and the most visited child (ties included) at
    ``ahead``; ``flipped`` the share of calls that return their child's result
    negated."""

    node: int
    win: int
    other: int
    behind: int
    ahead: int
    judged: int
    flipped: float


def avoided_wins(t: Tree) -> Avoided | None:
    """The wins at once a search that passes its results up unflipped leaves behind
    (see the module docs); None when it passes, has too little evidence, or returns
    each result negated (its recorded means are then its own, and a selection that
    prefers the worse mean is the ``selection`` check's)."""
    flipped = 1.0 if t.once else flipped_share(t)
    if flipped >= AGREE:
        return None
    found: list[tuple[int, int, int]] = []
    ahead = judged = 0
    for node in np.flatnonzero(t.trusted & ~t.terminal & (t.kids > 1)).tolist():
        step = _step(t, node)
        if step is None:
            continue
        win, other = step
        judged += 1
        ahead += int(t.calls[win] >= t.calls[other])
        if t.calls[other] >= t.calls[win] + 2:
            found.append((node, win, other))
    if len(found) < MIN_AVOIDED or len(found) < RATIO * ahead:
        return None
    node, win, other = found[0]
    return Avoided(node, win, other, len(found), ahead, judged, flipped)


def _step(t: Tree, node: int) -> tuple[int, int] | None:
    """At ``node``, its least visited child that makes four and its most visited
    other child (None: not judged: no such pair, a legal column never tried, fewer
    selections than children after each was tried once (their visits say little
    yet), or calls of the node that went down to no recorded child, visits the
    children's calls do not show)."""
    kids = t.trace.children(node)
    wins = [k for k in kids if t.four[k]]
    others = [k for k in kids if not t.four[k]]
    if not wins or not others or len(kids) != len(t.position(node).legal_moves()):
        return None
    calls = t.calls[kids]
    if (calls == 0).any() or calls.sum() < 2 * len(kids) or t.calls[node] > calls.sum() + 1:
        return None
    win = min(wins, key=lambda k: t.calls[k])
    return win, max(others, key=lambda k: t.calls[k])
