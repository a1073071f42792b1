"""Compiled parts of MCTS: move filters, rollouts, the iteration loop, sub-trees.

A tree is two parallel arrays indexed by node id: the trace's node table and an
``AUX_DTYPE`` table holding what only the search needs (bitboards, untried moves,
child/sibling links, proven outcome, win and draw counts).

Compiled kernels take their arguments positionally (``treeviz.jit`` says why).
"""

from __future__ import annotations

import math

import numpy as np

from treeviz.connect4 import kernels as K
from treeviz.connect4.heuristics import evaluate_kernel
from treeviz.jit import njit
from treeviz.trace.nodes import (
    C_LEAVES,
    C_RECORDED,
    C_STOP,
    EXACT,
    PROVEN_DRAW,
    PROVEN_OPEN,
    TERMINAL,
    record_counted,
)

OPEN = -2  # outcome of a node not proven yet

AUX_DTYPE = np.dtype(
    [
        ("cur", np.uint64),  # stones of the player to move
        ("mask", np.uint64),  # all stones
        ("untried", np.int64),  # bit c: column c not expanded yet
        ("child", np.int64),  # newest child, -1 for none
        ("sibling", np.int64),  # next older sibling, -1 for none
        ("outcome", np.int8),  # OPEN, or 1 / 0 / -1: won / drawn / lost by the mover into it
        ("wins", np.int32),  # results counted for the mover into the node
        ("draws", np.int32),
    ]
)


@njit(cache=True)
def allowed_moves(cur: np.uint64, mask: np.uint64, rule: bool, w: int, h: int) -> int:
    """Columns to try at a node (bit c = column c): all legal ones, or with ``rule``
    only winning ones if any, else only those blocking an opponent's immediate win.
    The rule never hides a better move: any other move loses at once."""
    legal = K.legal_columns(mask, w, h)
    if not rule:
        return legal
    wins, blocks = 0, 0
    opp_cells = K.winning_cells(cur ^ mask, mask, w, h)
    for c in range(w):
        if legal >> c & 1:
            if K.is_winning_move(cur, mask, c, w, h):
                wins |= 1 << c
            cell = (mask + K.bottom_bit(c, h)) & K.column_bits(c, h)
            if opp_cells & cell:
                blocks |= 1 << c
    return wins or blocks or legal


@njit(cache=True)
def random_bit(moves: int, w: int, rng: np.ndarray) -> int:
    """A uniformly random column among the set bits of ``moves`` (at least one)."""
    n = 0
    for c in range(w):
        n += moves >> c & 1
    k = int(K.xorshift(rng) % np.uint64(n))
    for c in range(w):
        if moves >> c & 1:
            if k == 0:
                return c
            k -= 1
    return -1


@njit(cache=True)
def smart_playout(
    cur: np.uint64, mask: np.uint64, w: int, h: int, rng: np.ndarray
) -> tuple[int, int]:
    """Like :func:`kernels.random_playout`, but each side wins at once when it can and
    otherwise blocks an immediate loss when it can."""
    full = K.board_mask(w, h)
    sign, plies = 1, 0
    while mask != full:
        plies += 1
        col = random_bit(allowed_moves(cur, mask, True, w, h), w, rng)
        if K.is_winning_move(cur, mask, col, w, h):
            return sign, plies
        cur, mask = K.play(cur, mask, col, h)
        sign = -sign
    return 0, plies


@njit(cache=True)
def pick_untried(
    untried: int,
    cur: np.uint64,
    mask: np.uint64,
    heuristic_order: bool,
    w: int,
    h: int,
    rng: np.ndarray,
    hid: int,
    windows: np.ndarray,
    weights: np.ndarray,
    centre_cols: np.ndarray,
) -> int:
    """The next move to expand: random, or the best heuristic child first."""
    if not heuristic_order:
        return random_bit(untried, w, rng)
    best, best_score = -1, 1 << 60
    for c in range(w):
        if untried >> c & 1:
            ncur, nmask = K.play(cur, mask, c, h)
            s = evaluate_kernel(hid, ncur, nmask, w, h, windows, weights, centre_cols)
            if s < best_score:  # lowest for the opponent = best for the mover
                best, best_score = c, s
    return best


@njit(cache=True)
def select_child(nodes: np.ndarray, aux: np.ndarray, node: int, c_uct: float) -> int:
    """The child of ``node`` with the highest UCT value (the newest on ties)."""
    best, best_u = -1, -1.0
    ln_n = math.log(nodes[node].visits)
    k = aux[node].child
    while k >= 0:
        n = nodes[k].visits
        u = nodes[k].value_sum / n + c_uct * math.sqrt(ln_n / n)
        if u > best_u:
            best, best_u = k, u
        k = aux[k].sibling
    return best


@njit(cache=True)
def set_outcome(nodes: np.ndarray, aux: np.ndarray, node: int, outcome: int) -> None:
    """Mark ``node`` proven: ``outcome`` for the mover into it, ``proven`` for the
    player to move there (the trace's convention)."""
    aux[node].outcome = outcome
    aux[node].untried = 0
    nodes[node].proven = PROVEN_DRAW if outcome == 0 else -outcome
    nodes[node].flags |= EXACT


