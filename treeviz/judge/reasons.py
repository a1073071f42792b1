"""The reasons behind an agent's choice, in words, each true of the search it explains.

One function per kind of agent reads the result's rows, statistics and trace (never
re-running the search, except to measure what alpha-beta's cutoffs saved against plain
minimax to the same depth); each :class:`Reason` names the trace node it is about, so
a view can select it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from treeviz.connect4.board import Position
from treeviz.connect4.heuristics import window_breakdown
from treeviz.trace.analysis import root_child_of
from treeviz.trace.nodes import CLOSED, NO_VALUE, ON_PV, TERMINAL, SearchResult, Trace
from treeviz.trace.values import outcome_text, score_outcome

MINIMAX_CHECK_DEPTH = 7  # compare with plain minimax up to this depth (it grows fast)
Z95 = 1.96


@dataclass
class Reason:
    """One sentence and the trace node it is about (None: the search as a whole)."""

    text: str
    node: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "node": self.node}


def reasons_for(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    """The reasons of ``res`` (a search of ``pos``), by the agent that made it."""
    make = REASONS.get(res.trace.algorithm, _generic)
    return make(pos, res, exact)


def line_words(pos: Position, columns: list[int]) -> str:
    """``X 4, O 3, X 5``: a line of 1-based columns from ``pos``."""
    players = [pos.side_to_move, "O" if pos.side_to_move == "X" else "X"]
    return ", ".join(f"{players[i % 2]} {c}" for i, c in enumerate(columns))


def root_child(trace: Trace, column: int) -> int | None:
    """The trace node of 1-based ``column`` below the root, if recorded."""
    for k in trace.children(0):
        if int(trace.nodes["move"][k]) == column - 1:
            return int(k)
    return None


def _pv_node(trace: Trace, length: int) -> int | None:
    """The deepest recorded node of the principal variation within ``length`` plies."""
    on = np.flatnonzero((trace.nodes["flags"] & ON_PV) != 0)
    on = on[trace.nodes["depth"][on] <= length] if len(on) else on
    return int(on[np.argmax(trace.nodes["depth"][on])]) if len(on) else None


def _generic(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    """Any agent: each column's row text."""
    return [Reason(f"column {m.column}: {m.text}", root_child(res.trace, m.column))
            for m in res.moves if m.value is not None]  # fmt: skip


