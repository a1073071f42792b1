"""MCTS on treeviz's own Position class (copy / play / winner / legal_moves).

visit(node) is one iteration below `node` and returns its result in [0, 1] for the
player to move at `node` (1 = win, 0.5 = draw, 0 = loss). A node's `score` adds up
the results seen from its parent's side, so the parent picks the child with the best
score / visits (plus the UCB bonus). Final move: most visits.
"""

import math
import random

import treeviz

ITERATIONS = 1000
EXPLORATION = math.sqrt(2)


class MctsNode:
    def __init__(self, pos):
        self.pos = pos
        self.children = {}
        self.untried = pos.legal_moves()
        self.visits = 0
        self.score = 0.0

    def ucb(self, child):
        return (child.score / child.visits
                + EXPLORATION * math.sqrt(math.log(self.visits) / child.visits))


def playout(pos, rng):
    """Random moves to the end; 1 if the player to move in `pos` wins, 0.5 draw, 0 loss."""
    me = pos.side_to_move
    pos = pos.copy()
    while not pos.is_over():
        pos.push(rng.choice(pos.legal_moves()))
    if pos.winner() is None:
        return 0.5
    return 1.0 if pos.winner() == me else 0.0


@treeviz.traced(position=lambda node, rng: node.pos, value=lambda r: 2 * r - 1,
                visits=lambda node, rng: node.visits)
def visit(node, rng):
    if node.pos.winner() is not None:
        result = 0.0
    elif node.pos.is_full():
        result = 0.5
    elif node.visits == 0:
        result = playout(node.pos, rng)
    else:
        if node.untried:
            col = node.untried.pop(rng.randrange(len(node.untried)))
            child_pos = node.pos.copy()
            child_pos.play(col)
            node.children[col] = MctsNode(child_pos)
        else:
            col = max(node.children, key=lambda c: node.ucb(node.children[c]))
        child = node.children[col]
        result = visit(child, rng)
        child.score += result
    node.visits += 1
    return result


def choose(pos):
    rng = random.Random(99)
    root = MctsNode(pos.copy())
    for _ in range(ITERATIONS):
        visit(root, rng)
    best = max(root.children, key=lambda c: root.children[c].visits)
    return best + 1
