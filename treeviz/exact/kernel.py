"""Compiled exact solver: negamax with alpha-beta, a transposition table of lower and upper
bounds, null-window probes and moves ordered by the threats they create.

Scores are on the Connect 4 solver community's scale: for the side to move, 0 for a
draw, ``(w*h)/2 + 1 - s`` for a win with the winner's ``s``-th stone, negated for a loss.

Compiled kernels take their arguments positionally (``treeviz.jit`` says why).
"""

from __future__ import annotations

import numpy as np

from treeviz.connect4 import kernels as K
from treeviz.connect4.heuristics import popcount
from treeviz.connect4.tt_order import (
    LOWER_BASE,
    UPPER_BASE,
    bound_code,
    centre_order,
    tt_index,
    tt_probe,
    tt_shift,
    tt_store,
)
from treeviz.exact.book import NOT_FOUND, lookup
from treeviz.jit import njit, njit_unrefcounted, prefetch
from treeviz.trace.nodes import (
    BOOK,
    C_BUDGET,
    C_CUTOFFS,
    C_LEAVES,
    C_NODES,
    C_STOP,
    C_TT_HITS,
    CUTOFF,
    EXACT,
    NO_PARENT,
    OPEN_NODE,
    TERMINAL,
    TT_HIT,
    finish,
    record,
)

NEW_NODE = -3  # negamax records a fresh trace node
NO_FLOOR = -(1 << 20)  # solve: no lower bound known


@njit(cache=True, inline="always")
def non_losing_moves(
    opp_four: np.uint64, mask: np.uint64, board: np.uint64, bottom: np.uint64
) -> np.uint64:
    """Cells the side to move can play without letting the opponent win next move;
    ``opp_four`` is ``kernels.four_cells`` of the opponent's stones, ``board`` and
    ``bottom`` are ``kernels.board_mask`` and ``bottom_mask`` (once per search).

    Returns 0 when every move loses (two open threats, or only moves under a threat).
    Assumes the side to move has no winning move itself.
    """
    possible = (mask + bottom) & board
    opp_win = opp_four & (board ^ mask)
    forced = possible & opp_win
    if forced:
        if forced & (forced - K.U1):
            return K.U0  # two threats at once: cannot block both
        possible = forced
    return possible & ~(opp_win >> K.U1)  # never play right under an opponent's four


@njit(cache=True, inline="always")
def threat_order(
    cur: np.uint64,
    mask: np.uint64,
    nxt: np.uint64,
    order: np.ndarray,
    h: int,
    w: int,
    out: np.ndarray,
    row: int,
    scores: np.ndarray,
    board: np.uint64,
    tt: np.ndarray,
    shift: np.uint64,
    fours: np.ndarray,
) -> int:
    """Write the playable columns of ``nxt`` into ``out[row]``, most threats created first
    (ties: ``order``, centre first); returns how many. ``scores`` is scratch space
    (no allocation per node). Each child's table slot starts loading now, so the
    children's probes overlap their memory latency instead of paying it in turn.
    ``fours[row, col]`` keeps the four-cells of the stones after playing ``col``: the
    child's opponent threats, which the child then need not recompute."""
    n = 0
    after = cur ^ mask  # the opponent's stones: ``cur`` of every child
    for i in range(w):
        col = order[i]
        cell = nxt & K.column_bits(col, h)
        if cell:
            prefetch(tt, tt_index(after + mask + cell, shift))  # the child's key
            four = K.four_cells(cur | cell, h)
            fours[row, col] = four
            threats = popcount(four & (board ^ (mask | cell)))
            # most threats first; int64 on purpose: a uint64 key would compare as float
            n = K.insert_sorted(out, row, scores, n, col, -np.int64(threats))
    return n


# nogil: a long search leaves the interpreter to other threads (the dashboard's
# other sessions keep running).
@njit(cache=True, nogil=True)
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
    tt: np.ndarray,
    order: np.ndarray,
    node_in: int,
    book: tuple[np.ndarray, np.ndarray, int],
) -> int:
    """Exact score within ``(alpha, beta)`` for a side to move that cannot win at once.

    Contract: if the true score ``v`` is ``<= alpha`` the result is an upper bound
    ``<= alpha``; if ``v >= beta`` a lower bound ``>= beta``; otherwise exactly ``v``.
    ``node_in`` is the trace id to reuse for this node (a repeated probe of the same
    position), or ``NEW_NODE`` to record a new one. ``book`` is (keys, scores, ply):
    positions of that many stones (-1: none) are answered from it when it holds them.

    The recursion runs on an explicit stack (frame ``d`` = the node ``d`` plies below
    this one), so numba can cache the compiled function on disk.
    """
    book_keys, book_scores, book_ply = book
    top = w * h - ply + 1
    return _search(
        cur,
        mask,
        ply,
        alpha,
        beta,
        w,
        h,
        parent,
        move,
        depth,
        iteration,
        nodes,
        ctr,
        tt,
        order,
        node_in,
        book_keys,
        book_scores,
        book_ply,
        np.empty((3, top), dtype=np.uint64),
        np.empty((6, top), dtype=np.int64),
        np.empty((top, w), dtype=np.int64),
        np.empty((top, w), dtype=np.uint64),
        np.empty(w, dtype=np.int64),
    )


