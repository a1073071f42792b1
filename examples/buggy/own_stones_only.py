"""BUGGY (teaching example): the search only ever drops the AI's own stones.

The search: minimax with alpha-beta, 4 plies, over a list-of-lists board (row 0 at
the bottom, 0 empty, 1 the AI, 2 the human) with a ``maximizingPlayer`` flag, as in
the course notebooks.

THE BUG, in the minimising half of ``minimax``: the loop was copied from the
maximising half and still says ``drop_piece(board, col, AI)``. The opponent's turns
add AI stones, so the human never gets a stone in the search: none of their fours
can ever appear, and their threats are invisible. (MIN still picks the smallest
value, so it "plays" the AI stone that helps the AI least.) (The fix:
``drop_piece(board, col, HUMAN)`` in the minimising loop.)

Symptom a player sees: the AI goes for its own lines and never blocks yours; it
still takes a four when it has one.

Doctor check: ``misses-block``.

    treeviz analyze 4453 --agent examples/buggy/own_stones_only.py:choose
"""

import math

from notebook_board import AI, HUMAN, drop_piece, get_valid_locations, to_board, winning_move
from notebook_board.search import WIN, best_column, score_position, search_depth

import treeviz


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
        value = min(value, minimax(drop_piece(board, col, AI), depth - 1, alpha, beta, True))  # BUG: HUMAN
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def choose(pos):
    """The agent: the best column (1-7) after a DEPTH-ply search (ENDGAME_DEPTH plies,
    to the end of the game, once that few squares are empty)."""
    board = to_board(pos)
    return best_column(board, minimax, search_depth(board)) + 1
