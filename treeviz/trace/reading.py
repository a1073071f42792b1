"""How a trace's nodes read in a view, from the columns the trace carries.

A trace describes itself: its fields say what its search recorded, so the views (the
tree's labels and node panel, edge widths, a replay's counts) read them from the trace
and never ask which agent made it. :func:`reading_of` picks the :class:`Reading` the
fields call for:

- visit counts and result sums (``visits``, ``value_sum``: Monte Carlo tree search):
  ``N=42`` labels, Q and UCT in the node panel, edges as wide as their visits, and a
  replay that recounts visits from the iteration log;
- A*'s priorities (``g``, ``h``, ``f``): the ``f=-100`` each node had on the frontier;
- an alpha-beta window (``alpha``, ``beta``) in treeviz's own values: the window each
  node was searched with, when it was open;
- anything else: the move and value every trace has.

A person's traced search keeps the plain reading whatever it recorded (its values are
ranks of the numbers it returned, read through :mod:`treeviz.trace.values`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from treeviz.trace.analysis import field_text
from treeviz.trace.nodes import Trace
from treeviz.trace.progress import search_progress
from treeviz.trace.sides import root_signs
from treeviz.trace.values import bound_text

Facts = Callable[[Trace, int], dict[str, Any]]  # (trace, node) -> readable facts
Labels = Callable[[Trace, int], list[str]]  # (trace, node) -> extra label lines
Recount = Callable[[Trace, np.ndarray, int], None]  # replay: (trace, first n nodes, n)


@dataclass(frozen=True)
class Reading:
    """What a view shows of a trace beyond each node's move and value: ``labels``
    (extra lines of a node's label), ``facts`` (the node panel's extra rows),
    ``weight`` (the node field that ranks children and widens edges), ``recount``
    (how a replay rebuilds what the search knew after its first n nodes; None: a
    depth-first search, whose values appear as subtrees finish)."""

    labels: Labels | None = None
    facts: Facts | None = None
    weight: str | None = None
    recount: Recount | None = None


def uct_value(q: float, visits: int, parent_visits: int, *, c: float) -> float:
    """UCT of a child with mean result ``q`` over ``visits``, as selection computes it
    (the compiled copy is ``treeviz.agents.mcts.kernel.select_child``)."""
    return q + c * math.sqrt(math.log(parent_visits) / visits)


def visit_labels(trace: Trace, node: int) -> list[str]:
    """``N=42``: the node's visits."""
    return [f"N={int(trace.nodes['visits'][node])}"]


def visit_facts(trace: Trace, node: int) -> dict[str, Any]:
    """The node's mean result for the player who moved into it (Q) and, where the
    trace states its exploration constant ``c``, the term its parent's selection
    added and their sum, UCT, at full precision (views round them). The root shows
    none: no move of the search reached it, and its Q stored for the other side
    (:func:`movers_of`) read as "mover" beside its value for the player to move there
    said two results of one search."""
    n = trace.nodes[node]
    parent = int(n["parent"])
    if not n["visits"] or parent < 0:
        return {}
    q = float(n["value_sum"]) / float(n["visits"])
    out: dict[str, Any] = {"Q (mover)": q}
    c = _exploration(trace)
    if c is not None:
        parent_n = max(1, int(trace.nodes["visits"][parent]))
        uct = uct_value(q, int(n["visits"]), parent_n, c=c)
        out["exploration (c·√(ln N / n))"] = uct - q
        out["UCT = Q + exploration"] = uct
    return out


def _exploration(trace: Trace) -> float | None:
    """The trace's exploration constant ``c``; None where it states none usable (a
    file of unknown origin shows Q alone rather than a made-up UCT)."""
    c = trace.params.get("c")
    if isinstance(c, bool) or not isinstance(c, int | float) or not math.isfinite(c):
        return None
    return float(c)


def recount_visits(trace: Trace, nodes: np.ndarray, n: int) -> None:
    """Visits and results of the first ``n`` nodes from the iterations that made them
    (the ``log``: leaf, ..., result); without a log, the final counts are kept and
    only the growth is shown."""
    log = trace.extra.get("log")
    if not log:
        return
    rows = np.asarray(log, dtype=np.int64)
    created = trace.nodes["expanded_at"][:n]
    last = int(created.max()) if n > 1 else int(rows[0, 0]) if len(rows) else 0
    first = int(trace.nodes["expanded_at"][1:].min()) if len(trace) > 1 else 0
    upto = rows[: max(0, last - first + 1)] if n < len(trace) else rows
    movers = movers_of(trace)[:n]
    nodes["visits"], nodes["value_sum"] = visits_of(nodes["parent"], upto, movers=movers)


