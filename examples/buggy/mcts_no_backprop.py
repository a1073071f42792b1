"""BUGGY (teaching example): an MCTS whose results never reach its tree.

The search: Monte Carlo Tree Search as the course notebooks write it: a board of
'X', 'O' and '-' (row 0 at the top), a ``Node`` class with ``children``, ``visits``
and ``wins``, UCT selection, random rollouts and a backpropagation that walks from
the new node up to the root. ITERATIONS iterations, seeded from the position.

THE BUG, in ``MCTS.expand``: ``Node.add_child`` puts a NEW node in the tree (a copy
with its ``parent`` set) and ``expand`` returns the node it built itself, which is
not in the tree and has no parent. The rollout's result is added to that orphan and
the walk up stops at once: no node of the tree ever gets a visit or a win. UCT sees
only unvisited children (worth ``inf``), so the search just walks down the first
child, and every root child ends with 0 visits: the "most visited" move is the
first one expanded, a random column. (The fix: ``return node.children[-1]``, or
let ``add_child`` return the node it stored.)

Symptom a player sees: the AI plays at random: it misses fours in one and never
blocks, however many iterations it is given.

Doctor check: ``misses-win`` (and ``misses-block``); a traced tree would show every
root child with 0 visits.

    treeviz analyze 4453 --agent examples/buggy/mcts_no_backprop.py:choose
"""

import random

from notebook_board.mcts import (
    ITERATIONS,
    legal_moves,
    other,
    play,
    random_playout,
    to_board,
    uct,
)


class Node:
    def __init__(self, board, to_play, parent=None, move=None, won=False):
        self.board = board
        self.to_play = to_play      # who plays next here
        self.parent = parent
        self.move = move            # the column that led here
        self.won = won              # the move that led here made four in a row
        self.children = []
        self.untried = [] if won else legal_moves(board)
        self.visits = 0
        self.wins = 0.0             # for the player who moved into this node

    def add_child(self, child):
        self.children.append(Node(child.board, child.to_play, self, child.move, child.won))


class MCTS:
    def __init__(self, board, to_play, rng):
        self.root = Node(board, to_play)
        self.rng = rng

    def select(self, node):
        while not node.untried and node.children:
            node = max(node.children, key=uct)
        return node

    def expand(self, node):
        if not node.untried:        # a finished game: nothing to expand
            return node
        col = self.rng.choice(node.untried)
        node.untried.remove(col)
        board, won = play(node.board, col, node.to_play)
        child = Node(board, other(node.to_play), move=col, won=won)
        node.add_child(child)
        return child                # BUG: the tree holds add_child's copy, not this node

    def rollout(self, node):
        """Random moves to the end; the winner's symbol, or None for a draw."""
        if node.won:
            return other(node.to_play)
        return random_playout(node.board, node.to_play, self.rng)

    def backpropagate(self, node, winner):
        while node is not None:
            node.visits += 1
            if winner is None:
                node.wins += 0.5
            elif winner == other(node.to_play):   # the player who moved into node won
                node.wins += 1
            node = node.parent

    def search(self):
        for _ in range(ITERATIONS):
            leaf = self.expand(self.select(self.root))
            winner = self.rollout(leaf)
            self.backpropagate(leaf, winner)
        best = max(self.root.children, key=lambda n: n.visits)
        return best.move


def choose(pos):
    """The agent: the most visited column (1-7) after ITERATIONS iterations."""
    rng = random.Random(str(pos))   # seeded from the position: same position, same move
    return MCTS(to_board(pos), pos.side_to_move, rng).search() + 1
