"""Compiled depth-limited negamax: minimax without pruning, alpha-beta with it.

Values are for the side to move at each node: the heuristic at the depth limit, 0 for
a full board, and for a position where the side to move wins with its next stone
``WIN - d`` (``d`` = plies from the root to that stone), so any win outranks any
heuristic value and a faster win outranks a slower one.

Compiled kernels take their arguments positionally (``treeviz.jit`` says why).
"""

from __future__ import annotations

import numpy as np

from treeviz.connect4 import kernels as K
from treeviz.connect4.heuristics import KernelArgs, evaluate_kernel
from treeviz.connect4.tt_order import (
    TT_BOUND,
    TT_DEPTH,
    TT_EXACT,
    TT_LOWER,
    TT_MOVE,
    TT_UPPER,
    TT_VALUE,
    centre_order,
    tt_slot,
)
from treeviz.jit import njit, njit_unrefcounted
from treeviz.trace.nodes import (
    C_CUTOFFS,
    C_LEAVES,
    C_NODES,
    C_STOP,
    C_TT_HITS,
    CUTOFF,
    INF,
    OPEN_NODE,
    TERMINAL,
    TT_HIT,
    WIN,
    finish,
    record,
    record_counted,
)

ORDER_LEFT, ORDER_CENTRE, ORDER_HEURISTIC = 0, 1, 2
# Frame columns: ``f_win`` per node the window, the alpha it entered with, its best
# value; ``f_node`` its trace id, table slot, best column, and its child count (which
# becomes the cutoff mark once its children are listed).
ALPHA, BETA, ALPHA_IN, BEST = 0, 1, 2, 3
NODE, SLOT, BEST_COL, COUNT = 0, 1, 2, 3
ORDERINGS = ("left", "centre", "heuristic")


@njit(cache=True, inline="always")
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
    base: np.ndarray,
    f_cols: np.ndarray,
    d: int,
    keys: np.ndarray,
) -> int:
    """Write the legal columns into row ``d`` of ``f_cols`` in search order and return
    how many: left to right, centre first (``base`` holds the columns in that order), or
    best heuristic child first (lowest value for the opponent); a TT ``hint`` column
    goes first. ``keys`` is scratch space (nothing is allocated per node)."""
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
        n = K.insert_sorted(f_cols, d, keys, n, col, key)  # ties keep the base order
    return n


# nogil: a long search leaves the interpreter to other threads (the dashboard's
# other sessions keep running).
@njit(cache=True, nogil=True)
def negamax(
    cur: np.uint64,
    mask: np.uint64,
    left: int,
    alpha: int,
    beta: int,
    prune: bool,
    use_tt: bool,
    mode: int,
    ev: KernelArgs,
    parent: int,
    move: int,
    depth: int,
    iteration: int,
    nodes: np.ndarray,
    ctr: np.ndarray,
    table: tuple[np.ndarray, np.ndarray],
    out: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
) -> int:
    """Value of a position nobody has won yet, searched ``left`` plies deep.

    Contract (fail-soft): with ``prune`` the result ``v`` is exact when
    ``alpha < v < beta``, an upper bound when ``v <= alpha``, a lower bound when
    ``v >= beta``; without it, always exact. ``pv[depth]`` / ``pv_len`` receive the
    principal variation (triangular table); at the root (``depth == 0``) each
    column's value goes to ``root_vals`` and ``root_cut`` marks upper bounds.

    Bundles: ``ev`` the evaluator (the board size, heuristic id, windows, weights,
    centre columns; see ``Evaluator.kernel_args``), ``table`` the value table (keys,
    entries), ``out`` the answers (pv, pv_len, root_vals, root_cut). The recursion runs
    on an explicit stack (frame ``d`` is the node at ``depth + d``), so numba can cache
    the compiled function on disk.
    """
    w, h, hid, windows, weights, centre_cols = ev
    tt_keys, tt_data = table
    pv, pv_len, root_vals, root_cut = out
    top = left + 1
    base = centre_order(w) if mode != ORDER_LEFT else np.arange(w)
    return _search(
        cur,
        mask,
        left,
        alpha,
        beta,
        prune,
        use_tt,
        mode,
        hid,
        windows,
        weights,
        centre_cols,
        w,
        h,
        parent,
        move,
        depth,
        iteration,
        nodes,
        ctr,
        tt_keys,
        tt_data,
        pv,
        pv_len,
        root_vals,
        root_cut,
        np.empty((2, top), dtype=np.uint64),
        np.empty((top, 4), dtype=np.int64),
        np.empty((top, 4), dtype=np.int64),
        np.empty((top, w), dtype=np.int64),
        np.empty((2, top), dtype=np.int64),
        base,
        np.empty(w, dtype=np.int64),
    )