# Without reference counting (see ``njit_unrefcounted``): a profile put 43% of the
# search on the atomic count update right after the table probe, waiting for its cache
# miss. Nothing here allocates: the stacks come from :func:`negamax`. Arguments stay
# flat for the same reason: a bundle handed to the per-node helpers would be counted.
@njit_unrefcounted(cache=True, nogil=True)
def _search(
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
    tt: np.ndarray,
    order: np.ndarray,
    node_in: int,
    book_keys: np.ndarray,
    book_scores: np.ndarray,
    book_ply: int,
    s_u: np.ndarray,
    s_x: np.ndarray,
    s_cols: np.ndarray,
    s_four: np.ndarray,
    scratch: np.ndarray,
) -> int:
    """:func:`negamax` on given stacks: ``s_u`` rows cur, mask, non-losing moves;
    ``s_x`` rows alpha, beta, node, slot, moves, move index; ``s_cols`` each frame's
    ordered moves, ``s_four`` each frame's children's four-cells (see
    :func:`threat_order`), ``scratch`` one node's sort keys."""
    s_cur, s_mask, s_nxt = s_u[0], s_u[1], s_u[2]
    s_alpha, s_beta, s_node, s_slot, s_n, s_i = s_x[0], s_x[1], s_x[2], s_x[3], s_x[4], s_x[5]
    board, bottom = K.board_mask(w, h), K.bottom_mask(w, h)
    shift = tt_shift(tt)
    s_cur[0], s_mask[0], s_alpha[0], s_beta[0] = cur, mask, alpha, beta
    d = 0
    ret = 0
    entering = True
    while True:
        if entering:  # --- a node's work before its children
            entering = False
            a, b = s_alpha[d], s_beta[d]
            c, m = s_cur[d], s_mask[d]
            p = ply + d
            if ctr[C_STOP] != 0 or (
                ctr[C_BUDGET] != 0 and (ctr[C_BUDGET] < 0 or ctr[C_NODES] >= ctr[C_BUDGET])
            ):
                ctr[C_BUDGET] = -1  # out of budget: unwind; the caller discards the result
                ret = a
            else:
                if d == 0 and node_in != NEW_NODE:
                    node = node_in
                elif d == 0:
                    node = record(nodes, ctr, parent, move, depth, iteration)
                else:
                    node = record(
                        nodes, ctr, s_node[d - 1], s_cols[d - 1, s_i[d - 1]], depth + d, iteration
                    )
                s_node[d] = node
                if d == 0:
                    four = K.four_cells(c ^ m, h)
                else:
                    four = s_four[d - 1, s_cols[d - 1, s_i[d - 1]]]
                ret = _enter(
                    c,
                    m,
                    four,
                    p,
                    a,
                    b,
                    w,
                    h,
                    node,
                    nodes,
                    ctr,
                    tt,
                    shift,
                    book_keys,
                    book_scores,
                    book_ply,
                    s_alpha,
                    s_beta,
                    s_slot,
                    s_nxt,
                    d,
                    board,
                    bottom,
                )
                if ret == OPEN_NODE:
                    s_n[d] = threat_order(
                        c, m, s_nxt[d], order, h, w, s_cols, d, scratch, board, tt, shift, s_four
                    )
                    s_i[d] = 0
        if ret == OPEN_NODE:  # --- descend into the next child
            if s_i[d] < s_n[d]:
                col = s_cols[d, s_i[d]]
                s_cur[d + 1], s_mask[d + 1] = K.play(s_cur[d], s_mask[d], col, h)
                s_alpha[d + 1], s_beta[d + 1] = -s_beta[d], -s_alpha[d]
                d += 1
                entering = True
                continue
            ret = _leave(s_alpha[d], s_slot[d], s_mask[d] + s_cur[d], s_node[d], nodes, ctr, tt)
        # --- a node returned ``ret``: hand it to the parent
        if d == 0:
            return ret
        d -= 1
        v = -ret
        if v >= s_beta[d]:
            ctr[C_CUTOFFS] += 1
            if ctr[C_BUDGET] >= 0:  # a lower bound, unless the budget cut the search short
                tt_store(tt, s_slot[d], s_cur[d] + s_mask[d], bound_code(v, True))
            node = s_node[d]
            if node >= 0:
                pruned = 0
                for k in range(s_i[d] + 1, s_n[d]):
                    pruned |= 1 << s_cols[d, k]
                nodes[node].pruned = pruned
            finish(nodes, node, v, CUTOFF)
            ret = v
            continue
        if v > s_alpha[d]:
            s_alpha[d] = v
        s_i[d] += 1
        ret = OPEN_NODE


