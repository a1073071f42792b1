"""What if: force a column and value the position that follows as the first search did.

Forcing column ``c`` at a node of a search means playing ``c`` there and asking the
same agent (its spec: the name and parameters the trace records, or the one given)
about the position that follows, like with like (:func:`plan_for`): a depth-limited
agent (minimax, alpha-beta) searches it to the first search's horizon less the plies
to it, so its value equals the first search's own value of that column wherever that
was exact; at or past that horizon, and for agents that value a column by the
heuristic of the position after it (greedy, A*), it is that position's static
evaluation; MCTS keeps its budget, the solver solves, a person's agent runs with the
same settings (its horizon is not known). The answer is turned to the original root
player's view and compared with what the first search had recorded for that column
(:mod:`treeviz.judge.whatif_worth`: the value, or the bound it knew), and the line
each search expects after it, with the move where they part.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from treeviz.agents.registry import search, spec
from treeviz.connect4.board import Position
from treeviz.connect4.heuristics import evaluate
from treeviz.errors import IllegalMoveError, InvalidMoveError
from treeviz.judge.whatif_text import difference_text
from treeviz.judge.whatif_worth import (
    NONE,
    Plan,
    Worth,
    child_of,
    flip,
    game_over_worth,
    negamax_worth,
    node_worth,
    row_worth,
    user_worth,
)
from treeviz.judge.whatif_worth import exact_worth as exact_of
from treeviz.trace.nodes import TERMINAL, TT_HIT, SearchResult, Trace
from treeviz.trace.numbers import count
from treeviz.trace.reading import reading_of
from treeviz.trace.values import node_value, user_centre

# The forced search, run by the caller: the position and every parameter of the agent.
Runner = Callable[[Position, dict[str, Any]], SearchResult]
DEPTH_LIMITED = ("minimax", "alphabeta")  # search ``depth`` plies: a horizon
ONE_PLY = {"greedy": 1}  # a one-ply look: the horizon of an agent without ``depth``


@dataclass(frozen=True)
class WhatIf:
    """The original search and the forced one: ``column`` (1-based) forced at ``node``.
    ``first``/``again``: that column's worth to the original root player in the first
    search and now (:class:`~treeviz.judge.whatif_worth.Worth`, with the bound the
    first search knew); ``forced`` the new search (None where the position was not
    searched: a leaf of the horizon, a finished game), ``position`` the forced
    position; ``was``/``now``: the lines each expects from the forced move on
    (1-based columns, the forced one first); ``text``: the difference in words."""

    original: SearchResult
    forced: SearchResult | None
    position: Position
    node: int
    column: int
    first: Worth
    again: Worth
    plan: Plan
    was: list[int]
    now: list[int]
    text: str

    @property
    def before(self) -> float | None:
        """The first search's value of the column (root player's view), or its bound."""
        return self.first.value

    @property
    def after(self) -> float | None:
        """The forced position's value now (root player's view)."""
        return self.again.value

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (without the two traces)."""
        return {
            "node": self.node,
            "column": self.column,
            "before": self.before,
            "before_bound": self.first.bound,
            "after": self.after,
            "was": self.was,
            "now": self.now,
            "text": self.text,
            "forced_move": self.forced.move if self.forced else None,
        }


def what_if(
    result: SearchResult,
    column: int,
    *,
    node: int = 0,
    agent: str | None = None,
    run: Runner | None = None,
) -> WhatIf:
    """Force ``column`` (1-based) at ``node`` (default: the root) of ``result``'s
    search and value the position that follows as the first search did
    (:func:`plan_for`), with the same agent: ``agent`` (a spec string; default: the
    trace's algorithm and parameters), run by ``run(position, params)`` when given
    (e.g. within a time budget). An unknown node raises :class:`InvalidMoveError`,
    a full column or a finished position :class:`IllegalMoveError`; both quote the
    input."""
    trace = result.trace
    pos = forced_position(trace, column, node)
    plies = int(trace.nodes["depth"][node]) + 1  # from the root to the forced position
    name, params = _agent(trace, agent)
    child = child_of(trace, node, column)
    plan = plan_for(result, name, params, plies=plies, pos=pos, child=child)
    runner = run or (lambda p, kw: search(p, name, **kw))
    forced = None if plan.params is None else runner(pos, plan.params)
    again = forced_worth(trace, pos, plies=plies, forced=forced, params=params)
    first = first_worth(result, node, column, child=child)
    was = [column, *best_line(trace, child)]
    now = [column, *(forced.pv if forced else [])]
    short = short_line(result, name, params, child=child)
    text = difference_text(
        result,
        node,
        column,
        first=first,
        again=again,
        plan=plan,
        forced=forced,
        lines=(was, now),
        short=short,
    )
    return WhatIf(result, forced, pos, node, column, first, again, plan, was, now, text)


