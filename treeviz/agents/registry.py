"""The agents, registered by name, behind one entry point :func:`search` (the public
``treeviz.search``).

Adding an agent = one module declaring an :class:`~treeviz.agents.contract.Agent`
(its parameters, node fields, labels, reasons, quick settings) plus one line in
``_BUILTIN``; the CLI, the dashboard, the contract tests and the docs' tables follow.
"""

from __future__ import annotations

from typing import Any

import treeviz.agents.alphabeta.agent as alphabeta
import treeviz.agents.mcts.agent as mcts
from treeviz.agents import astar, greedy, random_agent, solver
from treeviz.agents.contract import (
    Agent,
    AgentSpec,
    Param,
    file_hint,
    make_spec,
    parse_spec,
    run_agent,
    split_spec,
)
from treeviz.agents.reasons import generic_reasons
from treeviz.agents.user.load import check_allowed, is_user_head
from treeviz.agents.user.load import load as load_user
from treeviz.agents.user.reasons import user_reasons
from treeviz.connect4.board import Position
from treeviz.errors import InvalidParameterError, InvalidPositionError
from treeviz.settings import show_value
from treeviz.trace.game_files import by_game_agent
from treeviz.trace.nodes import SearchResult, Trace
from treeviz.trace.validate import check_late, use_agents

_BUILTIN = (
    random_agent.AGENT,
    greedy.AGENT,
    astar.AGENT,
    alphabeta.MINIMAX,
    alphabeta.ALPHABETA,
    mcts.AGENT,
    solver.AGENT,
)
AGENTS: dict[str, Agent] = {a.name: a for a in _BUILTIN}
use_agents(AGENTS)  # a trace file of a registered agent is checked against its declaration
_UNREGISTERED: dict[tuple[str, str], Agent] = {}  # agent_of's plain declarations


def register(agent: Agent) -> None:
    """Add (or replace) an agent under its name."""
    AGENTS[agent.name] = agent


def unregister(name: str) -> None:
    """Remove an agent added by :func:`register` (tests use it to clean up)."""
    AGENTS.pop(name, None)


def agent_of(trace: Trace) -> Agent:
    """The agent that made ``trace``: what views and the judge ask about its nodes.
    A trace of an agent not registered here (a file from elsewhere, or an agent on
    any game's, whatever its name) gets a plain
    declaration: no labels, facts, weight or reasons beyond what every trace has.
    A trace loaded before its agent was registered is checked against the agent's
    declaration here, once (:class:`TraceFormatError` if it does not match)."""
    # an agent on any game shares its name with a compiled one, not its declaration
    found = None if by_game_agent(trace) else AGENTS.get(trace.algorithm)
    if found is not None:
        check_late(trace, found)
        return found
    key = (trace.algorithm, trace.value_kind)  # views ask per node: made once
    if key not in _UNREGISTERED:  # never loaded from a trace: a file is not a person's say-so
        reasons = user_reasons if key[1] == "user" else generic_reasons
        _UNREGISTERED[key] = Agent(
            key[0], "not registered here", (), _not_runnable, key[1], reasons=reasons
        )
    return _UNREGISTERED[key]


def _not_runnable(pos: Position, **params: Any) -> SearchResult:
    raise InvalidParameterError("this agent is not registered: it can be read, not run")


def get_agent(name: str) -> Agent:
    """The agent registered as ``name`` (a user agent's file, module or command is
    loaded on first use: :mod:`treeviz.agents.user.load`); :class:`InvalidParameterError`
    otherwise."""
    get_agent_if_user(name)
    try:
        return AGENTS[name]
    except KeyError:
        raise InvalidParameterError(
            f"unknown agent {show_value(name)}: choose one of {', '.join(AGENTS)}{file_hint(name)}"
        ) from None


def get_agent_if_user(name: str) -> None:
    """Load the user agent ``name`` names, if it names one not loaded yet (refused in a
    sealed process that was not started with it: :func:`~treeviz.agents.user.load.seal`)."""
    if not is_user_head(name):
        return
    check_allowed(name)  # registered earlier does not mean allowed now
    if name not in AGENTS:
        register(load_user(name))


def spec(text: str | AgentSpec, **params: Any) -> AgentSpec:
    """A checked :class:`AgentSpec` from ``name:key=value,...`` (or a spec), with
    ``params`` set on top; bad names, keys, types or ranges raise
    :class:`InvalidParameterError`. The edge where a setting is parsed: a checked spec
    is returned as it is (with ``params``, only they are checked), so a spec passed
    inward whole is checked once."""
    if not isinstance(text, str | AgentSpec):
        raise InvalidParameterError(
            f"an agent is named by a spec string such as "
            f"'mcts:iterations=500', not the {type(text).__name__} "
            f"{show_value(text)}"
        )
    if isinstance(text, AgentSpec):
        base = text if text.checked else make_spec(get_agent(text.name), text.kwargs)
    else:
        get_agent_if_user(split_spec(text, AGENTS)[0])
        base = parse_spec(text, AGENTS)
    return make_spec(get_agent(base.name), params, base) if params else base


def search(
    position: Position | str, agent: str | AgentSpec, reuse: Any = None, **params: Any
) -> SearchResult:
    """Run ``agent`` (a name or spec string such as ``"mcts:iterations=500"``) on
    ``position`` (a :class:`Position` or a move string such as ``"4453"``); ``params``
    override the spec's. Unknown or bad parameters raise :class:`InvalidParameterError`,
    a finished game or anything else as the position :class:`InvalidPositionError`.
    ``reuse`` hands an earlier result to agents that can continue from it (MCTS)."""
    pos = position_of(position)
    chosen = spec(agent, **params)
    runtime = {"reuse": reuse} if reuse is not None else {}
    return run_agent(get_agent(chosen.name), pos, chosen, **runtime)


def position_of(position: Any) -> Position:
    """The position to search: a :class:`Position`, or one read from a move string."""
    if isinstance(position, Position):
        return position
    if isinstance(position, str):
        return Position.from_moves(position)
    raise InvalidPositionError(
        "a position is a Position or a move string such as '4453', "
        f"not the {type(position).__name__} {show_value(position)}"
    )


__all__ = [
    "AGENTS",
    "Agent",
    "AgentSpec",
    "Param",
    "agent_of",
    "get_agent",
    "register",
    "search",
    "spec",
    "split_spec",
    "unregister",
]
