"""What treeviz knows about MCTS beyond running it: the reasons behind its choice and
when it settled, from the iteration log (what a node shows and how a replay recounts
visits are the trace's reading of its visit counts, :mod:`treeviz.trace.reading`)."""

from __future__ import annotations

import math
from typing import Any

from treeviz.agents.reasons import Reason, root_child
from treeviz.connect4.board import Position
from treeviz.settings import Z95
from treeviz.trace.nodes import SearchResult, Trace
from treeviz.trace.numbers import count, percent
from treeviz.trace.progress import settled_iteration
from treeviz.trace.reading import root_visits_over_time

FIELDS = {
    "visits": "times the node was on an iteration's path",
    "value_sum": "sum of results for the player who moved into the node (1 win, 0.5 draw, 0 loss)",
    "expanded_at": "the iteration that created the node",
    "proven": "MCTS-solver: PROVEN_WIN / PROVEN_LOSS / PROVEN_DRAW for the player to "
    "move at the node, 0 while unproven",
    "value": "unused (NO_VALUE): values are visits and results",
    "flags": "TERMINAL on a finished game; ON_PV along the most visited line",
}


def reasons(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    """Visits, Q with a 95% interval, separation from the runner-up, when the choice
    settled, and the rule or proofs that applied."""
    trace = res.trace
    rows = sorted(
        (m for m in res.moves if m.extra.get("visits")), key=lambda m: -int(m.extra["visits"])
    )
    out, intervals = [], {}
    for m in rows[:3] + [m for m in rows[3:] if m.column == res.move]:
        q, half = q_interval(m.extra)
        intervals[m.column] = (q - half, q + half)
        out.append(
            Reason(
                f"column {m.column}: {count(m.extra['visits'])} visits "
                f"({percent(m.extra['share'])}), Q {q:.2f} ± {half:.2f} (95%)"
                + (f", proven {m.extra['proven']}" if m.extra.get("proven") else ""),
                root_child(trace, m.column),
            )
        )
    if len(rows) > 1:
        first, second = rows[0].column, rows[1].column
        lo1, _ = intervals[first]
        _, hi2 = intervals[second]
        sep = "separated" if lo1 > hi2 else "not separated: more iterations could change it"
        out.append(Reason(f"column {first} against the runner-up {second}: intervals {sep}"))
    settled = settled_at(trace, res.move)
    if settled is not None:
        out.append(
            Reason(
                f"the choice settled on column {res.move} at iteration {count(settled)} "
                f"of {count(res.stats['iterations'])}"
            )
        )
    elif not trace.extra.get("log"):
        out.append(Reason("run with record_iterations=true to see when the choice settled"))
    if trace.params.get("rule"):
        out.append(Reason("the win/block rule restricted the moves searched at every node"))
    return out


def q_interval(row: dict[str, Any]) -> tuple[float, float]:
    """Mean result and the half-width of its 95% normal interval, from a row's win,
    draw and loss counts (results 1, 0.5, 0)."""
    n = max(1, int(row["visits"]))
    wins, draws = int(row["wins"]), int(row["draws"])
    q = (wins + 0.5 * draws) / n
    var = max(0.0, (wins + 0.25 * draws) / n - q * q)
    return q, Z95 * math.sqrt(var / n)


def settled_at(trace: Trace, chosen: int) -> int | None:
    """The first iteration from which the chosen column (1-based) stayed the most
    visited, from the iteration log (None without one)."""
    counts = root_visits_over_time(trace)
    return (settled_iteration(counts, chosen - 1) or None) if counts is not None else None
