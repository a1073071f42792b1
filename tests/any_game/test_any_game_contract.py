"""The contract of the agents on any game: seeded random games of every registered
game, every agent searching at each step, the trace's invariants checked each time
(parent before child, depth, each move legal in its parent's state, the root's value
backed up from the chosen child, MCTS's visits adding up)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from any_game_helpers import AGENT_SPECS, check_trace, games

from treeviz.agents.any_game.registry import search_game
from treeviz.errors import InvalidPositionError

GAMES = games()
STEPS = 4  # searched positions per game, spread over one random game


def positions(game: Any, seed: int) -> list[Any]:
    """Up to ``STEPS`` unfinished positions of one seeded random game, spread over it."""
    rng, state, seen = random.Random(seed), game.initial(), []
    while game.outcome(state) is None:
        seen.append(state)
        state = game.play(state, rng.choice(game.legal_moves(state)))
    stride = max(1, len(seen) // STEPS)
    return seen[::stride][:STEPS]


@pytest.mark.parametrize("name", list(GAMES))
def test_every_agent_keeps_the_trace_contract(name: str) -> None:
    game = GAMES[name]
    for state in positions(game, seed=len(name)):
        for spec in AGENT_SPECS:
            agent = spec.partition(":")[0]
            try:
                res = search_game(game, state, spec)
            except InvalidPositionError as exc:  # the solver's node budget
                assert agent == "solver" and "node_budget" in str(exc)
                continue
            check_trace(game, state, res, agent)
