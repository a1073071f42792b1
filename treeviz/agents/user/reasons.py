"""Reasons for a person's own agent, read from the tree its search recorded.

Sentences about the chosen column: the reply the search expected, the value it backed
up and the leaf it came from, the columns it did not search along that line, and where
the agent's values disagree with the exact scores ("your search scores column 4 at
+100, but it loses in 3 plies"), or agree where another column is better ("your
search scores column 4 as a win (+1e14), and it is: it wins in 3 plies, exact +17").
"""

from __future__ import annotations

from typing import Any

from treeviz.agents.reasons import Reason, line_words, root_child
from treeviz.connect4.board import Position
from treeviz.trace.nodes import ON_PV, SearchResult, Trace
from treeviz.trace.values import (
    node_value,
    outcome_text,
    score_outcome,
    user_centre,
    user_result,
    user_text,
)


def user_reasons(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    """Why a user agent chose ``res.move`` (see the module docs)."""
    trace = res.trace
    out = _line_reasons(pos, res, trace)
    if exact is not None:
        out += _disagreements(pos, res, exact)
    return out


def _pv_nodes(trace: Trace) -> list[int]:
    """The recorded principal variation, root first."""
    node, path = 0, [0]
    while True:
        kids = [int(k) for k in trace.children(node) if trace.nodes["flags"][k] & ON_PV]
        if not kids:
            return path
        node = kids[0]
        path.append(node)


def _line_reasons(pos: Position, res: SearchResult, trace: Trace) -> list[Reason]:
    """The expected reply, the backed-up value and its leaf, and what went unsearched."""
    path = _pv_nodes(trace)
    out: list[Reason] = []
    if len(path) < 2:
        return out
    chosen = root_child(trace, res.move)
    if len(path) >= 3:
        reply = int(trace.nodes["move"][path[2]]) + 1
        out.append(
            Reason(
                f"after column {res.move}, your search expected the reply "
                f"{line_words(_after(pos, res.move), [reply])}",
                path[2],
            )
        )
    leaf = path[-1]
    v = node_value(trace, chosen if chosen is not None else leaf)
    if "visits" in trace.fields and chosen is not None:
        n, total = int(trace.nodes["visits"][chosen]), int(trace.nodes["visits"][0])
        out.append(
            Reason(
                f"your search came back to column {res.move} {n} times of "
                f"{total}; its results average {v.text} for {pos.side_to_move}",
                chosen,
            )
        )
    elif v.value is not None and len(path) > 2:
        moves = [int(trace.nodes["move"][n]) + 1 for n in path[1:]]
        out.append(
            Reason(
                f"it backed up {_value_words(trace, v.value)} for column "
                f"{res.move} from the position after {line_words(pos, moves)} "
                f"({len(moves)} plies deep), {_leaf_words(pos, trace, leaf)}",
                leaf,
            )
        )
    for n in path[:-1]:
        cols = [c + 1 for c in range(trace.width) if int(trace.nodes["pruned"][n]) >> c & 1]
        if cols:
            line = [int(c) for c in trace.path_moves(n)]
            where = "at the root" if n == 0 else f"after {line_words(pos, line)}"
            out.append(
                Reason(
                    f"it did not search column{'s' if len(cols) > 1 else ''} "
                    f"{', '.join(map(str, cols))} {where}: cut off",
                    n,
                )
            )
            break
    return out


def _value_words(trace: Trace, value: float) -> str:
    """``a win (+1e14)`` for one of a person's win scores (:func:`user_result`),
    else the number (``+3``)."""
    word = user_result(trace, value)
    return f"a {word} ({user_text(trace, value)})" if word else user_text(trace, value)


def _leaf_words(pos: Position, trace: Trace, leaf: int) -> str:
    """Where the value of the line's last node came from: a four on its board (the
    search's win check, not its evaluation), a full board, or the evaluation."""
    v = node_value(trace, leaf)
    if v.value is None:
        return "where your search returned no value"
    number = user_text(trace, v.value)
    at = Position.from_moves(pos.moves_string() + trace.path_moves(leaf), pos.width, pos.height)
    winner = at.winner()
    if winner is not None:
        return f"where {winner} has four in a row (your search returned {number})"
    if at.is_full():
        return f"where the board is full (your search returned {number})"
    return f"where your evaluation gave {number}"


def _after(pos: Position, column: int) -> Position:
    nxt = pos.copy()
    nxt.play(column - 1)
    return nxt


def _disagreements(pos: Position, res: SearchResult, exact: list[int | None]) -> list[Reason]:
    """Columns whose value's sign (or win word) the exact score contradicts, and the
    chosen column when another is better: "but" only where the value and the truth
    disagree."""
    rows = [m for m in res.moves if m.value is not None and exact[m.column - 1] is not None]
    if not rows:
        return []
    best_exact = max(int(exact[m.column - 1] or 0) for m in rows)
    out = []
    for m in sorted(rows, key=lambda m: -float(m.value or 0)):
        score = int(exact[m.column - 1] or 0)
        value = float(m.value or 0)
        # the sign of a result in 0..1 is its side of a draw's 0.5
        centred = value - user_centre(res.trace)
        bound = str(m.extra.get("bound", "exact"))
        wrong = disagrees(centred, user_result(res.trace, value), score, bound=bound)
        if wrong or (m.column == res.move and score < best_exact):
            out.append(
                Reason(
                    _compared(
                        res.trace,
                        (m.column, bound),
                        value,
                        wrong,
                        score_outcome(score, pos.ply, width=pos.width, height=pos.height),
                    ),
                    root_child(res.trace, m.column),
                )
            )
    return out[:3]


def disagrees(value: float, word: str | None, score: int, *, bound: str = "exact") -> bool:
    """Whether a search's ``value`` of a column (root player's view; ``word`` its
    "win"/"loss" when it is a win score) contradicts the column's exact ``score``: a
    win word for a column that does not win, a loss word for one that does not lose,
    a number of the other sign than the score. A ``bound`` (``upper``: the column is
    worth at most ``value``; ``lower``: at least) contradicts only from its side."""
    if bound == "upper":  # at most a loss: neither a draw nor a win
        return (value < 0 and score > 0) or (word == "loss" and score >= 0)
    if bound == "lower":
        return (value > 0 and score < 0) or (word == "win" and score <= 0)
    if word is not None:
        return (score > 0) != (word == "win") or score == 0
    return (value > 0 and score < 0) or (value < 0 and score > 0)


AT = {"upper": "at most ", "lower": "at least "}  # a bound's value, as a sentence says it


def _compared(
    trace: Trace, row: tuple[int, str], value: float, wrong: bool, truth: dict[str, Any]
) -> str:
    """The sentence setting a column's value (``row``: the column and its bound) beside
    its exact result."""
    column, bound = row
    said = "is a draw" if truth["result"] == "draw" else outcome_text(truth)
    word = user_result(trace, value)
    if word is None or bound != "exact":
        return (
            f"your search scores column {column} at {AT.get(bound, '')}"
            f"{user_text(trace, value)}{', but' if wrong else ';'} it {said}"
        )
    head = f"your search scores column {column} as a {word} ({user_text(trace, value)})"
    return f"{head}, but it {said}" if wrong else f"{head}, and it is: it {said}"