def _random(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    seed = res.trace.params.get("seed")
    legal = len(pos.legal_moves())
    text = (f"chosen at random (seed {seed}) among {legal} legal columns, each with "
            f"probability 1/{legal}: nothing was searched")  # fmt: skip
    return [Reason(text, root_child(res.trace, res.move))]


def _greedy(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    """The heuristic's breakdown for the chosen column and the runner-up."""
    heuristic = str(res.trace.params.get("heuristic", "window"))
    ranked = sorted((m for m in res.moves if m.value is not None), key=lambda m: -(m.value or 0))
    out = []
    for m in ranked[:2]:
        child = pos.copy()
        child.push(m.column - 1)
        text = f"column {m.column}: {m.text}"
        if heuristic == "window" and m.outcome is None:
            text += f" = {window_breakdown(child, for_mover=True)}"
        out.append(Reason(text, root_child(res.trace, m.column)))
    if len(ranked) > 1 and ranked[0].outcome is None:
        gap = float(ranked[0].value or 0) - float(ranked[1].value or 0)
        out.append(Reason(f"column {ranked[0].column} outscores column {ranked[1].column} by "
                          f"{gap:g} points one ply ahead; greedy looks no further"))  # fmt: skip
    return out + _horizon(pos, res, exact, 1)


def _negamax(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    """The principal variation, each other column's refutation, what cutoffs saved, and
    what lies beyond the horizon."""
    trace, depth = res.trace, int(res.trace.params.get("depth", 0))
    out = [Reason(f"principal variation: {line_words(pos, res.pv)} "
                  f"({res.moves[res.move - 1].text})", _pv_node(trace, len(res.pv)))]  # fmt: skip
    for m in res.moves:
        if m.value is None or m.column == res.move:
            continue
        out.append(_refutation(pos, trace, m.column, m.text))
    out.extend(_cutoff_savings(pos, res, depth))
    out.extend(_horizon(pos, res, exact, depth))
    return out


def _refutation(pos: Position, trace: Trace, column: int, text: str) -> Reason:
    """Column ``column``'s best reply found by the search (the opponent's choice)."""
    k = root_child(trace, column)
    kids = trace.children(k) if k is not None else np.zeros(0, np.int64)
    values = [(int(trace.nodes["value"][g]), int(g)) for g in kids
              if trace.nodes["value"][g] != NO_VALUE]  # fmt: skip
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
    if res.trace.algorithm != "alphabeta" or not 1 <= depth <= MINIMAX_CHECK_DEPTH:
        return []
    from treeviz.search import search

    p = res.trace.params
    plain = search(pos, "minimax", depth=depth, heuristic=p["heuristic"],
                   ordering=p["ordering"], capacity=1)  # fmt: skip
    ours, full = int(res.stats["nodes"]), int(plain.stats["nodes"])
    saved = full - ours
    return [Reason(f"{res.stats['cutoffs']:,} cutoffs: alpha-beta searched {ours:,} nodes where "
                   f"minimax to depth {depth} searches {full:,} ({saved:,} saved, "
                   f"{saved / max(full, 1):.0%})")]  # fmt: skip


def _horizon(
    pos: Position, res: SearchResult, exact: list[int | None] | None, depth: int
) -> list[Reason]:
    """What the exact score shows beyond the search's depth, when it differs."""
    if exact is None or exact[res.move - 1] is None:
        return []
    score = int(exact[res.move - 1] or 0)
    truth = score_outcome(score, pos.ply, pos.width, pos.height)
    row = res.moves[res.move - 1]
    if row.outcome is not None or (truth["result"] == "draw" and float(row.value or 0) == 0):
        return []
    if truth["plies"] is not None and truth["plies"] > depth:
        return [Reason(f"at depth {depth} the search cannot see that column {res.move} "
                       f"{outcome_text(truth)}: the decisive stone is {truth['plies']} plies "
                       f"away", root_child(res.trace, res.move))]  # fmt: skip
    return []


def _mcts(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
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
    log = trace.extra.get("log")
    if not log:
        return None
    leaves = np.array([row[0] for row in log], dtype=np.int64)
    top = root_child_of(trace)
    cols = trace.nodes["move"][top[np.clip(leaves, 0, len(trace) - 1)]].astype(np.int64)
    counts = np.zeros((len(cols), trace.width), np.int64)
    valid = leaves > 0
    counts[np.flatnonzero(valid), cols[valid]] = 1
    leader = np.argmax(np.cumsum(counts, axis=0), axis=1)
    wrong = np.flatnonzero(leader != chosen - 1)
    return int(wrong[-1]) + 2 if len(wrong) else 1


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
    out.append(Reason(f"A* expanded {expanded:,} nodes and {goal} {pos.side_to_move}; the "
                      f"column is the first move of that path"))  # fmt: skip
    return out


def _f_text(trace: Trace, n: int) -> str:
    """``5: f = 1 + (-101) = -100``, or ``2: a win`` where the game ends."""
    col = int(trace.nodes["move"][n]) + 1
    if trace.nodes["flags"][n] & TERMINAL:
        return f"{col}: a win, the goal"
    g, h, f = (int(trace.nodes[k][n]) for k in ("g", "h", "f"))
    return f"{col}: f = {g} + ({h}) = {f}"


def _solver(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    """The best line and its length."""
    row = res.moves[res.move - 1]
    verb = "winning" if (row.value or 0) > 0 else "saving" if row.value == 0 else "longest"
    return [Reason(f"{verb} line: {line_words(pos, res.pv)} ({len(res.pv)} plies)",
                   _pv_node(res.trace, len(res.pv)))]  # fmt: skip


Maker = Callable[[Position, SearchResult, "list[int | None] | None"], list[Reason]]
REASONS: dict[str, Maker] = {
    "random": _random,
    "greedy": _greedy,
    "minimax": _negamax,
    "alphabeta": _negamax,
    "mcts": _mcts,
    "astar": _astar,
    "solver": _solver,
}
