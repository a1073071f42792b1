"""Compiled exact solver: negamax with alpha-beta, a transposition table of upper
bounds, null-window probes and moves ordered by the threats they create.

Scores are on the Connect 4 solver community's scale: for the side to move, 0 for a
draw, ``(w*h)/2 + 1 - s`` for a win with the winner's ``s``-th stone, negated for a loss.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from treeviz import kernels as K
from treeviz.heuristics import popcount
from treeviz.trace import (
    C_BUDGET,
    C_CUTOFFS,
    C_LEAVES,
    C_NODES,
    C_TT_HITS,
    CUTOFF,
    EXACT,
    TERMINAL,
    TT_HIT,
    finish,
    record,
)

NEW_NODE = -3  # negamax records a fresh trace node
TT_BITS = 23  # 8M entries: 64 MiB of keys, 8 MiB of values


def new_table() -> tuple[np.ndarray, np.ndarray]:
    """An empty transposition table (keys, stored upper bounds + offset)."""
    return np.zeros(1 << TT_BITS, dtype=np.uint64), np.zeros(1 << TT_BITS, dtype=np.int8)


@njit(cache=True)
def tt_slot(key: np.uint64) -> int:
    """Table index of a key: Fibonacci hashing, because the low bits of a key only
    describe the leftmost columns and would crowd a few slots."""
    return int((key * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - TT_BITS))


@njit(cache=True)
def centre_order(w: int) -> np.ndarray:
    """Columns from the centre outwards, left before right: 3 2 4 1 5 0 6 for w = 7."""
    order = np.empty(w, dtype=np.int64)
    for i in range(w):
        order[i] = w // 2 + (1 - 2 * (i % 2)) * ((i + 1) // 2)
    return order


@njit(cache=True)
def non_losing_moves(cur: np.uint64, mask: np.uint64, w: int, h: int) -> np.uint64:
    """Cells the side to move can play without letting the opponent win next move.

    Returns 0 when every move loses (two open threats, or only moves under a threat).
    Assumes the side to move has no winning move itself.
    """
    possible = K.playable_cells(mask, w, h)
    opp_win = K.winning_cells(cur ^ mask, mask, w, h)
    forced = possible & opp_win
    if forced:
        if forced & (forced - K.U1):
            return K.U0  # two threats at once: cannot block both
        possible = forced
    return possible & ~(opp_win >> K.U1)  # never play right under an opponent's four


# Not cached: numba's on-disk cache of a self-recursive function crashes when loaded.
@njit
def negamax(
    cur: np.uint64,
    mask: np.uint64,
    ply: int,
    alpha: int,
    beta: int,
    w: int,
    h: int,
    parent: int,
    move: int,
    depth: int,
    iteration: int,
    nodes: np.ndarray,
    ctr: np.ndarray,
    tt_keys: np.ndarray,
    tt_vals: np.ndarray,
    order: np.ndarray,
    node_in: int,
) -> int:
    """Exact score within ``(alpha, beta)`` for a side to move that cannot win at once.

    Contract: if the true score ``v`` is ``<= alpha`` the result is an upper bound
    ``<= alpha``; if ``v >= beta`` a lower bound ``>= beta``; otherwise exactly ``v``.
    ``node_in`` is the trace id to reuse for this node (a repeated probe of the same
    position), or ``NEW_NODE`` to record a new one.
    """
    if ctr[C_BUDGET] != 0 and (ctr[C_BUDGET] < 0 or ctr[C_NODES] >= ctr[C_BUDGET]):
        ctr[C_BUDGET] = -1  # out of budget: unwind fast; the caller discards the result
        return alpha
    node = record(nodes, ctr, parent, move, depth, iteration) if node_in == NEW_NODE else node_in
    ctr[C_NODES] += 1
    if node >= 0:
        nodes[node].alpha = alpha
        nodes[node].beta = beta
    size = w * h
    nxt = non_losing_moves(cur, mask, w, h)
    if nxt == K.U0:
        value = -((size - ply) // 2)
        ctr[C_LEAVES] += 1
        finish(nodes, node, value, TERMINAL | EXACT)
        return value
    if ply >= size - 2:  # the opponent cannot win either: a draw
        ctr[C_LEAVES] += 1
        finish(nodes, node, 0, TERMINAL | EXACT)
        return 0
    lo = -((size - 2 - ply) // 2)  # the opponent cannot win on the next move
    if alpha < lo:
        alpha = lo
        if alpha >= beta:
            ctr[C_CUTOFFS] += 1
            finish(nodes, node, alpha, CUTOFF)
            return alpha
    hi = (size - 1 - ply) // 2  # we cannot win on our next move
    key = cur + mask
    slot = tt_slot(key) & (tt_keys.shape[0] - 1)
    if tt_keys[slot] == key:
        hi = int(tt_vals[slot]) - 64
        ctr[C_TT_HITS] += 1
        if node >= 0:
            nodes[node].flags |= TT_HIT
    if beta > hi:
        beta = hi
        if alpha >= beta:
            ctr[C_CUTOFFS] += 1
            finish(nodes, node, beta, CUTOFF)
            return beta
    # order the non-losing moves by the number of threats they leave, centre first on ties
    cols = np.empty(w, dtype=np.int64)
    scores = np.empty(w, dtype=np.int64)
    n = 0
    for i in range(w):
        col = order[i]
        cell = nxt & K.column_bits(col, h)
        if cell:
            s = popcount(K.winning_cells(cur | cell, mask | cell, w, h))
            j = n
            while j > 0 and scores[j - 1] < s:
                cols[j] = cols[j - 1]
                scores[j] = scores[j - 1]
                j -= 1
            cols[j] = col
            scores[j] = s
            n += 1
    for i in range(n):
        ncur, nmask = K.play(cur, mask, cols[i], h)
        v = -negamax(
            ncur,
            nmask,
            ply + 1,
            -beta,
            -alpha,
            w,
            h,
            node,
            cols[i],
            depth + 1,
            iteration,
            nodes,
            ctr,
            tt_keys,
            tt_vals,
            order,
            NEW_NODE,
        )
        if v >= beta:
            ctr[C_CUTOFFS] += 1
            if node >= 0:
                pruned = 0
                for k in range(i + 1, n):
                    pruned |= 1 << cols[k]
                nodes[node].pruned = pruned
            finish(nodes, node, v, CUTOFF)
            return v
        if v > alpha:
            alpha = v
    if ctr[C_BUDGET] < 0:
        return alpha  # never store a value the budget cut short: the table is shared
    tt_keys[slot] = key
    tt_vals[slot] = alpha + 64  # an upper bound, kept small and positive in an int8
    finish(nodes, node, alpha, 0)
    return alpha


@njit  # not cached: it links the recursive negamax (see there)
def solve(
    cur: np.uint64,
    mask: np.uint64,
    ply: int,
    weak: bool,
    w: int,
    h: int,
    parent: int,
    move: int,
    depth: int,
    nodes: np.ndarray,
    ctr: np.ndarray,
    tt_keys: np.ndarray,
    tt_vals: np.ndarray,
) -> int:
    """Exact score of an unfinished position for the side to move (weak: its sign only).

    Narrows ``[lo, hi]`` with null-window probes. The position is recorded once, as a
    child of ``parent``; each probe's nodes hang below it with ``iteration`` = the probe
    number (1, 2, ...). An immediate win is a leaf without probes.
    """
    size = w * h
    order = centre_order(w)
    node = record(nodes, ctr, parent, move, depth, 0)
    for col in range(w):
        if K.can_play(mask, col, h) and K.is_winning_move(cur, mask, col, w, h):
            ctr[C_NODES] += 1
            ctr[C_LEAVES] += 1
            value = 1 if weak else (size + 1 - ply) // 2
            finish(nodes, node, value, EXACT)
            return value
    lo = -((size - ply) // 2)
    hi = (size + 1 - ply) // 2
    if weak:
        lo, hi = -1, 1
    probe = 0
    while lo < hi:
        med = lo + (hi - lo) // 2
        if med <= 0 and lo // 2 < med:
            med = lo // 2
        elif med >= 0 and hi // 2 > med:
            med = hi // 2
        probe += 1
        r = negamax(
            cur,
            mask,
            ply,
            med,
            med + 1,
            w,
            h,
            parent,
            move,
            depth,
            probe,
            nodes,
            ctr,
            tt_keys,
            tt_vals,
            order,
            node,
        )
        if r <= med:
            hi = r
        else:
            lo = r
    if weak:
        lo = (lo > 0) - (lo < 0)
    finish(nodes, node, lo, EXACT)
    return lo
