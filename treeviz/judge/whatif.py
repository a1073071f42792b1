"""What if: force a column and search again with the same agent and settings.

Forcing column ``c`` at a node of a search means playing ``c`` there and asking the
same agent (its spec: the name and parameters the trace records, or the one given)
about the position that follows. Its answer is for the side to move in that
position; it is turned to the original root player's view (negated across a ply:
``-v`` for scores and points, ``1 - v`` for a win rate) and compared with what the
original search had recorded for that column: the value, and the line (principal
variation) each search expects after it, with the move where they part.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.errors import IllegalMoveError, InvalidMoveError
from treeviz.trace.nodes import SearchResult, Trace
from treeviz.trace.reading import reading_of
from treeviz.trace.values import node_value

SHOWN_MOVES = 14  # moves of a line written out; a longer one ends in "…"
Runner = Callable[[Position], SearchResult]  # the agent, on the forced position


@dataclass(frozen=True)
class WhatIf:
    """The original search and its search again with ``column`` (1-based) forced at
    ``node``. ``before``: the original's value of that column, ``after``: the new
    search's, both for the original root player in the trace's value kind (None
    where a search gave none); ``was``/``now``: the lines each expects from the
    forced move on (1-based columns, the forced one first); ``text``: the
    difference in words."""

    original: SearchResult
    forced: SearchResult
    node: int
    column: int
    before: float | None
    after: float | None
    was: list[int]
    now: list[int]
    text: str

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (without the two traces)."""
        return {"node": self.node, "column": self.column, "before": self.before,
                "after": self.after, "was": self.was, "now": self.now, "text": self.text,
                "forced_move": self.forced.move}  # fmt: skip


def what_if(result: SearchResult, column: int, *, node: int = 0,
            agent: str | None = None, run: Runner | None = None) -> WhatIf:  # fmt: skip
    """Force ``column`` (1-based) at ``node`` (default: the root) of ``result``'s
    search and search the position that follows with the same agent: ``agent``
    (a spec string; default: the trace's algorithm and parameters) or ``run``
    (a function searching a position with it, e.g. within a time budget). An
    unknown node raises :class:`InvalidMoveError`, a full column or a finished
    position :class:`IllegalMoveError`; both quote the input."""
    trace = result.trace
    pos = forced_position(trace, column, node)
    runner = run or (lambda p: search(p, agent or trace.algorithm,
                                      **({} if agent else trace.params)))  # fmt: skip
    forced = runner(pos)
    plies = int(trace.nodes["depth"][node]) + 1  # from the root to the forced position
    after = root_view(searched_value(forced), trace.kind.base, plies)
    before = recorded_value(result, node, column)
    was = [column, *best_line(trace, child_of(trace, node, column))]
    now = [column, *forced.pv]
    text = difference_text(trace, node, column, before, after, was, now, result.move)
    return WhatIf(result, forced, node, column, before, after, was, now, text)


def forced_position(trace: Trace, column: int, node: int) -> Position:
    """The position after the moves to ``node`` and ``column`` (1-based)."""
    if isinstance(node, bool) or not isinstance(node, int) or not 0 <= node < len(trace):
        raise InvalidMoveError(f"node {node!r} is not in this trace (nodes 0-{len(trace) - 1})")
    moves = trace.root_moves + trace.path_moves(node)
    pos = Position.from_moves(moves, trace.width, trace.height)
    if isinstance(column, bool) or not isinstance(column, int) or not 1 <= column <= pos.width:
        raise InvalidMoveError(f"column {column!r} is out of range 1-{pos.width}")
    if pos.is_over():
        raise IllegalMoveError(f"the game is over at {pos.moves_string()!r}: no column to force")
    if not pos.can_play(column - 1):
        raise IllegalMoveError(f"column {column} is full in {pos.moves_string()!r}")
    pos.play(column - 1)
    return pos


def searched_value(res: SearchResult) -> float | None:
    """What a search says its position is worth to its side to move: its value,
    else (an agent that states none, such as A*) its chosen column's row."""
    if res.value is not None:
        return float(res.value)
    row = next((m for m in res.moves if m.column == res.move), None)
    return None if row is None or row.value is None else float(row.value)