# Without reference counting (see ``njit_unrefcounted``); the stacks come from
# :func:`negamax`. Arguments stay flat on purpose: every node calls the inlined helpers,
# and a helper handed a bundle or a row view paid reference counting per node (passing
# the frame arrays and a row index instead took depth 9 from 12 to 7 ms); the frame
# columns are named constants, which numba folds into the same code.
@njit_unrefcounted(cache=True, nogil=True)
def _search(
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
    f_u: np.ndarray,
    f_win: np.ndarray,
    f_node: np.ndarray,
    f_cols: np.ndarray,
    f_x: np.ndarray,
    base: np.ndarray,
    scratch: np.ndarray,
) -> int:
    """:func:`negamax` on given stacks: ``f_u`` rows cur, mask; ``f_win`` and ``f_node``
    per frame (columns named above);
    ``f_cols`` the ordered moves; ``f_x`` rows moves, move index; ``base`` the columns
    in base order; ``scratch`` one node's sort keys."""
    f_cur, f_mask, f_n, f_i = f_u[0], f_u[1], f_x[0], f_x[1]
    f_cur[0], f_mask[0], f_win[0, ALPHA], f_win[0, BETA] = cur, mask, alpha, beta
    d = 0
    entering = True
    ret = 0
    while True:
        if entering:
            entering = False
            at = depth + d
            if d == 0:
                node = record(nodes, ctr, parent, move, at, iteration)
            else:
                node = record(
                    nodes, ctr, f_node[d - 1, NODE], f_cols[d - 1, f_i[d - 1]], at, iteration
                )
            f_node[d, NODE] = node
            ret = _enter(
                f_cur[d],
                f_mask[d],
                left - d,
                prune,
                use_tt,
                mode,
                hid,
                windows,
                weights,
                centre_cols,
                w,
                h,
                at,
                node,
                nodes,
                ctr,
                tt_keys,
                tt_data,
                pv_len,
                f_win,
                f_node,
                f_cols,
                d,
                base,
                scratch,
            )
            if ret == OPEN_NODE:
                f_n[d] = f_node[d, COUNT]
                f_node[d, COUNT] = 0
                f_i[d] = -1
                f_win[d, BEST] = -INF
        if ret == OPEN_NODE:  # the next child
            f_i[d] += 1
            col = f_cols[d, f_i[d]]
            at = depth + d
            if not K.is_winning_move(f_cur[d], f_mask[d], col, w, h):
                f_cur[d + 1], f_mask[d + 1] = K.play(f_cur[d], f_mask[d], col, h)
                best = max(f_win[d, ALPHA], f_win[d, BEST])
                f_win[d + 1, ALPHA] = -f_win[d, BETA] if prune else -INF
                f_win[d + 1, BETA] = -best if prune else INF
                d += 1
                entering = True
                continue
            v = WIN - at - 1  # a win with the next stone: a leaf
            child = record_counted(nodes, ctr, f_node[d, NODE], col, at + 1, iteration)
            ctr[C_LEAVES] += 1
            finish(nodes, child, -v, TERMINAL)
            pv_len[at + 1] = at + 1
            ret = _child_done(
                d,
                v,
                col,
                at,
                prune,
                f_win,
                f_node,
                f_cols,
                f_n,
                f_i,
                nodes,
                ctr,
                pv,
                pv_len,
                root_vals,
                root_cut,
            )
            if ret == OPEN_NODE:
                continue
            ret = _leave(
                use_tt,
                prune,
                f_mask[d] + f_cur[d],
                f_win,
                f_node,
                d,
                nodes,
                tt_keys,
                tt_data,
                left - d,
            )
        while True:  # hand ``ret`` up until a parent has more children to search
            if d == 0:
                return ret
            d -= 1
            col = f_cols[d, f_i[d]]
            ret = _child_done(
                d,
                -ret,
                col,
                depth + d,
                prune,
                f_win,
                f_node,
                f_cols,
                f_n,
                f_i,
                nodes,
                ctr,
                pv,
                pv_len,
                root_vals,
                root_cut,
            )
            if ret == OPEN_NODE:
                break
            ret = _leave(
                use_tt,
                prune,
                f_mask[d] + f_cur[d],
                f_win,
                f_node,
                d,
                nodes,
                tt_keys,
                tt_data,
                left - d,
            )


