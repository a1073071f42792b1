"""Minimax that returns (column, value) at every level.

board: numpy array of one-character strings, shape (6, 7), board[0] is the BOTTOM row;
' ' empty, 'R' (red) and 'Y' (yellow). The AI is whoever is to move when get_move is
called. score_board gives +100 for every three of the AI with an empty fourth cell,
-80 for the opponent's, +10 / -10 for open twos, and +3 per AI piece in the centre.
"""

import math

import numpy as np

ROWS, COLS = 6, 7
DEPTH = 3


def empty_board():
    return np.full((ROWS, COLS), " ")


def print_board(board):
    print(np.flip(board, 0))


def open_columns(board):
    return [c for c in range(COLS) if board[ROWS - 1][c] == " "]


def put(board, col, piece):
    b = board.copy()
    for r in range(ROWS):
        if b[r][col] == " ":
            b[r][col] = piece
            break
    return b


def windows(board):
    rows = board.tolist()
    for r in range(ROWS):
        for c in range(COLS):
            if c + 3 < COLS:
                yield [rows[r][c + i] for i in range(4)]
            if r + 3 < ROWS:
                yield [rows[r + i][c] for i in range(4)]
            if r + 3 < ROWS and c + 3 < COLS:
                yield [rows[r + i][c + i] for i in range(4)]
            if r - 3 >= 0 and c + 3 < COLS:
                yield [rows[r - i][c + i] for i in range(4)]


def is_win(board, piece):
    return any(w.count(piece) == 4 for w in windows(board))


def score_board(board, ai, opp):
    score = 3 * list(board[:, COLS // 2]).count(ai)
    for w in windows(board):
        if w.count(ai) == 3 and w.count(" ") == 1:
            score += 100
        elif w.count(ai) == 2 and w.count(" ") == 2:
            score += 10
        if w.count(opp) == 3 and w.count(" ") == 1:
            score -= 80
        elif w.count(opp) == 2 and w.count(" ") == 2:
            score -= 10
    return score


def minimax(board, depth, maximizing, ai, opp):
    cols = open_columns(board)
    if is_win(board, ai):
        return None, 10**9 + depth
    if is_win(board, opp):
        return None, -(10**9) - depth
    if not cols:
        return None, 0
    if depth == 0:
        return None, score_board(board, ai, opp)
    if maximizing:
        value = -math.inf
        column = cols[0]
        for col in cols:
            new_score = minimax(put(board, col, ai), depth - 1, False, ai, opp)[1]
            if new_score > value:
                value = new_score
            column = col
        return column, value
    value = math.inf
    column = cols[0]
    for col in cols:
        new_score = minimax(put(board, col, opp), depth - 1, True, ai, opp)[1]
        if new_score < value:
            value = new_score
            column = col
    return column, value


def get_move(pos):
    colours = {"X": "R", "O": "Y"}
    board = empty_board()
    for r in range(ROWS):
        for c in range(COLS):
            cell = pos.cell(c, r)
            if cell is not None:
                board[r][c] = colours[cell]
    ai = colours[pos.side_to_move]
    opp = "Y" if ai == "R" else "R"
    column, _ = minimax(board, DEPTH, True, ai, opp)
    return column + 1
