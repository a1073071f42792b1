"""The ``selection`` check of :mod:`treeviz.checkup.tree_bugs`: an MCTS's selection rule
measured against UCT, from the order of its calls.

A checking recording keeps every call's node and returned value in call order
(``trace.extra["checked"]["sequence"]``). Replayed, they give the state of the tree
before each call: a call at child ``c`` of node ``p`` is a *selection* at ``p`` when
every legal column of ``p`` already had a child called at least once (no column left
to expand: the choice is the selection rule's). There each child has its visits ``n``
(its calls so far), its mean result for ``p``'s side to move (its values negated, as
:class:`~treeviz.checkup.node_tree.Tree` reads them) and ``p`` its visits ``N`` (its
finished calls).

The choices are compared with candidate rules, each with its constant ``c`` fitted
(the value that agrees with most choices, on a grid from 1/1000 to 1000 times the
range of the recorded values): UCT, ``mean + c*sqrt(ln N / n)``, with ``c`` between
:data:`SENSIBLE` times the range (a correct search); UCT with ``c`` far outside it
(``uct-constant``: at least :data:`TOO_BIG` or at most :data:`TOO_SMALL` times the
range); UCT without the logarithm, ``c*sqrt(N / n)``, ``c*sqrt(N) / n`` or
``c*sqrt(1 / n)`` (``uct-no-log``); and the exploitation term negated, ``-mean +
c*sqrt(ln N / n)`` (``uct-sign``). A cause is named only when its rule agrees with at
least :data:`AGREE` of all the selections and, against every other candidate, with
at least :data:`AGREE` of the selections where the two disagree (at least
:data:`DECISIVE` of them: fewer cannot tell two rules apart, and then nothing is
named). Ties count as agreement (the search may break them its own way).

A search whose values are not its own (a tracing that reads them for the other
player, results credited to the wrong player: the ``perspective`` check's bug; results
passed up unflipped) would look like a wrong sign: ``uct-sign`` is named only when
that check finds nothing and each call returns the negation of its child call's
result (at least :data:`AGREE` of them).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from treeviz.checkup.node_tree import Tree

SENSIBLE = (0.1, 4.0)  # a correct constant, in times the values' range (sqrt 2 on 0..1: 1.4)
TOO_BIG, TOO_SMALL = 20.0, 0.01  # a constant of the wrong scale, in the same units
AGREE = 0.9  # the share of choices a named rule explains, overall and where rules differ
DECISIVE = 10  # selections where two rules disagree needed to tell them apart
MIN_STEPS = 30  # selections needed to judge the rule at all
EPS = 1e-9  # scores this close (relatively) are ties

# (name, exploration term from N and n, sign of the mean)
Rule = tuple[str, str, int]
FAMILIES = {
    "ln": "sqrt(ln N / n)",
    "N/n": "sqrt(N / n)",
    "N,n": "sqrt(N) / n",
    "1/n": "sqrt(1 / n)",
}
CLASSES: dict[str, list[tuple[str, int]]] = {  # cause ("": correct UCT) -> (term, sign)
    "": [("ln", 1)],
    "uct-constant": [("ln", 1)],
    "uct-no-log": [("N/n", 1), ("N,n", 1), ("1/n", 1)],
    "uct-sign": [("ln", -1)],
}
RANGES = {  # each class's constants, in times the values' range
    "": [SENSIBLE],
    "uct-constant": [(0.0, TOO_SMALL), (TOO_BIG, np.inf)],
    "uct-no-log": [(0.0, np.inf)],
    "uct-sign": [(0.0, np.inf)],
}


@dataclass(frozen=True)
class Steps:
    """The selections of one search, one row each (columns of the board across):
    the node ``node`` and the call ``call`` that chose, the ``chosen`` column
    (0-based), each column's child's visits ``n`` (0: no child) and ``mean`` (for the
    node's side to move; NaN: no child), and the node's finished calls ``total``."""

    node: np.ndarray
    call: np.ndarray
    chosen: np.ndarray
    n: np.ndarray
    mean: np.ndarray
    total: np.ndarray


@dataclass(frozen=True)
class Fit:
    """A candidate rule fitted: ``cause`` (``""``: UCT with a sensible constant),
    its exploration ``term`` (a key of :data:`FAMILIES`), ``sign`` of the mean, the
    constant ``c`` (in the recorded values' units) and per selection whether it
    agrees (``agrees``) and what it prefers (``prefers``: a boolean per column)."""

    cause: str
    term: str
    sign: int
    c: float
    agrees: np.ndarray
    prefers: np.ndarray

    @property
    def share(self) -> float:
        return float(self.agrees.mean())

    def formula(self) -> str:
        mean = "mean" if self.sign > 0 else "-mean"
        return f"{mean} + c*{FAMILIES[self.term]}"


@dataclass(frozen=True)
class Verdict:
    """A selection rule proven: the ``rule`` fitted, the best ``uct`` with a sensible
    constant, the selections (``steps``, ``count``), where the two disagree
    (``decisive``, and how many of those the rule explains, ``explained``), the first
    such selection (``first``: its row), and the recorded values' range."""

    rule: Fit
    uct: Fit
    steps: Steps
    count: int
    decisive: int
    explained: int
    first: int
    low: float
    high: float


def steps(t: Tree) -> Steps | None:
    """The selections of the recorded search, replayed from its call order (None: no
    call order recorded, or calls left out of the tree)."""
    seq = (t.facts.get("sequence") or {}) if not t.once else {}
    nodes = np.asarray(seq.get("node", []), np.int64)
    if not len(nodes) or (nodes < 0).any() or t.trace.truncated:
        return None
    values = [np.nan if v is None else float(v) for v in seq["value"]]
    width = t.root.width
    child = np.full((t.n, width), -1, np.int64)
    child[t.parent[1:], t.move[1:]] = np.arange(1, t.n)
    legal = np.array(
        [
            [t.position(p).can_play(c) for c in range(width)] if t.kids[p] else [False] * width
            for p in range(t.n)
        ]
    )
    entries, count, total = (np.zeros(t.n) for _ in range(3))
    rows: list[tuple[int, int, int, np.ndarray, np.ndarray, float]] = []
    for j, (k, v) in enumerate(zip(nodes.tolist(), values, strict=True)):
        p = int(t.parent[k])
        if k and t.trusted[p] and not t.terminal[p]:
            kids = child[p]
            seen = np.where(kids >= 0, count[np.maximum(kids, 0)], 0)
            if (seen[legal[p]] > 0).all() and (legal[p].sum() > 1):
                at = np.maximum(kids, 0)
                mean = t.edge[at] * total[at] / np.maximum(seen, 1)
                rows.append(
                    (p, j, int(t.move[k]), seen, np.where(seen > 0, mean, np.nan), entries[p] - 1)
                )
        entries[k] += 1
        if v == v:
            count[k], total[k] = count[k] + 1, total[k] + v
    if not rows:
        return None
    cols = list(zip(*rows, strict=True))
    return Steps(*(np.array(x) for x in cols))


def _terms(s: Steps, term: str) -> np.ndarray:
    """Per selection and column, the exploration term (without its constant)."""
    n = np.maximum(s.n, 1)
    big = np.maximum(s.total, 1)[:, None]
    return {
        "ln": np.sqrt(np.log(big) / n),
        "N/n": np.sqrt(big / n),
        "N,n": np.sqrt(big) / n,
        "1/n": np.sqrt(1 / n),
    }[term]


def _prefers(s: Steps, term: str, sign: int, c: float) -> np.ndarray:
    """Per selection, the columns the rule scores highest (ties: all of them)."""
    score = np.where(s.n > 0, sign * np.nan_to_num(s.mean) + c * _terms(s, term), -np.inf)
    top = score.max(axis=1, keepdims=True)
    return score >= top - EPS * (np.abs(top) + 1)


def _intervals(s: Steps, term: str, sign: int) -> tuple[np.ndarray, np.ndarray]:
    """Per selection, the constants ``c >= 0`` for which the rule prefers the chosen
    column (an interval ``[lo, hi]``; empty when ``lo > hi``): the chosen column's
    score ``a + c*b`` at least every other child's."""
    rows = np.arange(len(s.chosen))
    a = sign * np.nan_to_num(s.mean)
    b = _terms(s, term)
    da = a[rows, s.chosen][:, None] - a
    db = b[rows, s.chosen][:, None] - b
    other = (s.n > 0) & (np.arange(s.n.shape[1]) != s.chosen[:, None])
    slack = EPS * (np.abs(a).max(axis=1, keepdims=True) + 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        bound = -(da + slack) / db
    lo = np.where(other & (db > 0), bound, 0.0).max(axis=1)
    hi = np.where(other & (db < 0), bound, np.inf).min(axis=1)
    never = (other & (db == 0) & (da < -slack)).any(axis=1)
    return np.maximum(lo, 0.0), np.where(never, -1.0, hi)


def _fit(s: Steps, cause: str, span: float) -> Fit | None:
    """The rule of ``cause``'s class whose constant (in the class's range) agrees
    with most selections: the best constant found exactly, as the point covered by
    most of the selections' intervals (None: no rule)."""
    best: Fit | None = None
    for term, sign in CLASSES[cause]:
        lo, hi = _intervals(s, term, sign)
        for first, last in RANGES[cause]:
            c = _most_covered(lo, hi, first * span, last * span)
            prefers = _prefers(s, term, sign, c)
            agrees = prefers[np.arange(len(s.chosen)), s.chosen]
            if best is None or agrees.sum() > best.agrees.sum():
                best = Fit(cause, term, sign, c, agrees, prefers)
    return best


def _most_covered(lo: np.ndarray, hi: np.ndarray, first: float, last: float) -> float:
    """The point of ``[first, last]`` inside most intervals ``[lo, hi]`` (a maximum is
    reached at a left end, or at ``first``)."""
    points = np.concatenate(([first], lo[(lo >= first) & (lo <= last)]))
    starts, ends = np.sort(lo[lo <= hi]), np.sort(hi[lo <= hi])
    covered = np.searchsorted(starts, points, "right") - np.searchsorted(ends, points, "left")
    return float(points[int(np.argmax(covered))])


def judge(t: Tree, *, sign_allowed: bool) -> Verdict | None:
    """The selection rule proven for the recorded MCTS (see the module docs); None
    when UCT explains it, or nothing is proven. ``sign_allowed``: the values are the
    search's own (the perspective check found nothing)."""
    s = steps(t)
    if s is None or len(s.chosen) < MIN_STEPS:
        return None
    values = np.asarray([v for v in t.facts["sequence"]["value"] if v is not None], float)
    values = values[np.isfinite(values)]
    low, high = float(values.min()), float(values.max())
    if not high > low:
        return None
    fits = {cause: _fit(s, cause, high - low) for cause in CLASSES}
    found = [f for f in fits.values() if f is not None]
    best = max(found, key=lambda f: f.share)
    if best.cause == "uct-sign" and not (sign_allowed and flipped_share(t) >= AGREE):
        return None
    if not best.cause or best.share < AGREE:
        return None
    for other in found:
        apart = other.cause != best.cause and not _beats(best, other)
        if apart and not _both_too_big(best, other, high - low):
            return None
    uct = fits[""]
    assert uct is not None
    apart = ~(best.prefers & uct.prefers).any(axis=1)
    first = int(np.flatnonzero(apart & best.agrees)[0])
    return Verdict(
        best,
        uct,
        s,
        len(s.chosen),
        int(apart.sum()),
        int((apart & best.agrees).sum()),
        first,
        low,
        high,
    )


def flipped_share(t: Tree) -> float:
    """The share of calls whose return is the negation of their child call's (both
    non-zero): a search that passes its results up unchanged (not flipped for the
    player who moved) would look like a wrong sign in the selection."""
    seq = t.facts["sequence"]
    last: dict[int, int] = {}  # node -> its latest call
    pairs = []
    for j, k in enumerate(seq["node"]):
        if k and int(t.parent[k]) in last:
            pairs.append((seq["value"][last[int(t.parent[k])]], seq["value"][j]))
        last[k] = j
    judged = [(a, b) for a, b in pairs if a and b]
    return sum(a == -b for a, b in judged) / len(judged) if judged else 0.0


def _both_too_big(rule: Fit, other: Fit, span: float) -> bool:
    """A UCT constant of the wrong scale that a rule without the logarithm explains
    as well, but only with a constant above the sensible range too: the scale is
    wrong either way (a huge constant makes both rules visit the least visited
    child first)."""
    return (
        rule.cause == "uct-constant"
        and other.cause == "uct-no-log"
        and other.c > SENSIBLE[1] * span
    )


def _beats(rule: Fit, other: Fit) -> bool:
    """Whether ``rule`` explains the selections where it and ``other`` disagree (no
    column preferred by both): enough of them, and at least :data:`AGREE` of them."""
    apart = ~(rule.prefers & other.prefers).any(axis=1)
    return int(apart.sum()) >= DECISIVE and float(rule.agrees[apart].mean()) >= AGREE
