"""ID3 with C4.5's numeric thresholds, vectorised with NumPy.

Learning (:func:`fit`): at each node the class counts of every candidate split come
from one ``np.bincount`` over the encoded columns (categorical) or one sort and a
cumulative sum (numeric), never a Python loop over rows.

- A categorical attribute splits multiway, one branch per value of the whole table
  (a value no row of the node has gets an *empty* leaf predicting the parent's
  majority) and is not used again below. A numeric attribute splits in two at the
  best midpoint between consecutive distinct values, and may be used again.
- ``criterion``: ``gain`` (information gain) or ``gain_ratio`` (gain / split
  information, with C4.5's rule: the best ratio among the splits whose gain is at least
  the average, so a split does not win on a tiny split information alone; a numeric
  attribute's threshold is the one of best gain, as in C4.5). As in Russell and
  Norvig's ID3, a node splits on the best attribute even at zero gain, as long as some
  attribute still separates its rows.
- Leaves: pure nodes, nodes where no attribute separates the rows, nodes with fewer
  than ``min_samples`` rows, and nodes at ``max_depth``.
- Ties are broken deterministically: the attribute that comes first in the table,
  then the smallest threshold among gains equal in floating point (gains that tie
  only in exact arithmetic may round apart); a majority tie goes to the class that sorts first.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from treeviz.errors import InvalidParameterError
from treeviz.id3.split_kernel import categorical_splits, numeric_splits
from treeviz.id3.table import Table
from treeviz.settings import ID3_MIN_SAMPLES, show_value

CRITERIA = ("gain", "gain_ratio")
TIE = 1e-12  # gains closer than this are equal (floating-point noise)


@dataclass
class Node:
    """One node: ``branch`` is the test on the edge into it (``Full``, ``<= 70.5``);
    ``attribute`` the feature index it splits on (-1 for a leaf)."""

    id: int
    parent: int
    depth: int
    counts: np.ndarray
    prediction: int
    branch: str = ""
    attribute: int = -1
    threshold: float | None = None
    gain: float = 0.0
    empty: bool = False
    children: list[int] = field(default_factory=list)

    @property
    def samples(self) -> int:
        """Training rows that reached the node."""
        return int(self.counts.sum())

    @property
    def entropy(self) -> float:
        """Entropy of the node's classes, in bits (plain Python: a tree of a million
        rows asks it of 300,000 nodes, and a NumPy call per node cost seconds)."""
        counts = self.counts.tolist()
        total = sum(counts)
        if not total:
            return 0.0
        return max(-sum(c / total * math.log2(c / total) for c in counts if c), 0.0)

    @property
    def is_leaf(self) -> bool:
        """True for a leaf."""
        return self.attribute < 0


@dataclass
class DecisionTree:
    """A learned tree over the columns of ``table`` (levels, names, classes)."""

    table: Table
    nodes: list[Node]
    criterion: str

    @property
    def depth(self) -> int:
        """Edges on the longest path from the root."""
        return max(n.depth for n in self.nodes)

    @property
    def leaves(self) -> int:
        """Number of leaves."""
        return sum(n.is_leaf for n in self.nodes)

    def feature(self, node: Node) -> str:
        """The attribute name ``node`` splits on."""
        return self.table.features[node.attribute].name

    def predict(self, table: Table) -> np.ndarray:
        """Class codes for every row of ``table`` (encoded with the same levels)."""
        out = np.empty(table.rows, dtype=np.int64)
        stack = [(0, np.arange(table.rows))]
        while stack:
            nid, idx = stack.pop()
            node = self.nodes[nid]
            if node.is_leaf or len(idx) == 0:
                out[idx] = node.prediction
                continue
            col = table.features[node.attribute].values[idx]
            for child, mask in zip(node.children, self._routes(node, col), strict=True):
                stack.append((child, idx[mask]))
        return out

    def _routes(self, node: Node, col: np.ndarray) -> list[np.ndarray]:
        """Which of the values ``col`` go down each child of ``node``."""
        if node.threshold is not None:
            return [col <= node.threshold, col > node.threshold]
        return [col == code for code in range(len(node.children))]

    def path(self, row: dict[str, str]) -> list[int]:
        """Node ids from the root to the leaf that ``row`` (attribute -> text) reaches;
        a value the table never had stops at the node testing it."""
        ids = [0]
        node = self.nodes[0]
        while not node.is_leaf:
            column = self.table.features[node.attribute]
            text = row[column.name]
            if node.threshold is not None:
                nxt = node.children[0 if float(text) <= node.threshold else 1]
            elif text in column.levels:
                nxt = node.children[column.levels.index(text)]
            else:
                break
            ids.append(nxt)
            node = self.nodes[nxt]
        return ids

    def accuracy(self, table: Table) -> float:
        """Share of ``table``'s rows predicted right."""
        return float(np.mean(self.predict(table) == table.target.values))

    def as_dict(self, nid: int = 0) -> dict[str, Any]:
        """The subtree at ``nid`` as nested JSON (``attribute`` None at a leaf). Built
        without recursion: numeric splits can chain thousands of levels deep."""
        out = self._node_dict(self.nodes[nid])
        stack = [(out, self.nodes[nid])]
        while stack:
            parent, n = stack.pop()
            for c in n.children:
                child = self._node_dict(self.nodes[c])
                parent["children"].append(child)
                stack.append((child, self.nodes[c]))
        return out

    def _node_dict(self, n: Node) -> dict[str, Any]:
        """One node's JSON, with an empty ``children`` list."""
        out: dict[str, Any] = {
            "attribute": None if n.is_leaf else self.feature(n),
            "branch": n.branch,
            "samples": n.samples,
            "entropy": round(n.entropy, 6),
            "distribution": dict(zip(self.table.classes, n.counts.tolist(), strict=True)),
            "prediction": self.table.classes[n.prediction],
        }
        if n.threshold is not None:
            out["threshold"] = n.threshold
        if not n.is_leaf:
            out["gain"] = round(n.gain, 6)
        out["children"] = []
        return out

    def rules(self) -> list[str]:
        """The tree as indented rules, one line per node below the root."""
        lines: list[str] = []
        stack = [(c, 0) for c in reversed(self.nodes[0].children)]
        if self.nodes[0].is_leaf:
            return [f"-> {self.table.classes[self.nodes[0].prediction]}"]
        while stack:
            nid, indent = stack.pop()
            n = self.nodes[nid]
            test = f"{self.feature(self.nodes[n.parent])} {_test(n.branch)}"
            tail = f": {self.table.classes[n.prediction]} {_dist(self, n)}" if n.is_leaf else ""
            lines.append("|   " * indent + test + tail)
            stack.extend((c, indent + 1) for c in reversed(n.children))
        return lines


