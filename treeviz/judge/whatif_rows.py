"""The first search's per-move rows at a node below its root, read from its trace
(nothing is searched again), in the same form as a search's own per-move rows
(:class:`~treeviz.trace.nodes.MoveStat`): for the player to move at that node, in the
trace's value kind, a proven result as its outcome with its exact score, a bound as a
bound (``extra["bound"]``), and the words the agents' own rows use.
"""

from __future__ import annotations

from typing import Any

from treeviz.judge.whatif import best_line
from treeviz.judge.whatif_worth import Worth, flip, node_worth
from treeviz.trace.nodes import MoveStat, Trace
from treeviz.trace.numbers import number_text
from treeviz.trace.reading import reading_of
from treeviz.trace.values import heuristic_text, outcome_text, plies, short_outcome

SWAP = {"upper": "lower", "lower": "upper", "win": "loss", "loss": "win"}
BOUND_SIGN = {"upper": "≤ ", "lower": "≥ "}


def node_rows(trace: Trace, node: int) -> list[MoveStat]:
    """One row per recorded child of ``node`` (left to right), for the player to move
    at ``node``: its value, ``extra`` with its ``bound`` ("exact", "upper", "lower")
    and, where the trace weighs children (MCTS), its ``visits``; ``chosen`` marks the
    child the first search's line goes through there."""
    depth = int(trace.nodes["depth"][node])
    kids = sorted(trace.children(node), key=lambda k: int(trace.nodes["move"][k]))
    best = _line_child(trace, node)
    weight = reading_of(trace).weight
    rows = []
    for k in kids:
        w = mover_worth(node_worth(trace, int(k)), trace.kind.base, depth)
        extra: dict[str, Any] = {"chosen": int(k) == best, "bound": w.bound}
        if weight:
            extra[weight] = int(trace.nodes[weight][k])
        column, words = int(trace.nodes["move"][k]) + 1, row_words(w, trace.value_kind)
        if at_best(w):  # a result bounded away from it: no outcome, its own column
            assert w.outcome is not None
            extra["at_best"] = short_outcome(w.outcome)
            rows.append(MoveStat(column, w.value, extra, None, words))
        else:
            rows.append(MoveStat(column, w.value, extra, w.outcome, words))
    return rows


def at_best(w: Worth) -> bool:
    """Whether ``w`` is a proven result bounded away from it ("at most a win in 3
    plies"): the value may be anything worse, a heuristic value too."""
    out = w.outcome
    if out is None or out["plies"] is None:
        return False
    return (w.bound, out["result"]) in (("upper", "win"), ("lower", "loss"))


def _line_child(trace: Trace, node: int) -> int | None:
    """The child of ``node`` the first search's line goes through (:func:`best_line`)."""
    line = best_line(trace, node)
    if not line:
        return None
    return next(
        (int(k) for k in trace.children(node) if int(trace.nodes["move"][k]) == line[0] - 1), None
    )


def mover_worth(w: Worth, base: str, depth: int) -> Worth:
    """``w`` (for the root player, plies from the root) for the player to move
    ``depth`` plies below the root, its plies counted from there."""
    out = None if w.outcome is None else dict(w.outcome)
    if out is not None and out["plies"] is not None:
        out["plies"] = int(out["plies"]) - depth
    if depth % 2 == 0:
        return Worth(w.value, out, w.bound)
    if out is not None:
        out["result"] = SWAP.get(out["result"], out["result"])
        out["score"] = None if out["score"] is None else -out["score"]
    value = None if w.value is None else flip(float(w.value), base, depth)
    return Worth(value, out, SWAP.get(w.bound, w.bound))


def row_words(w: Worth, kind: str, *, scored: bool = True) -> str:
    """A row's words as the agents' own rows say them: the outcome, the heuristic's
    points (``≤``/``≥`` for a bound), a number; '' for a mean (its column says it).
    ``scored=False`` (another game: a result has no score beyond its sign) says a
    proven result without one (``wins in 5 plies``) and a result bounded away from it
    as all it is known to be: ``cut off: a win in 5 plies or worse`` (as soon a win, a
    slower one, a draw or a loss)."""
    if at_best(w) and not scored:
        assert w.outcome is not None
        worse = "or worse" if w.bound == "upper" else "or better"
        return f"cut off: a {w.outcome['result']} in {plies(int(w.outcome['plies']))} {worse}"
    if at_best(w):
        assert w.outcome is not None
        best = "at best a win" if w.outcome["result"] == "win" else "at worst a loss"
        return (
            f"{BOUND_SIGN[w.bound]}{number_text(float(w.outcome['score']))}: cut off, "
            f"{best} in {plies(int(w.outcome['plies']))}"
        )
    if w.outcome is not None:
        return outcome_text(w.outcome, scored=scored)
    if w.value is None:
        return "no value"
    base = kind.split(":")[0]
    if base == "heuristic":
        return heuristic_text(float(w.value), kind, w.bound)
    if base == "win_rate":
        return ""
    return BOUND_SIGN.get(w.bound, "") + number_text(float(w.value))
