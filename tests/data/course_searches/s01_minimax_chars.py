"""Connect 4 -- Minimax agent (first assignment, adversarial search).

The board is a list of 6 lines of 7 characters, line 0 at the top, '-' for an empty
cell and 'X' / 'O' for the players, like our FourGame class. The AI looks DEPTH plies
ahead with plain minimax (no pruning) and scores the leaves with the segment heuristic
from the assignment sheet (512 / 50 / 10 / 1 per segment of four, +-16 for the turn).

    treeviz explain 4453 --agent tests/data/course_searches/s01_minimax_chars.py:choose
"""

import math

import treeviz

LINES, COLUMNS = 6, 7
DEPTH = 3
WIN_SCORE = 100000
SEGMENT_SCORE = [0, 1, 10, 50, 512]


def print_board(board):
    print("=" * 29)
    for line in board:
        print("| " + " | ".join(line) + " |")
    print("=" * 29)
    print("  1   2   3   4   5   6   7")


def other(symbol):
    return "O" if symbol == "X" else "X"


def legal_moves(board):
    return [column for column in range(COLUMNS) if board[0][column] == "-"]


def make_move(board, column, symbol):
    """Returns a new board with symbol dropped in column (the old one is kept)."""
    new_board = [line[:] for line in board]
    for i in range(LINES - 1, -1, -1):
        if new_board[i][column] == "-":
            new_board[i][column] = symbol
            return new_board
    return None


def all_segments(board):
    segments = []
    for i in range(LINES):
        for j in range(COLUMNS):
            if j + 3 < COLUMNS:  # horizontal
                segments.append([board[i][j + k] for k in range(4)])
            if i + 3 < LINES:  # vertical
                segments.append([board[i + k][j] for k in range(4)])
            if i + 3 < LINES and j + 3 < COLUMNS:  # diagonal going down to the right
                segments.append([board[i + k][j + k] for k in range(4)])
            if i - 3 >= 0 and j + 3 < COLUMNS:  # diagonal going up to the right
                segments.append([board[i - k][j + k] for k in range(4)])
    return segments


def four_in_a_row(board, symbol):
    return any(segment.count(symbol) == 4 for segment in all_segments(board))


def segment_value(segment, symbol):
    mine = segment.count(symbol)
    theirs = segment.count(other(symbol))
    if mine > 0 and theirs > 0:
        return 0
    return SEGMENT_SCORE[mine] - SEGMENT_SCORE[theirs]


def heuristic(board, symbol, to_play):
    total = 0
    for segment in all_segments(board):
        total += segment_value(segment, symbol)
    if to_play == symbol:
        return total + 16
    return total - 16


@treeviz.traced(maximizing="maximizing")
def minimax(board, depth, maximizing, ai):
    # a win found sooner keeps more of the depth, so it is worth more
    if four_in_a_row(board, ai):
        return WIN_SCORE + depth
    if four_in_a_row(board, other(ai)):
        return -WIN_SCORE - depth
    moves = legal_moves(board)
    if not moves:
        return 0
    if depth == 0:
        return heuristic(board, ai, ai if maximizing else other(ai))
    if maximizing:
        best = -math.inf
        for column in moves:
            best = max(best, minimax(make_move(board, column, ai), depth - 1, False, ai))
        return best
    best = math.inf
    for column in moves:
        best = min(best, minimax(make_move(board, column, other(ai)), depth - 1, True, ai))
    return best


def board_from_position(pos):
    return [["-" if cell is None else cell for cell in row] for row in pos.rows()]


def choose(pos):
    """treeviz calls this with its Position; we answer a column 1-7."""
    board = board_from_position(pos)
    ai = pos.side_to_move
    best_column, best_value = None, -math.inf
    for column in legal_moves(board):
        value = minimax(make_move(board, column, ai), DEPTH - 1, False, ai)
        if value > best_value:
            best_column, best_value = column, value
    return best_column + 1
