"""Monte Carlo Tree Search (UCT) for Connect 4 -- lab 5.

State: a numpy 6x7 array, row 0 at the top, 0 empty, 1 and 2 the players.
Each iteration: selection with UCB1, expansion of one untried move, a random rollout,
backpropagation up the parent links. Every node keeps `wins` from the point of view of
the player who made the move into that node (so that the parent can maximise it).
The move played is the most visited child of the root.
"""

import math
import random

import numpy as np

ROWS, COLS = 6, 7
ITERATIONS = 700
C = 1.4


class State:
    def __init__(self, board, player):
        self.board = board
        self.player = player  # who moves next
        self.last = None  # (row, col) of the last move

    def moves(self):
        if self.last is not None and self.wins_at(*self.last):
            return []
        return [c for c in range(COLS) if self.board[0, c] == 0]

    def play(self, col):
        board = self.board.copy()
        row = ROWS - 1
        while board[row, col] != 0:
            row -= 1
        board[row, col] = self.player
        new = State(board, 3 - self.player)
        new.last = (row, col)
        return new

    def wins_at(self, row, col):
        piece = self.board[row, col]
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            count = 1
            for sign in (1, -1):
                r, c = row + sign * dr, col + sign * dc
                while 0 <= r < ROWS and 0 <= c < COLS and self.board[r, c] == piece:
                    count += 1
                    r, c = r + sign * dr, c + sign * dc
            if count >= 4:
                return True
        return False

    def winner(self):
        """1 or 2 if the last move won, 0 otherwise."""
        if self.last is not None and self.wins_at(*self.last):
            return 3 - self.player
        return 0


class Node:
    def __init__(self, state, parent=None, move=None):
        self.state = state
        self.parent = parent
        self.move = move
        self.children = []
        self.untried = state.moves()
        self.wins = 0.0
        self.visits = 0

    def ucb_child(self):
        log_n = math.log(self.visits)
        return max(self.children,
                   key=lambda ch: ch.wins / ch.visits + C * math.sqrt(log_n / ch.visits))


def rollout(state, rng):
    while True:
        moves = state.moves()
        if not moves:
            return state.winner()
        state = state.play(rng.choice(moves))


def mcts(root_state, iterations, rng):
    root = Node(root_state)
    for _ in range(iterations):
        node = root
        # 1. selection
        while not node.untried and node.children:
            node = node.ucb_child()
        # 2. expansion
        if node.untried:
            col = rng.choice(node.untried)
            node.untried.remove(col)
            child = Node(node.state.play(col), parent=node, move=col)
            node.children.append(child)
            node = child
        # 3. simulation
        winner = rollout(node.state, rng)
        # 4. backpropagation
        while node is not None:
            node.visits += 1
            if node.parent is not None:
                mover = node.parent.state.player
                if winner == mover:
                    node.wins += 1
                elif winner == 0:
                    node.wins += 0.5
            node = node.parent
    return root


def mcts_move(pos):
    board = np.array([[0 if c is None else 1 if c == "X" else 2 for c in row]
                      for row in pos.rows()], dtype=np.int8)
    player = 1 if pos.side_to_move == "X" else 2
    rng = random.Random(2024)
    root = mcts(State(board, player), ITERATIONS, rng)
    best = max(root.children, key=lambda ch: ch.visits)
    return best.move + 1