@njit(cache=True, inline="always")
def _enter(
    cur: np.uint64,
    mask: np.uint64,
    left: int,
    prune: bool,
    use_tt: bool,
    mode: int,
    hid: int,
    windows: np.ndarray,
    weights: np.ndarray,
    centre_cols: np.ndarray,
    w: int,
    h: int,
    at: int,
    node: int,
    nodes: np.ndarray,
    ctr: np.ndarray,
    tt_keys: np.ndarray,
    tt_data: np.ndarray,
    pv_len: np.ndarray,
    f_win: np.ndarray,
    f_node: np.ndarray,
    f_cols: np.ndarray,
    d: int,
    base: np.ndarray,
    scratch: np.ndarray,
) -> int:
    """The work of the node at frame ``d``: its value when settled without children
    (full board, the horizon, a table hit), else ``OPEN_NODE`` with its children's
    order in ``f_cols[d]``, their number in ``f_node[d, COUNT]``, the TT slot in
    ``f_node[d, SLOT]``; ``f_win[d, ALPHA_IN]`` keeps the alpha it entered with."""
    alpha, beta = f_win[d, ALPHA], f_win[d, BETA]
    ctr[C_NODES] += 1
    pv_len[at] = at
    if ctr[C_STOP] != 0:
        return 0  # stopped: unwind at once; the caller discards this pass
    # evaluated once: the recorded static value is also the value at the horizon
    value = 0
    if node >= 0 or left == 0:
        value = evaluate_kernel(hid, cur, mask, w, h, windows, weights, centre_cols)
    if node >= 0:
        if prune:
            nodes[node].alpha = alpha
            nodes[node].beta = beta
        nodes[node].static_eval = value
    if mask == K.board_mask(w, h):
        ctr[C_LEAVES] += 1
        finish(nodes, node, 0, TERMINAL)
        return 0
    if left == 0:
        ctr[C_LEAVES] += 1
        finish(nodes, node, value, 0)
        return value
    f_win[d, ALPHA_IN] = alpha
    hint = -1
    key = cur + mask
    slot = tt_slot(key) & (tt_keys.shape[0] - 1)
    f_node[d, SLOT] = slot
    if use_tt and tt_keys[slot] == key:
        hint = tt_data[slot, TT_MOVE]
        if at > 0 and tt_data[slot, TT_DEPTH] == left:  # the root always lists every column
            v, bound = tt_data[slot, TT_VALUE], tt_data[slot, TT_BOUND]
            if (
                bound == TT_EXACT
                or (bound == TT_LOWER and v >= beta)
                or (bound == TT_UPPER and v <= alpha)
            ):
                ctr[C_TT_HITS] += 1
                pv_len[at] = at  # the line below a transposition is not re-derived
                finish(nodes, node, v, TT_HIT)
                return v
    f_node[d, BEST_COL] = -1
    f_node[d, COUNT] = move_order(
        cur, mask, mode, hint, w, h, hid, windows, weights, centre_cols, base, f_cols, d, scratch
    )
    return OPEN_NODE


@njit(cache=True, inline="always")
def _child_done(
    d: int,
    v: int,
    col: int,
    at: int,
    prune: bool,
    f_win: np.ndarray,
    f_node: np.ndarray,
    f_cols: np.ndarray,
    f_n: np.ndarray,
    f_i: np.ndarray,
    nodes: np.ndarray,
    ctr: np.ndarray,
    pv: np.ndarray,
    pv_len: np.ndarray,
    root_vals: np.ndarray,
    root_cut: np.ndarray,
) -> int:
    """Take child value ``v`` (for the node at frame ``d``): root bookkeeping, best and
    principal variation, and a cutoff. ``OPEN_NODE`` while children remain to search,
    else the node is done (its caller then stores and returns its best)."""
    alpha, beta, best = f_win[d, ALPHA], f_win[d, BETA], f_win[d, BEST]
    if at == 0:
        root_vals[col] = v
        root_cut[col] = prune and v <= max(alpha, best)
    if v > best:
        f_win[d, BEST] = best = v
        f_node[d, BEST_COL] = col
        pv[at, at] = col
        for k in range(at + 1, pv_len[at + 1]):  # a loop: a slice copy builds views
            pv[at, k] = pv[at + 1, k]
        pv_len[at] = max(pv_len[at + 1], at + 1)
    if prune and best >= beta:
        f_node[d, COUNT] = 1
        ctr[C_CUTOFFS] += 1
        node = f_node[d, NODE]
        if node >= 0:
            pruned = 0
            for k in range(f_i[d] + 1, f_n[d]):
                pruned |= 1 << f_cols[d, k]
            nodes[node].pruned = pruned
        return 0
    return OPEN_NODE if f_i[d] + 1 < f_n[d] else 0


@njit(cache=True, inline="always")
def _leave(
    use_tt: bool,
    prune: bool,
    key: np.uint64,
    f_win: np.ndarray,
    f_node: np.ndarray,
    d: int,
    nodes: np.ndarray,
    tt_keys: np.ndarray,
    tt_data: np.ndarray,
    left: int,
) -> int:
    """A node whose children are done: store its best in the table, return it."""
    best = f_win[d, BEST]
    if use_tt:
        bound = TT_EXACT
        if prune:
            alpha_in, beta = f_win[d, ALPHA_IN], f_win[d, BETA]
            bound = TT_UPPER if best <= alpha_in else TT_LOWER if best >= beta else TT_EXACT
        slot = f_node[d, SLOT]
        tt_keys[slot] = key
        tt_data[slot, TT_VALUE] = best
        tt_data[slot, TT_DEPTH] = left
        tt_data[slot, TT_BOUND] = bound
        tt_data[slot, TT_MOVE] = f_node[d, BEST_COL]
    finish(nodes, f_node[d, NODE], best, CUTOFF if f_node[d, COUNT] else 0)
    return best
