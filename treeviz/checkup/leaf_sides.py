"""The ``sign`` check across the recorded trees of one search: an evaluation that
scores the board for one player, whoever its value is meant for.

The tree alone cannot show it: a negamax whose evaluation is always X's is
consistent within itself (every node the best of its children, every four scored
right), and wrong only where O is to move at its leaves. The judge here is
independent of the search: treeviz's own ``window`` heuristic
(:mod:`treeviz.connect4.heuristics`). At the leaves a search evaluated
(:meth:`~treeviz.checkup.node_tree.Tree.evaluated`), the value it gave is for one
player, its *owner*: the side to move there for a negamax, the maximiser for a search
with a maximizing flag. A sound evaluation, however unlike the heuristic, does not
rise with the heuristic for one owner and fall with it for the other; one that scores
for X whoever is meant does just that: its values rise with X's prospects where they
are X's, and fall with O's where they are O's.

The agreement is the rank correlation (Spearman's) between the values and the
heuristic for the owner, per owner over the leaves of all the trees. The evaluation is
named as one player's only with strong evidence: per owner at least
:data:`MIN_LEAVES` leaves in at least :data:`MIN_TREES` trees, a correlation of at
least :data:`STRONG` for one owner and at most ``-STRONG`` for the other, and every
tree with :data:`MIN_TREE_LEAVES` leaves of an owner on that owner's side of zero.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from treeviz.checkup.node_tree import Tree
from treeviz.connect4.heuristics import evaluate_kernel, evaluator

HEURISTIC = "window"  # treeviz's judge of a position, for the side to move
MIN_LEAVES = 100  # leaves per owner, at least...
MIN_TREES = 2  # ...in at least this many trees
MIN_TREE_LEAVES = 20  # a tree's leaves of one owner that give it a correlation of its own
STRONG = 0.5  # the rank correlation each owner's values must reach, with opposite signs


@dataclass(frozen=True)
class Leaves:
    """One tree's evaluated leaves: ``nodes`` (ids), ``owner`` (whose each value is,
    ``"X"`` or ``"O"``), ``value`` (the search's, for its side to move) and
    ``heuristic`` (treeviz's, for the same side)."""

    nodes: np.ndarray
    owner: np.ndarray
    value: np.ndarray
    heuristic: np.ndarray

    def of(self, owner: str) -> np.ndarray:
        """Which leaves hold values for ``owner``."""
        return self.owner == owner

    def disagree(self, owner: str) -> np.ndarray:
        """Which leaves of ``owner`` have a value and a heuristic of opposite signs."""
        return self.of(owner) & (np.sign(self.value) * np.sign(self.heuristic) < 0)


@dataclass(frozen=True)
class Verdict:
    """An evaluation from one player's side: ``owner`` the player it scores for, per
    owner (``counts``) its leaves, trees and rank correlation, and an example: a leaf
    ``node`` of ``tree`` owned by the other player, where the search's value and the
    heuristic (``heuristic``, for its side to move) disagree in sign."""

    owner: str
    counts: dict[str, tuple[int, int, float]]
    tree: Tree
    node: int
    heuristic: float


def leaves(t: Tree) -> Leaves | None:
    """The evaluated leaves of ``t`` with their owners and treeviz's heuristic (None:
    none, a tree of repeated calls, or a maximizing flag that did not alternate: then
    whose value is whose is not known)."""
    ids = np.flatnonzero(t.evaluated())
    if not t.once or t.same.any() or not len(ids):
        return None
    side_x = (t.root.ply + t.depth[ids]) % 2 == 0
    owner = np.where(side_x, "X", "O") if t.maximizer is None else np.full(len(ids), t.maximizer)
    current, mask = t.bitboards()
    w, h, hid, windows, weights, centre = evaluator(HEURISTIC, t.root).kernel_args
    heur = np.array(
        [
            evaluate_kernel(hid, current[k], mask[k], w, h, windows, weights, centre)
            for k in ids.tolist()
        ],
        np.float64,
    )
    value = t.value[ids]
    finite = np.isfinite(value)
    return Leaves(ids[finite], owner[finite], value[finite], heur[finite])


class Gathered:
    """The leaves of the trees of one search, added one tree at a time (:meth:`add`),
    judged together (:meth:`judge`). Of the trees themselves it keeps, per owner, only
    the one to show: the first on the shortest position with a leaf of that owner
    whose value and heuristic disagree in sign (a search's trees can be large)."""

    def __init__(self) -> None:
        self.samples: list[Leaves] = []
        self.examples: dict[str, tuple[Tree, Leaves]] = {}

    def add(self, t: Tree) -> None:
        """Gather the leaves of ``t`` (a tree of the same search)."""
        s = leaves(t)
        if s is None:
            return
        self.samples.append(s)
        for owner in ("X", "O"):
            kept = self.examples.get(owner)
            shorter = kept is None or len(t.trace.root_moves) < len(kept[0].trace.root_moves)
            if shorter and s.disagree(owner).any():
                self.examples[owner] = (t, s)

    def judge(self) -> Verdict | None:
        """The check over the leaves gathered (see the module docs); None when it
        passes or the evidence is not strong enough."""
        counts: dict[str, tuple[int, int, float]] = {}
        for owner in ("X", "O"):
            mine = [s for s in self.samples if s.of(owner).any()]
            if not mine:
                return None
            v = np.concatenate([s.value[s.of(owner)] for s in mine])
            hv = np.concatenate([s.heuristic[s.of(owner)] for s in mine])
            counts[owner] = (len(v), len(mine), rank_correlation(v, hv))
        (nx, tx, rx), (no, to, ro) = counts["X"], counts["O"]
        if min(nx, no) < MIN_LEAVES or min(tx, to) < MIN_TREES or not (rx * ro < 0):
            return None
        right, wrong = ("X", "O") if rx > 0 else ("O", "X")
        if counts[right][2] < STRONG or counts[wrong][2] > -STRONG:
            return None
        agree = _trees_agree(self.samples, right, 1) and _trees_agree(self.samples, wrong, -1)
        if not agree or wrong not in self.examples:  # no leaf to show: nothing named
            return None
        t, s = self.examples[wrong]
        k = int(np.flatnonzero(s.disagree(wrong))[0])
        return Verdict(right, counts, t, int(s.nodes[k]), float(s.heuristic[k]))


def _trees_agree(samples: list[Leaves], owner: str, sign: int) -> bool:
    """Whether every tree with enough leaves of ``owner`` correlates with sign ``sign``."""
    for s in samples:
        mine = s.of(owner)
        if mine.sum() >= MIN_TREE_LEAVES:
            r = rank_correlation(s.value[mine], s.heuristic[mine])
            if not r * sign > 0:  # NaN (constant values) disagrees too
                return False
    return True


def rank_correlation(a: np.ndarray, b: np.ndarray) -> float:
    """Spearman's rank correlation of ``a`` and ``b`` (ties ranked by their average
    rank); NaN when either is constant."""
    ra, rb = _ranks(a), _ranks(b)
    if len(a) < 2 or ra.std() == 0 or rb.std() == 0:
        return float("nan")
    return float(np.corrcoef(ra, rb)[0, 1])


def _ranks(x: np.ndarray) -> np.ndarray:
    """1-based ranks of ``x``, tied values sharing their average rank."""
    _, inverse, count = np.unique(x, return_inverse=True, return_counts=True)
    end = np.cumsum(count)
    return (end - (count - 1) / 2.0)[inverse]
