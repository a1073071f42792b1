"""Compiled depth-limited negamax: minimax without pruning, alpha-beta with it.

Values are for the side to move at each node: the heuristic at the depth limit, 0 for
a full board, and for a position where the side to move wins with its next stone
``WIN - d`` (``d`` = plies from the root to that stone), so any win outranks any
heuristic value and a faster win outranks a slower one.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from treeviz import kernels as K
from treeviz.heuristics import evaluate_kernel
from treeviz.search.solver_kernel import centre_order, tt_slot
from treeviz.trace import (
    C_CUTOFFS,
    C_LEAVES,
    C_NODES,
    C_TT_HITS,
    CUTOFF,
    TERMINAL,
    TT_HIT,
    finish,
    record,
)

WIN = 1_000_000
INF = 2 * WIN
ORDER_LEFT, ORDER_CENTRE, ORDER_HEURISTIC = 0, 1, 2
ORDERINGS = ("left", "centre", "heuristic")
TT_EXACT, TT_LOWER, TT_UPPER = 1, 2, 3
TT_BITS = 20


def new_table() -> tuple[np.ndarray, np.ndarray]:
    """Keys and packed entries ``(value, depth left, bound, best column)``."""
    size = 1 << TT_BITS
    return np.zeros(size, dtype=np.uint64), np.zeros((size, 4), dtype=np.int64)


@njit(cache=True)
def move_order(
    cur: np.uint64,
    mask: np.uint64,
    mode: int,
    hint: int,
    w: int,
    h: int,
    hid: int,
    windows: np.ndarray,
    weights: np.ndarray,
    centre_cols: np.ndarray,
) -> np.ndarray:
    """Legal columns in search order: left to right, centre first, or best heuristic
    child first (lowest value for the opponent); a TT ``hint`` column goes first."""
    base = centre_order(w) if mode != ORDER_LEFT else np.arange(w)
    cols = np.empty(w, dtype=np.int64)
    keys = np.empty(w, dtype=np.int64)
    n = 0
    for i in range(w):
        col = base[i]
        if not K.can_play(mask, col, h):
            continue
        key = 0
        if col == hint:
            key = -INF
        elif mode == ORDER_HEURISTIC:
            ncur, nmask = K.play(cur, mask, col, h)
            key = evaluate_kernel(hid, ncur, nmask, w, h, windows, weights, centre_cols)
        j = n
        while j > 0 and keys[j - 1] > key:  # stable insertion sort: ties keep base order
            cols[j] = cols[j - 1]
            keys[j] = keys[j - 1]
            j -= 1
        cols[j] = col
        keys[j] = key
        n += 1
    return cols[:n]


# Not cached: numba's on-disk cache of a self-recursive function crashes when loaded.
@njit
def negamax(
    cur: np.uint64,
    mask: np.uint64,
    left: int,
    alpha: int,
    beta: int,
    prune: bool,
    use_tt: bool,
    mode: int,
    hid: int,
    windows: np.ndarray,
    weights: np.ndarray,
    centre_cols: np.ndarray,
    w: int,
    h: int,
    parent: int,
    move: int,
    depth: int,
    iteration: int,
    nodes: np.ndarray,
    ctr: np.ndarray,
    tt_keys: np.ndarray,
    tt_data: np.ndarray,
    pv: np.ndarray,
    pv_len: np.ndarray,
    root_vals: np.ndarray,
    root_cut: np.ndarray,
) -> int:
    """Value of a position nobody has won yet, searched ``left`` plies deep.

    Contract (fail-soft): with ``prune`` the result ``v`` is exact when
    ``alpha < v < beta``, an upper bound when ``v <= alpha``, a lower bound when
    ``v >= beta``; without it, always exact. ``pv[depth]`` / ``pv_len`` receive the
    principal variation (triangular table); at the root (``depth == 0``) each
    column's value goes to ``root_vals`` and ``root_cut`` marks upper bounds.
    """
    node = record(nodes, ctr, parent, move, depth, iteration)
    ctr[C_NODES] += 1
    pv_len[depth] = depth
    if node >= 0:
        if prune:
            nodes[node].alpha = alpha
            nodes[node].beta = beta
        nodes[node].static_eval = evaluate_kernel(
            hid, cur, mask, w, h, windows, weights, centre_cols
        )
    if mask == K.board_mask(w, h):
        ctr[C_LEAVES] += 1
        finish(nodes, node, 0, TERMINAL)
        return 0
    if left == 0:
        ctr[C_LEAVES] += 1
        value = evaluate_kernel(hid, cur, mask, w, h, windows, weights, centre_cols)
        finish(nodes, node, value, 0)
        return value
    alpha0 = alpha
    hint = -1
    key = cur + mask
    slot = tt_slot(key) & (tt_keys.shape[0] - 1)
    if use_tt and tt_keys[slot] == key:
        hint = tt_data[slot, 3]
        if depth > 0 and tt_data[slot, 1] == left:  # the root always lists every column
            v, bound = tt_data[slot, 0], tt_data[slot, 2]
            if (
                bound == TT_EXACT
                or (bound == TT_LOWER and v >= beta)
                or (bound == TT_UPPER and v <= alpha)
            ):
                ctr[C_TT_HITS] += 1
                pv_len[depth] = depth  # the line below a transposition is not re-derived
                finish(nodes, node, v, TT_HIT)
                return v
    cols = move_order(cur, mask, mode, hint, w, h, hid, windows, weights, centre_cols)
    best, best_col, cut = -INF, -1, False
    for i in range(cols.shape[0]):
        col = cols[i]
        if K.is_winning_move(cur, mask, col, w, h):
            v = WIN - depth - 1
            child = record(nodes, ctr, node, col, depth + 1, iteration)
            ctr[C_NODES] += 1
            ctr[C_LEAVES] += 1
            finish(nodes, child, -v, TERMINAL)
            pv_len[depth + 1] = depth + 1
        else:
            ncur, nmask = K.play(cur, mask, col, h)
            lo = -beta if prune else -INF
            hi = -max(alpha, best) if prune else INF
            v = -negamax(
                ncur,
                nmask,
                left - 1,
                lo,
                hi,
                prune,
                use_tt,
                mode,
                hid,
                windows,
                weights,
                centre_cols,
                w,
                h,
                node,
                col,
                depth + 1,
                iteration,
                nodes,
                ctr,
                tt_keys,
                tt_data,
                pv,
                pv_len,
                root_vals,
                root_cut,
            )
        if depth == 0:
            root_vals[col] = v
            root_cut[col] = prune and v <= max(alpha, best)
        if v > best:
            best, best_col = v, col
            pv[depth, depth] = col
            pv[depth, depth + 1 : pv_len[depth + 1]] = pv[depth + 1, depth + 1 : pv_len[depth + 1]]
            pv_len[depth] = max(pv_len[depth + 1], depth + 1)
        if prune and best >= beta:
            cut = True
            ctr[C_CUTOFFS] += 1
            if node >= 0:
                pruned = 0
                for k in range(i + 1, cols.shape[0]):
                    pruned |= 1 << cols[k]
                nodes[node].pruned = pruned
            break
    if use_tt:
        bound = TT_EXACT
        if prune:
            bound = TT_UPPER if best <= alpha0 else TT_LOWER if best >= beta else TT_EXACT
        tt_keys[slot] = key
        tt_data[slot, 0] = best
        tt_data[slot, 1] = left
        tt_data[slot, 2] = bound
        tt_data[slot, 3] = best_col
    finish(nodes, node, best, CUTOFF if cut else 0)
    return best