def _agent(trace: Trace, agent: str | None) -> tuple[str, dict[str, Any]]:
    """The agent's name and parameters: ``agent``'s, else the trace's."""
    if agent is None:
        return trace.algorithm, dict(trace.params)
    chosen = spec(agent)
    return chosen.name, chosen.kwargs


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


def plan_for(
    result: SearchResult,
    name: str,
    params: dict[str, Any],
    *,
    plies: int,
    pos: Position,
    child: int | None,
) -> Plan:
    """How ``name`` with ``params`` values the forced position ``pos``, ``plies`` below
    the first search's root (``child``: its node there, if recorded), to compare like
    with like."""
    if pos.is_over():
        winner = pos.winner()
        how = f"{winner} wins with it" if winner else "it fills the board: a draw"
        return Plan(None, how + ", so nothing is left to search")
    if name in DEPTH_LIMITED or name in ONE_PLY:
        return _horizon_plan(result, name, params, plies)
    if name == "astar":
        return Plan(
            None,
            "A* values a column by the heuristic of the position after it "
            "(its h; it has no depth horizon): that position's static "
            f"evaluation ({params.get('heuristic', 'window')} heuristic), "
            "as in the first search",
        )
    if name == "mcts":
        return _mcts_plan(result, params, child)
    if name == "solver":
        return Plan(
            params,
            "the solver solved the position after it",
            bound_why="a null-window pass of the solver only bounded it there",
        )
    if name == "random":
        return Plan(params, "random states no values, only chances")
    return Plan(
        params,
        f"{name} searched the position after it again with the same "
        "settings; treeviz does not know how far this agent looks ahead, "
        "so the new search may look deeper or shallower below this column "
        "than the first search did",
        why="the two searches need not look equally far ahead",
    )


def _horizon_plan(result: SearchResult, name: str, params: dict[str, Any], plies: int) -> Plan:
    """A depth-limited agent: the forced position searched to the first search's
    horizon (the depth its last finished pass reached) less the plies to it; on or
    past that horizon, its static evaluation."""
    horizon = horizon_of(result, name, params)
    short = "depth" in params and horizon < int(params["depth"])
    said = f"the first search's horizon of {horizon} pl{'y' if horizon == 1 else 'ies'}" + (
        f" (the depth its last finished pass reached, of {params['depth']})" if short else ""
    )
    left = horizon - plies
    cut = (
        "it was cut off there: alpha-beta stops searching a move once it cannot change "
        "the choice above it, so it knew only a bound"
    )
    heuristic = f"{params.get('heuristic', 'window')} heuristic"
    if left >= 1:
        kept = {"depth": left} | ({"time_limit": None} if "time_limit" in params else {})
        return Plan(
            params | kept,
            f"{name} searched the position after it to depth {left}: "
            f"{said}, less the {plies} pl{'y' if plies == 1 else 'ies'}"
            " to it",
            bound_why=cut,
        )
    if left == 0:
        return Plan(
            None,
            f"the position after it is on {said}: its value is the {heuristic}'s "
            "static evaluation, as there",
            bound_why=cut,
        )
    return Plan(
        None,
        f"the position after it lies past {said}, which ends at the node "
        f"forced: its value is the {heuristic}'s static evaluation",
    )


def horizon_of(result: SearchResult, name: str, params: dict[str, Any]) -> int:
    """A depth-limited search's horizon in plies below its root: the depth its last
    finished pass reached, else its ``depth`` (one ply for an agent without one)."""
    reached = result.stats.get("depth_reached")
    return int(reached if reached is not None else params.get("depth", ONE_PLY.get(name, 1)))


def short_line(
    result: SearchResult, name: str, params: dict[str, Any], *, child: int | None
) -> str:
    """Why the first search's line below ``child`` (its node for the forced column)
    ends before the horizon of a depth-limited search, in words; '' where it reaches
    the horizon or a finished game, and for other agents (no horizon to fall short of)."""
    if child is None or name not in DEPTH_LIMITED:
        return ""
    trace = result.trace
    last = ([child, *best_nodes(trace, child)])[-1]
    flags = int(trace.nodes["flags"][last])
    if flags & TERMINAL or int(trace.nodes["depth"][last]) >= horizon_of(result, name, params):
        return ""
    if flags & TT_HIT:
        return (
            "a transposition-table answer valued its last position, so nothing below "
            "it was searched"
        )
    return "the first search recorded no valued reply below its last position"


