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

import math
import random

ROWS, COLS = 6, 7
ITERATIONS = 200
C = math.sqrt(2)


def other(symbol):
    return 'O' if symbol == 'X' else 'X'


def legal_moves(board):
    return [c for c in range(COLS) if board[0][c] == '-']


def drop(board, col, symbol):
    """Drop ``symbol`` into ``col``; returns the row it landed in."""
    for r in range(ROWS - 1, -1, -1):
        if board[r][col] == '-':
            board[r][col] = symbol
            return r


def check_win(board, row, col, symbol):
    """Does the stone just dropped at (row, col) make four in a row?"""
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < ROWS and 0 <= c < COLS and board[r][c] == symbol:
                count += 1
                r, c = r + sign * dr, c + sign * dc
        if count >= 4:
            return True
    return False


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

    def uct(self):
        if self.visits == 0:
            return math.inf
        return self.wins / self.visits + C * math.sqrt(math.log(self.parent.visits) / self.visits)


class MCTS:
    def __init__(self, board, to_play, rng):
        self.root = Node(board, to_play)
        self.rng = rng

    def select(self, node):
        while not node.untried and node.children:
            node = max(node.children, key=lambda n: n.uct())
        return node

    def expand(self, node):
        if not node.untried:        # a finished game: nothing to expand
            return node
        col = self.rng.choice(node.untried)
        node.untried.remove(col)
        board = [row[:] for row in node.board]
        row = drop(board, col, node.to_play)
        child = Node(board, other(node.to_play), move=col, won=check_win(board, row, col, node.to_play))
        node.add_child(child)
        return child                # BUG: the tree holds add_child's copy, not this node

    def rollout(self, node):
        """Random moves to the end; the winner's symbol, or None for a draw."""
        if node.won:
            return other(node.to_play)
        board = [row[:] for row in node.board]
        player = node.to_play
        while True:
            moves = legal_moves(board)
            if not moves:
                return None
            col = self.rng.choice(moves)
            row = drop(board, col, player)
            if check_win(board, row, col, player):
                return player
            player = other(player)

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


def to_board(pos):
    """treeviz's position as this notebook's board: row 0 at the top, '-' empty."""
    return [['-' if c is None else c for c in row] for row in pos.rows()]


def choose(pos):
    """The agent: the most visited column (1-7) after ITERATIONS iterations."""
    rng = random.Random(str(pos))   # seeded from the position: same position, same move
    return MCTS(to_board(pos), pos.side_to_move, rng).search() + 1
