"""Best-first A* over move sequences (the seeds' ``004_*.txt`` and ``003_*.txt``).

Nodes are positions reached from the root; ``g`` = plies played, ``h`` = minus the
heuristic from the root player's view (a position good for the root player is
"close" to the goal), ``f = g + h``, lowest ``f`` leaves the open set first (ties:
the earliest generated). A popped position already closed through another move
order is skipped (the seeds' closed set). The goal is a position the root player has
won; a position the opponent has won is closed without expansion. The chosen column
is the first move of the path to the goal or, when the node limit comes first, of
the path to the closed position with the best heuristic.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from treeviz import kernels as K
from treeviz.board import Position
from treeviz.heuristics import evaluate_kernel
from treeviz.search.common import (
    Recorder,
    check_int,
    check_playable,
    evaluator,
    mark_pv,
    result,
)
from treeviz.search.negamax_kernel import WIN
from treeviz.search.solver_kernel import tt_slot
from treeviz.trace import (
    C_LEAVES,
    C_NODES,
    C_TT_HITS,
    CLOSED,
    TERMINAL,
    TT_HIT,
    MoveStat,
    SearchResult,
    record,
)

ID_BITS = np.int64(32)
ID_MASK = np.int64((1 << 32) - 1)


@njit(cache=True)
def _push(heap: np.ndarray, n: int, key: int) -> int:
    """Add ``key`` to the binary min-heap ``heap[:n]``; returns the new size."""
    i = n
    heap[i] = key
    while i > 0 and heap[(i - 1) // 2] > heap[i]:
        p = (i - 1) // 2
        heap[i], heap[p] = heap[p], heap[i]
        i = p
    return n + 1


@njit(cache=True)
def _pop(heap: np.ndarray, n: int) -> int:
    """Remove the smallest key of ``heap[:n]`` (caller reads ``heap[0]`` first)."""
    n -= 1
    heap[0] = heap[n]
    i = 0
    while True:
        small, left, right = i, 2 * i + 1, 2 * i + 2
        if left < n and heap[left] < heap[small]:
            small = left
        if right < n and heap[right] < heap[small]:
            small = right
        if small == i:
            return n
        heap[i], heap[small] = heap[small], heap[i]
        i = small


@njit(cache=True)
def astar_kernel(
    cur0: np.uint64,
    mask0: np.uint64,
    max_nodes: int,
    w: int,
    h: int,
    hid: int,
    windows: np.ndarray,
    weights: np.ndarray,
    centre_cols: np.ndarray,
    nodes: np.ndarray,
    ctr: np.ndarray,
) -> tuple[int, int]:
    """Run A* from the root; returns (goal id or -1, best closed id). Ids are trace ids."""
    curs = np.empty(max_nodes, dtype=np.uint64)
    masks = np.empty(max_nodes, dtype=np.uint64)
    parents = np.empty(max_nodes, dtype=np.int64)
    hs = np.empty(max_nodes, dtype=np.int64)
    heap = np.empty(max_nodes, dtype=np.int64)
    closed = np.zeros(1 << 20, dtype=np.uint64)
    curs[0], masks[0], parents[0], hs[0] = cur0, mask0, -1, 0
    record(nodes, ctr, -1, -1, 0, 0)
    ctr[C_NODES] = 1
    n, size, pops, best = 1, _push(heap, 0, 0), 0, -1
    while size > 0:
        key = heap[0]
        size = _pop(heap, size)
        i = int(key & ID_MASK)
        slot = tt_slot(curs[i] + masks[i]) & (closed.shape[0] - 1)
        if i > 0 and closed[slot] == curs[i] + masks[i]:
            ctr[C_TT_HITS] += 1
            if i < nodes.shape[0]:
                nodes[i].flags |= TT_HIT
            continue
        closed[slot] = curs[i] + masks[i]
        if i < nodes.shape[0]:
            nodes[i].order = pops
            nodes[i].flags |= CLOSED
        pops += 1
        if i > 0 and (best < 0 or hs[i] < hs[best]):
            best = i
        if hs[i] == -WIN:
            return i, best
        if hs[i] == WIN or masks[i] == K.board_mask(w, h):
            ctr[C_LEAVES] += 1
            continue
        g = 0
        j = i
        while parents[j] >= 0:
            g += 1
            j = parents[j]
        sign = 1 if g % 2 == 0 else -1  # + when the root player moves at node i
        for col in range(w):
            if not K.can_play(masks[i], col, h) or n >= max_nodes:
                continue
            won = K.is_winning_move(curs[i], masks[i], col, w, h)
            curs[n], masks[n] = K.play(curs[i], masks[i], col, h)
            parents[n] = i
            if won:
                hs[n] = -WIN * sign
            else:  # the child's side to move is the other player
                hs[n] = sign * evaluate_kernel(
                    hid, curs[n], masks[n], w, h, windows, weights, centre_cols
                )
            child = record(nodes, ctr, i, col, g + 1, 0)
            ctr[C_NODES] += 1
            if child >= 0:
                nodes[child].g = g + 1
                nodes[child].h = hs[n]
                nodes[child].f = g + 1 + hs[n]
                nodes[child].static_eval = hs[n] * sign
                nodes[child].flags |= TERMINAL if won else 0
            size = _push(heap, size, ((g + 1 + hs[n]) << ID_BITS) + n)
            n += 1
    return -1, best


def search_astar(
    pos: Position, heuristic: str = "window", max_nodes: int = 10_000, capacity: int = 1_000_000
) -> SearchResult:
    """Best-first search from ``pos`` until the root player wins or ``max_nodes`` exist."""
    check_playable(pos)
    max_nodes = check_int("max_nodes", max_nodes, 8, 5_000_000)
    ev = evaluator(heuristic, pos)
    rec = Recorder(capacity)
    goal, best = astar_kernel(
        np.uint64(pos.current),
        np.uint64(pos.mask),
        max_nodes,
        pos.width,
        pos.height,
        ev.hid,
        ev.windows,
        ev.weights,
        ev.centre_cols,
        rec.nodes,
        rec.ctr,
    )
    params = {"heuristic": heuristic, "max_nodes": max_nodes, "capacity": rec.nodes.shape[0]}
    trace = rec.trace("astar", params, pos, ("g", "h", "f", "order", "static_eval"))
    end = int(goal if goal >= 0 else max(best, 0))
    ids = trace.path(end) if end < len(trace) else [0]
    mark_pv(trace, ids)
    path = [int(trace.nodes["move"][k]) for k in ids[1:]]
    kids = trace.children(0)
    rows = []
    for col in range(pos.width):
        match = [int(k) for k in kids if trace.nodes["move"][k] == col]
        if not pos.can_play(col):
            rows.append(MoveStat(col + 1, None, {"full": True}))
        else:
            k = match[0] if match else -1
            h = int(trace.nodes["h"][k]) if k >= 0 else None
            rows.append(
                MoveStat(
                    col + 1,
                    None if h is None else -h,
                    {"h": h, "f": None if k < 0 else int(trace.nodes["f"][k])},
                )
            )
    first = path[0] if path else pos.legal_moves()[0]
    return result(trace, first, rows, path, None, goal_found=goal >= 0, path_length=len(path))
