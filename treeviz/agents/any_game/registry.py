"""The agents on any game by name, and the one entry point :func:`search_game` (the
public ``treeviz.search_game``).

Specs are the Connect 4 agents' (``"alphabeta:depth=4"``), parsed by the same parser
and checked against each agent's declared parameters. A person's heuristic is a
function, not a setting, so it is passed beside the spec (``heuristic=``) and named in
the value kind (``heuristic:<its name>``; ``heuristic:outcome`` without one: finished
games scored, every other position 0).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from treeviz.agents.any_game.mcts import Uct
from treeviz.agents.any_game.negamax import Negamax, Plan, rows_of
from treeviz.agents.any_game.simple import pick_greedy, pick_random
from treeviz.agents.any_game.tree import (
    Heuristic,
    Search,
    decided,
    principal_variation,
    result,
)
from treeviz.agents.common import CAPACITY, SEED
from treeviz.agents.contract import Agent, AgentSpec, finish_trace, make_spec, parse_spec
from treeviz.agents.stopping import run_stoppable
from treeviz.errors import InvalidParameterError, InvalidPositionError
from treeviz.rules.connect4 import Connect4
from treeviz.rules.protocol import Game
from treeviz.rules.registry import load_game
from treeviz.settings import Param, show_value
from treeviz.trace.analysis import CUT, game_row_outcome
from treeviz.trace.game_files import GAME_AGENT
from treeviz.trace.nodes import MoveStat, SearchResult
from treeviz.trace.values import OUTCOME_KIND, negamax_outcome

DEPTH = Param("depth", "int", 4, "plies searched below the root", lo=1, hi=64)


def proven(search: Search, value: float, text: str) -> dict[str, Any] | None:
    """The result a root move's negamax ``value`` (for the root player, ``±(WIN -
    plies)`` decided) proves, with its plies: the conversion the tables read
    (:func:`~treeviz.trace.analysis.game_row_outcome`: 1 a win, -1 a loss), on Connect 4
    its exact score as its own agents give it; None for a heuristic's points or a win
    the window only bounded from above (``text`` says where it cut)."""
    if not isinstance(search.game, Connect4):
        return game_row_outcome(value, text)
    pos, bound = search.root, "upper" if CUT in text else ""
    return negamax_outcome(value, pos.ply, width=pos.width, height=pos.height, bound=bound)


def readable(search: Search, rows: list[MoveStat], value: float) -> float:
    """The search's ``value`` (of its chosen move, exact) as a person reads it, and each
    row's in place: a decided game as its result in the game's unit with its
    ``outcome`` (plies from the root), never the stored ``WIN - plies``; a win only
    bounded from above (nothing proven: its words say so) as no value."""
    for r in rows:
        if r.value is None or not decided(int(r.value)):
            continue
        r.outcome = proven(search, r.value, r.text)
        r.value = None if r.outcome is None else float(r.outcome["score"])
    found = proven(search, value, "")
    return float(value if found is None else found["score"])


def run_random(
    search: Search, heuristic: Heuristic | None, *, seed: int, capacity: int
) -> SearchResult:
    best, rows = pick_random(search, seed)
    trace = search.trace("random", {}, fields=())
    return result(search, trace, best, rows, pv=[best], value=None)


def run_greedy(search: Search, heuristic: Heuristic | None, *, capacity: int) -> SearchResult:
    best, value, rows = pick_greedy(search, heuristic)
    trace = search.trace("greedy", {}, fields=("static_eval",))
    return result(search, trace, best, rows, pv=[best], value=readable(search, rows, value))


def run_negamax(search: Search, plan: Plan, name: str, fields: tuple[str, ...]) -> SearchResult:
    """Minimax, alpha-beta or the solver: the best move, each move's row, the PV."""
    best, values, exact = Negamax(search, plan).root()
    trace = search.trace(name, {}, fields=fields)
    rows = rows_of(search.game, search.root, values, exact)
    pv = principal_variation(search, trace, best)
    value = readable(search, rows, values[best])
    return result(search, trace, best, rows, pv=pv, value=value)


def run_minimax(
    search: Search, heuristic: Heuristic | None, *, depth: int, capacity: int
) -> SearchResult:
    plan = Plan(depth, prune=False, tt=False, ordering=False, heuristic=heuristic, budget=None)
    return run_negamax(search, plan, "minimax", ("static_eval",))


