"""MCTS with UCT for Connect 4 (trabalho 2).

class game: numpy board np.full([NUM_ROW, NUM_COL], EMPTY), row 0 on top; the pieces
are PIECE_X = 1 and PIECE_O = 2; `turn` counts the moves made (X plays on even turns).
class MCTS: choose -> expand / bestChild (UCB), rollout (random game), backpropagation.
Each node's `value` counts the wins of the player who made the move into the node.
At the end the child with the best ratio value / visits is played.
"""

import copy
import math
import random

import numpy as np

NUM_ROW, NUM_COL = 6, 7
EMPTY, PIECE_X, PIECE_O = 0, 1, 2
MAX_ITER = 500
MCTS_C = 1.0


class game:
    def __init__(self):
        self.board = np.full([NUM_ROW, NUM_COL], EMPTY)
        self.turn = 0
        self.last_move = None
        self.gameWinner = None

    def player(self):
        return PIECE_X if self.turn % 2 == 0 else PIECE_O

    def drawBoard(self):
        for row in self.board:
            print(" ".join(".XO"[int(v)] for v in row))
        print("1 2 3 4 5 6 7")

    def availableCollumns(self):
        if self.gameWinner is not None:
            return []
        return [c for c in range(NUM_COL) if self.board[0][c] == EMPTY]

    def playOneTurn(self, col, piece):
        for r in range(NUM_ROW - 1, -1, -1):
            if self.board[r][col] == EMPTY:
                self.board[r][col] = piece
                self.last_move = col
                self.turn += 1
                if self.fourFrom(r, col, piece):
                    self.gameWinner = piece
                return True
        return False

    def fourFrom(self, row, col, piece):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            count = 1
            for s in (1, -1):
                r, c = row + s * dr, col + s * dc
                while 0 <= r < NUM_ROW and 0 <= c < NUM_COL and self.board[r][c] == piece:
                    count += 1
                    r, c = r + s * dr, c + s * dc
            if count >= 4:
                return True
        return False

    def gameOver(self):
        return self.gameWinner is not None or len(self.availableCollumns()) == 0


class Node:
    def __init__(self, state, parent=None):
        self.visits = 0
        self.value = 0
        self.state = state
        self.parent = parent
        self.children = []
        self.children_move = []

    def full_explored(self):
        return len(self.children) == len(self.state.availableCollumns())


class MCTS:
    def __init__(self, c=MCTS_C, max_iterations=MAX_ITER):
        self.exploring_rate = c
        self.max_iterations = max_iterations

    def getMove(self, state):
        root = Node(copy.deepcopy(state))
        for _ in range(self.max_iterations):
            node = self.choose(root)
            winner = self.rollout(node)
            self.backpropagation(node, winner)
        melhorValor = float("-inf")
        melhorMove = None
        for child, move in zip(root.children, root.children_move, strict=True):
            if child.value / child.visits > melhorValor:
                melhorValor = child.value / child.visits
                melhorMove = move
        return melhorMove

    def choose(self, node):
        while not node.state.gameOver():
            if not node.full_explored():
                return self.expand(node)
            node = self.bestChild(node)
        return node

    def expand(self, node):
        notTaken = [a for a in node.state.availableCollumns() if a not in node.children_move]
        action = random.choice(notTaken)
        newstate = copy.deepcopy(node.state)
        newstate.playOneTurn(action, newstate.player())
        child = Node(newstate, parent=node)
        node.children.append(child)
        node.children_move.append(action)
        return child

    def bestChild(self, node):
        bestScore = float("-inf")
        best = []
        for child in node.children:
            score = (child.value / child.visits
                     + self.exploring_rate * math.sqrt(2 * math.log(node.visits) / child.visits))
            if score == bestScore:
                best.append(child)
            if score > bestScore:
                best = [child]
                bestScore = score
        return random.choice(best)

    def rollout(self, node):
        new = copy.deepcopy(node.state)
        while not new.gameOver():
            new.playOneTurn(random.choice(new.availableCollumns()), new.player())
        return new.gameWinner  # None for a draw

    def backpropagation(self, node, winner):
        while node is not None:
            node.visits += 1
            if node.parent is not None:
                mover = node.parent.state.player()
                if winner == mover:
                    node.value += 1
                elif winner is None:
                    node.value += 0.5
            node = node.parent


def ai_move(pos):
    random.seed(12345)
    state = game()
    for r, row in enumerate(pos.rows()):
        for c, cell in enumerate(row):
            if cell is not None:
                state.board[r][c] = PIECE_X if cell == "X" else PIECE_O
    state.turn = pos.ply
    return MCTS().getMove(state) + 1
