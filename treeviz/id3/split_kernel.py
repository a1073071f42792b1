"""Compiled split search for :mod:`treeviz.id3.learn`: every candidate split of one node
in one call.

A tree of a million rows has hundreds of thousands of nodes, most of them small; done
with NumPy, each node paid for some twenty array calls (about 100 µs), whatever its
size. Here a node costs one call. The arithmetic is NumPy's, operation for operation
(entropies as ``(n log2 n - sum c log2 c) / n`` from a lookup table, sums in NumPy's
pairwise order), so the learned trees are the same as the NumPy version's.

Compiled kernels take their arguments positionally (``treeviz.jit`` says why).
"""

from __future__ import annotations

import numpy as np

from treeviz.jit import njit

BLOCK = 8  # NumPy's pairwise summation: eight running sums, unrolled
LEAF = 128  # and no splitting below this many terms (its PW_BLOCKSIZE)


@njit(cache=True, nogil=True)
def _block(a: np.ndarray, lo: int, n: int) -> float:
    """``a[lo:lo + n].sum()`` for ``n <= LEAF`` in NumPy's order: one running sum below
    eight terms, else eight interleaved sums combined pairwise, then the tail."""
    if n < BLOCK:
        s = 0.0 if n == 0 else a[lo]
        for i in range(lo + 1, lo + n):
            s += a[i]
        return s
    r = a[lo : lo + BLOCK].copy()
    full = n - n % BLOCK
    for i in range(lo + BLOCK, lo + full, BLOCK):
        for j in range(BLOCK):
            r[j] += a[i + j]
    s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
    for i in range(lo + full, lo + n):
        s += a[i]
    return s


@njit(cache=True, nogil=True)
def _pairwise(a: np.ndarray, lo: int, n: int) -> float:
    """``a[lo:lo + n].sum()`` added in NumPy's order (its ``pairwise_sum``: halves, cut
    at a multiple of eight, down to blocks of ``LEAF``), so sums round as NumPy's do.
    NumPy recurses; this walks the same tree with a stack (numba's disk cache cannot
    load a recursive function)."""
    if n <= LEAF:
        return _block(a, lo, n)
    seg = np.empty((3 * 64, 2), np.int64)  # (lo, n); n == -1 marks "add the top two"
    vals = np.empty(64)
    top, nv = 1, 0
    seg[0, 0], seg[0, 1] = lo, n
    while top:
        top -= 1
        s_lo, s_n = seg[top, 0], seg[top, 1]
        if s_n < 0:
            nv -= 1
            vals[nv - 1] += vals[nv]
        elif s_n <= LEAF:
            vals[nv] = _block(a, s_lo, s_n)
            nv += 1
        else:
            half = s_n // 2
            half -= half % BLOCK
            seg[top, 1] = -1
            seg[top + 1, 0], seg[top + 1, 1] = s_lo + half, s_n - half
            seg[top + 2, 0], seg[top + 2, 1] = s_lo, half
            top += 3
    return vals[0]


@njit(cache=True, nogil=True)
def _entropy(counts: np.ndarray, nlogn: np.ndarray, scratch: np.ndarray) -> float:
    """Entropy in bits of integer ``counts`` (0 when they are all 0)."""
    total = 0
    for j in range(len(counts)):
        total += counts[j]
        scratch[j] = nlogn[counts[j]]
    if total == 0:
        return 0.0
    return max((nlogn[total] - _pairwise(scratch, 0, len(counts))) / total, 0.0)


@njit(cache=True, nogil=True)
def categorical_splits(
    xc: np.ndarray,
    cols: np.ndarray,
    y: np.ndarray,
    idx: np.ndarray,
    k: int,
    width: int,
    nlogn: np.ndarray,
    base: float,
    gain: np.ndarray,
    ratio: np.ndarray,
    ok: np.ndarray,
) -> None:
    """For each attribute ``cols[i]`` (a row of the codes ``xc``), the information
    ``gain[i]`` and gain ratio ``ratio[i]`` of splitting the rows ``idx`` on it, and
    ``ok[i]`` whether it separates them (two or more values occur)."""
    m = len(idx)
    table = np.zeros((width, k), np.int64)
    sizes = np.zeros(width, np.int64)
    weighted = np.empty(width)
    scratch = np.empty(max(width, k))
    for i in range(len(cols)):
        codes = xc[cols[i]]
        table[:] = 0
        for r in idx:
            table[codes[r], y[r]] += 1
        present = 0
        for v in range(width):
            sizes[v] = table[v].sum()
            present += sizes[v] > 0
            weighted[v] = sizes[v] * _entropy(table[v], nlogn, scratch)
        gain[i] = base - _pairwise(weighted, 0, width) / m
        split = _entropy(sizes, nlogn, scratch)
        ratio[i] = gain[i] / split if split > 0 else 0.0
        ok[i] = present >= 2


@njit(cache=True, nogil=True)
def numeric_splits(
    xn: np.ndarray,
    y: np.ndarray,
    idx: np.ndarray,
    k: int,
    nlogn: np.ndarray,
    base: float,
    gain: np.ndarray,
    ratio: np.ndarray,
    threshold: np.ndarray,
    ok: np.ndarray,
) -> None:
    """For each numeric attribute ``j`` (a row of ``xn``), the best two-way split of the
    rows ``idx``: its ``gain[j]``, gain ratio ``ratio[j]`` and ``threshold[j]`` (the
    midpoint between the two values it separates; the smallest among equal gains), and
    ``ok[j]`` whether the attribute has two or more values there."""
    m = len(idx)
    total = np.zeros(k, np.int64)
    for r in idx:
        total[y[r]] += 1
    left = np.zeros(k, np.int64)
    right = np.empty(k, np.int64)
    scratch = np.empty(max(k, 2))
    sizes = np.empty(2, np.int64)
    for j in range(xn.shape[0]):
        vals = xn[j][idx]
        order = np.argsort(vals)  # the order among equal values changes no count at a cut
        left[:] = 0
        ok[j] = False
        best, cut = -np.inf, -1
        for p in range(m - 1):
            left[y[idx[order[p]]]] += 1
            if not vals[order[p]] < vals[order[p + 1]]:
                continue
            n_left = p + 1
            right[:] = total - left
            hl = _entropy(left, nlogn, scratch)
            hr = _entropy(right, nlogn, scratch)
            g = base - (n_left * hl + (m - n_left) * hr) / m
            if g > best:
                best, cut = g, p
        if cut < 0:
            continue
        ok[j] = True
        gain[j] = best
        sizes[0], sizes[1] = cut + 1, m - cut - 1
        split = _entropy(sizes, nlogn, scratch)
        ratio[j] = best / split if split > 0 else 0.0
        threshold[j] = (vals[order[cut]] + vals[order[cut + 1]]) / 2
