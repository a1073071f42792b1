"""A Connect 4 minimax with alpha-beta, written the way course notebooks write it:
a list-of-lists board (row 0 at the bottom, 0 empty, 1 and 2 the players), its own
win check and window heuristic, and a ``maximizingPlayer`` flag.

One decorator lets treeviz record its tree:

    treeviz analyze 4453 --agent examples/minimax_agent.py:choose

(``choose`` is the agent: it takes treeviz's position and returns a column 1-7.)
"""

import math

import treeviz

ROWS, COLS = 6, 7
EMPTY, AI, HUMAN = 0, 1, 2
DEPTH = 4


def drop(board, col, piece):
    """A new board with ``piece`` dropped into ``col`` (0-based)."""
    new = [row[:] for row in board]
    for r in range(ROWS):
        if new[r][col] == EMPTY:
            new[r][col] = piece
            return new
    raise ValueError(f"column {col} is full")


def valid_columns(board):
    return [c for c in range(COLS) if board[ROWS - 1][c] == EMPTY]


def wins(board, piece):
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= rr < ROWS and 0 <= cc < COLS and board[rr][cc] == piece
                       for rr, cc in cells):
                    return True
    return False


def score_window(window, piece):
    other = HUMAN if piece == AI else AI
    if window.count(piece) == 4:
        return 100
    if window.count(piece) == 3 and window.count(EMPTY) == 1:
        return 5
    if window.count(piece) == 2 and window.count(EMPTY) == 2:
        return 2
    if window.count(other) == 3 and window.count(EMPTY) == 1:
        return -4
    return 0


def score_position(board, piece):
    score = 3 * [board[r][COLS // 2] for r in range(ROWS)].count(piece)
    for r in range(ROWS):
        for c in range(COLS - 3):
            score += score_window(board[r][c:c + 4], piece)
    for c in range(COLS):
        column = [board[r][c] for r in range(ROWS)]
        for r in range(ROWS - 3):
            score += score_window(column[r:r + 4], piece)
    return score


@treeviz.traced(maximizing="maximizingPlayer")
def minimax(board, depth, alpha, beta, maximizingPlayer):
    # a win sooner is worth more: depth is the plies still to search, larger higher up
    if wins(board, AI):
        return 1_000_000 + depth
    if wins(board, HUMAN):
        return -1_000_000 - depth
    columns = valid_columns(board)
    if not columns:
        return 0  # a full board with no four: a draw
    if depth == 0:
        return score_position(board, AI)
    if maximizingPlayer:
        value = -math.inf
        for col in columns:
            value = max(value, minimax(drop(board, col, AI), depth - 1, alpha, beta, False))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for col in columns:
        value = min(value, minimax(drop(board, col, HUMAN), depth - 1, alpha, beta, True))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def to_board(pos):
    """treeviz's position as this file's board: row 0 at the bottom, the player to
    move is AI (1)."""
    me = pos.side_to_move
    return [[EMPTY if cell is None else AI if cell == me else HUMAN for cell in row]
            for row in reversed(list(pos.rows()))]


def choose(pos):
    """The agent: the best column (1-7) by minimax to DEPTH plies."""
    board = to_board(pos)
    best, best_value = None, -math.inf
    for col in valid_columns(board):
        value = minimax(drop(board, col, AI), DEPTH - 1, -math.inf, math.inf, False)
        if best is None or value > best_value:
            best, best_value = col, value
    return best + 1
