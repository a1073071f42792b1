"""The random and greedy agents on any game.

Random: a uniformly random legal move from a seeded generator; each row's value is
the chance of picking it. Greedy looks one ply ahead: a move that ends the game is
worth its outcome (a win ``WIN - 1``), any other the heuristic a person passes (0
without one) for the side that played it; the best is chosen, ties to the move listed
first.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from treeviz.agents.any_game.tree import (
    ROOT_ARGS,
    Heuristic,
    Search,
    heuristic_points,
    outcome_value,
    row,
    side_of,
    to_parent,
)
from treeviz.trace.nodes import C_LEAVES, TERMINAL, MoveStat


def pick_random(search: Search, seed: int) -> tuple[int, list[MoveStat]]:
    """(the move, the rows): one child recorded per legal move, nothing searched."""
    game, state = search.game, search.root
    legal = game.legal_moves(state)
    root = search.add(*ROOT_ARGS)
    for move in legal:
        search.add(root, move, 1)
    best = legal[int(np.random.default_rng(seed).integers(len(legal)))]
    text = f"chosen with probability 1/{len(legal)}"
    return best, [row(game, state, m, 1 / len(legal), text) for m in legal]


def pick_greedy(search: Search, heuristic: Heuristic | None) -> tuple[int, int, list[MoveStat]]:
    """(the move, its value, the rows) of a one-ply look for the root's side."""
    game, state, side = search.game, search.root, search.root_side
    root = search.add(*ROOT_ARGS)
    values: dict[int, int] = {}
    for move in game.legal_moves(state):
        child = game.play(state, move)
        child_side = side_of(game, child, side)
        node = search.add(root, move, 1)
        search.rec.ctr[C_LEAVES] += 1
        value = leaf_value(search, node, child, child_side, heuristic)
        values[move] = to_parent(value, child_side, side)
    legal = list(values)
    best = max(legal, key=lambda m: (values[m], -legal.index(m)))
    search.set(root, value=values[best])
    return best, values[best], [row(game, state, m, float(values[m])) for m in legal]


def leaf_value(
    search: Search, node: int, state: Any, side: int, heuristic: Heuristic | None
) -> int:
    """A child's value for its side: the outcome when the game is over, else the
    heuristic's points (recorded as its static evaluation too)."""
    returns = search.game.outcome(state)
    if returns is not None:
        value = outcome_value(returns, side, 1)
        search.set(node, value=value, flags=TERMINAL)
        return value
    points = heuristic_points(heuristic, search.game, state, side)
    search.set(node, value=points, static_eval=points)
    return points
