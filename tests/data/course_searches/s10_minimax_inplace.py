"""Minimax + alpha-beta that plays on ONE numpy board (no copies: faster).

board[row][col], row 0 = bottom, 0 empty, 1 = AI, 2 = HUMAN. A move is written into
the board before the recursive call and erased after it. A win is detected right after
the move that makes it, looking only at the lines through the new piece.
heuristic(): windows of four holding only one colour (2 -> 2, 3 -> 5) and the centre
column (3 per AI piece).
"""

import math

import numpy as np

import treeviz

ROWS, COLS = 6, 7
EMPTY, AI, HUMAN = 0, 1, 2
DEPTH = 4
WIN = 1_000_000


def valid_cols(board):
    return [c for c in range(COLS) if board[ROWS - 1][c] == EMPTY]


def next_row(board, col):
    for r in range(ROWS):
        if board[r][col] == EMPTY:
            return r
    return -1


def wins_at(board, row, col, piece):
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        count = 1
        for s in (1, -1):
            r, c = row + s * dr, col + s * dc
            while 0 <= r < ROWS and 0 <= c < COLS and board[r][c] == piece:
                count += 1
                r += s * dr
                c += s * dc
        if count >= 4:
            return True
    return False


def window_score(window):
    ai, human = window.count(AI), window.count(HUMAN)
    if human == 0:
        return {2: 2, 3: 5}.get(ai, 0)
    if ai == 0:
        return -{2: 2, 3: 5}.get(human, 0)
    return 0


def heuristic(board):
    b = board.tolist()
    score = 3 * [b[r][COLS // 2] for r in range(ROWS)].count(AI)
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if 0 <= r + 3 * dr < ROWS and 0 <= c + 3 * dc < COLS:
                    score += window_score([b[r + k * dr][c + k * dc] for k in range(4)])
    return score


@treeviz.traced(maximizing="is_max")
def search(board, depth, alpha, beta, is_max):
    cols = valid_cols(board)
    if not cols:
        return 0
    if depth == 0:
        return heuristic(board)
    piece = AI if is_max else HUMAN
    best = -math.inf if is_max else math.inf
    for col in cols:
        row = next_row(board, col)
        board[row][col] = piece
        if wins_at(board, row, col, piece):
            return WIN + depth if is_max else -(WIN + depth)
        value = search(board, depth - 1, alpha, beta, not is_max)
        board[row][col] = EMPTY
        if is_max:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def choose(pos):
    me = pos.side_to_move
    board = np.zeros((ROWS, COLS), dtype=int)
    for r in range(ROWS):
        for c in range(COLS):
            cell = pos.cell(c, r)
            if cell is not None:
                board[r][c] = AI if cell == me else HUMAN
    best_col, best_val = None, -math.inf
    for col in valid_cols(board):
        row = next_row(board, col)
        board[row][col] = AI
        if wins_at(board, row, col, AI):
            return col + 1
        val = search(board, DEPTH - 1, best_val, math.inf, False)
        board[row][col] = EMPTY
        if best_col is None or val > best_val:
            best_col, best_val = col, val
    return best_col + 1
