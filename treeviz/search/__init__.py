"""The agents, registered by name, behind one entry point :func:`search`."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from treeviz.board import Position
from treeviz.errors import InvalidParameterError
from treeviz.search.alphabeta import search_alphabeta, search_minimax
from treeviz.search.astar import search_astar
from treeviz.search.greedy import search_greedy
from treeviz.search.mcts import search_mcts
from treeviz.search.random_agent import search_random
from treeviz.search.solver import search_solver
from treeviz.trace import SearchResult

Searcher = Callable[..., SearchResult]

AGENTS: dict[str, Searcher] = {
    "random": search_random,
    "greedy": search_greedy,
    "astar": search_astar,
    "minimax": search_minimax,
    "alphabeta": search_alphabeta,
    "mcts": search_mcts,
    "solver": search_solver,
}


def register(name: str, searcher: Searcher) -> None:
    """Add an agent: ``searcher(position, **params) -> SearchResult``."""
    AGENTS[name] = searcher


def agent_params(agent: str) -> dict[str, Any]:
    """The parameters ``agent`` accepts and their defaults."""
    sig = inspect.signature(get_agent(agent))
    return {n: p.default for n, p in list(sig.parameters.items())[1:]}


def get_agent(agent: str) -> Searcher:
    """The searcher registered as ``agent``; :class:`InvalidParameterError` otherwise."""
    try:
        return AGENTS[agent]
    except KeyError:
        raise InvalidParameterError(
            f"unknown agent {agent!r}: choose one of {', '.join(AGENTS)}"
        ) from None


def search(position: Position, agent: str, **params: Any) -> SearchResult:
    """Run ``agent`` on ``position``; unknown or bad parameters raise
    :class:`InvalidParameterError`, a finished game :class:`InvalidPositionError`."""
    known = agent_params(agent)
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise InvalidParameterError(
            f"agent {agent!r} has no parameter {', '.join(map(repr, unknown))}; "
            f"it takes {', '.join(known) or 'none'}"
        )
    return get_agent(agent)(position, **params)


__all__ = ["AGENTS", "agent_params", "get_agent", "register", "search"]
