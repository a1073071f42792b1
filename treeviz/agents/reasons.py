"""Reasons: sentences true of one search, each naming the trace node it is about.

The helpers every agent's reasons share live here; each agent's own reasons live in
its module (``Agent.reasons``), reading the result's rows, statistics and trace and
never re-running the search (except alpha-beta, which measures what its cutoffs saved
against plain minimax to the same depth).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from treeviz.connect4.board import Position
from treeviz.trace.nodes import ON_PV, SearchResult, Trace
from treeviz.trace.values import outcome_text, score_outcome


@dataclass
class Reason:
    """One sentence and the trace node it is about (None: the search as a whole)."""

    text: str
    node: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "node": self.node}


ReasonsFn = Callable[[Position, SearchResult, "list[int | None] | None"], list[Reason]]


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


def pv_node(trace: Trace, length: int) -> int | None:
    """The deepest recorded node of the principal variation within ``length`` plies;
    None when the trace recorded none of it below the root (a trace cut at its
    capacity before the search reached that line: the root is not its node)."""
    on = np.flatnonzero((trace.nodes["flags"] & ON_PV) != 0)
    on = on[trace.nodes["depth"][on] <= length] if len(on) else on
    node = int(on[np.argmax(trace.nodes["depth"][on])]) if len(on) else None
    return None if node is None or (length and node == 0) else node


def pv_reason(text: str, trace: Trace, length: int) -> Reason:
    """A reason about the principal variation of ``length`` plies, on its deepest
    recorded node; in words when the trace did not record it."""
    node = pv_node(trace, length)
    if node is None and trace.truncated:
        text += " (not recorded: the trace was cut at its capacity before this line)"
    return Reason(text, node)


def generic_reasons(
    pos: Position, res: SearchResult, exact: list[int | None] | None
) -> list[Reason]:
    """Any agent without reasons of its own: each column's row text."""
    return [
        Reason(f"column {m.column}: {m.text}", root_child(res.trace, m.column))
        for m in res.moves
        if m.value is not None
    ]


def horizon(
    pos: Position, res: SearchResult, *, exact: list[int | None] | None, depth: int
) -> list[Reason]:
    """What the exact score shows beyond the search's depth, when it differs."""
    if exact is None or exact[res.move - 1] is None:
        return []
    score = int(exact[res.move - 1] or 0)
    truth = score_outcome(score, pos.ply, width=pos.width, height=pos.height)
    row = res.moves[res.move - 1]
    if row.outcome is not None or (truth["result"] == "draw" and float(row.value or 0) == 0):
        return []
    if truth["plies"] is not None and truth["plies"] > depth:
        return [
            Reason(
                f"at depth {depth} the search cannot see that column {res.move} "
                f"{outcome_text(truth)}: the decisive stone is {truth['plies']} plies "
                f"away",
                root_child(res.trace, res.move),
            )
        ]
    return []