def _mcts_plan(result: SearchResult, params: dict[str, Any], child: int | None) -> Plan:
    """MCTS: the same budget, all of it below the forced column; its means come from
    random playouts, fewer of them in the first search."""
    parts = []
    if params.get("iterations") is not None:
        parts.append(f"{count(params['iterations'])} iterations")
    if params.get("time_limit") is not None:
        parts.append(f"a time limit of {params['time_limit']:g} s")
    budget = " and ".join(parts) or "its budget"
    visits = result.trace.nodes["visits"]
    seen, total = (0 if child is None else int(visits[child])), int(visits[0])
    return Plan(
        params,
        f"MCTS searched the position after it with the first search's "
        f"budget ({budget}, seed {params.get('seed', 0)})",
        why=f"both are mean results of random playouts, so they may differ by "
        f"chance: {count(seen)} of the first search's {count(total)} iterations went "
        "through this column, while every iteration of the new search "
        "starts after it",
    )


def promise(name: str) -> str:
    """What a what-if keeps alike for agent ``name`` (:func:`plan_for`), in words a page
    says before anything is forced: nothing about a horizon an agent may not have."""
    if name in DEPTH_LIMITED or name in ONE_PLY:
        return "to the horizon its first search saw there"
    if name == "mcts":
        return "with its first search's budget"
    if name == "solver":
        return "exactly, as its first search did"
    if name == "astar":
        return "by its heuristic, as its first search did"
    if name == "random":
        return "with the same settings (it states chances, not values)"
    return (
        "with the same settings (treeviz does not know how far this agent looks "
        "ahead: the new search may look deeper or shallower than the first did)"
    )


def forced_worth(
    trace: Trace, pos: Position, *, plies: int, forced: SearchResult | None, params: dict[str, Any]
) -> Worth:
    """The forced position's worth to the original root player: the finished game's
    result, its static evaluation (not searched), or the forced search's value."""
    base = trace.kind.base
    if pos.is_over():
        return game_over_worth(trace, plies, pos.winner() is not None)
    if base == "probability":
        return NONE
    if forced is None:
        static = evaluate(pos, str(params.get("heuristic", "window")))
        return Worth(flip(static, base, plies))
    if base == "heuristic":  # the root's stored negamax value keeps a win's distance
        stored = int(forced.trace.nodes["value"][0])
        return negamax_worth(trace, int(flip(stored, base, plies)), bound="exact", offset=plies)
    if base == "win_rate":  # the mean of every playout from the forced position
        mean = node_value(forced.trace, 0).value
        return NONE if mean is None else Worth(flip(mean, base, plies))
    if base == "user":  # a win score read as a win, as the first search's is
        found = user_worth(forced.trace, 0, plies)
        if found.value is not None:
            return found
    own = searched_value(forced)
    if own is None:
        return NONE
    if base == "exact":
        return exact_of(trace, flip(own, base, plies), "exact")
    return Worth(flip(own, base, plies, centre=user_centre(forced.trace)))


def searched_value(res: SearchResult) -> float | None:
    """What a search says its position is worth to its side to move: its value,
    else (an agent that states none) its chosen column's row."""
    if res.value is not None:
        return float(res.value)
    row = next((m for m in res.moves if m.column == res.move), None)
    return None if row is None or row.value is None else float(row.value)


def first_worth(result: SearchResult, node: int, column: int, *, child: int | None) -> Worth:
    """The first search's worth of ``column`` at ``node`` for the root player: its
    recorded child, else (at the root) its per-column row."""
    if result.trace.kind.base == "probability":
        return NONE
    if child is not None:
        return node_worth(result.trace, child)
    row = next((m for m in result.moves if m.column == column), None) if node == 0 else None
    return NONE if row is None else row_worth(row)


def best_line(trace: Trace, node: int | None) -> list[int]:
    """The moves (1-based) the recorded tree expects below ``node`` (:func:`best_nodes`)."""
    return [int(trace.nodes["move"][k]) + 1 for k in best_nodes(trace, node)]


def best_nodes(trace: Trace, node: int | None) -> list[int]:
    """The nodes of the line the recorded tree expects below ``node``: at each node the
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
            line.append(int(pick))
        node = pick
    return line
