"""What a search recorded at a node, as the tables beside a tree: the node's own facts
(:func:`node_facts`) and its children (:func:`children_table`), in words a person
reads: values for the root player, windows as -inf/+inf, wins in plies, never an
internal sentinel."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from treeviz.draw.view import ranked_children
from treeviz.judge.whatif_rows import row_words
from treeviz.judge.whatif_worth import Worth, node_worth
from treeviz.trace.analysis import NODE_COLUMNS, field_text
from treeviz.trace.nodes import Trace, field_is_set, flag_text
from treeviz.trace.numbers import cell, missing
from treeviz.trace.reading import reading_of
from treeviz.trace.values import bound_text, node_value, outcome_text


def node_stats(trace: Trace, i: int) -> dict[str, Any]:
    """What the search recorded at node ``i``, readable: the value for the root player,
    windows as -inf/+inf, wins in plies, never an internal sentinel."""
    n = trace.nodes[i]
    v = node_value(trace, i)
    out: dict[str, Any] = {"node": i, "depth": int(n["depth"])}
    if n["parent"] >= 0:
        out["parent"] = int(n["parent"])
    out["value (root player)"] = v.text or "-"
    if v.outcome is not None:
        out["outcome"] = outcome_text(v.outcome)
    # the recorded columns as they are (the trace says which it filled)
    for f in ("alpha", "beta"):
        if f in trace.fields and n["alpha"] != n["beta"]:
            out[f"{f} (side to move)"] = bound_text(trace, int(n[f]))
    for f, header in NODE_COLUMNS.items():
        if f in trace.fields and field_is_set(f, int(n[f])):
            out[header] = field_text(int(n[f]))
    facts = reading_of(trace).facts
    if facts is not None:
        out.update({k: cell(v) for k, v in facts(trace, i).items()})
    if flags := flag_text(int(n["flags"])):
        out["flags"] = flags
    return out


def node_facts(trace: Trace, i: int) -> pd.DataFrame:
    """:func:`node_stats` as a one-column table for the node's panel."""
    stats = node_stats(trace, i)
    return pd.DataFrame({"at this node": [str(v) for v in stats.values()]}, index=list(stats))


def children_table(trace: Trace, i: int, exact: list[int | None] | None = None) -> pd.DataFrame:
    """One row per recorded child of ``i``, most important first: its column, the
    agent's weight (MCTS: visits), the nodes recorded below it, its value and, with
    ``exact`` (the solver's scores per column at ``i``, for the player to move there),
    the exact score of its move, both for the player to move at the root, then what
    the agent tells of a node (MCTS: Q, exploration term, UCT). None where a node has
    no value."""
    return pd.DataFrame(children_columns(trace, i, exact))


def children_columns(
    trace: Trace, i: int, exact: list[int | None] | None = None
) -> dict[str, list[Any]]:
    """:func:`children_table`'s columns as lists of plain values, each as the table
    holds it (:func:`as_in_a_table`). The tree's panels send one such table for every
    node drawn: without the frame in between, Run's page spends half as long on
    them."""
    kids = ranked_children(trace, i)
    n = trace.nodes[kids]
    weight = reading_of(trace).weight
    # the columns gathered first, the frame made once: a column set at a time cost
    # the dashboard's Run a third of its script (a table per node panel)
    table: dict[str, Any] = {"node": kids.astype(np.int64), **moves_column(trace, i, n["move"])}
    if weight:
        table[weight] = n[weight].astype(np.int64)
    table["nodes below"] = trace.subtree_sizes()[kids] - 1
    table["value (root player)"], table["value in words"] = _child_values(trace, kids)
    if exact is not None:
        sign = -1 if (int(trace.nodes["depth"][i]) - int(trace.nodes["depth"][0])) % 2 else 1
        scores = [exact[int(c) - 1] for c in table["column"]]
        table["exact score (root player)"] = [None if x is None else sign * x for x in scores]
    facts = reading_of(trace).facts  # MCTS: Q, the exploration term and UCT
    if facts is not None:
        known = [facts(trace, int(k)) for k in kids]
        for name in dict.fromkeys(f for row in known for f in row):
            table[name] = [row.get(name) for row in known]
    table["flags"] = [flag_text(int(f)) or None for f in n["flags"]]
    return {name: as_in_a_table(column) for name, column in table.items()}


def as_in_a_table(column: Any) -> list[Any]:
    """``column`` (an array or a list) as plain values, as a table column holds them:
    whole numbers beside a blank or a fraction are fractions (``[3, None]`` is
    ``[3.0, None]``), as pandas reads such a list, so a huge one reads as ``1e14``
    wherever it is shown; blanks are None."""
    values = [v.item() if isinstance(v, np.generic) else v for v in column]  # JSON's
    numbers = [v for v in values if not missing(v)]
    mixed = len(numbers) < len(values) or any(isinstance(v, float) for v in numbers)
    if mixed and numbers and all(_numeric(v) for v in numbers):
        return [None if missing(v) else float(v) for v in values]
    return [None if missing(v) else v for v in values]


def _numeric(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def moves_column(trace: Trace, i: int, moves: np.ndarray) -> dict[str, Any]:
    """The children's moves as a column: Connect 4's 1-based ``column``, another
    game's ``move`` labels as it writes them from node ``i``."""
    if trace.is_connect4:
        return {"column": moves.astype(int) + 1}
    rules, at = trace.rules(), trace.state(i)
    return {"move": [rules.label(at, int(m)) for m in moves]}


def _child_values(trace: Trace, kids: np.ndarray) -> tuple[list[Any], list[str | None]]:
    """Each child's value for the root player and its words. Where a window was
    searched (alpha-beta, the solver) a value is said with its bound ("≤ +48 ... cut
    off") and a game result, proven or only bounded, is said in words and left out of
    the number column: an exact score (+18) beside heuristic points (+48) would read
    as worse than them. Another game's node the window cut has no number either: its
    bound (≤ 1, a win or worse) is no value, and its words say it."""
    if trace.kind.base not in ("heuristic", "exact"):
        values = [node_value(trace, int(k)) for k in kids]
        return [v.value for v in values], [v.text or None for v in values]
    worths = [node_worth(trace, int(k)) for k in kids]
    numbers = [w.value if _a_number(trace, w) else None for w in worths]
    scored = trace.is_connect4  # another game's result has no score beyond its sign
    return numbers, [row_words(w, trace.value_kind, scored=scored) or None for w in worths]


def _a_number(trace: Trace, w: Worth) -> bool:
    """Whether a child's worth goes in the number column: an exact score, or points
    not proven a result; on another game only where the window did not cut it."""
    if not trace.is_connect4 and w.bound != "exact":
        return False
    return w.outcome is None or trace.kind.base == "exact"
