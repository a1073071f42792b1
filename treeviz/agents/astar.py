"""Best-first A* over move sequences (seed notebooks 004 and 003).

Nodes are positions reached from the root; ``g`` = plies played, ``h`` = minus the
heuristic from the root player's view (a position good for the root player is
"close" to the goal), ``f = g + h``, lowest ``f`` leaves the open set first (ties:
the earliest generated). A popped position already closed through another move
order is skipped (the seeds' closed set). The goal is a position the root player has
won; a position the opponent has won is closed without expansion. The chosen column
is the first move of the path to the goal or, when the node limit comes first, of
the path to the closed position with the best heuristic.

Compiled kernels take their arguments positionally (``treeviz.jit`` says why).
"""

from __future__ import annotations

from functools import partial

import numpy as np

from treeviz.agents.common import (
    CAPACITY,
    HEURISTIC,
    column_rows,
    mark_pv,
    proven_row,
    pv_ids,
    result,
)
from treeviz.agents.contract import Agent, Param
from treeviz.agents.reasons import Reason, line_words
from treeviz.agents.stopping import run_stoppable
from treeviz.connect4 import kernels as K
from treeviz.connect4.board import Position
from treeviz.connect4.heuristics import evaluate_kernel, evaluator
from treeviz.connect4.tt_order import tt_slot
from treeviz.jit import njit
from treeviz.trace.nodes import (
    C_LEAVES,
    C_NODES,
    C_STOP,
    C_TT_HITS,
    CLOSED,
    ON_PV,
    TERMINAL,
    TT_HIT,
    WIN,
    MoveStat,
    SearchResult,
    Trace,
    record,
    record_counted,
)
from treeviz.trace.recorder import Recorder, check_playable
from treeviz.trace.values import heuristic_text, outcome

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


# nogil: a long search leaves the interpreter to other threads (the dashboard's
# other sessions keep running). The evaluator comes flat, ``Evaluator.kernel_args``
# spread by the driver: this function is the search loop, and a tuple unpacked here
# would change its compiled code.
@njit(cache=True, nogil=True)
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
    path: np.ndarray,
) -> tuple[int, int]:
    """Run A* from the root, evaluating with ``w`` .. ``centre_cols`` (an
    ``Evaluator.kernel_args``: the board size and the heuristic); returns (goal id or
    -1, path length), the path's columns (0-based) written to ``path``: to the goal,
    else to the best closed node. Ids are trace ids (as far as the trace holds them:
    the path is kept here, so a trace cut short by its capacity does not change the
    answer)."""
    curs = np.empty(max_nodes, dtype=np.uint64)
    cols = np.empty(max_nodes, dtype=np.int64)
    masks = np.empty(max_nodes, dtype=np.uint64)
    parents = np.empty(max_nodes, dtype=np.int64)
    hs = np.empty(max_nodes, dtype=np.int64)
    heap = np.empty(max_nodes, dtype=np.int64)
    closed = np.zeros(1 << 20, dtype=np.uint64)
    curs[0], masks[0], parents[0], hs[0] = cur0, mask0, -1, 0
    record(nodes, ctr, -1, -1, 0, 0)
    nodes[0].value = evaluate_kernel(hid, cur0, mask0, w, h, windows, weights, centre_cols)
    ctr[C_NODES] = 1
    n, size, pops, best = 1, _push(heap, 0, 0), 0, -1
    while size > 0 and ctr[C_STOP] == 0:
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
            return i, _path_to(i, parents, cols, path)
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
            parents[n], cols[n] = i, col
            if won:
                hs[n] = -WIN * sign
            else:  # the child's side to move is the other player
                hs[n] = sign * evaluate_kernel(
                    hid, curs[n], masks[n], w, h, windows, weights, centre_cols
                )
            child = record_counted(nodes, ctr, i, col, g + 1, 0)
            if child >= 0:
                # value for the child's side to move, wins in the negamax form
                nodes[child].value = -(WIN - g - 1) if won else sign * hs[n]
                nodes[child].g = g + 1
                nodes[child].h = hs[n]
                nodes[child].f = g + 1 + hs[n]
                nodes[child].static_eval = hs[n] * sign
                nodes[child].flags |= TERMINAL if won else 0
            size = _push(heap, size, ((g + 1 + hs[n]) << ID_BITS) + n)
            n += 1
    return -1, _path_to(max(best, 0), parents, cols, path)


@njit(cache=True)
def _path_to(end: int, parents: np.ndarray, cols: np.ndarray, out: np.ndarray) -> int:
    """Write the columns from the root to ``end`` into ``out``; return how many."""
    n, j = 0, end
    while parents[j] >= 0:
        n += 1
        j = parents[j]
    j = end
    for k in range(n - 1, -1, -1):
        out[k] = cols[j]
        j = parents[j]
    return n


