"""Depth-limited minimax and alpha-beta (the seeds' ``002``/``003``/``004`` agents).

Both are one negamax kernel: ``minimax`` searches every move, ``alphabeta`` prunes,
with a choice of move ordering, a transposition table and iterative deepening.
Values in results are for the player to move at the root; wins are ``WIN - plies``.
"""

from __future__ import annotations

import time

import numpy as np

from treeviz.board import Position
from treeviz.search import negamax_kernel as N
from treeviz.search.common import (
    Evaluator,
    Recorder,
    check_choice,
    check_float,
    check_int,
    check_playable,
    evaluator,
    mark_pv,
    pv_ids,
    result,
)
from treeviz.trace import C_RECORDED, C_TRUNCATED, DEFAULT_CAPACITY, MoveStat, SearchResult

MAX_DEPTH = 42


def _iterate(
    pos: Position,
    left: int,
    prune: bool,
    use_tt: bool,
    mode: int,
    ev: Evaluator,
    rec: Recorder,
    table: tuple[np.ndarray, np.ndarray],
) -> tuple[int, list[int], np.ndarray, np.ndarray]:
    """One full-width search to depth ``left``, recorded from node 0 (overwriting)."""
    rec.ctr[C_RECORDED] = 0
    rec.ctr[C_TRUNCATED] = 0
    w = pos.width
    pv = np.zeros((left + 2, left + 2), dtype=np.int64)
    pv_len = np.zeros(left + 2, dtype=np.int64)
    vals = np.full(w, -N.INF, dtype=np.int64)
    cut = np.zeros(w, dtype=np.bool_)
    value = N.negamax(
        np.uint64(pos.current),
        np.uint64(pos.mask),
        left,
        -N.INF,
        N.INF,
        prune,
        use_tt,
        mode,
        ev.hid,
        ev.windows,
        ev.weights,
        ev.centre_cols,
        w,
        pos.height,
        -1,
        -1,
        0,
        left,
        rec.nodes,
        rec.ctr,
        table[0],
        table[1],
        pv,
        pv_len,
        vals,
        cut,
    )
    return int(value), [int(c) for c in pv[0, : pv_len[0]]], vals, cut


def run_negamax(
    pos: Position,
    algorithm: str,
    depth: int,
    prune: bool,
    heuristic: str,
    ordering: str,
    tt: bool,
    iterative: bool,
    time_limit: float | None,
    capacity: int,
) -> SearchResult:
    """Shared driver of ``minimax`` and ``alphabeta`` (parameters as documented there)."""
    check_playable(pos)
    depth = check_int("depth", depth, 1, MAX_DEPTH)
    mode = N.ORDERINGS.index(check_choice("ordering", ordering, N.ORDERINGS))
    if time_limit is not None:
        time_limit = check_float("time_limit", time_limit, 0.0)
    ev = evaluator(heuristic, pos)
    rec = Recorder(capacity)
    table = N.new_table() if tt else (np.zeros(1, np.uint64), np.zeros((1, 4), np.int64))
    start = time.perf_counter()
    reached = depth
    for left in range(1 if iterative else depth, depth + 1):
        value, pv, vals, cut = _iterate(pos, left, prune, tt, mode, ev, rec, table)
        reached = left
        if time_limit is not None and time.perf_counter() - start > time_limit:
            break
    params = {
        "depth": depth,
        "heuristic": heuristic,
        "ordering": ordering,
        "tt": tt,
        "iterative": iterative,
        "time_limit": time_limit,
        "capacity": rec.nodes.shape[0],
    }
    fields = ("static_eval", "iteration") + (("alpha", "beta", "pruned") if prune else ())
    trace = rec.trace(algorithm, params, pos, fields)
    mark_pv(trace, pv_ids(trace, pv))
    rows = [_row(c, vals, cut, pos) for c in range(pos.width)]
    return result(trace, pv[0], rows, pv, value, depth_reached=reached, win_base=N.WIN)


def _row(col: int, vals: np.ndarray, cut: np.ndarray, pos: Position) -> MoveStat:
    """One table row: the column's value, and whether it is only an upper bound."""
    if not pos.can_play(col):
        return MoveStat(col + 1, None, {"full": True})
    value = int(vals[col])
    return MoveStat(col + 1, value, {"bound": "upper" if cut[col] else "exact"})


def search_minimax(
    pos: Position,
    depth: int = 3,
    heuristic: str = "window",
    ordering: str = "left",
    tt: bool = False,
    capacity: int = DEFAULT_CAPACITY,
) -> SearchResult:
    """Plain depth-limited minimax (seed default depth 3): every move searched."""
    return run_negamax(pos, "minimax", depth, False, heuristic, ordering, tt, False, None, capacity)


def search_alphabeta(
    pos: Position,
    depth: int = 5,
    heuristic: str = "window",
    ordering: str = "centre",
    tt: bool = True,
    iterative: bool = False,
    time_limit: float | None = None,
    capacity: int = DEFAULT_CAPACITY,
) -> SearchResult:
    """Alpha-beta negamax (seed default depth 5). ``iterative`` deepens 1..depth (the
    table then orders each pass by the previous one); ``time_limit`` (seconds) stops
    deepening once passed. The trace holds the last completed pass."""
    return run_negamax(
        pos, "alphabeta", depth, True, heuristic, ordering, tt, iterative, time_limit, capacity
    )