def root_view(value: float | None, base: str, plies: int) -> float | None:
    """``value`` for the side to move ``plies`` below the root, for the root player
    (a chance of being picked has no side: None)."""
    if value is None or base == "probability":
        return None
    if plies % 2 == 0:
        return value
    return 1.0 - value if base == "win_rate" else -value


def child_of(trace: Trace, node: int, column: int) -> int | None:
    """The recorded child of ``node`` reached by ``column`` (1-based), or None."""
    for k in trace.children(node):
        if int(trace.nodes["move"][k]) == column - 1:
            return int(k)
    return None


def recorded_value(result: SearchResult, node: int, column: int) -> float | None:
    """The original search's value of ``column`` at ``node``, root player's view: the
    per-column row at the root, else the recorded child's value."""
    if node == 0:
        row = next((m for m in result.moves if m.column == column), None)
        if row is not None and result.trace.kind.base != "probability":
            return None if row.value is None else float(row.value)
        return None
    child = child_of(result.trace, node, column)
    return None if child is None else node_value(result.trace, child).value


def best_line(trace: Trace, node: int | None) -> list[int]:
    """The moves (1-based) the recorded tree expects below ``node``: at each node the
    child its side to move likes best (the most visited where the trace weighs its
    children by visits), until a node without valued children."""
    line: list[int] = []
    weight = reading_of(trace).weight
    while node is not None:
        kids = [int(k) for k in trace.children(node)]
        if weight:
            kids = [k for k in kids if trace.nodes[weight][k] > 0]
            pick = max(kids, key=lambda k: int(trace.nodes[weight][k]), default=None)
        else:
            mine = int(trace.nodes["depth"][node]) % 2 == 0  # the root player to move
            scored = [(v, k) for k in kids if (v := node_value(trace, k).value) is not None]
            best = max if mine else min
            pick = best(scored)[1] if scored else None
        if pick is not None:
            line.append(int(trace.nodes["move"][pick]) + 1)
        node = pick
    return line


def value_words(value: float | None, base: str) -> str:
    """A value in its unit, for a sentence."""
    if value is None:
        return "no value (not searched)"
    if base == "win_rate":
        return f"a mean result of {value:.0%}"
    if base == "exact":
        return f"an exact score of {value:+g}"
    if base == "user":
        return f"{value:+g}"
    return f"{value:+g} points"


def difference_text(trace: Trace, node: int, column: int, before: float | None,
                    after: float | None, was: list[int], now: list[int],
                    chose: int) -> str:  # fmt: skip
    """The difference in words: what forcing the column gives, against what the
    original search had for it, and where the two lines part."""
    base = trace.kind.base
    where = "at the root" if node == 0 else f"after {trace.path_moves(node)}"
    said = "the agent's choice" if node == 0 and column == chose else (
        f"the agent chose column {chose}" if node == 0 else "")  # fmt: skip
    head = f"Forcing column {column} {where}" + (f" ({said})" if said else "")
    if base == "probability":
        return (f"{head}: {trace.algorithm} states no values, only chances; it would "
                f"answer with column {now[1] if len(now) > 1 else '-'}.")  # fmt: skip
    value = f"{head}: searched again it is worth {value_words(after, base)} to the root player"
    if before is None:
        value += ", where the first search had no value for it"
    elif after is not None and abs(after - before) < 1e-9:
        value += ", the same as in the first search"
    elif after is not None:
        way = "up" if after > before else "down"
        value += f", {way} from {value_words(before, base)} in the first search"
    return f"{value}. {line_text(was, now)}"


def move_line(moves: list[int], limit: int = SHOWN_MOVES) -> str:
    """A line of 1-based columns as a move string, cut after ``limit`` moves."""
    return "".join(str(c) for c in moves[:limit]) + ("…" if len(moves) > limit else "")


def line_text(was: list[int], now: list[int]) -> str:
    """Where the new line parts from the first search's, in words."""
    show = move_line
    if len(was) <= 1:
        return f"The first search had no line below it; the new line is {show(now)}."
    part = next((i for i, (a, b) in enumerate(zip(was, now, strict=False)) if a != b), None)
    if part is None:
        if len(was) == len(now):
            return f"The line is unchanged: {show(now)}."
        return f"The lines agree as far as the shorter goes: first {show(was)}, now {show(now)}."
    return (f"The line changed at move {part + 1}: {show(now)} instead of {show(was)} "
            f"(column {now[part]} where the first search expected {was[part]}).")  # fmt: skip
