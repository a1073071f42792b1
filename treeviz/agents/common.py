"""What every searcher shares: parameter checks, trace set-up and the result rows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from treeviz.agents.contract import Param
from treeviz.connect4.board import Position
from treeviz.connect4.heuristics import HEURISTICS
from treeviz.settings import DEFAULT_CAPACITY, INT64_MAX, MAX_CAPACITY
from treeviz.trace.nodes import (
    C_NODES,
    NO_PARENT,
    ON_PV,
    MoveStat,
    SearchResult,
    Trace,
    record,
)
from treeviz.trace.recorder import Recorder
from treeviz.trace.values import outcome_text

RESULT_KEYS = ("move", "value", "moves", "pv", "stats")

# Parameters several agents share, declared once.
CAPACITY = Param(
    "capacity",
    "int",
    DEFAULT_CAPACITY,
    "trace node limit (the search still finishes past it)",
    lo=1,
    hi=MAX_CAPACITY,
)
HEURISTIC = Param(
    "heuristic",
    "str",
    "window",
    "static evaluation (treeviz/connect4/heuristics.py)",
    choices=tuple(HEURISTICS),
)
SEED = Param(
    "seed", "int", 0, "random seed: the same seed gives the same search", lo=0, hi=INT64_MAX
)
TIME_LIMIT = Param(
    "time_limit",
    "float",
    None,
    "seconds before the search stops (none: no limit)",
    lo=0.0,
    optional=True,
)


def mark_pv(trace: Trace, ids: list[int]) -> None:
    """Flag the recorded nodes of a principal variation (a trace cut short by its
    capacity holds only its start)."""
    for i in ids:
        if not 0 <= i < len(trace):
            break
        trace.nodes["flags"][i] |= ON_PV


def pv_ids(trace: Trace, pv: list[int]) -> list[int]:
    """Trace ids along ``pv`` (0-based columns from the root), as far as recorded."""
    ids, node = [0], 0
    for col in pv:
        kids = [int(k) for k in trace.children(node) if trace.nodes["move"][k] == col]
        if not kids:
            break
        node = kids[0]
        ids.append(node)
    return ids


def stats_of(trace: Trace, **more: Any) -> dict[str, Any]:
    """The ``stats`` block of a result: the CLI contract's keys plus ``more``."""
    c = trace.counters
    time_s = float(c["time_s"])
    return {
        "nodes": c["nodes"],
        "cutoffs": c["cutoffs"],
        "tt_hits": c["tt_hits"],
        "time_s": round(time_s, 6),
        "nodes_per_s": round(c["nodes"] / time_s) if time_s > 0 else None,
        "recorded": c["recorded"],
        "truncated": c["truncated"],
        **more,
    }


def full_row(col: int) -> MoveStat:
    """The row of a full column (0-based ``col``)."""
    return MoveStat(col + 1, None, {"full": True}, text="full column")


def proven_row(col: int, found: dict[str, Any], extra: dict[str, Any] | None = None) -> MoveStat:
    """The row of a column (0-based) whose result the search proved: its exact score as
    the value, the outcome, and the outcome in words."""
    return MoveStat(col + 1, found["score"], extra or {}, found, outcome_text(found))


def column_rows(pos: Position, row: Callable[[int], MoveStat]) -> list[MoveStat]:
    """One row per column, left to right: ``row(col)`` for a legal 0-based column, the
    full-column row otherwise."""
    return [row(c) if pos.can_play(c) else full_row(c) for c in range(pos.width)]


def one_ply_recorder(pos: Position, capacity: int) -> Recorder:
    """A recorder holding the root and one child per legal column (searched nodes)."""
    rec = Recorder(min(capacity, pos.width + 1))
    root = record(rec.nodes, rec.ctr, NO_PARENT, -1, 0, 0)
    for col in pos.legal_moves():
        record(rec.nodes, rec.ctr, root, col, 1, 0)
    rec.ctr[C_NODES] = len(pos.legal_moves()) + 1
    return rec


def pick_best(values: dict[int, float], order: list[int]) -> int:
    """The 0-based column with the highest value; ties go to the earliest in ``order``."""
    return max(order, key=lambda c: (values[c], -order.index(c)))


def result(
    trace: Trace,
    best: int,
    rows: list[MoveStat],
    *,
    pv: list[int],
    value: float | None,
    **stats: Any,
) -> SearchResult:
    """Assemble a :class:`SearchResult`; ``best`` and ``pv`` are 0-based columns."""
    for row in rows:
        row.extra["chosen"] = row.column == best + 1
    out = SearchResult(
        move=best + 1,
        value=value,
        moves=rows,
        pv=[c + 1 for c in pv],
        stats=stats_of(trace, **stats),
        trace=trace,
    )
    # The answer travels with the trace, so a saved trace shows the same table.
    trace.extra["result"] = {k: v for k, v in out.as_dict().items() if k in RESULT_KEYS}
    return out


# What alpha-beta and the solver write about a node's window (their ``Agent.fields``).
WINDOW_FIELDS = {
    "alpha, beta": "the window on entry, for the node's side to move",
    "pruned": "columns a cutoff left unsearched (bit c: column c + 1)",
}
