"""MCTS's search progress: each root column's visits and mean result after every
iteration, and the iteration from which the most visited column never changed, all
from the iteration log (``record_iterations``: one row per iteration, leaf id, leaf
depth, rollout plies, 2 x result for the player who moved into the leaf).

An iteration adds one visit to the root column its leaf descends from and its result
to that column's sum; an iteration that ends at the root itself (a proven root) adds
none. Mean results are for the player to move at the root, as every view shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from treeviz.trace.nodes import Trace


@dataclass(frozen=True)
class Progress:
    """A search's progress, one row per iteration (row i: after iteration i + 1).

    ``visits``: int64 (iterations, width), visits of each root column (0-based);
    ``mean``: float64 (iterations, width), each column's mean result for the root
    player so far (NaN before its first visit); ``settled``: the first iteration
    (1-based) from which the most visited column (the lowest on a tie) stayed the
    same, 0 when no iteration visited a column."""

    visits: np.ndarray
    mean: np.ndarray
    settled: int

    @property
    def iterations(self) -> int:
        """How many iterations the log holds."""
        return int(self.visits.shape[0])

    @property
    def leader(self) -> int:
        """The most visited column at the end, 0-based (-1 when none was visited)."""
        last = self.visits[-1] if self.iterations else np.zeros(1, np.int64)
        return int(np.argmax(last)) if last.any() else -1


def search_progress(trace: Trace) -> Progress | None:
    """The :class:`Progress` of an MCTS trace from its iteration log; None when the
    trace has no log (a search run without ``record_iterations``, another agent)."""
    log = trace.extra.get("log")
    if not log or len(trace) < 2:
        return None
    rows = np.asarray(log, dtype=np.int64).reshape(-1, 4)
    leaf, depth, twice = rows[:, 0], rows[:, 1], rows[:, 3]
    top = trace.root_children()
    ok = (leaf > 0) & (leaf < len(trace))
    col = trace.nodes["move"][top[np.where(ok, leaf, 0)]].astype(np.int64)
    # the leaf's result is for the player who moved into it; the root player moved
    # into the root child (depth 1), so results at odd depths are the root player's
    result = np.where(depth % 2 == 1, twice / 2.0, 1.0 - twice / 2.0)
    hits = np.zeros((len(rows), trace.width), np.int64)
    gain = np.zeros((len(rows), trace.width), np.float64)
    at = np.flatnonzero(ok)
    hits[at, col[at]] = 1
    gain[at, col[at]] = result[at]
    visits = np.cumsum(hits, axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(visits > 0, np.cumsum(gain, axis=0) / visits, np.nan)
    return Progress(visits, mean, settled_iteration(visits))


def settled_iteration(visits: np.ndarray, column: int | None = None) -> int:
    """The first iteration (1-based) from which ``column`` (0-based; default: the
    most visited at the end) was the most visited in every row of ``visits`` (one
    row per iteration, one column per move; ties go to the lowest column; a row
    without visits has no leader); 0 when the last row has no visit."""
    if not len(visits) or not visits[-1].any():
        return 0
    leader = np.where(visits.any(axis=1), np.argmax(visits, axis=1), -1)  # -1: no visit yet
    chosen = int(leader[-1]) if column is None else column
    wrong = np.flatnonzero(leader != chosen)
    return int(wrong[-1]) + 2 if len(wrong) else 1
