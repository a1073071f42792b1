"""What treeviz knows about MCTS beyond running it: the reasons behind its choice, what a
node shows (visits, mean result, UCT), and how a replay recounts visits from the
iteration log."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from treeviz.agents.reasons import Reason, root_child
from treeviz.connect4.board import Position
from treeviz.trace.analysis import root_child_of
from treeviz.trace.nodes import SearchResult, Trace

Z95 = 1.96

FIELDS = {
    "visits": "times the node was on an iteration's path",
    "value_sum": "sum of results for the player who moved into the node (1 win, "
    "0.5 draw, 0 loss)",
    "expanded_at": "the iteration that created the node",
    "proven": "MCTS-solver: PROVEN_WIN / PROVEN_LOSS / PROVEN_DRAW for the player to "
    "move at the node, 0 while unproven",
    "value": "unused (NO_VALUE): values are visits and results",
    "flags": "TERMINAL on a finished game; ON_PV along the most visited line",
}


def uct_value(q: float, visits: int, parent_visits: int, c: float) -> float:
    """UCT of a child with mean result ``q`` over ``visits``, as selection computes it
    (the compiled copy is ``mcts_kernel.select_child``)."""
    return q + c * math.sqrt(math.log(parent_visits) / visits)


def reasons(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    """Visits, Q with a 95% interval, separation from the runner-up, when the choice
    settled, and the rule or proofs that applied."""
    trace = res.trace
    rows = sorted((m for m in res.moves if m.extra.get("visits")),
                  key=lambda m: -int(m.extra["visits"]))  # fmt: skip
    out, intervals = [], {}
    for m in rows[:3] + [m for m in rows[3:] if m.column == res.move]:
        q, half = q_interval(m.extra)
        intervals[m.column] = (q - half, q + half)
        out.append(Reason(f"column {m.column}: {m.extra['visits']:,} visits "
                          f"({m.extra['share']:.0%}), Q {q:.2f} ± {half:.2f} (95%)"
                          + (f", proven {m.extra['proven']}" if m.extra.get("proven") else ""),
                          root_child(trace, m.column)))  # fmt: skip
    if len(rows) > 1:
        first, second = rows[0].column, rows[1].column
        lo1, _ = intervals[first]
        _, hi2 = intervals[second]
        sep = "separated" if lo1 > hi2 else "not separated: more iterations could change it"
        out.append(Reason(f"column {first} against the runner-up {second}: intervals {sep}"))
    settled = settled_at(trace, res.move)
    if settled is not None:
        out.append(Reason(f"the choice settled on column {res.move} at iteration {settled:,} "
                          f"of {int(res.stats['iterations']):,}"))  # fmt: skip
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
    if counts is None:
        return None
    leader = np.argmax(counts, axis=1)
    wrong = np.flatnonzero(leader != chosen - 1)
    return int(wrong[-1]) + 2 if len(wrong) else 1


def root_visits_over_time(trace: Trace) -> np.ndarray | None:
    """Visits of each root column (0-based) after every iteration, one row per
    iteration, from the iteration log (None without one: ``record_iterations``)."""
    log = trace.extra.get("log")
    if not log:
        return None
    leaves = np.array([row[0] for row in log], dtype=np.int64)
    top = root_child_of(trace)
    cols = trace.nodes["move"][top[np.clip(leaves, 0, len(trace) - 1)]].astype(np.int64)
    counts = np.zeros((len(cols), trace.width), np.int64)
    valid = leaves > 0
    counts[np.flatnonzero(valid), cols[valid]] = 1
    return np.cumsum(counts, axis=0)


def share_over_time(trace: Trace, points: int = 400) -> tuple[np.ndarray, np.ndarray] | None:
    """(iterations, share of the root's visits per column at each) at most ``points``
    iterations apart evenly, the last included; None without an iteration log."""
    counts = root_visits_over_time(trace)
    if counts is None:
        return None
    at = np.unique(np.linspace(0, len(counts) - 1, min(points, len(counts))).astype(np.int64))
    total = np.maximum(1, counts[at].sum(axis=1, keepdims=True))
    return at + 1, counts[at] / total


def labels(trace: Trace, node: int) -> list[str]:
    """``N=42``: the node's visits."""
    return [f"N={int(trace.nodes['visits'][node])}"]


def facts(trace: Trace, node: int) -> dict[str, Any]:
    """The node's mean result for the player who moved into it (Q), the exploration
    term its parent's selection added (with the trace's ``c``) and their sum, UCT, at
    full precision (views round them)."""
    n = trace.nodes[node]
    if not n["visits"]:
        return {}
    q = float(n["value_sum"]) / float(n["visits"])
    out: dict[str, Any] = {"Q (mover)": q}
    parent = int(n["parent"])
    if parent >= 0:
        c = float(trace.params["c"])  # a number in range: checked when a file is loaded
        parent_n = max(1, int(trace.nodes["visits"][parent]))
        uct = uct_value(q, int(n["visits"]), parent_n, c)
        out["exploration (c·√(ln N / n))"] = uct - q
        out["UCT = Q + exploration"] = uct
    return out


def recount(trace: Trace, nodes: np.ndarray, n: int) -> None:
    """MCTS: visits and results of the nodes from the iterations that made them (the
    log); without a log, the final counts are kept and only the growth is shown."""
    log = trace.extra.get("log")
    if not log:
        return
    rows = np.asarray(log, dtype=np.int64)
    created = trace.nodes["expanded_at"][:n]
    last = int(created.max()) if n > 1 else int(rows[0, 0]) if len(rows) else 0
    first = int(trace.nodes["expanded_at"][1:].min()) if len(trace) > 1 else 0
    upto = rows[: max(0, last - first + 1)] if n < len(trace) else rows
    parent = nodes["parent"].astype(np.int64)
    visits = np.zeros(n, np.int64)
    value = np.zeros(n, np.float64)
    leaves = upto[:, 0]
    result = upto[:, 3] / 2.0  # for the player who moved into the leaf
    keep = leaves < n
    leaves, result = leaves[keep], result[keep]
    while len(leaves):
        np.add.at(visits, leaves, 1)
        np.add.at(value, leaves, result)
        up = parent[leaves]
        alive = up >= 0
        leaves, result = up[alive], 1.0 - result[alive]  # the parent's mover is the other
    nodes["visits"] = visits
    nodes["value_sum"] = value
