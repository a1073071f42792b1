"""Exact scores of positions and of their columns, for the side to move.

Scores follow the Connect 4 solver community's scale: 0 = draw, a win scores
``(w*h)/2 + 1`` minus the number of stones the winner has played at the end (22 - n on
7x6), a loss the same negated. ``weak`` keeps only the sign (1 / 0 / -1), much faster.
Positions the opening books hold are answered from them (:mod:`treeviz.exact.book`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

import treeviz.exact.kernel as S
from treeviz.connect4.board import Position
from treeviz.connect4.tt_order import new_table
from treeviz.exact.book import NOT_FOUND, SHALLOW_PLY, book_arrays, lookup
from treeviz.settings import EXACT_SECONDS
from treeviz.trace.nodes import (
    C_BUDGET,
    EXACT,
    NO_PARENT,
    TERMINAL,
    finish,
    new_counters,
    new_nodes,
    record,
    record_counted,
)
from treeviz.trace.recorder import Recorder, check_playable
from treeviz.trace.values import RESULT_WORDS, score_outcome

FULL_COLUMN = -1000  # the data files' mark for a column that cannot be played
NODES_PER_S = 10_000_000  # solver speed unrecorded, a busy hour (BENCHMARKS.md: 14-15 M quiet)

_TABLES: dict[tuple[int, int], np.ndarray] = {}


def _table(pos: Position) -> np.ndarray:
    """The transposition table for this board size, kept between calls.

    Its entries are bounds on exact scores of positions, true whoever asks, so
    a warm table only speeds later solves up. Keys only mean something for one board
    size, so another size starts a fresh table.
    """
    size = (pos.width, pos.height)
    if size not in _TABLES:
        _TABLES.clear()
        _TABLES[size] = new_table()
    return _TABLES[size]


def win_score(pos: Position) -> int:
    """The score of winning with the next stone, for the side to move."""
    return (pos.width * pos.height + 1 - pos.ply) // 2


def terminal_score(pos: Position) -> int:
    """Score of a finished game for the side to move (who has lost it or drawn)."""
    if pos.winner() is None:
        return 0
    return -((pos.width * pos.height + 2 - pos.ply) // 2)


Table = np.ndarray
BookArrays = tuple[np.ndarray, np.ndarray, int]


def _solve_at(
    pos: Position,
    weak: bool,
    rec: Recorder,
    parent: int,
    move: int,
    depth: int,
    table: Table,
    book: BookArrays,
    floor: int = S.NO_FLOOR,
) -> int:
    """The compiled solver on ``pos`` (unfinished, worth at least ``floor``), recorded
    under ``parent``."""
    return int(
        S.solve(
            np.uint64(pos.current),
            np.uint64(pos.mask),
            pos.ply,
            weak,
            pos.width,
            pos.height,
            parent,
            move,
            depth,
            rec.nodes,
            rec.ctr,
            table,
            book,
            floor,
        )
    )


def _solve_child(
    pos: Position,
    col: int,
    weak: bool,
    rec: Recorder,
    parent: int,
    table: Table,
    book: BookArrays,
    floor: int = S.NO_FLOOR,
) -> int:
    """Score for the side to move of playing ``col`` (legal), recording under ``parent``;
    ``floor``: what the child is known to be worth at least to the opponent."""
    if pos.is_winning_move(col):
        node = record_counted(rec.nodes, rec.ctr, parent, col, 1, 0)
        value = 1 if weak else win_score(pos)
        finish(rec.nodes, node, -value, TERMINAL | EXACT)
        return value
    child = pos.copy()
    child.push(col)
    return -_solve_at(child, weak, rec, parent, col, 1, table, book, floor)


def column_scores(
    pos: Position,
    *,
    weak: bool = False,
    rec: Recorder | None = None,
    table: Table | None = None,
    book: bool = True,
) -> list[int | None]:
    """Score of each column for the side to move, ``None`` for a full column. ``table``
    defaults to the table shared between calls (fast; a fresh one makes the recorded
    search independent of earlier ones); ``book`` answers 12-stone positions from the
    opening book."""
    check_playable(pos)
    rec = rec or Recorder(1)
    table = _table(pos) if table is None else table
    arrays = book_arrays(pos.width, pos.height, enabled=book, root_ply=pos.ply)
    root = int(record(rec.nodes, rec.ctr, NO_PARENT, -1, 0, 0))  # NOT_RECORDED once full
    floor = S.NO_FLOOR if weak else _children_floor(pos, arrays)
    return [
        _solve_child(pos, c, weak, rec, root, table, arrays, floor) if pos.can_play(c) else None
        for c in range(pos.width)
    ]


def _children_floor(pos: Position, book: BookArrays) -> int:
    """When ``pos`` is itself a book position, no move is worth more than its score, so
    every child is worth at least its negation to the opponent (each child's search
    starts there); else ``NO_FLOOR``."""
    keys, scores, ply = book
    if pos.ply != ply:
        return S.NO_FLOOR
    found = lookup(np.uint64(pos.current), np.uint64(pos.mask), keys, scores)
    return S.NO_FLOOR if found == NOT_FOUND else -found


def exact_scores(
    pos: Position, seconds: float = EXACT_SECONDS.default, book: bool = True
) -> list[int | None] | None:
    """Each column's exact score (None for a full one) if the solver finds them all
    within about ``seconds``, else None. The budget is counted in nodes, at the
    ``NODES_PER_S`` this solver sustains here (BENCHMARKS.md), so it is deterministic."""
    rec = Recorder(1)
    rec.ctr[C_BUDGET] = max(1, int(seconds * NODES_PER_S))
    scores = column_scores(pos, weak=False, rec=rec, book=book)
    return None if rec.ctr[C_BUDGET] < 0 else scores


def solve(
    pos: Position,
    *,
    weak: bool = False,
    book: bool = True,
    table: Table | None = None,
    rec: Recorder | None = None,
) -> int:
    """Exact score of ``pos`` for the side to move; a finished game gets its final score.
    ``table``: as in :func:`column_scores`; ``rec`` receives the counters."""
    if pos.is_over():
        return terminal_score(pos)
    arrays = book_arrays(pos.width, pos.height, enabled=book, root_ply=pos.ply)
    table = _table(pos) if table is None else table
    return _solve_at(pos, weak, rec or Recorder(1), NO_PARENT, -1, 0, table, arrays)


def solve_many(
    positions: Sequence[Position],
    *,
    weak: bool = False,
    book: bool = True,
    ctr: np.ndarray | None = None,
) -> list[int]:
    """Exact scores of many positions for their sides to move, as :func:`solve` gives
    one by one, each group of a board size and book in one compiled call (the
    interpreter is paid once a group, not once a position). The table is the one shared
    between calls. ``ctr``: counters whose stop flag ends the batch early (by
    :func:`~treeviz.agents.stopping.run_stoppable`); the answers are then the solved
    prefix, shorter than ``positions``."""
    scores = [0] * len(positions)
    ctr = new_counters() if ctr is None else ctr
    groups: dict[tuple[int, int, bool], list[int]] = {}
    for i, p in enumerate(positions):
        if p.is_over():
            scores[i] = terminal_score(p)
        else:  # the shallow book answers early positions, the other book later ones
            groups.setdefault((p.width, p.height, p.ply < SHALLOW_PLY), []).append(i)
    solved = len(positions)
    for (width, height, _), members in groups.items():
        first = positions[members[0]]
        arrays = book_arrays(width, height, enabled=book, root_ply=first.ply)
        out = np.zeros(len(members), np.int64)
        done = S.solve_batch(
            np.array([positions[i].current for i in members], np.uint64),
            np.array([positions[i].mask for i in members], np.uint64),
            np.array([positions[i].ply for i in members], np.int64),
            weak,
            width,
            height,
            new_nodes(1),
            ctr,
            _table(first),
            arrays,
            out,
        )
        for i, score in zip(members[:done], out[:done].tolist(), strict=True):
            scores[i] = score
        if done < len(members):
            solved = min(solved, members[done])
    return scores[:solved]


def score_meaning(score: int, pos: Position, weak: bool = False) -> str:
    """Plain words for a score of ``pos``'s side to move: ``win in 5 plies``, ..."""
    if weak:
        return RESULT_WORDS[score]
    out = score_outcome(score, pos.ply, width=pos.width, height=pos.height)
    if out["result"] == "draw":
        return "draw"
    k = out["plies"]
    return f"{out['result']} in {k} pl{'y' if k == 1 else 'ies'}"


def score_source(pos: Position, col: int, book: bool) -> str:
    """Where the exact score of playing ``col`` comes from, in words."""
    if pos.is_winning_move(col):
        return "wins at once"
    answered = book_arrays(pos.width, pos.height, enabled=book, root_ply=pos.ply)[2]  # -1: no book
    if pos.ply + 1 == answered:
        return "opening book"
    if pos.ply + 1 < answered:
        return "search to the opening book"
    return "solved by search"