def movers_of(trace: Trace) -> np.ndarray:
    """The side that moved into each node, indexed by id: +1 the player to move at the
    root, -1 the other (the root's own: the other, as its ``value_sum`` is stored).
    It is the parent's side read from the trace (:func:`~treeviz.trace.sides.root_signs`),
    so a game where one player moves twice in a row is read as played."""
    parent = trace.nodes["parent"].astype(np.int64)
    movers = np.full(len(trace), -1, np.int8)
    movers[1:] = root_signs(trace)[parent[1:]]
    return movers


def visits_of(
    parent: np.ndarray, rows: np.ndarray, *, movers: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """(visits, sum of results for the player who moved in) of the nodes whose
    ``parent`` column is given, after the iterations of the log ``rows`` (leaf, ...,
    2 x result); leaves past the nodes given are left out. ``movers``: the side that
    moved into each of those nodes (:func:`movers_of`); a result passes to the parent
    unchanged where the same side moved into both. None: the players alternate every
    ply (Connect 4)."""
    n = len(parent)
    parent = np.asarray(parent, dtype=np.int64)
    visits = np.zeros(n, np.int64)
    value = np.zeros(n, np.float64)
    rows = np.asarray(rows, dtype=np.int64).reshape(-1, 4)
    leaves = rows[:, 0]
    result = rows[:, 3] / 2.0  # for the player who moved into the leaf
    keep = leaves < n
    leaves, result = leaves[keep], result[keep]
    while len(leaves):
        np.add.at(visits, leaves, 1)
        np.add.at(value, leaves, result)
        up = parent[leaves]
        alive = up >= 0
        up, result = up[alive], result[alive]
        if movers is None:
            result = 1.0 - result  # the parent's mover is the other
        else:
            result = np.where(movers[up] == movers[leaves[alive]], result, 1.0 - result)
        leaves = up
    return visits, value


def root_visits_over_time(trace: Trace) -> np.ndarray | None:
    """Visits of each root column (0-based) after every iteration, one row per
    iteration, from the iteration log (None without one: ``record_iterations``)."""
    found = search_progress(trace)
    return None if found is None else found.visits


def share_over_time(trace: Trace, points: int = 400) -> tuple[np.ndarray, np.ndarray] | None:
    """(iterations, share of the root's visits per column at each) at most ``points``
    iterations apart evenly, the last included; None without an iteration log."""
    counts = root_visits_over_time(trace)
    if counts is None:
        return None
    at = np.unique(np.linspace(0, len(counts) - 1, min(points, len(counts))).astype(np.int64))
    total = np.maximum(1, counts[at].sum(axis=1, keepdims=True))
    return at + 1, counts[at] / total


def priority_label(trace: Trace, node: int) -> list[str]:
    """``f=-100``: the priority the node had on A*'s frontier (none at the root)."""
    return [f"f={field_text(int(trace.nodes['f'][node]), note=False)}"] if node else []


def window_label(trace: Trace, node: int) -> list[str]:
    """The window a node was searched with, when it was not closed (alpha-beta and the
    solver): ``α=-inf β=+3``, for the node's side to move."""
    n = trace.nodes[node]
    if n["alpha"] == n["beta"]:
        return []
    return [f"α={bound_text(trace, int(n['alpha']))} β={bound_text(trace, int(n['beta']))}"]


VISITS = Reading(labels=visit_labels, facts=visit_facts, weight="visits", recount=recount_visits)
PRIORITY = Reading(labels=priority_label)
WINDOW = Reading(labels=window_label)
PLAIN = Reading()

_NEEDS = (  # the first reading whose fields a trace has, in this order
    (("visits", "value_sum", "expanded_at"), VISITS),
    (("g", "h", "f"), PRIORITY),
    (("alpha", "beta"), WINDOW),
)


def reading_of(trace: Trace) -> Reading:
    """How ``trace``'s nodes read: the :class:`Reading` its fields call for (see the
    module's docstring); a person's traced search (value kind ``user``) reads plainly."""
    if trace.kind.base == "user":
        return PLAIN
    fields = set(trace.fields)
    for needs, found in _NEEDS:
        if fields.issuperset(needs):
            return found
    return PLAIN


def left_out_note(trace: Trace) -> str:
    """Why a person's traced search has calls missing from its tree (``counters
    ["left_out"]``: calls on a position that is not one move after their caller's),
    in a sentence; "" when none are."""
    n = int(trace.counters.get("left_out", 0) or 0)
    if not n:
        return ""
    calls = "call was" if n == 1 else f"{n:,} calls were"
    return (
        f"{calls} made on a position that is not one move after its caller's (a move "
        "played on the board and not taken back, or a traced helper) and left out of "
        "the tree"
    )
