"""The ``memo`` check of :mod:`treeviz.checkup.tree_bugs`: an unfinished position that
returned without searching, above the search's depth limit, with a value the exact
solver proves no correct search of that depth could return.

Above the depth limit (that of the full-width search, :attr:`Tree.limit`: a selective
extension's leaves past it do not move it), an
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

Under iterative deepening the same nodes are called once per pass, and the tree holds
their sums: each call's own value comes from the call order the checking recording
keeps (``sequence``). Passes are read only where they are certain: the root called
again and again, each call searching every child of the root, or the root's children
called in rounds, each round calling every one of them once. A pass of iterative
deepening searches at least a ply deeper than the one before it, so each call has a
least number of plies left (:func:`_passes`). A call that returned at once in a later
pass, the value an earlier pass's call at the same node returned, is judged as above
where the side to move wins or loses by force well inside those plies: a decided
result is one the size of the fours' losses the search returned; with no four among
its calls, a value no better (no worse) than that of a sibling, in the same pass,
that the exact solver proves not won (not lost) does not claim the win (the loss).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
    passes: int = 0  # the pass of iterative deepening its call was in (0: one pass)


def judge(t: Tree) -> Stale | None:
    """The first (in id order) leaf above the depth limit whose value is proven wrong
    (see the module docs), or under iterative deepening the first call proven wrong
    (:func:`judge_passes`); None when there is none or too little evidence."""
    if not t.once:
        return judge_passes(t)
    loss = t.loss_size()
    span = t.leaf_range()
    if not t.once or loss is None or span is None:
        return None
    early = np.flatnonzero(t.leaf & ~t.terminal & ~np.isnan(t.value) & (t.depth < t.limit))
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
    out = score_outcome(score, pos.ply, width=pos.width, height=pos.height)
    return Stale(
        k,
        float(t.value[k]),
        out["result"],
        int(out.get("plies") or 0),
        t.limit - int(t.depth[k]),
        cause,
        len(found),
    )


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
    out = score_outcome(score, pos.ply, width=pos.width, height=pos.height)
    left = t.limit - int(t.depth[k])
    # well inside the plies left: a search that stops a ply early still proves it
    return "memo-depth" if int(out["plies"]) <= left - 1 else ""


# ------------------------------------------------------------ iterative deepening
@dataclass(frozen=True)
class Calls:
    """The recorded calls of an iterative deepening search, in call order: ``node``,
    ``value`` (each call's own, NaN: none), ``passes`` (1-based, the pass each call
    belongs to), ``left`` (the least plies left at the call) and ``at_once`` (it
    returned without calling on a child)."""

    node: np.ndarray
    value: np.ndarray
    passes: np.ndarray
    left: np.ndarray
    at_once: np.ndarray


def _passes(t: Tree) -> Calls | None:
    """The calls with their passes (see the module docs), or None where the call order
    does not show passes of iterative deepening (none recorded, calls left out, one
    pass, or rounds that are not full: an MCTS's iterations each follow one line)."""
    seq = t.facts.get("sequence") or {}
    node = np.asarray(seq.get("node", []), np.int64)
    if not len(node) or (node < 0).any() or t.trace.truncated:
        return None
    value = np.array([np.nan if v is None else float(v) for v in seq["value"]])
    level = t.depth[node]
    top = int(level.min())
    heads = np.flatnonzero(level == top)
    members = np.unique(node[heads])
    rounds = len(heads) // len(members)
    if rounds < 2 or len(heads) % len(members):
        return None
    for r in range(rounds):  # each round calls every top node once, and nothing else
        if len(np.unique(node[heads[r * len(members) : (r + 1) * len(members)]])) < len(members):
            return None
    passes = np.cumsum(np.isin(np.arange(len(node)), heads[:: len(members)]))
    if top == 0 and not _every_child_each_pass(t, node, passes):
        return None
    reach = np.zeros(rounds + 1, np.int64)
    np.maximum.at(reach, passes, level - top)
    # each pass looks at least a ply deeper than the one before it
    least = np.maximum.accumulate(reach - np.arange(rounds + 1)) + np.arange(rounds + 1)
    left = least[passes] - (level - top)
    after = np.append(node[1:], 0)
    at_once = ~((t.parent[after] == node) & (np.arange(len(node)) < len(node) - 1))
    return Calls(node, value, passes, left, at_once)


def _every_child_each_pass(t: Tree, node: np.ndarray, passes: np.ndarray) -> bool:
    """Whether each call of the root (a pass) called every child of the root."""
    first = node[t.depth[node] == 1]
    return all(
        len(np.unique(node[(passes == p) & (t.depth[node] == 1)]))
        == t.kids[0]
        == len(np.unique(first))
        for p in range(1, int(passes.max()) + 1)
    )


def judge_passes(t: Tree) -> Stale | None:
    """Under iterative deepening (:func:`_passes`), the first call in a later pass
    that returned at once, on an unfinished position with no window recorded, the
    value an earlier pass's call there returned, where the side to move wins or loses
    by force within the plies left but one and the value does not claim it
    (``memo-depth``); None when there is none or too little evidence."""
    calls = _passes(t)
    if calls is None:
        return None
    node, v = calls.node, calls.value
    open_ = t.trusted[node] & ~t.terminal[node] & np.isnan(t.alpha[node]) & np.isnan(t.beta[node])
    judged = calls.at_once & open_ & ~np.isnan(v) & (calls.passes > 1) & (calls.left >= 2)
    judged &= [_repeated(calls, j) for j in range(len(node))]
    picked = np.flatnonzero(judged)[:MAX_JUDGED]
    if not len(picked):
        return None
    from treeviz.exact.scores import solve_many

    kept = list(dict.fromkeys(node[picked].tolist()))
    positions = [t.position(k) for k in kept]
    outs = {
        k: score_outcome(s, p.ply, width=p.width, height=p.height)
        for k, p, s in zip(kept, positions, solve_many(positions), strict=True)
    }
    loss = _loss(t, calls)
    found = [j for j in picked.tolist() if _stale(t, calls, j, outs, loss)]
    if not found:
        return None
    j = found[0]
    out = outs[int(node[j])]
    return Stale(
        int(node[j]),
        float(v[j]),
        out["result"],
        int(out.get("plies") or 0),
        int(calls.left[j]),
        "memo-depth",
        len({int(node[i]) for i in found}),
        int(calls.passes[j]),
    )


def _repeated(calls: Calls, j: int) -> bool:
    """Whether an earlier pass's call at call ``j``'s node returned its value."""
    same = (calls.node[:j] == calls.node[j]) & (calls.passes[:j] < calls.passes[j])
    return bool((calls.value[:j][same] == calls.value[j]).any())


def _loss(t: Tree, calls: Calls) -> float | None:
    """The size of the losses the search returned on fours: the smallest magnitude
    of a four's negative value, larger than every value returned at once in the first
    pass on an unfinished position (evaluations); None: no such four."""
    four = t.four[calls.node] & (calls.value < 0)
    if not four.any():
        return None
    size = float(-calls.value[four].max())
    first = calls.at_once & (calls.passes == 1) & ~t.terminal[calls.node] & ~np.isnan(calls.value)
    return size if not first.any() or size > float(np.abs(calls.value[first]).max()) else None


def _stale(
    t: Tree, calls: Calls, j: int, outs: dict[int, dict[str, Any]], loss: float | None
) -> bool:
    """Whether call ``j``'s value misses a forced result within its plies left but
    one (a search that stops a ply early still proves it)."""
    out, v = outs[int(calls.node[j])], float(calls.value[j])
    if out["result"] == "draw" or int(out["plies"]) > calls.left[j] - 1:
        return False
    win = out["result"] == "win"
    if loss is not None:
        return v < loss / 2 if win else v > -loss / 2
    # no scale: a sibling judged in the same pass, proven not won (not lost), valued
    # as well (a correct search scores a win it proves above every value it does not)
    same = (calls.passes == calls.passes[j]) & (calls.node != calls.node[j])
    same &= t.parent[calls.node] == t.parent[calls.node[j]]
    for i in np.flatnonzero(same):
        k = int(calls.node[i])
        if k in outs:
            other = outs[k]["result"]
            if (win and other != "win" and calls.value[i] >= v) or (
                not win and other != "loss" and calls.value[i] <= v
            ):
                return True
    return False
