"""Checks of what a trace's ``extra`` holds for the views: the search's answer
(``extra.result``: the per-move table, the chosen column, the principal variation and
the statistics), MCTS's iteration log (``extra.log``) and a user search's number table
(``extra.user_values``). Called by :func:`treeviz.trace.validate.check_trace`, on
``extra`` as a file holds it: a user search's infinite values written as the texts
``"+inf"`` and ``"-inf"`` (:data:`INFINITE`), as JSON has no infinity.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from treeviz.connect4.board import Position, score_top
from treeviz.trace.fieldcheck import (
    BOOL,
    COUNT,
    TEXT,
    Kind,
    check_fields,
    is_number,
    member,
    need_list,
    need_object,
    refuse,
)
from treeviz.trace.nodes import Trace

INFINITE = {"+inf": math.inf, "-inf": -math.inf}  # a user search's ±inf, as a file holds it
RESULT = "extra.result"
RATE = Kind("number", lo=0, hi=1, null=True)
ROWS = {  # per-move row fields the views compute with (others: plain scalars)
    "chosen": BOOL,
    "full": BOOL,
    "visits": COUNT,
    "wins": COUNT,
    "draws": COUNT,
    "losses": COUNT,
    "share": Kind("number", lo=0, hi=1),
    "q": RATE,
    "uct": Kind("number", null=True),
    "proven": TEXT,
    "bound": Kind("text", choices=("exact", "upper", "lower")),
    "source": TEXT,
    "text": TEXT,
}
ROW_NEEDS = {"visits": ("share", "wins", "draws")}  # what a row's visits are read with
STATS = {  # statistics the views compute with or show as counts (others: plain scalars)
    "nodes": COUNT,
    "recorded": COUNT,
    "cutoffs": COUNT,
    "tt_hits": COUNT,
    "time_s": Kind("number", lo=0),
    "nodes_per_s": Kind("number", lo=0, null=True),
    "truncated": BOOL,
    "iterations": COUNT,
    "stopped": BOOL,
}
STATS_NEEDED = ("nodes", "recorded", "cutoffs", "tt_hits", "time_s", "nodes_per_s", "truncated")
RESULTS = ("win", "loss", "draw")
LOG_CHUNK = 1 << 20  # iteration-log rows checked at once (bounded extra memory)
LOG_ROW = "[leaf node, depth, plies, 2 x result]"


def check_answer(trace: Trace, *, every_column: bool = True) -> None:
    """``extra.result`` describes a search of ``trace``'s root: a chosen column that can
    be played there, one row per column left to right (a full column without a value;
    without ``every_column``, as the agents on any game give them, a row per column
    that can be played), a principal variation of columns, the statistics the views
    show."""
    res = need_object(trace.extra["result"], RESULT)
    pos = trace.position()
    move = member(res, "move", RESULT)
    Kind("whole", lo=1, hi=trace.width).check(move, f"{RESULT}.move")
    if not pos.can_play(move - 1):
        refuse(f"{RESULT}.move", "must be a column that can be played at the root", move)
    check_value(res.get("value"), f"{RESULT}.value", trace)
    check_pv(member(res, "pv", RESULT), pos)
    rows = need_list(member(res, "moves", RESULT), f"{RESULT}.moves")
    columns = [c for c in range(trace.width) if every_column or pos.can_play(c)]
    if len(rows) != len(columns):
        which = "column" if every_column else "column that can be played"
        refuse(f"{RESULT}.moves", f"must hold one row per {which} ({len(columns)})", rows)
    for i, (row, c) in enumerate(zip(rows, columns, strict=True)):
        check_row(row, c, trace=trace, pos=pos, path=f"{RESULT}.moves[{i}]")
    stats = need_object(member(res, "stats", RESULT), f"{RESULT}.stats")
    check_fields(stats, STATS, path=f"{RESULT}.stats", required=STATS_NEEDED)
    if trace.extra.get("log") and "iterations" not in stats:
        refuse(f"{RESULT}.stats.iterations", "is missing (the trace has an iteration log)")


def check_value(value: Any, path: str, trace: Trace) -> None:
    """A value of the per-move table: a finite number or null; a user search's may be
    infinite (``"+inf"``/``"-inf"``)."""
    user = trace.kind.base == "user"
    if not (
        value is None or is_number(value) or (user and isinstance(value, str) and value in INFINITE)
    ):
        also = " ('+inf' or '-inf' for a user search)" if user else ""
        refuse(path, f"must be a finite number or null{also}", value)


def check_pv(pv: Any, pos: Position) -> None:
    """The principal variation: columns (1-based), no more than the empty cells."""
    path = f"{RESULT}.pv"
    need_list(pv, path)
    column = Kind("whole", lo=1, hi=pos.width)
    for i, c in enumerate(pv):
        column.check(c, f"{path}[{i}]")
    empty = pos.width * pos.height - pos.ply
    if len(pv) > empty:
        refuse(path, f"must be at most {empty} moves long (the empty cells)", pv)


def check_row(row: Any, i: int, *, trace: Trace, pos: Position, path: str) -> None:
    """The per-move table's row (at ``path``) of column ``i + 1``: that column, its
    value (none for a full column), its outcome when proven, and the fields the views
    compute with."""
    row = need_object(row, path)
    column = member(row, "column", path)
    if not (type(column) is int and column == i + 1):
        refuse(f"{path}.column", f"must be {i + 1} (one row per column, left to right)", column)
    value = row.get("value")
    check_value(value, f"{path}.value", trace)
    if value is not None and not pos.can_play(i):
        refuse(f"{path}.value", f"must be null: column {i + 1} is full at the root", value)
    if row.get("outcome") is not None:
        check_outcome(row["outcome"], f"{path}.outcome", pos)
    rest = {k: v for k, v in row.items() if k not in ("column", "value", "outcome")}
    check_fields(rest, ROWS, path=path)
    for key, needs in ROW_NEEDS.items():
        if key in row:
            for other in needs:
                member(row, other, path)


def check_outcome(out: Any, path: str, pos: Position) -> None:
    """A proven outcome: ``result`` win, loss or draw; ``plies`` and exact ``score``
    both given (within the board) or both null (MCTS-solver proves no distance);
    ``bound`` "upper" for a loss in at most ``plies``."""
    out = need_object(out, path)
    cells, top = pos.width * pos.height, score_top(pos.width, pos.height)
    Kind("text", choices=RESULTS).check(member(out, "result", path), f"{path}.result")
    plies, score = member(out, "plies", path), member(out, "score", path)
    Kind("whole", lo=0, hi=cells, null=True).check(plies, f"{path}.plies")
    Kind("whole", lo=-top, hi=top, null=True).check(score, f"{path}.score")
    if (plies is None) != (score is None):
        refuse(path, "must give both plies and score, or neither", out)
    if "bound" in out:
        Kind("text", choices=("upper",)).check(out["bound"], f"{path}.bound")


def check_log(log: Any, nodes: int) -> None:
    """MCTS's iteration log: rows of four whole numbers (leaf node id, its depth,
    rollout plies, 2 x the result), checked with NumPy a block at a time."""
    rows = need_list(log, "extra.log")
    for start in range(0, len(rows), LOG_CHUNK):
        chunk = rows[start : start + LOG_CHUNK]
        block = log_block(chunk)
        if block is None:
            i = start + first_bad_row(chunk)
            refuse(f"extra.log[{i}]", f"must be {LOG_ROW}, four whole numbers", rows[i])
        leaf, depth, plies, result = block.T
        bad = (leaf < 0) | (leaf >= nodes) | (depth < 0) | (plies < 0) | ~np.isin(result, (0, 1, 2))
        if bad.any():
            i = start + int(np.argmax(bad))
            refuse(
                f"extra.log[{i}]",
                f"must be {LOG_ROW}: a leaf 0-{nodes - 1}, depth and "
                "plies at least 0, 2 x result 0, 1 or 2",
                rows[i],
            )


def log_block(chunk: list[Any]) -> np.ndarray | None:
    """``chunk`` as an (n, 4) integer array, or None when it is not one."""
    try:
        block = np.asarray(chunk)
    except (ValueError, TypeError, OverflowError):  # ragged rows
        return None
    if block.ndim != 2 or block.shape[1] != 4 or block.dtype.kind not in "iu":
        return None
    return block


def first_bad_row(chunk: list[Any]) -> int:
    """The first row of ``chunk`` that is not four whole numbers (0 when none is: the
    numbers are then beyond 64 bits)."""
    for i, row in enumerate(chunk):
        if not (isinstance(row, list) and len(row) == 4 and all(type(x) is int for x in row)):
            return i
    return 0


def user_table(trace: Trace) -> np.ndarray | None:
    """``extra.user_values`` as an array (None without one): the distinct magnitudes a
    user search returned, finite, above 0 and increasing; a ``user`` trace needs it."""
    path = "extra.user_values"
    if "user_values" not in trace.extra:
        if trace.kind.base == "user":
            refuse(path, "is missing (the numbers a 'user' trace's values stand for)")
        return None
    values = need_list(trace.extra["user_values"], path)
    try:
        table = np.asarray(values)
    except (ValueError, TypeError, OverflowError):
        table = None
    if table is None or table.ndim != 1 or (len(table) and table.dtype.kind not in "iuf"):
        refuse(path, "must be a list of numbers", values)
    table = table.astype(np.float64)
    if not (np.all(np.isfinite(table)) and np.all(table > 0) and np.all(np.diff(table) > 0)):
        refuse(path, "must be finite numbers above 0, increasing", values)
    return table
