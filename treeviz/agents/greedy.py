"""One-ply greedy play: the "A*" of seed notebook 000.

Every legal column is played once and the resulting position scored with the
heuristic; the best score wins (ties: leftmost, as the seed scans columns). A move
that wins at once is proven: its value is its exact score, above any heuristic.
"""

from __future__ import annotations

from treeviz.agents.common import (
    CAPACITY,
    HEURISTIC,
    column_rows,
    mark_pv,
    pick_best,
    proven_row,
    result,
)
from treeviz.agents.contract import Agent
from treeviz.agents.reasons import Reason, horizon, root_child
from treeviz.connect4.board import Position
from treeviz.connect4.heuristics import evaluator, window_breakdown
from treeviz.trace.nodes import (
    C_LEAVES,
    C_NODES,
    NO_PARENT,
    TERMINAL,
    WIN,
    MoveStat,
    SearchResult,
    finish,
    record,
    record_counted,
)
from treeviz.trace.recorder import Recorder, check_playable
from treeviz.trace.values import heuristic_text, outcome


def search_greedy(pos: Position, heuristic: str, capacity: int) -> SearchResult:
    """Score each column one ply ahead and take the best. Values are for the root
    player: minus the heuristic of the child (whose side to move is the opponent)."""
    check_playable(pos)
    ev = evaluator(heuristic, pos)
    rec = Recorder(min(capacity, pos.width + 1))
    root = record(rec.nodes, rec.ctr, NO_PARENT, -1, 0, 0)
    rec.ctr[C_NODES] = 1
    keys: dict[int, float] = {}  # ranking: an immediate win above any heuristic
    rows = {}
    for col in pos.legal_moves():
        child = pos.copy()
        child.push(col)
        node = record_counted(rec.nodes, rec.ctr, root, col, 1, 0)
        rec.ctr[C_LEAVES] += 1
        own = ev.evaluate(child)
        if node >= 0:
            rec.nodes[node]["static_eval"] = own
        if child.winner() is not None:
            won = outcome("win", 1, pos.ply, width=pos.width, height=pos.height)
            keys[col] = WIN - 1  # nodes keep the negamax form of a win (treeviz.trace.values)
            rows[col] = proven_row(col, won)
            finish(rec.nodes, node, -(WIN - 1), TERMINAL)
        else:
            keys[col] = -own
            kind = f"heuristic:{heuristic}"
            rows[col] = MoveStat(col + 1, -own, text=heuristic_text(-own, kind))
            finish(rec.nodes, node, own, 0)
    best = pick_best(keys, sorted(keys))
    finish(rec.nodes, root, int(keys[best]), 0)
    trace = rec.trace(
        "greedy", {"heuristic": heuristic, "capacity": capacity}, pos, fields=("static_eval",)
    )
    mark_pv(trace, [0, 1 + sorted(keys).index(best)])
    table = column_rows(pos, rows.__getitem__)
    return result(trace, best, table, pv=[best], value=rows[best].value)


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
        out.append(
            Reason(
                f"column {ranked[0].column} outscores column {ranked[1].column} by "
                f"{gap:g} points one ply ahead; greedy looks no further"
            )
        )
    return out + horizon(pos, res, exact=exact, depth=1)


AGENT = Agent(
    name="greedy",
    description="one ply ahead: the column whose position scores best by the heuristic",
    params=(HEURISTIC, CAPACITY),
    run=search_greedy,
    value_kind="heuristic:{heuristic}",
    sources="000",
    reasons=_greedy,
    horizon=1,  # its own wins at once; a block needs the reply: 2
    fields={
        "static_eval": "each child's heuristic, for its side to move",
        "value": "the same; a child that wins at once is TERMINAL with -(WIN - 1)",
    },
)