def run_alphabeta(
    search: Search,
    heuristic: Heuristic | None,
    *,
    depth: int,
    ordering: bool,
    tt: bool,
    capacity: int,
) -> SearchResult:
    plan = Plan(depth, prune=True, tt=tt, ordering=ordering, heuristic=heuristic, budget=None)
    return run_negamax(search, plan, "alphabeta", ("static_eval", "alpha", "beta"))


def run_solver(
    search: Search, heuristic: Heuristic | None, *, node_budget: int, capacity: int
) -> SearchResult:
    plan = Plan(None, prune=True, tt=True, ordering=True, heuristic=None, budget=node_budget)
    return run_negamax(search, plan, "solver", ("alpha", "beta"))


def run_mcts(
    search: Search,
    heuristic: Heuristic | None,
    *,
    iterations: int,
    c: float,
    seed: int,
    capacity: int | None,
) -> SearchResult:
    if search.capacity < iterations + 1:  # an iteration adds a node: all of them recorded
        raise InvalidParameterError(
            f"capacity={capacity} is too small: iterations={iterations} need at least "
            f"{iterations + 1}"
        )
    uct = Uct(search, c=c, seed=seed)
    uct.run(iterations)
    uct.write()
    trace = search.trace("mcts", {}, fields=("visits", "value_sum", "expanded_at"))
    trace.extra["log"] = [list(r) for r in uct.log]
    best = uct.best()
    kid = uct.root.children[best]
    pv, node = [best], kid
    while node.children:
        move = max(node.children, key=lambda m: node.children[m].visits)
        pv.append(move)
        node = node.children[move]
    value = kid.value_sum / kid.visits
    rows = uct.rows(search.game)
    return result(search, trace, best, rows, pv=pv, value=value, iterations=iterations)


MCTS_CAPACITY = replace(
    CAPACITY, default=None, help="trace node limit (none: what the iterations need)", optional=True
)
NEGAMAX_FIELDS = {
    "value": "backed-up value for the node's side to move: ±(WIN - plies) for a finished "
    "game, the heuristic (0 without one) at the horizon",
    "static_eval": "the heuristic at the horizon",
}
WINDOW = {"alpha, beta": "the window on entry, for the node's side to move"}
GAME_AGENTS: dict[str, Agent] = {
    a.name: a
    for a in (
        Agent(
            "random",
            "a uniformly random legal move, seeded",
            (SEED, CAPACITY),
            run_random,
            "probability",
            fields={"value": "none: the root and one child per move"},
        ),
        Agent(
            "greedy",
            "one ply: a move's outcome, else the heuristic",
            (CAPACITY,),
            run_greedy,
            OUTCOME_KIND,
            fields=NEGAMAX_FIELDS,
            horizon=1,  # its own wins at once; a block needs the reply: 2
        ),
        Agent(
            "minimax",
            "depth-limited negamax, every move searched",
            (replace(DEPTH, default=3), CAPACITY),
            run_minimax,
            OUTCOME_KIND,
            fields=NEGAMAX_FIELDS,
            horizon=lambda p: int(p["depth"]),
        ),
        Agent(
            "alphabeta",
            "negamax with alpha-beta, move ordering and a transposition table",
            (
                DEPTH,
                Param("ordering", "bool", True, "the table's move first, then the heuristic's"),
                Param("tt", "bool", True, "transposition table keyed by the game's key"),
                CAPACITY,
            ),
            run_alphabeta,
            OUTCOME_KIND,
            fields={**NEGAMAX_FIELDS, **WINDOW},
            horizon=lambda p: int(p["depth"]),
        ),
        Agent(
            "mcts",
            "UCT with random playouts",
            (
                Param("iterations", "int", 1000, "iterations", lo=1, hi=1_000_000),
                Param("c", "float", math.sqrt(2), "UCT exploration constant", lo=0.0, hi=100.0),
                SEED,
                MCTS_CAPACITY,
            ),
            run_mcts,
            "win_rate",
            fields={
                "visits": "times selected",
                "value_sum": "results for the player who "
                "moved into the node (1 win, 0.5 draw, 0 loss)",
                "expanded_at": "the iteration that created the node",
            },
        ),
        Agent(
            "solver",
            "exact negamax to the end with a table, within a node budget",
            (
                Param(
                    "node_budget",
                    "int",
                    1_000_000,
                    "nodes searched before refusing",
                    lo=1,
                    hi=10**9,
                ),
                CAPACITY,
            ),
            run_solver,
            "exact:outcome",
            fields={
                "value": "±(WIN - plies): won or lost with the last move that many "
                "plies below the root, 0 a draw",
                **WINDOW,
            },
            horizon=10**9,
        ),
    )
}


