"""What a column is worth to the root player in a what-if (:mod:`treeviz.judge.whatif`),
read alike from the first search (a recorded node or a per-column row) and from the
forced search, with the bound the first search had where it only bounded it.

Every :class:`Worth` is for the player to move at the first search's root, in its
trace's value kind, and a proven result counts its plies from that root, so the two
sides of a what-if compare like with like and read in the same words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from treeviz.trace.game_values import game_outcome
from treeviz.trace.nodes import WIN, MoveStat, Trace, field_is_set
from treeviz.trace.numbers import number_text, percent
from treeviz.trace.sides import root_sign
from treeviz.trace.values import (
    MARK_BOUND,
    PROVEN,
    RESULT_WORDS,
    bound_mark,
    node_value,
    outcome,
    outcome_text,
    score_outcome,
    user_centre,
    window_bound,
)
from treeviz.trace.values import plies as plies_text

BOUND_PREFIX = {"upper": "at most ", "lower": "at least "}
# a bound for one side is the other bound for the other side
OTHER_SIDE = {"upper": "lower", "lower": "upper"}


@dataclass(frozen=True)
class Worth:
    """A value for the root player: ``value`` in the trace's kind (None: none known),
    ``outcome`` the proven result behind it (plies from the root; None for a heuristic
    or a mean), ``bound`` "exact", or "upper"/"lower" where the search only proved
    the value at most/at least this."""

    value: float | None
    outcome: dict[str, Any] | None = None
    bound: str = "exact"


NONE = Worth(None)


def flip(value: float, base: str, plies: int, *, centre: float = 0.0) -> float:
    """``value`` for the side to move ``plies`` below the root, for the root player
    (across a ply: ``1 - v`` for a win rate, ``2 * centre - v`` for a person's numbers
    whose draw is ``centre``, :func:`~treeviz.trace.values.user_centre`; ``-v``
    otherwise)."""
    if plies % 2 == 0:
        return value
    return 1.0 - value if base == "win_rate" else 2 * centre - value


def node_worth(trace: Trace, node: int) -> Worth:
    """What the first search recorded for ``node``, with its bound: alpha-beta and the
    solver (fail-soft) proved only ``<= alpha`` or ``>= beta`` of a value outside the
    window their node was searched with."""
    base = trace.kind.base
    if base == "user":
        return user_worth(trace, node, 0)
    if base not in ("heuristic", "exact"):
        return Worth(node_value(trace, node).value)
    n = trace.nodes[node]
    raw = int(n["value"])
    if not field_is_set("value", raw):
        return NONE
    bound = window_bound(trace, node, raw)
    sign = root_sign(trace, node)
    if sign < 0:  # the node's side to move is the root player's opponent
        bound = OTHER_SIDE.get(bound, bound)
    if not trace.is_connect4:  # heuristic:outcome, exact:outcome, a person's heuristic
        return game_worth(sign * raw, bound, exact=base == "exact")
    if base == "exact":
        return exact_worth(trace, sign * raw, bound)
    return negamax_worth(trace, sign * raw, bound=bound, offset=0)


def game_worth(v: int, bound: str, *, exact: bool) -> Worth:
    """Another game's negamax value ``v`` for the root player as a :class:`Worth`: a
    decided game in the game's unit (1 a win, -1 a loss, its plies from the root:
    :func:`~treeviz.trace.game_values.game_outcome`), a solver's 0 a draw (its
    length unknown), else the heuristic's points. Connect 4's stone scores have no
    counterpart in other games."""
    found = game_outcome(v)
    if found is not None:  # as Connect 4's (negamax_worth): a bound keeps its result
        if bound == ("lower" if v > 0 else "upper"):  # towards it: "in at most k plies"
            found["bound"] = "upper"
        return Worth(found["score"], found, bound)  # away from it: "at best a win"
    if exact and v == 0 and bound == "exact":
        return Worth(0, {"result": "draw", "plies": None, "score": 0}, bound)
    return Worth(v, None, bound)


def user_worth(trace: Trace, node: int, plies: int) -> Worth:
    """A person's search's value of ``node`` for the root player, ``plies`` below the
    root ``trace`` was searched from: its number, and the result where the number is
    one the search gives only to won games (a win score such as 10**14, its distance
    unknown)."""
    found = node_value(trace, node)
    if found.value is None:
        return NONE
    result = found.text if found.text in ("win", "loss") else None
    if result is not None and plies % 2 == 1:
        result = "loss" if result == "win" else "win"
    out = None if result is None else {"result": result, "plies": None, "score": None}
    bound = MARK_BOUND[bound_mark(trace, node)]  # a window cut it off: only a bound
    if plies % 2 == 1:
        bound = OTHER_SIDE.get(bound, bound)
    return Worth(flip(found.value, "user", plies, centre=user_centre(trace)), out, bound)


def negamax_worth(trace: Trace, v: int, *, bound: str, offset: int) -> Worth:
    """A negamax value ``v`` for the root player (heuristic points, or ``±(WIN - k)``
    for a game decided ``k - offset`` plies below where it was searched, ``offset``
    plies below the root) as a :class:`Worth`."""
    root_ply, w, h = len(trace.root_moves), trace.width, trace.height
    if abs(v) < PROVEN:
        return Worth(v, None, bound)
    plies = WIN - abs(v) + offset
    won = v > 0
    # a bound towards the result only limits its distance ("in at most k plies")
    near = "lower" if won else "upper"
    found = outcome(
        "win" if won else "loss",
        plies,
        root_ply,
        width=w,
        height=h,
        bound="upper" if bound == near else "",
    )
    return Worth(found["score"], found, bound)


def exact_worth(trace: Trace, score: float, bound: str) -> Worth:
    """A solver score for the root player (a weak solve: 1, 0 or -1) as a :class:`Worth`:
    its outcome in plies from the root where the score is exact."""
    if trace.value_kind == "exact:weak":
        found = {"result": RESULT_WORDS[int(score)], "plies": None, "score": None}
        return Worth(score, found if bound == "exact" else None, bound)
    if bound != "exact":
        return Worth(score, None, bound)
    return Worth(
        score,
        score_outcome(int(score), len(trace.root_moves), width=trace.width, height=trace.height),
        bound,
    )


def row_worth(row: MoveStat) -> Worth:
    """A root row of the first search (where its node was not recorded)."""
    bound = str(row.extra.get("bound", "exact"))
    return Worth(row.value, row.outcome, bound if bound in BOUND_PREFIX else "exact")


def game_over_worth(trace: Trace, plies: int, won: bool) -> Worth:
    """A game that ends with the forced stone, ``plies`` below the root: won by the
    side that played it (``won``), else drawn on a full board."""
    root_ply, w, h = len(trace.root_moves), trace.width, trace.height
    # the forced stone is the root player's when an odd number of plies down
    result = "draw" if not won else "win" if plies % 2 == 1 else "loss"
    found = outcome(result, plies, root_ply, width=w, height=h)
    base = trace.kind.base
    if base == "win_rate":
        return Worth({"win": 1.0, "draw": 0.5, "loss": 0.0}[result], found)
    if base == "exact" and trace.value_kind == "exact:weak":
        return exact_worth(trace, {"win": 1, "draw": 0, "loss": -1}[result], "exact")
    if base in ("exact", "heuristic"):
        return Worth(found["score"], found)
    return Worth(None, found)  # a person's numbers have no value for a finished game


def worth_words(w: Worth, base: str) -> str:
    """A value as a sentence says it: ``-30 points``, ``at most -24 points``, ``wins in 3
    plies, exact +19`` (the tables' words for a proven result), ``a mean result of
    57%``, ``no value``."""
    if w.value is None:
        return outcome_text(w.outcome) if w.outcome is not None else "no value"
    if w.outcome is not None and w.outcome["plies"] is not None:
        k = plies_text(int(w.outcome["plies"]))
        if w.bound == "upper" and w.outcome["result"] == "win":
            return f"at most {number_text(float(w.value))}: at best a win in {k}"
        if w.bound == "lower" and w.outcome["result"] == "loss":
            return f"at least {number_text(float(w.value))}: at worst a loss in {k}"
        return outcome_text(w.outcome)  # "in at most k plies" when only bounded
    prefix = BOUND_PREFIX.get(w.bound, "")
    number = number_text(float(w.value))
    if w.outcome is not None and base == "user":  # a win score: its distance unknown
        result = w.outcome["result"]
        return f"a {result} (your search's {result} score {number})"
    if w.outcome is not None:  # a weak solve: the result without its distance
        return prefix + outcome_text(w.outcome)
    if base == "win_rate":  # as the tables show a mean: a percentage, one decimal
        return f"a mean result of {percent(w.value, 1)}"
    if base in ("user", "exact"):
        return prefix + number
    unit = "point" if abs(float(w.value)) == 1 else "points"
    return f"{prefix}{number} {unit}"


def child_of(trace: Trace, node: int, column: int) -> int | None:
    """The recorded child of ``node`` reached by ``column`` (1-based), or None."""
    for k in trace.children(node):
        if int(trace.nodes["move"][k]) == column - 1:
            return int(k)
    return None


@dataclass(frozen=True)
class Plan:
    """How the forced position is valued: searched with ``params`` (None: not searched,
    its value is its static evaluation or the finished game's result); ``how`` says
    so, ``why`` why the value may differ from the first search's (said when it does),
    ``bound_why`` why the first search knew only a bound."""

    params: dict[str, Any] | None
    how: str
    why: str = ""
    bound_why: str = ""
