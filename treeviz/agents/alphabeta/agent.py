"""Depth-limited minimax and alpha-beta (the seeds' ``002``/``003``/``004`` agents).

Both are one negamax kernel: ``minimax`` searches every move, ``alphabeta`` prunes,
with a choice of move ordering, a transposition table and iterative deepening.
Node values are for the player to move at each node, wins as ``WIN - plies``; the
per-column rows turn them into heuristic points or proven outcomes for the root player.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

import numpy as np

import treeviz.agents.alphabeta.kernel as N
from treeviz.agents.common import (
    CAPACITY,
    HEURISTIC,
    TIME_LIMIT,
    WINDOW_FIELDS,
    column_rows,
    mark_pv,
    proven_row,
    pv_ids,
    result,
)
from treeviz.agents.contract import Agent, Param
from treeviz.agents.reasons import Reason, horizon, line_words, pv_reason, root_child
from treeviz.agents.stopping import deadline_of, run_stoppable
from treeviz.connect4.board import DEFAULT_CELLS, Position
from treeviz.connect4.heuristics import Evaluator, evaluator
from treeviz.connect4.tt_order import new_value_table
from treeviz.errors import SearchStopped
from treeviz.trace.nodes import (
    C_RECORDED,
    C_TRUNCATED,
    INF,
    NO_VALUE,
    WIN,
    MoveStat,
    SearchResult,
    Trace,
)
from treeviz.trace.recorder import Recorder, check_playable
from treeviz.trace.values import (
    PROVEN,
    heuristic_text,
    negamax_outcome,
    outcome,
    plies,
    short_outcome,
)

MAX_DEPTH = DEFAULT_CELLS  # a whole game on the standard board
MINIMAX_CHECK_DEPTH = 7  # reasons compare with plain minimax up to this depth
DEPTH = Param("depth", "int", 5, "plies searched below the position", lo=1, hi=MAX_DEPTH)
ORDERING = Param(
    "ordering",
    "str",
    "centre",
    "move order: left to right, centre first, or best heuristic first",
    choices=N.ORDERINGS,
)
TT = Param("tt", "bool", True, "transposition table (orders moves, answers repeats)")
ITERATIVE = Param("iterative", "bool", False, "iterative deepening 1..depth (with time_limit)")


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
    vals = np.full(w, -INF, dtype=np.int64)
    cut = np.zeros(w, dtype=np.bool_)
    value = N.negamax(
        np.uint64(pos.current),
        np.uint64(pos.mask),
        left,
        -INF,
        INF,
        prune,
        use_tt,
        mode,
        ev.kernel_args,
        -1,
        -1,
        0,
        left,
        rec.nodes,
        rec.ctr,
        table,
        (pv, pv_len, vals, cut),
    )
    return int(value), [int(c) for c in pv[0, : pv_len[0]]], vals, cut


def run_negamax(
    pos: Position,
    algorithm: str,
    prune: bool,
    *,
    depth: int,
    heuristic: str,
    ordering: str,
    tt: bool,
    capacity: int,
    iterative: bool = False,
    time_limit: float | None = None,
) -> SearchResult:
    """Shared driver of ``minimax`` and ``alphabeta`` (parameters as declared there;
    only alpha-beta deepens iteratively under a time limit)."""
    check_playable(pos)
    mode = N.ORDERINGS.index(ordering)
    ev = evaluator(heuristic, pos)
    rec = Recorder(capacity)
    table = new_value_table(depth) if tt else (np.zeros(1, np.uint64), np.zeros((1, 4), np.int64))
    deadline = deadline_of(time_limit)
    # A time limit deepens pass by pass: a stopped pass falls back on the one before.
    deepen = iterative or time_limit is not None
    finished: tuple[Any, ...] | None = None
    stopped = False
    for left in range(1 if deepen else depth, depth + 1):
        one_pass = partial(_iterate, pos, left, prune, tt, mode, ev, rec, table)
        out, stopped = run_stoppable(one_pass, rec.ctr, deadline)
        if stopped:
            break
        n = int(rec.ctr[C_RECORDED])
        kept = rec.nodes[:n].copy() if deepen and left < depth else None
        finished = (left, *out, kept, n, int(rec.ctr[C_TRUNCATED]))
    if finished is None:
        why = (
            f"its time_limit of {time_limit:g} s ran out"
            if time_limit is not None
            else "it was stopped"
        )
        raise SearchStopped(
            f"{algorithm} has no answer: {why} before its first pass (depth 1) finished"
            + (
                "; give it more time"
                if time_limit is not None
                else "; give it a time_limit to keep the last finished pass of a long search"
            )
        )
    reached, value, pv, vals, cut, kept, n, truncated = finished
    if stopped and kept is not None:  # the last finished pass is the answer: its trace too
        rec.nodes[:n] = kept
        rec.ctr[C_RECORDED], rec.ctr[C_TRUNCATED] = n, truncated
    params = {
        "depth": depth,
        "heuristic": heuristic,
        "ordering": ordering,
        "tt": tt,
        "capacity": rec.nodes.shape[0],
    } | ({"iterative": iterative, "time_limit": time_limit} if prune else {})
    fields = ("static_eval", "iteration") + (("alpha", "beta", "pruned") if prune else ())
    trace = rec.trace(algorithm, params, pos, fields=fields)
    mark_pv(trace, pv_ids(trace, pv))
    kind = f"heuristic:{heuristic}"
    rows = column_rows(pos, lambda c: _row(c, vals, cut & ~_leaves(pos, reached), pos, kind))
    return result(
        trace,
        pv[0],
        rows,
        pv=pv,
        value=root_value(value, pos),
        depth_reached=reached,
        stopped=stopped,
    )


def root_value(raw: int, pos: Position) -> int:
    """The search's value of ``pos`` readable: heuristic points, or the exact score of a
    proven win or loss."""
    found = negamax_outcome(raw, pos.ply, width=pos.width, height=pos.height)
    return int(found["score"]) if found else raw


def _leaves(pos: Position, reached: int) -> np.ndarray:
    """Per column, True where the child is a leaf: a win with this stone, a full board,
    or the horizon (a pass of depth 1). A leaf's value is exact whatever the window,
    so the kernel's cut flag (any value at or below the best so far) says nothing there."""
    full = pos.ply + 1 == pos.width * pos.height
    return np.array(
        [
            reached == 1 or full or (pos.can_play(c) and pos.is_winning_move(c))
            for c in range(pos.width)
        ],
        dtype=np.bool_,
    )


