"""The ``memo`` check of :mod:`treeviz.checkup.nodes`: an unfinished position that
returned without searching, above the search's depth limit, with a value the exact
solver proves no correct search of that depth could return.

Above the depth limit (the deepest unfinished leaf, :attr:`Tree.horizon`), an
unfinished leaf is a call that returned at once: a memo (transposition) table's
stored value, or another early return. Its value is judged where the tree proves
what it claims:

* a decided result (a value the size of the search's losses on fours, not an
  evaluation's) that the exact outcome contradicts: a win claimed where the side to
  move does not win, a loss where it does not lose. A claim of the opposite result is
  the mark of a value stored for the other player (``memo-side``: the key leaves out
  whose turn it is or whose values they are);
* an evaluation's value where the side to move wins or loses by force well inside
  the plies left to the depth limit (a correct search of that depth proves it): a
  value stored by a shallower search (``memo-depth``).

A value outside its recorded window is a bound (alpha-beta), not judged against an
outcome it does not claim.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from treeviz.checkup.node_tree import Tree
from treeviz.connect4.board import Position
from treeviz.trace.values import score_outcome

MAX_JUDGED = 200  # unfinished leaves above the depth limit solved at most (few in practice)
UNNAMED = "stale"  # proven wrong, the cause not proven (a win claimed in a draw)


@dataclass(frozen=True)
class Stale:
    """A leaf ``node`` whose value ``value`` contradicts its exact ``outcome`` (for its
    side to move: ``win``/``draw``/``loss``, in ``plies`` when decided), ``left`` plies
    above the depth limit; ``cause`` ``memo-side`` or ``memo-depth``; ``count``: such
    leaves in the tree."""

    node: int
    value: float
    outcome: str
    plies: int
    left: int
    cause: str
    count: int


def judge(t: Tree) -> Stale | None:
    """The first (in id order) leaf above the depth limit whose value is proven wrong
    (see the module docs); None when there is none or too little evidence."""
    loss = t.loss_size()
    span = t.leaf_range()
    if not t.once or loss is None or span is None:
        return None
    early = np.flatnonzero(t.leaf & ~t.terminal & ~np.isnan(t.value) & (t.depth < t.horizon))
    early = early[:MAX_JUDGED]
    if not len(early):
        return None
    from treeviz.exact.scores import solve_many

    positions = [t.position(int(k)) for k in early]
    found = []
    for k, pos, score in zip(early.tolist(), positions, solve_many(positions), strict=False):
        cause = _wrong(t, k, pos, score, loss)
        if cause:
            found.append((k, pos, score, cause))
    if not found:
        return None
    side = [f for f in found if f[3] == "memo-side"]
    k, pos, score, cause = (side or found)[0]
    out = score_outcome(score, pos.ply, pos.width, pos.height)
    return Stale(k, float(t.value[k]), out["result"], int(out.get("plies") or 0),
                 t.horizon - int(t.depth[k]), cause, len(found))  # fmt: skip


def _wrong(t: Tree, k: int, pos: Position, score: int, loss: float) -> str:
    """The cause when leaf ``k``'s value is proven wrong, else ``""``."""
    v = float(t.value[k])
    lo = -np.inf if np.isnan(t.alpha[k]) else float(t.alpha[k])
    hi = np.inf if np.isnan(t.beta[k]) else float(t.beta[k])
    # a decided result: the size of the search's losses on fours (a stored one may sit
    # among the evaluated leaves too, so their range does not bound it)
    if abs(v) >= loss / 2:
        claim = 1 if v > 0 else -1
        if (claim > 0 and v <= lo) or (claim < 0 and v >= hi):
            return ""  # a bound on the side it says nothing of
        return "memo-side" if np.sign(score) == -claim else (UNNAMED if score == 0 else "")
    if not lo < v < hi or score == 0:  # a bound, or a draw: no outcome to miss
        return ""
    out = score_outcome(score, pos.ply, pos.width, pos.height)
    left = t.horizon - int(t.depth[k])
    # well inside the plies left: a search that stops a ply early still proves it
    return "memo-depth" if int(out["plies"]) <= left - 1 else ""
