"""BUGGY (teaching example): column 1 can never be chosen.

The search: minimax with alpha-beta, 4 plies, over a list-of-lists board (row 0 at
the bottom, 0 empty, 1 the AI, 2 the human) with a ``maximizingPlayer`` flag, as in
the course notebooks. The search itself is right.

THE BUG, in ``choose``: the best column so far starts as ``None`` and is replaced
when ``not best_col or score > best_score``. Column indices start at 0, and
``not 0`` is True, so once column index 0 (the board's column 1) is the best so far,
the very next column searched replaces it whatever its score. Column 1 is only ever
played when it is the last legal column. (The fix: ``best_col is None``, as in
``best_column`` in notebook_board/search.py.)

Symptom a player sees: the AI never plays in the leftmost column: it leaves a four
there unplayed and lets you win there.

Doctor check: ``misses-win`` / ``misses-block``, in positions where column 1 is the
only winning or blocking move.

    treeviz analyze 4453 --agent examples/buggy/column_zero_dropped.py:choose
"""

import math

from notebook_board import AI, COLS, EMPTY, HUMAN, ROWS, drop_piece, to_board, winning_move
from notebook_board.search import WIN, score_position, search_depth

import treeviz


def get_valid_locations(board):
    """The open columns, left to right as the notebook has them: column 0 first."""
    return [c for c in range(COLS) if board[ROWS - 1][c] == EMPTY]


@treeviz.traced(maximizing="maximizingPlayer")
def minimax(board, depth, alpha, beta, maximizingPlayer):
    if winning_move(board, AI):
        return WIN + depth            # sooner wins (more depth left) score higher
    if winning_move(board, HUMAN):
        return -(WIN + depth)
    valid_locations = get_valid_locations(board)
    if not valid_locations:
        return 0                      # full board: a draw
    if depth == 0:
        return score_position(board, AI)
    if maximizingPlayer:
        value = -math.inf
        for col in valid_locations:
            value = max(value, minimax(drop_piece(board, col, AI), depth - 1, alpha, beta, False))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for col in valid_locations:
        value = min(value, minimax(drop_piece(board, col, HUMAN), depth - 1, alpha, beta, True))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def choose(pos):
    """The agent: the best column (1-7) after a DEPTH-ply search (ENDGAME_DEPTH plies,
    to the end of the game, once that few squares are empty)."""
    board = to_board(pos)
    depth = search_depth(board)
    best_col, best_score = None, -math.inf
    alpha = -math.inf
    for col in get_valid_locations(board):
        score = minimax(drop_piece(board, col, AI), depth - 1, alpha, math.inf, False)
        if not best_col or score > best_score:     # BUG: column 0 is falsy
            best_col, best_score = col, score
        alpha = max(alpha, best_score)
    return best_col + 1