def _row(col: int, vals: np.ndarray, cut: np.ndarray, pos: Position, kind: str) -> MoveStat:
    """One table row: heuristic points or the proven outcome, for the root player, and
    whether alpha-beta only bounded it from above (a cutoff below it)."""
    raw, bound = int(vals[col]), "upper" if cut[col] else ""
    extra = {"bound": bound or "exact"}
    found = negamax_outcome(raw, pos.ply, width=pos.width, height=pos.height, bound=bound)
    if found is not None:
        return proven_row(col, found, extra)
    if abs(raw) >= PROVEN:  # a win bounded from above: no faster than this
        cap = outcome("win", WIN - raw, pos.ply, width=pos.width, height=pos.height)
        return MoveStat(
            col + 1,
            cap["score"],
            extra | {"at_best": short_outcome(cap)},
            text=f"≤ {cap['score']:+d}: cut off, at best a win in {plies(cap['plies'])}",
        )
    return MoveStat(col + 1, raw, extra, text=heuristic_text(raw, kind, bound))


def search_minimax(pos: Position, **params: Any) -> SearchResult:
    """Plain depth-limited minimax (seed default depth 3): every move searched."""
    return run_negamax(pos, "minimax", False, **params)


def search_alphabeta(pos: Position, **params: Any) -> SearchResult:
    """Alpha-beta negamax (seed default depth 5). ``iterative`` deepens 1..depth (the
    table then orders each pass by the previous one); ``time_limit`` (seconds) stops
    deepening once passed. The trace holds the last completed pass."""
    return run_negamax(pos, "alphabeta", True, **params)


