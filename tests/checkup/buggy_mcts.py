"""Monte Carlo Tree Searches written the way course notebooks write them (the helpers
of ``examples/mcts_agent.py``: a NumPy board, a ``Node`` class, UCT and random
playouts), each with ONE bug that shows in the tree's counts or means, and a log kept
apart from treeviz: the node objects in the order of their first call (a recursive
traced MCTS's node ids), so that the tests find the expected node without treeviz.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import treeviz

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import mcts_agent as m

ORDER: list[Any] = []  # node objects, by first call
_SEEN: set[int] = set()


def logged(fn: Callable[[Any], float]) -> Callable[[Any], float]:
    """Log the first call of every node object (see the module docs)."""

    def wrapper(node: Any) -> float:
        if id(node) not in _SEEN:
            _SEEN.add(id(node))
            ORDER.append(node)
        return fn(node)

    return wrapper


def search(descend: Callable[[Any], float], moves: str, iterations: int, seed: int = 0) -> Any:
    """``iterations`` of ``descend`` from the position after ``moves``, recorded (the
    root a call) and the log fresh; the result."""
    ORDER.clear()
    _SEEN.clear()
    random.seed(seed)
    pos = treeviz.Position.from_moves(moves)
    root = m.Node(m.to_board(pos), 1 if pos.side_to_move == "X" else 2)
    with treeviz.recording(check=True) as rec:
        for _ in range(iterations):
            descend(root)
    return rec.result


def _step(node: Any, descend: Callable[[Any], float], flip: bool = True) -> float:
    """Expand an untried column or follow UCT, then descend (the example's own); the
    child's result flipped to the node's player (``flip``) or kept as it came."""
    untried = [c for c in m.valid_moves(node.board) if c not in node.children]
    if untried:
        col = random.choice(untried)
        node.children[col] = m.Node(m.play(node.board, col, node.to_move), 3 - node.to_move)
    else:
        col = max(node.children, key=lambda c: m.uct(node, node.children[c]))
    child = node.children[col]
    result = 1.0 - descend(child) if flip else descend(child)
    child.wins += result
    return result


COUNTED = {
    "position": lambda node: node.board,
    "value": lambda r: 2 * r - 1,
    "visits": lambda node: node.visits,
}


@treeviz.traced(**COUNTED)
@logged
def ends_counted_twice(node: Any) -> float:
    """BUG: a finished game counts its visit where it is scored and again with every
    node's, so the parent of a four or a full board has fewer visits than its
    children's sum."""
    won = m.winner(node.board)
    if won or not m.valid_moves(node.board):
        node.visits += 1  # BUG: counted again below
        result = 0.0 if won else 0.5
    elif node.visits == 0:
        result = m.rollout(node.board, node.to_move)
    else:
        result = _step(node, ends_counted_twice)
    node.visits += 1
    return result


@treeviz.traced(**COUNTED)
@logged
def expansion_uncounted(node: Any) -> float:
    """BUG: the iteration that expands a new child returns before counting the visit
    at the node: the node keeps its count of one and expands again on its next call,
    so its count falls behind the iterations through it (below its children's sum
    plus one at the root, whose every iteration goes to a child)."""
    won = m.winner(node.board)
    if won or not m.valid_moves(node.board):
        result = 0.0 if won else 0.5
    elif node.visits == 0:
        result = m.rollout(node.board, node.to_move)
    else:
        expands = any(c not in node.children for c in m.valid_moves(node.board))
        result = _step(node, expansion_uncounted)
        if expands:
            return result  # BUG: node.visits += 1 skipped
    node.visits += 1
    return result


ROOT_PLAYER = [1]  # the player to move at the root of the current search


@treeviz.traced(**COUNTED)
@logged
def root_view(node: Any) -> float:
    """BUG: every result is counted for the player to move at the root, at every
    level (the course notebooks' ``reward = 1 if winner == ai else 0``, never flipped):
    the opponent's choices below the root follow the root player's results, so the
    search expects the opponent to help it, and the means at the opponent's nodes have
    the wrong sign."""
    return root_view_step(node, root_view)


def root_view_step(node: Any, descend: Callable[[Any], float]) -> float:
    """:func:`root_view`'s body, its recursive calls to ``descend`` (so that a test may
    trace it another way)."""
    me = ROOT_PLAYER[0]
    won = m.winner(node.board)
    if won or not m.valid_moves(node.board):
        result = (1.0 if won == me else 0.0) if won else 0.5
    elif node.visits == 0:
        result = m.rollout(node.board, me)
    else:
        result = _step(node, descend, flip=False)  # BUG: the root player's result
    node.visits += 1
    return result


@treeviz.traced(
    position=lambda node: node.board, value=lambda r: 1 - 2 * r, visits=lambda node: node.visits
)
@logged
def mover_values(node: Any) -> float:
    """The example's correct search, its results returned as the value of the player
    who moved INTO the node (negated), where treeviz reads a node's value for the
    player to move there: every level reversed, the search's own convention."""
    won = m.winner(node.board)
    if won or not m.valid_moves(node.board):
        result = 0.0 if won else 0.5
    elif node.visits == 0:
        result = m.rollout(node.board, node.to_move)
    else:
        result = _step(node, mover_values)
    node.visits += 1
    return result
