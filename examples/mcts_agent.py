"""A Monte Carlo Tree Search for Connect 4, written the way course notebooks write it:
a NumPy board (row 0 at the top, 0 empty, 1 and 2 the players), a ``Node`` class, UCT
selection and random playouts, and a recursive ``descend`` that returns the result
of one iteration for the player to move at the node (1 win, 0.5 draw, 0 loss).

Tracing ``descend`` records the tree: every iteration that comes back to a node adds
to its visits and the mean of its results.

    treeviz explain 4453 --agent examples/mcts_agent.py:choose
"""

import math
import random

import numpy as np

import treeviz

ROWS, COLS = 6, 7
ITERATIONS = 400
C = math.sqrt(2)


def valid_moves(board):
    return [c for c in range(COLS) if board[0, c] == 0]


def play(board, col, piece):
    new = board.copy()
    row = max(r for r in range(ROWS) if new[r, col] == 0)
    new[row, col] = piece
    return new


def winner(board):
    for piece in (1, 2):
        mine = board == piece
        if (mine[:, :-3] & mine[:, 1:-2] & mine[:, 2:-1] & mine[:, 3:]).any():
            return piece
        if (mine[:-3] & mine[1:-2] & mine[2:-1] & mine[3:]).any():
            return piece
        if (mine[:-3, :-3] & mine[1:-2, 1:-2] & mine[2:-1, 2:-1] & mine[3:, 3:]).any():
            return piece
        if (mine[3:, :-3] & mine[2:-1, 1:-2] & mine[1:-2, 2:-1] & mine[:-3, 3:]).any():
            return piece
    return 0


class Node:
    def __init__(self, board, to_move):
        self.board = board
        self.to_move = to_move
        self.children = {}
        self.visits = 0
        self.wins = 0.0  # results for the player who moved into this node


def rollout(board, to_move):
    """A random game; 1 if ``to_move`` wins, 0.5 a draw, 0 a loss."""
    player = to_move
    while True:
        won = winner(board)
        if won:
            return 1.0 if won == to_move else 0.0
        moves = valid_moves(board)
        if not moves:
            return 0.5
        board = play(board, random.choice(moves), player)
        player = 3 - player


# results are win rates for the player to move (0..1); treeviz reads values that
# change sign with the side, so 2r - 1 (1 a win, -1 a loss) is the value it records;
# visits= hands it the node's own count, which the doctor checks adds up
@treeviz.traced(position=lambda node: node.board, value=lambda r: 2 * r - 1,
                visits=lambda node: node.visits)
def descend(node):
    """One iteration from ``node``: select, expand, play out, back up."""
    won = winner(node.board)
    if won or not valid_moves(node.board):
        result = 0.0 if won else 0.5  # the player to move here has lost, or a draw
    elif node.visits == 0:
        result = rollout(node.board, node.to_move)
    else:
        untried = [c for c in valid_moves(node.board) if c not in node.children]
        if untried:
            col = random.choice(untried)
            node.children[col] = Node(play(node.board, col, node.to_move), 3 - node.to_move)
        else:
            col = max(node.children, key=lambda c: uct(node, node.children[c]))
        child = node.children[col]
        result = 1.0 - descend(child)  # the child's result is for its player to move
        child.wins += result
    node.visits += 1
    return result


def uct(parent, child):
    return child.wins / child.visits + C * math.sqrt(math.log(parent.visits) / child.visits)


def to_board(pos):
    """treeviz's position as this file's board: row 0 at the top, X is 1, O is 2."""
    return np.array([[0 if c is None else 1 if c == "X" else 2 for c in row]
                     for row in pos.rows()], dtype=np.int8)


def choose(pos):
    """The agent: the most visited column after ITERATIONS iterations (seeded)."""
    random.seed(0)
    root = Node(to_board(pos), 1 if pos.side_to_move == "X" else 2)
    for _ in range(ITERATIONS):
        descend(root)
    best = max(root.children, key=lambda c: root.children[c].visits)
    return best + 1
