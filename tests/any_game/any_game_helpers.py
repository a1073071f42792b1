"""What the tests of the agents on any game share: the games, small settings of every
agent, and the trace's invariants checked after a search."""

from __future__ import annotations

from typing import Any

import numpy as np

from treeviz.rules import GAMES, NOBODY, load_game
from treeviz.rules.connect4 import Connect4
from treeviz.trace.nodes import NO_VALUE, WIN, SearchResult
from treeviz.trace.values import PROVEN

# Every agent, small enough to run at each step of a game.
AGENT_SPECS = (
    "random:seed=4",
    "greedy",
    "minimax:depth=2",
    "alphabeta:depth=3",
    "mcts:iterations=60,seed=1",
    "solver:node_budget=1500",
)
NEGAMAX = ("minimax", "alphabeta", "solver")


def games() -> dict[str, Any]:
    """Every registered game, and a 3 x 3 Hex small enough to solve."""
    return {**{name: load_game(name) for name in GAMES}, "hex3": load_game("hex(board_size=3)")}


def side(game: Any, state: Any, parent_side: int) -> int:
    """The player whose view a node's value takes: the one to move, or at a finished
    node the one who did not make the last move (as the agents document)."""
    mover = game.to_move(state)
    return 1 - parent_side if mover == NOBODY else mover


def root_move(game: Any, res: SearchResult) -> int:
    """The chosen move as the trace stores it (Connect 4's answer is 1-based)."""
    return res.move - 1 if isinstance(game, Connect4) else res.move


def check_trace(game: Any, state: Any, res: SearchResult, agent: str) -> None:
    """The invariants every search's trace keeps (see test_any_game_contract)."""
    trace, nodes = res.trace, res.trace.nodes
    parent, depth = nodes["parent"].astype(np.int64), nodes["depth"]
    assert parent[0] == -1 and depth[0] == 0
    ids = np.arange(1, len(trace))
    assert (parent[1:] < ids).all() and (parent[1:] >= 0).all(), "a parent after its child"
    assert (depth[1:] == depth[parent[1:]] + 1).all(), "depth is not the parent's + 1"
    assert game.key(game.from_text(trace.root_moves)) == game.key(state)
    states = {0: state}
    for i in range(1, len(trace)):  # every move legal in its parent's state
        p = int(parent[i])
        assert int(nodes["move"][i]) in game.legal_moves(states[p]), f"node {i}"
        states[i] = game.play(states[p], int(nodes["move"][i]))
    assert root_move(game, res) in game.legal_moves(state)
    assert len(res.moves) == len(game.legal_moves(state))
    if agent in NEGAMAX:
        check_backup(game, state, res)
    if agent == "mcts":
        check_visits(res)


def check_backup(game: Any, state: Any, res: SearchResult) -> None:
    """Every node valued; the root's value is the chosen child's, as the root sees it."""
    nodes = res.trace.nodes
    assert (nodes["value"] != NO_VALUE).all()
    move = root_move(game, res)
    kid = next(int(k) for k in res.trace.children(0) if nodes["move"][k] == move)
    root_side = game.to_move(state)
    kid_side = side(game, game.play(state, move), root_side)
    kid_value = int(nodes["value"][kid])
    assert nodes["value"][0] == (kid_value if kid_side == root_side else -kid_value)
    raw = int(nodes["value"][0])
    if abs(raw) < PROVEN:  # points (0 without a heuristic): the number itself
        assert res.value == raw and res.outcome is None
        return
    # a decided game: never the stored WIN - plies, but its result and plies
    assert res.outcome is not None and res.outcome["plies"] == WIN - abs(raw)
    assert res.outcome["result"] == ("win" if raw > 0 else "loss")
    if not isinstance(game, Connect4):  # Connect 4's is its exact score
        assert res.value == (1 if raw > 0 else -1)


def check_visits(res: SearchResult) -> None:
    """A node's visits are its children's plus the iterations that ended at it."""
    trace, nodes = res.trace, res.trace.nodes
    ended = np.bincount([row[0] for row in trace.extra["log"]], minlength=len(trace))
    below = np.bincount(nodes["parent"][1:], weights=nodes["visits"][1:], minlength=len(trace))
    assert np.array_equal(nodes["visits"], below.astype(np.int64) + ended)
    assert nodes["visits"][0] == trace.params["iterations"]
