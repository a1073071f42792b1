"""Recursive MCTS (one call of `simulate` = one iteration below that node).

board: list of 6 rows (row 0 = bottom) of 7 ints, 0 empty, 1 / 2 the players.
A node is a dict: board, player to move, N (visits), W (total result for the player
who moved INTO the node), children {col: node}. simulate(node) returns the result of
the iteration for the player to move at `node`: +1 win, 0 draw, -1 loss.
The final move is the most visited child of the root.
"""

import math
import random

import treeviz

ROWS, COLS = 6, 7
ITERATIONS = 500
C = 1.4


def legal(board):
    return [c for c in range(COLS) if board[ROWS - 1][c] == 0]


def play(board, col, player):
    new = [row[:] for row in board]
    for r in range(ROWS):
        if new[r][col] == 0:
            new[r][col] = player
            return new
    raise ValueError("full column")


def winner(board):
    for r in range(ROWS):
        for c in range(COLS):
            p = board[r][c]
            if p == 0:
                continue
            if (c + 3 < COLS and board[r][c + 1] == p
                    and board[r][c + 2] == p and board[r][c + 3] == p):
                return p
            if (r + 3 < ROWS and board[r + 1][c] == p
                    and board[r + 2][c] == p and board[r + 3][c] == p):
                return p
            if (r + 3 < ROWS and c + 3 < COLS and board[r + 1][c + 1] == p
                    and board[r + 2][c + 2] == p and board[r + 3][c + 3] == p):
                return p
            if (r + 3 < ROWS and c - 3 >= 0 and board[r + 1][c - 1] == p
                    and board[r + 2][c - 2] == p and board[r + 3][c - 3] == p):
                return p
    return 0


def new_node(board, player):
    return {"board": board, "player": player, "N": 0, "W": 0.0, "children": {}}


def random_playout(board, player):
    """Plays randomly to the end; +1 if `player` (to move now) wins, -1 if he loses."""
    me = player
    while True:
        w = winner(board)
        if w:
            return 1 if w == me else -1
        cols = legal(board)
        if not cols:
            return 0
        board = play(board, random.choice(cols), player)
        player = 3 - player


def uct_score(parent, child):
    exploit = child["W"] / child["N"]
    explore = C * math.sqrt(parent["N"] / child["N"])
    return exploit + explore


@treeviz.traced(position=lambda node: node["board"], visits=lambda node: node["N"])
def simulate(node):
    board, player = node["board"], node["player"]
    w = winner(board)
    if w:
        result = -1  # the opponent has just made four
    elif not legal(board):
        result = 0
    elif node["N"] == 0:
        result = random_playout(board, player)
    else:
        untried = [c for c in legal(board) if c not in node["children"]]
        if untried:
            col = random.choice(untried)
            node["children"][col] = new_node(play(board, col, player), 3 - player)
        else:
            col = max(node["children"], key=lambda c: uct_score(node, node["children"][c]))
        child = node["children"][col]
        result = -simulate(child)
        child["W"] += result
    node["N"] += 1
    return result


def choose(pos):
    random.seed(7)
    board = [[0 if pos.cell(c, r) is None else 1 if pos.cell(c, r) == "X" else 2
              for c in range(COLS)] for r in range(ROWS)]
    root = new_node(board, 1 if pos.side_to_move == "X" else 2)
    for _ in range(ITERATIONS):
        simulate(root)
    col = max(root["children"], key=lambda c: root["children"][c]["N"])
    return col + 1
