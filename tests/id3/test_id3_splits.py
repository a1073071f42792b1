"""The compiled split search of ID3 against the definitions, computed in plain Python,
and the tree of a table too large for a NumPy call per node."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.id3 import fit, parse_table
from treeviz.id3.split_kernel import _pairwise, categorical_splits, numeric_splits


def h(labels: list[int]) -> float:
    """Entropy in bits of a list of labels, from the definition."""
    n = len(labels)
    return -sum(c / n * math.log2(c / n) for c in Counter(labels).values()) if n else 0.0


def gain_of(parts: list[list[int]], labels: list[int]) -> float:
    """Information gain of splitting ``labels`` into ``parts``."""
    return h(labels) - sum(len(p) / len(labels) * h(p) for p in parts)


def split_info(parts: list[list[int]]) -> float:
    sizes = [len(p) for p in parts if p]
    return h([i for i, s in enumerate(sizes) for _ in range(s)])


columns = st.integers(2, 60).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 2), min_size=n, max_size=n),  # classes
        st.lists(st.lists(st.integers(0, 9), min_size=n, max_size=n), min_size=1, max_size=3),
        st.lists(
            st.lists(st.sampled_from([0.5, 1.0, 2.0, 2.5, -3.0]), min_size=n, max_size=n),
            min_size=1,
            max_size=2,
        ),
        st.integers(0, 2**32 - 1),
    )
)


class Node:
    """A random half of the rows of ``y`` (at least two) as a node, with the kernels'
    arguments: labels as an array, n log2 n, and the node's entropy."""

    def __init__(self, y: list[int], seed: int) -> None:
        rows = len(y)
        self.idx = np.sort(np.random.default_rng(seed).permutation(rows)[: max(2, rows // 2)])
        n = np.arange(rows + 1, dtype=np.float64)
        self.ys, self.nlogn = np.array(y, np.int64), n * np.log2(np.maximum(n, 1))
        self.labels = [y[i] for i in self.idx]
        self.base = h(self.labels)

    def outputs(self, n: int) -> tuple[np.ndarray, ...]:
        """Gains, ratios, thresholds and flags for ``n`` attributes."""
        return np.empty(n), np.empty(n), np.empty(n), np.empty(n, bool)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(columns)
def test_every_split_scores_as_its_definition(data: tuple) -> None:
    """Categorical gains and ratios, and numeric best cuts, of a random node."""
    y, cats, nums, seed = data
    check_categorical(Node(y, seed), y, cats)
    check_numeric(Node(y, seed), y, nums)


def check_categorical(node: Node, y: list[int], cats: list[list[int]]) -> None:
    idx, labels = node.idx, node.labels
    gain, ratio, _, ok = node.outputs(len(cats))
    categorical_splits(
        np.array(cats, np.int64),
        np.arange(len(cats)),
        node.ys,
        idx,
        3,
        10,
        node.nlogn,
        node.base,
        gain,
        ratio,
        ok,
    )
    for a, col in enumerate(cats):
        parts = [[y[i] for i in idx if col[i] == v] for v in range(10)]
        assert ok[a] == (sum(1 for p in parts if p) >= 2)
        assert math.isclose(gain[a], gain_of(parts, labels), abs_tol=1e-9)
        info = split_info(parts)
        expected = gain_of(parts, labels) / info if info > 0 else 0.0
        assert math.isclose(ratio[a], expected, abs_tol=1e-9)


def check_numeric(node: Node, y: list[int], nums: list[list[float]]) -> None:
    idx, labels = node.idx, node.labels
    gain, ratio, thr, ok = node.outputs(len(nums))
    numeric_splits(
        np.array(nums, np.float64), node.ys, idx, 3, node.nlogn, node.base, gain, ratio, thr, ok
    )
    for j, col in enumerate(nums):
        values = sorted({col[i] for i in idx})
        assert ok[j] == (len(values) >= 2)
        if not ok[j]:
            continue
        cuts = [(a + b) / 2 for a, b in itertools.pairwise(values)]
        gains = [
            gain_of([[y[i] for i in idx if col[i] <= t], [y[i] for i in idx if col[i] > t]], labels)
            for t in cuts
        ]
        best = max(gains)
        assert math.isclose(gain[j], best, abs_tol=1e-9)
        # a threshold of the best gain (gains equal up to rounding are ties: the
        # kernel's sums run in another order, so either may come out a hair higher)
        assert thr[j] in [t for t, g in zip(cuts, gains, strict=True) if g >= best - 1e-9]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6), max_size=700))
def test_sums_round_as_numpy_does(xs: list[float]) -> None:
    a = np.array(xs, np.float64)
    assert _pairwise(a, 0, len(a)) == (a.sum() if len(a) else 0.0)


@pytest.mark.slow
def test_a_chain_thousands_deep_reads_back_as_json() -> None:
    """A numeric attribute that peels one row per split makes a tree deeper than
    Python's recursion limit; its JSON is built all the same."""
    rows = 3000
    lines = ["n,y", *(f"{i},{'ab'[i % 2]}" for i in range(rows))]
    tree = fit(parse_table("\n".join(lines), name="t"))
    assert tree.depth >= rows - 1
    node, depth = tree.as_dict(), 0
    while node["children"]:
        node = node["children"][-1]
        depth += 1
    assert depth == tree.depth


def test_cross_validation_reports_each_fold_as_it_ends() -> None:
    """The progress the CLI and the dashboard show: one call per fold, in order."""
    from treeviz.id3 import bundled_path, cross_validate, read_table

    seen: list[int] = []
    cv = cross_validate(read_table(bundled_path("iris")), k=4, seed=0, on_fold=seen.append)
    assert seen == [1, 2, 3, 4] and len(cv.scores) == 4