@njit(cache=True)
def propagate_proof(nodes: np.ndarray, aux: np.ndarray, node: int) -> None:
    """MCTS-solver step: from a newly proven ``node`` upwards, prove each parent that
    has a winning child, or whose children are all expanded and proven (its value is
    then the best of theirs); stop at the first parent still open."""
    while node > 0 and aux[node].outcome != OPEN:
        parent = nodes[node].parent
        if aux[parent].outcome != OPEN:
            return
        if aux[node].outcome == 1:
            set_outcome(nodes, aux, parent, -1)
        elif aux[parent].untried != 0:
            return
        else:
            best = -1
            k = aux[parent].child
            while k >= 0:
                if aux[k].outcome == OPEN:
                    return
                best = max(best, int(aux[k].outcome))
                k = aux[k].sibling
            set_outcome(nodes, aux, parent, -best)
        node = parent


@njit(cache=True)
def expand(
    nodes: np.ndarray,
    ctr: np.ndarray,
    aux: np.ndarray,
    node: int,
    col: int,
    depth: int,
    it: int,
    rule: bool,
    w: int,
    h: int,
) -> int:
    """Create the child of ``node`` reached by ``col`` and return its id."""
    a = aux[node]
    a.untried &= ~(1 << col)
    new = record_counted(nodes, ctr, node, col, depth, 0)
    won = K.is_winning_move(a.cur, a.mask, col, w, h)
    b = aux[new]
    b.cur, b.mask = K.play(a.cur, a.mask, col, h)
    b.sibling, b.child, b.wins, b.draws = a.child, -1, 0, 0
    a.child = new
    nodes[new].expanded_at = it
    nodes[new].visits, nodes[new].value_sum, nodes[new].proven = 0, 0.0, PROVEN_OPEN
    b.outcome = OPEN
    b.untried = allowed_moves(b.cur, b.mask, rule, w, h)
    if won or b.mask == K.board_mask(w, h):
        nodes[new].flags |= TERMINAL
        set_outcome(nodes, aux, new, 1 if won else 0)
    return new


@njit(cache=True)
def backup(nodes: np.ndarray, aux: np.ndarray, node: int, res: float) -> None:
    """Add one visit and ``res`` (for the mover into ``node``) up to the root."""
    while node >= 0:
        nodes[node].visits += 1
        nodes[node].value_sum += res
        if res == 1.0:
            aux[node].wins += 1
        elif res == 0.5:
            aux[node].draws += 1
        res = 1.0 - res
        node = nodes[node].parent


# nogil: a long search leaves the interpreter to other threads (the dashboard's
# other sessions keep running). The evaluator comes flat, ``Evaluator.kernel_args``
# spread by the driver: this function is the search loop, and a tuple unpacked here
# would change its compiled code.
@njit(cache=True, nogil=True)
def run_iterations(
    first: int,
    last: int,
    c_uct: float,
    rule: bool,
    heuristic_order: bool,
    smart: bool,
    solver: bool,
    w: int,
    h: int,
    hid: int,
    windows: np.ndarray,
    weights: np.ndarray,
    centre_cols: np.ndarray,
    nodes: np.ndarray,
    ctr: np.ndarray,
    aux: np.ndarray,
    rng: np.ndarray,
    log: np.ndarray,
) -> int:
    """Iterations ``first .. last-1`` on the tree rooted at 0; returns how many ran
    (fewer when the root gets proven, or the node table is full: an iteration adds at
    most one node, and the tree lives in the table, so it never writes past it).
    ``w`` .. ``centre_cols`` are an ``Evaluator.kernel_args`` (the board size and the
    heuristic of ``heuristic_order``). ``log`` rows, one per iteration from ``first``
    (or none): leaf id, leaf depth, rollout plies (0 for a proven leaf), 2 x result."""
    for it in range(first, last):
        full = ctr[C_RECORDED] >= nodes.shape[0] or ctr[C_RECORDED] >= aux.shape[0]
        if aux[0].outcome != OPEN or ctr[C_STOP] != 0 or full:
            return it - first
        node, depth = 0, 0
        while aux[node].untried == 0 and aux[node].outcome == OPEN and aux[node].child >= 0:
            node = select_child(nodes, aux, node, c_uct)
            depth += 1
        if aux[node].untried != 0 and aux[node].outcome == OPEN:
            a = aux[node]
            col = pick_untried(
                a.untried,
                a.cur,
                a.mask,
                heuristic_order,
                w,
                h,
                rng,
                hid,
                windows,
                weights,
                centre_cols,
            )
            depth += 1
            node = expand(nodes, ctr, aux, node, col, depth, it, rule, w, h)
            if solver:
                propagate_proof(nodes, aux, node)
        plies = 0
        if aux[node].outcome != OPEN:
            res = 0.5 + 0.5 * aux[node].outcome
            ctr[C_LEAVES] += 1
        else:
            if smart:
                r, plies = smart_playout(aux[node].cur, aux[node].mask, w, h, rng)
            else:
                r, plies = K.random_playout(aux[node].cur, aux[node].mask, w, h, rng)
            res = 0.5 - 0.5 * r  # the playout's +1 is a win for the player to move there
        if log.shape[0]:
            row = log[it - first]
            row[0], row[1], row[2], row[3] = node, depth, plies, int(res * 2)
        backup(nodes, aux, node, res)
    return last - first


@njit(cache=True)
def subtree_ids(parent: np.ndarray, root: int) -> np.ndarray:
    """Ids of ``root`` and all its descendants, ascending. One pass suffices because
    a node's parent always has a smaller id than the node."""
    inside = np.zeros(parent.shape[0], np.bool_)
    inside[root] = True
    for i in range(root + 1, parent.shape[0]):
        if parent[i] >= root and inside[parent[i]]:
            inside[i] = True
    return np.flatnonzero(inside)
