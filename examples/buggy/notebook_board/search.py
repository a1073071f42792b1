"""What the minimax searches of ``examples/buggy/`` share besides the board
(``notebook_board``): the scores (a win, and the heuristic at the horizon), how deep
to search, and the root of the search. None of it is buggy: each example's one bug is
in its own file.
"""

import math

from notebook_board import AI, COLS, EMPTY, ROWS, drop_piece, get_valid_locations

DEPTH = 4
ENDGAME_DEPTH = 8  # with this few empty squares left, search that deep: to the end
WIN = 1_000_000

# a stone is worth more in the centre: more fours go through those squares
WEIGHTS = [[3, 4, 5, 7, 5, 4, 3],
           [4, 6, 8, 10, 8, 6, 4],
           [5, 8, 11, 13, 11, 8, 5],
           [5, 8, 11, 13, 11, 8, 5],
           [4, 6, 8, 10, 8, 6, 4],
           [3, 4, 5, 7, 5, 4, 3]]


def score_position(board, piece):
    """Heuristic: the weights of my stones minus the weights of the opponent's."""
    score = 0
    for r in range(ROWS):
        for c in range(COLS):
            if board[r][c] == piece:
                score += WEIGHTS[r][c]
            elif board[r][c] != EMPTY:
                score -= WEIGHTS[r][c]
    return score


def search_depth(board):
    """DEPTH plies, or ENDGAME_DEPTH (to the end of the game) once that few squares
    are empty."""
    empty = sum(row.count(EMPTY) for row in board)
    return ENDGAME_DEPTH if empty <= ENDGAME_DEPTH else DEPTH


def best_column(board, minimax, depth):
    """The root of an alpha-beta search: the column (0-6) whose board ``minimax``
    (called as ``minimax(board, depth, alpha, beta, maximizingPlayer)``, the human to
    move) scores best for the AI. Alpha carries over from column to column; ties keep
    the first column searched (``>``, not ``>=``)."""
    best_col, best_score = None, -math.inf
    alpha = -math.inf
    for col in get_valid_locations(board):
        score = minimax(drop_piece(board, col, AI), depth - 1, alpha, math.inf, False)
        if best_col is None or score > best_score:
            best_col, best_score = col, score
        alpha = max(alpha, best_score)
    return best_col
