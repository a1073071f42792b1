"""The exact solver as an agent: every column's exact score (:mod:`treeviz.exact.scores`),
recorded as a trace, the best column chosen, centre first on ties, and its line."""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np

import treeviz.exact.kernel as S
from treeviz.agents.common import (
    CAPACITY,
    WINDOW_FIELDS,
    full_row,
    mark_pv,
    proven_row,
    pv_ids,
    result,
)
from treeviz.agents.contract import TO_THE_END, Agent, Param
from treeviz.agents.reasons import Reason, line_words, pv_reason
from treeviz.agents.stopping import run_stoppable
from treeviz.connect4.board import Position
from treeviz.connect4.tt_order import centre_order, new_table
from treeviz.errors import SearchStopped
from treeviz.exact.book import book_arrays
from treeviz.exact.scores import (
    BookArrays,
    Table,
    column_scores,
    score_meaning,
    score_source,
    win_score,
)
from treeviz.settings import PV_NODE_BUDGET
from treeviz.trace.nodes import C_NODES, NO_PARENT, MoveStat, SearchResult
from treeviz.trace.recorder import Recorder, check_playable
from treeviz.trace.values import RESULT_WORDS, score_outcome


def score_row(col: int, score: int | None, pos: Position, *, weak: bool) -> MoveStat:
    """The table row of column ``col`` (0-based) scored ``score`` for the side to move."""
    if score is None:
        return full_row(col)
    extra: dict[str, Any] = {}
    if weak:
        result = RESULT_WORDS[score]
        found = {"result": result, "plies": None, "score": None}
        return MoveStat(col + 1, score, extra, found, f"{result} (weak solve: no distance)")
    return proven_row(col, score_outcome(score, pos.ply, width=pos.width, height=pos.height), extra)


def _principal_variation(
    pos: Position, first: int, value: int, weak: bool, table: Table, book: bool
) -> list[int]:
    """Best play from ``pos`` (worth ``value`` to its side to move) starting with
    ``first``, while it stays cheap to find: at each step the first column, centre
    outwards, that keeps the score, checked by one null-window probe."""
    pv = [first]
    walk = pos.copy()
    walk.push(first)
    score = -value
    spent = Recorder(1)
    while not walk.is_over() and spent.ctr[C_NODES] < PV_NODE_BUDGET:
        arrays = book_arrays(walk.width, walk.height, enabled=book, root_ply=walk.ply)
        col = _keeping_move(walk, score, weak, spent, table, arrays)
        pv.append(col)
        walk.push(col)
        score = -score
    return pv


def _keeping_move(
    pos: Position, score: int, weak: bool, rec: Recorder, table: Table, book: BookArrays
) -> int:
    """A column (0-based) whose child is worth ``-score`` to the opponent: the first
    such, centre outwards (the right one first at equal distance)."""
    centre = pos.width // 2
    cols = sorted(pos.legal_moves(), key=lambda c: (abs(c - centre), -c))
    # the opponent's result must be at most this (weak: -1 or 0; None when all lose)
    limit = {1: -1, 0: 0}.get(score) if weak else -score
    for col in cols:
        if pos.is_winning_move(col):
            if score == (1 if weak else win_score(pos)):
                return col
            continue
        if limit is None:
            return col  # every move loses: the first one is as good as any
        child = pos.copy()
        child.push(col)
        if child.can_win_next():  # the kernel's contract excludes this: score it here
            if (1 if weak else win_score(child)) <= limit:
                return col
            continue
        r = int(
            S.negamax(
                np.uint64(child.current),
                np.uint64(child.mask),
                child.ply,
                limit,
                limit + 1,
                pos.width,
                pos.height,
                NO_PARENT,
                -1,
                0,
                0,
                rec.nodes,
                rec.ctr,
                table,
                centre_order(pos.width),
                S.NEW_NODE,
                book,
            )
        )
        if r <= limit:
            return col
    return cols[0]  # unreachable when ``score`` is right; a legal move all the same


def search_solver(pos: Position, *, weak: bool, book: bool, capacity: int) -> SearchResult:
    """Solve every column of ``pos``; the chosen column is the best, centre first on ties.
    Each row says where its score came from (the book, or search)."""
    check_playable(pos)
    rec = Recorder(capacity)
    # A fresh table: the trace shows this search alone, the same on every run.
    table = new_table(pos.width * pos.height - pos.ply)
    scores, stopped = run_stoppable(
        partial(column_scores, pos, weak=weak, rec=rec, table=table, book=book), rec.ctr
    )
    if stopped:
        raise SearchStopped("the solver was stopped before it had every column's score")
    centre = pos.width // 2
    best = max((s, -abs(c - centre), c) for c, s in enumerate(scores) if s is not None)[2]
    value = scores[best]
    assert value is not None
    params = {"weak": weak, "book": book, "capacity": capacity}
    trace = rec.trace("solver", params, pos, fields=("alpha", "beta", "pruned", "iteration"))
    trace.nodes["value"][0] = value  # the root's score: its best column's (each solved apart)
    rows = [score_row(c, s, pos, weak=weak) for c, s in enumerate(scores)]
    for row in rows:
        if row.value is not None:
            row.extra["source"] = score_source(pos, row.column - 1, book)
            row.text += f" ({row.extra['source']})"
    pv = _principal_variation(pos, best, value, weak, table, book)
    mark_pv(trace, pv_ids(trace, pv))
    return result(
        trace, best, rows, pv=pv, value=value, score=value, meaning=score_meaning(value, pos, weak)
    )


def _solver(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    """The best line and its length."""
    row = res.moves[res.move - 1]
    verb = "winning" if (row.value or 0) > 0 else "saving" if row.value == 0 else "longest"
    return [
        pv_reason(
            f"{verb} line: {line_words(pos, res.pv)} ({len(res.pv)} plies)", res.trace, len(res.pv)
        )
    ]


AGENT = Agent(
    name="solver",
    description="the exact score of every column: null-window negamax with a "
    "transposition table and threat ordering",
    params=(
        Param("weak", "bool", False, "win/draw/loss only (much faster)"),
        Param("book", "bool", True, "answer 12-stone positions from the opening book"),
        CAPACITY,
    ),
    run=search_solver,
    value_kind=lambda p: "exact:weak" if p["weak"] else "exact",
    reasons=_solver,
    horizon=TO_THE_END,
    fields={
        "value": "the exact score, or a bound of it where the window closed "
        "(solver_kernel.negamax states which)",
        **WINDOW_FIELDS,
        "flags": "CUTOFF also when the score's bounds alone closed the window; TT_HIT "
        "when the table held a bound (upper or lower) for the position, which may "
        "narrow or close the window; EXACT; BOOK when the opening book answered",
    },
)