def _negamax(
    pos: Position, res: SearchResult, exact: list[int | None] | None, savings: bool = False
) -> list[Reason]:
    """The principal variation, each other column's refutation, what cutoffs saved, and
    what lies beyond the horizon."""
    trace, depth = res.trace, int(res.trace.params.get("depth", 0))
    out = [
        pv_reason(
            f"principal variation: {line_words(pos, res.pv)} ({res.moves[res.move - 1].text})",
            trace,
            len(res.pv),
        )
    ]
    for m in res.moves:
        if m.value is None or m.column == res.move:
            continue
        out.append(_refutation(pos, trace, m.column, m.text))
    if savings:
        out.extend(_cutoff_savings(pos, res, depth))
    out.extend(horizon(pos, res, exact=exact, depth=depth))
    return out


def _alphabeta(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    """Minimax's reasons, and what the cutoffs saved."""
    return _negamax(pos, res, exact, savings=True)


def _refutation(pos: Position, trace: Trace, column: int, text: str) -> Reason:
    """Column ``column``'s best reply found by the search (the opponent's choice)."""
    k = root_child(trace, column)
    kids = trace.children(k) if k is not None else np.zeros(0, np.int64)
    values = [
        (int(trace.nodes["value"][g]), int(g)) for g in kids if trace.nodes["value"][g] != NO_VALUE
    ]
    if not values:
        return Reason(f"column {column}: {text}", k)
    _, reply = min(values)  # values at the reply are for the root player: the reply minimises
    col = int(trace.nodes["move"][reply]) + 1
    other = "O" if pos.side_to_move == "X" else "X"
    if text.startswith("≤"):  # cut off: the reply showed it cannot beat the chosen column
        return Reason(f"column {column} is refuted by {other} {col}: {text}", reply)
    return Reason(f"column {column}: {other}'s best reply is {col}; {text}", reply)


def _cutoff_savings(pos: Position, res: SearchResult, depth: int) -> list[Reason]:
    """Nodes alpha-beta saved against plain minimax to the same depth (measured)."""
    if not 1 <= depth <= MINIMAX_CHECK_DEPTH:
        return []
    p = res.trace.params
    plain = search_minimax(
        pos, depth=depth, heuristic=p["heuristic"], ordering=p["ordering"], tt=False, capacity=1
    )
    ours, full = int(res.stats["nodes"]), int(plain.stats["nodes"])
    saved = full - ours
    return [
        Reason(
            f"{res.stats['cutoffs']:,} cutoffs: alpha-beta searched {ours:,} nodes where "
            f"minimax to depth {depth} searches {full:,} ({saved:,} saved, "
            f"{saved / max(full, 1):.0%})"
        )
    ]


MINIMAX = Agent(
    name="minimax",
    description="depth-limited negamax without pruning: every move searched",
    params=(
        replace(DEPTH, default=3),
        HEURISTIC,
        replace(ORDERING, default="left"),
        replace(TT, default=False),
        CAPACITY,
    ),
    run=search_minimax,
    value_kind="heuristic:{heuristic}",
    sources="002, 003, 004",
    quick={"depth": 2},
    horizon=lambda p: int(p["depth"]),
    reasons=_negamax,
    fields={
        "value": "the heuristic at the horizon backed up, ±(WIN - plies) for a win the "
        "search saw, for the node's side to move",
        "static_eval": "the heuristic of the node",
        "iteration": "the deepening pass that made the node",
        "flags": "TT_HIT when the table's value answered the node",
    },
)

ALPHABETA = Agent(
    name="alphabeta",
    description="negamax with alpha-beta pruning, move ordering, TT and iterative deepening",
    params=(DEPTH, HEURISTIC, ORDERING, TT, ITERATIVE, TIME_LIMIT, CAPACITY),
    run=search_alphabeta,
    value_kind="heuristic:{heuristic}",
    sources="003, 004",
    quick={"depth": 4},
    horizon=lambda p: int(p["depth"]),  # with no time_limit cutting the deepening short
    reasons=_alphabeta,
    fields={
        **MINIMAX.fields,
        **WINDOW_FIELDS,
        "flags": "CUTOFF when the window closed; TT_HIT when the table's value or bound "
        "answered the node",
    },
)
