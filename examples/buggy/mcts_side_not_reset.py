"""BUGGY (teaching example): an MCTS that loses track of whose turn it is.

The search: Monte Carlo Tree Search as the course notebooks write it: a board of
'X', 'O' and '-' (row 0 at the top), a ``Node`` class with ``children``, ``visits``
and ``wins``, UCT selection, random rollouts and backpropagation to the root.
ITERATIONS iterations, seeded from the position. The ``MCTS`` object keeps whose
turn it is in ``self.player``, switched every time the search goes one move down.

THE BUG, in ``MCTS.search``: ``self.player`` is set to the player to move once, in
``__init__``, and never put back to ``self.root_player`` at the start of each
iteration. After an iteration that went down an odd number of moves, the next one
starts with the wrong player: it drops the opponent's stone at the root, expands
children with the wrong colour and plays its rollouts for the wrong side. Half of
the tree is about a game that never happens. (The fix: ``self.player =
self.root_player`` as the first line of the loop.)

Symptom a player sees: the AI seems to play "for you" from time to time: it puts a
stone where YOU would win, misses its own fours and leaves yours open.

Doctor check: ``misses-win`` / ``misses-block``.

    treeviz analyze 4453 --agent examples/buggy/mcts_side_not_reset.py:choose
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
    def __init__(self, board, mover=None, parent=None, move=None, won=False):
        self.board = board
        self.mover = mover          # who played the move that led here
        self.parent = parent
        self.move = move            # the column that led here
        self.won = won              # the move that led here made four in a row
        self.children = []
        self.untried = [] if won else legal_moves(board)
        self.visits = 0
        self.wins = 0.0             # for the player who moved into this node


class MCTS:
    def __init__(self, board, to_play, rng):
        self.root = Node(board)
        self.root_player = to_play
        self.player = to_play       # whose turn it is at the node the search has reached
        self.rng = rng

    def select(self, node):
        while not node.untried and node.children:
            node = max(node.children, key=uct)
            self.player = other(self.player)
        return node

    def expand(self, node):
        if not node.untried:        # a finished game: nothing to expand
            return node
        col = self.rng.choice(node.untried)
        node.untried.remove(col)
        board, won = play(node.board, col, self.player)
        child = Node(board, self.player, node, col, won)
        node.children.append(child)
        self.player = other(self.player)
        return child

    def rollout(self, node):
        """Random moves to the end; the winner's symbol, or None for a draw."""
        if node.won:
            return node.mover
        return random_playout(node.board, self.player, self.rng)

    def backpropagate(self, node, winner):
        while node is not None:
            node.visits += 1
            if winner is None:
                node.wins += 0.5
            elif winner == node.mover:       # the player who moved into node won
                node.wins += 1
            node = node.parent

    def search(self):
        for _ in range(ITERATIONS):
            # BUG: self.player = self.root_player is missing here
            leaf = self.expand(self.select(self.root))
            winner = self.rollout(leaf)
            self.backpropagate(leaf, winner)
        best = max(self.root.children, key=lambda n: n.visits)
        return best.move


def choose(pos):
    """The agent: the most visited column (1-7) after ITERATIONS iterations."""
    rng = random.Random(str(pos))   # seeded from the position: same position, same move
    return MCTS(to_board(pos), pos.side_to_move, rng).search() + 1
