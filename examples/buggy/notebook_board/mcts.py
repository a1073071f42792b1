"""The board code the two MCTS examples of ``examples/buggy/`` share, written the way
the MCTS course notebooks write it: a list of 6 rows of 'X', 'O' and '-', row 0 at
the TOP. None of it is buggy: each example's one bug is in its own file.
"""

import math

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


def play(board, col, symbol):
    """A copy of the board with ``symbol`` dropped into ``col``, and whether that
    stone made four in a row."""
    board = [row[:] for row in board]
    row = drop(board, col, symbol)
    return board, check_win(board, row, col, symbol)


def random_playout(board, player, rng):
    """Random moves from ``board`` (``player`` to move) to the end of the game, on a
    copy; the winner's symbol, or None for a draw."""
    board = [row[:] for row in board]
    while True:
        moves = legal_moves(board)
        if not moves:
            return None
        col = rng.choice(moves)
        row = drop(board, col, player)
        if check_win(board, row, col, player):
            return player
        player = other(player)


def uct(node):
    """UCT: the node's win rate plus C times the exploration term; a node never
    visited comes first."""
    if node.visits == 0:
        return math.inf
    return node.wins / node.visits + C * math.sqrt(math.log(node.parent.visits) / node.visits)


def to_board(pos):
    """treeviz's position as this notebook's board: row 0 at the top, '-' empty."""
    return [['-' if c is None else c for c in row] for row in pos.rows()]