def game_spec(agent: str | AgentSpec) -> AgentSpec:
    """A checked spec of an agent on any game; :class:`InvalidParameterError` quoting it."""
    if isinstance(agent, AgentSpec):
        if agent.name not in GAME_AGENTS:
            raise InvalidParameterError(
                f"unknown agent {show_value(agent.name)}: choose one of {', '.join(GAME_AGENTS)}"
            )
        return make_spec(GAME_AGENTS[agent.name], agent.kwargs)
    if not isinstance(agent, str):
        raise InvalidParameterError(
            f"an agent is named by a spec string such as 'alphabeta:depth=4', not the "
            f"{type(agent).__name__} {show_value(agent)}"
        )
    return parse_spec(agent, GAME_AGENTS)


def root_state(game: Game[Any], position: Any) -> Any:
    """The state to search: the game's start (None), a position text, or a state."""
    state = game.initial() if position is None else position
    if isinstance(position, str):
        state = game.from_text(position)
    if game.outcome(state) is not None:
        given = position if isinstance(position, str) else game.to_text(state)
        raise InvalidPositionError(
            f"the game in {show_value(given)} of {game.name} is over: nothing to search"
        )
    return state


def less_work(settings: dict[str, Any]) -> str:
    """How to ask an agent of ``settings`` for a smaller search."""
    if "depth" in settings:
        # not "or use mcts": its playouts count too, and on a board this big its
        # default iterations are refused as well
        return f"lower its depth (depth={settings['depth']} now)"
    if "iterations" in settings:
        return f"lower its iterations ({settings['iterations']} now)"
    if "node_budget" in settings:  # the solver: its budget is no use past the limit
        return "raise the limit with its node_budget, or search it with alphabeta at a small depth"
    return "search it with alphabeta at a small depth, or with mcts at a few iterations"


def search_game(
    game: Game[Any] | str,
    position: Any = None,
    agent: str | AgentSpec = "alphabeta",
    *,
    heuristic: Heuristic | None = None,
    node_limit: int | None = None,
    **params: Any,
) -> SearchResult:
    """Run ``agent`` (a spec such as ``"mcts:iterations=500"``; ``params`` override it)
    on ``position`` of ``game`` (a game object or a name :func:`load_game` reads; the
    position a state, its text, or None for the start). ``heuristic(game, state,
    player)`` gives points for ``player`` where the search stops; a search that reaches
    ``node_limit`` nodes searched (None: no limit; MCTS counts its playouts' plies too)
    is refused there with
    :class:`InvalidParameterError` saying how to ask for less. The result's ``move``
    is Connect 4's 1-based column, or another game's action id. Bad specs raise
    :class:`InvalidParameterError`, bad or finished positions
    :class:`InvalidPositionError`, unknown games :class:`GameError`, each quoting it."""
    rules = load_game(game) if isinstance(game, str) else game
    chosen = game_spec(agent)
    declared = GAME_AGENTS[chosen.name]
    if params:
        chosen = make_spec(declared, params, chosen)
    state = root_state(rules, position)
    settings = declared.settings_of(chosen)
    capacity = settings["capacity"] or settings["iterations"] + 1  # None: MCTS's own need
    advice = less_work(settings)
    search = Search(rules, state, capacity, node_limit=node_limit, agent=str(chosen), advice=advice)
    # in a worker thread, stopped by Ctrl-C or a deadline (the dashboard's time budget
    # and Stop, through stopping.watching) as the compiled searches are: a pure Python
    # search of a large game could otherwise hold a server's session for hours
    res, _ = run_stoppable(lambda: declared.run(search, heuristic, **settings), search.rec.ctr)
    finish_trace(declared, res.trace, settings)
    res.trace.extra[GAME_AGENT] = True  # not Connect 4's compiled agent of this name
    res.trace.read_with(rules)  # a person's own game has no name load_game reads
    if heuristic is not None and res.trace.value_kind == OUTCOME_KIND:
        res.trace.value_kind = f"heuristic:{getattr(heuristic, '__name__', 'heuristic')}"
    return res