def search_astar(pos: Position, *, heuristic: str, max_nodes: int, capacity: int) -> SearchResult:
    """Best-first search from ``pos`` until the root player wins or ``max_nodes`` exist.
    Each column's value is its heuristic for the root player (-h); its row says f, g, h
    and when A* expanded it."""
    check_playable(pos)
    ev = evaluator(heuristic, pos)
    # The per-column rows read the root's children from the trace: they are kept
    # whatever the capacity (at most width + 1 nodes beyond a tiny one).
    rec = Recorder(max(capacity, pos.width + 1))
    found = np.zeros(pos.width * pos.height + 1, dtype=np.int64)
    run = partial(
        astar_kernel,
        np.uint64(pos.current),
        np.uint64(pos.mask),
        max_nodes,
        *ev.kernel_args,
        rec.nodes,
        rec.ctr,
        found,
    )
    (goal, length), stopped = run_stoppable(run, rec.ctr)
    params = {"heuristic": heuristic, "max_nodes": max_nodes, "capacity": capacity}
    trace = rec.trace("astar", params, pos, fields=("g", "h", "f", "order", "static_eval"))
    path = [int(c) for c in found[:length]]
    mark_pv(trace, pv_ids(trace, path))
    kids = {int(trace.nodes["move"][k]): int(k) for k in trace.children(0)}
    kind = f"heuristic:{heuristic}"
    rows = column_rows(pos, lambda c: _row(trace, kids[c], pos, kind))
    first = path[0] if path else pos.legal_moves()[0]
    return result(
        trace,
        first,
        rows,
        pv=path,
        value=None,
        goal_found=goal >= 0,
        path_length=len(path),
        stopped=stopped,
    )


def _row(trace: Trace, k: int, pos: Position, kind: str) -> MoveStat:
    """The row of root child ``k``: -h for the root player (or the proven win), f, g, h
    and the moment A* expanded it."""
    n = trace.nodes[k]
    g, h, f, order = int(n["g"]), int(n["h"]), int(n["f"]), int(n["order"])
    extra = {"g": g, "h": h, "f": f, "expanded": order if order >= 0 else None}
    when = f"expanded at step {order + 1}" if order >= 0 else "never expanded"
    if n["flags"] & TERMINAL:  # h and f hold the win's sentinel: the words say it
        won = outcome("win", 1, pos.ply, width=pos.width, height=pos.height)
        return proven_row(int(n["move"]), won, {**extra, "h": None, "f": None})
    text = f"{heuristic_text(-h, kind)}; f = g + h = {g} + ({h}) = {f}, {when}"
    return MoveStat(int(n["move"]) + 1, -h, extra, text=text)


def _astar(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    """The order A* took the columns from its frontier, and f = g + h along its path."""
    trace = res.trace
    kids = [int(k) for k in trace.children(0) if trace.nodes["order"][k] >= 0]
    kids.sort(key=lambda k: int(trace.nodes["order"][k]))
    cols = ", ".join(str(int(trace.nodes["move"][k]) + 1) for k in kids)
    out = [Reason(f"A* took the root's columns from its frontier in the order {cols}")]
    path = [int(n) for n in np.flatnonzero((trace.nodes["flags"] & ON_PV) != 0) if n]
    if path:
        steps = "; ".join(_f_text(trace, n) for n in path[:6])
        out.append(Reason(f"path {line_words(pos, res.pv)}; {steps}", path[-1]))
    expanded = int(np.count_nonzero(trace.nodes["flags"] & CLOSED))
    goal = "found a win for" if res.stats.get("goal_found") else "found no forced win for"
    out.append(
        Reason(
            f"A* expanded {expanded:,} nodes and {goal} {pos.side_to_move}; the "
            f"column is the first move of that path"
        )
    )
    return out


def _f_text(trace: Trace, n: int) -> str:
    """``5: f = 1 + (-101) = -100``, or ``2: a win`` where the game ends."""
    col = int(trace.nodes["move"][n]) + 1
    if trace.nodes["flags"][n] & TERMINAL:
        return f"{col}: a win, the goal"
    g, h, f = (int(trace.nodes[k][n]) for k in ("g", "h", "f"))
    return f"{col}: f = {g} + ({h}) = {f}"


AGENT = Agent(
    name="astar",
    description="best-first search, f = g + h, open and closed sets, until a win is found",
    params=(
        HEURISTIC,
        Param("max_nodes", "int", 10_000, "nodes generated before A* stops", lo=8, hi=5_000_000),
        CAPACITY,
    ),
    run=search_astar,
    value_kind="heuristic:{heuristic}",
    sources="003, 004",
    quick={"max_nodes": 300},
    reasons=_astar,
    fields={
        "g": "plies from the root",
        "h": "the heuristic cost for the root player (value = -h at even depths, h at odd)",
        "f": "the priority, g + h",
        "order": "when the node left the frontier (-1: never)",
        "value": "the heuristic for the node's side to move",
        "flags": "CLOSED when expanded; TT_HIT when popped but already closed through "
        "another move order",
    },
)
