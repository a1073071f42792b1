"""Reasons for a person's own agent, read from the tree its search recorded.

Sentences about the chosen column: the reply the search expected, the value it backed
up and the leaf it came from, the columns it did not search along that line, and where
the agent's values disagree with the exact scores ("your evaluation scores column 4 at
+100, but it loses in 3 plies").
"""

from __future__ import annotations

from treeviz.agents.reasons import Reason, line_words, root_child
from treeviz.connect4.board import Position
from treeviz.trace.nodes import ON_PV, SearchResult, Trace
from treeviz.trace.values import node_value, number_text, outcome_text, score_outcome


def user_reasons(pos: Position, res: SearchResult,
                 exact: list[int | None] | None) -> list[Reason]:  # fmt: skip
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
        out.append(Reason(f"after column {res.move}, your search expected the reply "
                          f"{line_words(_after(pos, res.move), [reply])}", path[2]))  # fmt: skip
    leaf = path[-1]
    v = node_value(trace, chosen if chosen is not None else leaf)
    if "visits" in trace.fields and chosen is not None:
        n, total = int(trace.nodes["visits"][chosen]), int(trace.nodes["visits"][0])
        out.append(Reason(f"your search came back to column {res.move} {n} times of "
                          f"{total}; its results average {v.text} for {pos.side_to_move}",
                          chosen))  # fmt: skip
    elif v.value is not None and len(path) > 2:
        moves = [int(trace.nodes["move"][n]) + 1 for n in path[1:]]
        out.append(Reason(f"it backed up {v.text} for column {res.move} from the position "
                          f"after {line_words(pos, moves)} ({len(moves)} plies deep), "
                          f"where your evaluation gave {node_value(trace, leaf).text}",
                          leaf))  # fmt: skip
    for n in path[:-1]:
        cols = [c + 1 for c in range(trace.width) if int(trace.nodes["pruned"][n]) >> c & 1]
        if cols:
            line = [int(c) for c in trace.path_moves(n)]
            where = "at the root" if n == 0 else f"after {line_words(pos, line)}"
            out.append(Reason(f"it did not search column{'s' if len(cols) > 1 else ''} "
                              f"{', '.join(map(str, cols))} {where}: cut off", n))  # fmt: skip
            break
    return out


def _after(pos: Position, column: int) -> Position:
    nxt = pos.copy()
    nxt.play(column - 1)
    return nxt


def _disagreements(pos: Position, res: SearchResult,
                   exact: list[int | None]) -> list[Reason]:  # fmt: skip
    """Columns the agent valued above the chosen one's truth, or whose sign is wrong."""
    rows = [m for m in res.moves if m.value is not None and exact[m.column - 1] is not None]
    if not rows:
        return []
    best_exact = max(int(exact[m.column - 1] or 0) for m in rows)
    out = []
    for m in sorted(rows, key=lambda m: -float(m.value or 0)):
        score = int(exact[m.column - 1] or 0)
        truth = score_outcome(score, pos.ply, pos.width, pos.height)
        value = float(m.value or 0)
        wrong_sign = (value > 0 and score < 0) or (value < 0 and score > 0)
        if wrong_sign or (m.column == res.move and score < best_exact):
            said = "is a draw" if truth["result"] == "draw" else outcome_text(truth)
            out.append(Reason(f"your evaluation scores column {m.column} at "
                              f"{number_text(value)}, but it {said}",
                              root_child(res.trace, m.column)))  # fmt: skip
    return out[:3]