def _test(branch: str) -> str:
    return branch if branch[:1] in "<>" else f"= {branch}"


def _dist(tree: DecisionTree, n: Node) -> str:
    if n.empty:
        return "(no rows: parent's majority)"
    return (
        "("
        + ", ".join(f"{tree.table.classes[c]} {int(k)}" for c, k in enumerate(n.counts) if k)
        + ")"
    )


def fit(
    table: Table,
    *,
    criterion: str = "gain",
    max_depth: int | None = None,
    min_samples: int = ID3_MIN_SAMPLES,
) -> DecisionTree:
    """Learn a tree from every row of ``table`` (see the module docs)."""
    if criterion not in CRITERIA:
        raise InvalidParameterError(
            f"criterion {show_value(criterion)}: choose {' or '.join(CRITERIA)}"
        )
    if max_depth is not None and max_depth < 0:
        raise InvalidParameterError(f"max depth {max_depth}: 0 or more")
    if min_samples < 1:
        raise InvalidParameterError(f"min samples {min_samples}: 1 or more")
    return _Learner(table, criterion, max_depth, min_samples).run()


class _Learner:
    """The state of one fit: encoded matrices and the growing node list."""

    def __init__(
        self, table: Table, criterion: str, max_depth: int | None, min_samples: int
    ) -> None:
        self.table, self.criterion = table, criterion
        self.max_depth, self.min_samples = max_depth, min_samples
        self.y = table.target.values.astype(np.int64)
        self.k = len(table.classes)
        feats = table.features
        self.cat = [j for j, c in enumerate(feats) if not c.numeric]
        self.num = [j for j, c in enumerate(feats) if c.numeric]
        self.width = max((len(feats[j].levels) for j in self.cat), default=1)
        # one row per attribute: the compiled split search reads an attribute's values
        # for a node's rows from one contiguous row
        self.xc = _rows([feats[j].values for j in self.cat], np.int64, table.rows)
        self.xn = _rows([feats[j].values for j in self.num], np.float64, table.rows)
        self.nodes: list[Node] = []
        # n log2 n for every count a node can hold: entropies become table lookups
        n = np.arange(table.rows + 1, dtype=np.float64)
        self.nlogn = n * np.log2(np.maximum(n, 1))

    def entropy(self, counts: np.ndarray) -> np.ndarray:
        """Entropy in bits of integer class counts (last axis; 0 for no rows), by
        lookup: H = log2 N - sum(c log2 c) / N."""
        total = counts.sum(axis=-1)
        out = np.zeros(total.shape)
        np.divide(
            self.nlogn[total] - self.nlogn[counts].sum(axis=-1), total, out=out, where=total > 0
        )
        return np.maximum(out, 0.0)

    def run(self) -> DecisionTree:
        root = self._node(-1, 0, np.arange(self.table.rows), "", None)
        stack = [(root, np.arange(self.table.rows), np.ones(len(self.cat), bool))]
        while stack:
            node, idx, free = stack.pop()
            self._grow(node, idx, free, stack)
        return DecisionTree(self.table, self.nodes, self.criterion)

    def _node(
        self, parent: int, depth: int, idx: np.ndarray, branch: str, fallback: int | None
    ) -> Node:
        counts = np.bincount(self.y[idx], minlength=self.k)
        empty = len(idx) == 0
        pred = int(fallback) if empty and fallback is not None else int(np.argmax(counts))
        node = Node(len(self.nodes), parent, depth, counts, pred, branch, empty=empty)
        self.nodes.append(node)
        return node

    def _grow(self, node: Node, idx: np.ndarray, free: np.ndarray, stack: list[Any]) -> None:
        """Split ``node`` (rows ``idx``, categorical attributes ``free`` still unused)
        and queue its children, or leave it a leaf."""
        if (node.counts > 0).sum() <= 1 or len(idx) < self.min_samples:
            return
        if self.max_depth is not None and node.depth >= self.max_depth:
            return
        best = self._best(idx, free, node.counts)
        if best is None:
            return
        score, j, threshold = best
        node.attribute, node.threshold, node.gain = j, threshold, score
        col = self.table.features[j]
        if threshold is not None:
            values = col.values[idx]
            parts = [
                (idx[values <= threshold], f"<= {threshold:g}"),
                (idx[values > threshold], f"> {threshold:g}"),
            ]
            below = free
        else:
            codes = col.values[idx]
            parts = [(idx[codes == v], level) for v, level in enumerate(col.levels)]
            below = free.copy()
            below[self.cat.index(j)] = False
        for part, branch in parts:
            child = self._node(node.id, node.depth + 1, part, branch, node.prediction)
            node.children.append(child.id)
            if len(part):
                stack.append((child, part, below))

    def _best(
        self, idx: np.ndarray, free: np.ndarray, counts: np.ndarray
    ) -> tuple[float, int, float | None] | None:
        """(score, attribute, threshold or None) of the best split, or None."""
        base = float(self.entropy(counts))
        cands = self._categorical(idx, free, base) + self._numeric(idx, base)
        if not cands:
            return None
        if self.criterion == "gain_ratio":
            average = sum(c[0] for c in cands) / len(cands)
            scored = [(ratio, j, t) for gain, ratio, j, t in cands if gain >= average - TIE]
        else:
            scored = [(gain, j, t) for gain, _, j, t in cands]
        top = max(c[0] for c in scored)
        return min((c for c in scored if c[0] >= top - TIE), key=lambda c: (c[1], c[2] or 0.0))

    def _categorical(
        self, idx: np.ndarray, free: np.ndarray, base: float
    ) -> list[tuple[float, float, int, None]]:
        """(gain, gain ratio, attribute, None) of every free attribute that separates."""
        cols = np.flatnonzero(free)
        if not len(cols):
            return []
        gain, ratio, ok = np.empty(len(cols)), np.empty(len(cols)), np.empty(len(cols), bool)
        categorical_splits(
            self.xc, cols, self.y, idx, self.k, self.width, self.nlogn, base, gain, ratio, ok
        )
        return [
            (float(gain[i]), float(ratio[i]), self.cat[c], None)
            for i, c in enumerate(cols)
            if ok[i]
        ]

    def _numeric(self, idx: np.ndarray, base: float) -> list[tuple[float, float, int, float]]:
        """(gain, gain ratio, attribute, threshold) of every numeric attribute that
        separates, at its threshold of best gain."""
        if not self.num:
            return []
        n = len(self.num)
        gain, ratio, threshold = np.empty(n), np.empty(n), np.empty(n)
        ok = np.empty(n, bool)
        numeric_splits(self.xn, self.y, idx, self.k, self.nlogn, base, gain, ratio, threshold, ok)
        return [
            (float(gain[i]), float(ratio[i]), j, float(threshold[i]))
            for i, j in enumerate(self.num)
            if ok[i]
        ]


