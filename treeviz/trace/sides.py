"""Whose view a node's stored value takes, and the states of a trace's nodes.

A negamax trace stores each node's value for its side: the player to move there, or,
at a finished node (nobody to move), the player who did not make the last move
(:mod:`treeviz.agents.any_game.tree`). Connect 4's players alternate every ply, so the
depth's parity says the side; another game may let one player move twice in a row
(checkers' multiple jumps), so there the side is read from the replayed state's
player to move, never from the depth.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from treeviz.rules.protocol import NOBODY
from treeviz.trace.nodes import Trace

SIGNS = "_root_signs"  # in a Trace's __dict__: every node's sign, built once


def root_sign(trace: Trace, node: int) -> int:
    """+1 when ``node``'s stored value is for the player to move at the root, -1 when it
    is for the other player (its path replayed, for another game than Connect 4)."""
    cached = trace.__dict__.get(SIGNS)
    if cached is not None:
        return int(cached[node])
    if trace.is_connect4:
        depth = int(trace.nodes["depth"][node]) - int(trace.nodes["depth"][0])
        return 1 if depth % 2 == 0 else -1
    game = trace.rules()
    state = game.from_text(trace.root_moves)
    root_side = side = game.to_move(state)
    for n in trace.path(node)[1:]:
        state = game.play(state, int(trace.nodes["move"][n]))
        side = _side(game.to_move(state), side)
    return 1 if side == root_side else -1


def root_signs(trace: Trace) -> np.ndarray:
    """:func:`root_sign` of every node (int8, indexed by id), built once per trace: one
    move played per node, parents before their children."""
    cached = trace.__dict__.get(SIGNS)
    if cached is not None:
        return np.asarray(cached)
    if trace.is_connect4:
        depth = trace.nodes["depth"].astype(np.int64) - int(trace.nodes["depth"][0])
        signs = np.where(depth % 2 == 0, 1, -1).astype(np.int8)
    else:
        signs = _game_signs(trace)
    trace.__dict__[SIGNS] = signs
    return signs


def node_states(trace: Trace) -> list[Any]:
    """The state of every node of another game's trace, indexed by id: each played
    once from its parent's (parents precede their children)."""
    game = trace.rules()
    states: list[Any] = [game.from_text(trace.root_moves)]
    parents, moves = trace.nodes["parent"].tolist(), trace.nodes["move"].tolist()
    for i in range(1, len(trace)):
        states.append(game.play(states[parents[i]], moves[i]))
    return states


def _game_signs(trace: Trace) -> np.ndarray:
    """Every node's sign in another game, read from its replayed state."""
    game = trace.rules()
    states = node_states(trace)
    root_side = game.to_move(states[0])
    sides = [root_side]
    parents = trace.nodes["parent"].tolist()
    for i in range(1, len(trace)):
        sides.append(_side(game.to_move(states[i]), sides[parents[i]]))
    return np.where(np.array(sides) == root_side, 1, -1).astype(np.int8)


def _side(mover: int, parent_side: int) -> int:
    """A node's side: its player to move, or at a finished node the player who did not
    make the last move (the parent's side moved last)."""
    return 1 - parent_side if mover == NOBODY else mover