@njit(cache=True, inline="always")
def _enter(
    c: np.uint64,
    m: np.uint64,
    four: np.uint64,
    p: int,
    a: int,
    b: int,
    w: int,
    h: int,
    node: int,
    nodes: np.ndarray,
    ctr: np.ndarray,
    tt: np.ndarray,
    shift: np.uint64,
    book_keys: np.ndarray,
    book_scores: np.ndarray,
    book_ply: int,
    s_alpha: np.ndarray,
    s_beta: np.ndarray,
    s_slot: np.ndarray,
    s_nxt: np.ndarray,
    d: int,
    board: np.uint64,
    bottom: np.uint64,
) -> int:
    """A node's own work: its value when settled without children (loss, draw, book,
    closed window), else ``OPEN_NODE`` with the narrowed window in ``s_alpha``/
    ``s_beta``, its table slot in ``s_slot`` and its non-losing moves in ``s_nxt``."""
    size = w * h
    ctr[C_NODES] += 1
    if node >= 0:
        nodes[node].alpha = a
        nodes[node].beta = b
    nxt = non_losing_moves(four, m, board, bottom)
    s_nxt[d] = nxt
    if nxt == K.U0:
        ctr[C_LEAVES] += 1
        value = -((size - p) // 2)
        finish(nodes, node, value, TERMINAL | EXACT)
        return value
    if p >= size - 2:  # the opponent cannot win either: a draw
        ctr[C_LEAVES] += 1
        finish(nodes, node, 0, TERMINAL | EXACT)
        return 0
    if p == book_ply:
        found = lookup(c, m, book_keys, book_scores)
        if found != NOT_FOUND:
            ctr[C_LEAVES] += 1
            finish(nodes, node, found, EXACT | BOOK)
            return found
    lo = -((size - 2 - p) // 2)  # the opponent cannot win on the next move
    if a < lo:
        a = lo
        if a >= b:
            ctr[C_CUTOFFS] += 1
            finish(nodes, node, a, CUTOFF)
            return a
    hi = (size - 1 - p) // 2  # we cannot win on our next move
    slot, code = tt_probe(tt, c + m, shift)
    if code != 0:
        ctr[C_TT_HITS] += 1
        if node >= 0:
            nodes[node].flags |= TT_HIT
        if code < LOWER_BASE - 64:
            hi = min(hi, code - UPPER_BASE)
        elif a < code - LOWER_BASE:
            a = code - LOWER_BASE
            if a >= b:
                ctr[C_CUTOFFS] += 1
                finish(nodes, node, a, CUTOFF)
                return a
    if b > hi:
        b = hi
        if a >= b:
            ctr[C_CUTOFFS] += 1
            finish(nodes, node, b, CUTOFF)
            return b
    s_alpha[d], s_beta[d], s_slot[d] = a, b, slot
    return OPEN_NODE


@njit(cache=True, inline="always")
def _leave(
    alpha: int,
    slot: int,
    key: np.uint64,
    node: int,
    nodes: np.ndarray,
    ctr: np.ndarray,
    tt: np.ndarray,
) -> int:
    """After every child failed low: store the upper bound ``alpha`` and return it."""
    if ctr[C_BUDGET] < 0:
        return alpha  # never store a value the budget cut short: the table is shared
    tt_store(tt, slot, key, bound_code(alpha, False))
    finish(nodes, node, alpha, 0)
    return alpha


# nogil: a long search leaves the interpreter to other threads (the dashboard's
# other sessions keep running).
@njit(cache=True, nogil=True)
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
    tt: np.ndarray,
    book: tuple[np.ndarray, np.ndarray, int],
    floor: int,
) -> int:
    """Exact score of an unfinished position for the side to move (weak: its sign only;
    ``book`` as :func:`negamax` takes it). ``floor``: a score
    the position is known to reach at least (``NO_FLOOR``: none).

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
    elif floor > lo:
        lo = floor
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
            tt,
            order,
            node,
            book,
        )
        if r <= med:
            hi = r
        else:
            lo = r
    if weak:
        lo = (lo > 0) - (lo < 0)
    finish(nodes, node, lo, EXACT)
    return lo


@njit(cache=True, nogil=True)
def solve_batch(
    cur: np.ndarray,
    mask: np.ndarray,
    ply: np.ndarray,
    weak: bool,
    w: int,
    h: int,
    nodes: np.ndarray,
    ctr: np.ndarray,
    tt: np.ndarray,
    book: tuple[np.ndarray, np.ndarray, int],
    out: np.ndarray,
) -> int:
    """:func:`solve` on each position ``i`` (unfinished) into ``out[i]``, in one call:
    a batch pays the interpreter once, not per position. Stops early when ``ctr``'s stop
    flag is set; returns how many were solved (a prefix of the batch)."""
    for i in range(cur.shape[0]):
        value = solve(
            cur[i], mask[i], ply[i], weak, w, h, NO_PARENT, -1, 0, nodes, ctr, tt, book, NO_FLOOR
        )
        if ctr[C_STOP]:  # the search unwound: ``value`` means nothing
            return i
        out[i] = value
    return cur.shape[0]