def _rows(columns: list[np.ndarray], dtype: type, rows: int) -> np.ndarray:
    """``columns`` stacked as the rows of one C-contiguous array (shape (0, rows) when
    there are none)."""
    if not columns:
        return np.zeros((0, rows), dtype)
    return np.ascontiguousarray(np.stack(columns).astype(dtype, copy=False))


def folds(rows: int, k: int, seed: int) -> list[np.ndarray]:
    """``k`` disjoint test folds covering ``rows`` rows, shuffled by ``seed``."""
    if not 2 <= k <= rows:
        raise InvalidParameterError(f"--cv {k}: between 2 and the number of rows ({rows})")
    return np.array_split(np.random.default_rng(seed).permutation(rows), k)


@dataclass
class CrossValidation:
    """Accuracy per fold, and every row's prediction by the tree that did not see it."""

    scores: list[float]
    predicted: np.ndarray

    @property
    def mean(self) -> float:
        """Mean accuracy over the folds."""
        return float(np.mean(self.scores))


def cross_validate(
    table: Table, *, k: int, seed: int, on_fold: Callable[[int], None] | None = None, **options: Any
) -> CrossValidation:
    """Accuracy on each of ``k`` folds of a tree learned from the other folds;
    ``on_fold(i)`` is called as fold ``i`` (1-based) is done, for progress."""
    scores, predicted = [], np.empty(table.rows, dtype=np.int64)
    for i, test in enumerate(folds(table.rows, k, seed), 1):
        train = np.setdiff1d(np.arange(table.rows), test)
        tree = fit(table.subset(train), **options)
        predicted[test] = tree.predict(table.subset(test))
        scores.append(float(np.mean(predicted[test] == table.target.values[test])))
        if on_fold is not None:
            on_fold(i)
    return CrossValidation(scores, predicted)
