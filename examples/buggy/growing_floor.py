"""BUGGY (teaching example): one alpha for the whole search, so the floor only grows.

The search: minimax with alpha-beta, 4 plies, over a list-of-lists board (row 0 at
the bottom, 0 empty, 1 the AI, 2 the human) with a ``maximizingPlayer`` flag, as in
the course notebooks, except that alpha ("the best score MAX is already sure of")
is a module-level variable instead of an argument.

THE BUG, the ``global alpha`` in ``minimax`` (reset once per move in ``choose``):
alpha must belong to one path of the tree: it is what MAX can already force on the
way down to this node. Shared by the whole search it is never put back when a
branch is finished: a good score MAX found deep inside one branch (by a line the
opponent would never allow) stays as the floor for every branch searched after it.
MIN nodes then stop after their first reply ("MAX will not come here, it has
better"), so most columns are judged by one reply of the opponent, usually not the
reply that hurts. (The fix: pass ``alpha`` as an argument, as in correct_minimax.py,
so it goes back to its old value when the call returns.)

Symptom a player sees: the AI ignores your threats: you make three in a row and it
plays elsewhere, as if you could not answer.

Doctor check: ``misses-block`` (its own immediate wins are still found: they are
scored before any pruning).

    treeviz analyze 4453 --agent examples/buggy/growing_floor.py:choose
"""

import math

from notebook_board import AI, HUMAN, drop_piece, get_valid_locations, to_board, winning_move
from notebook_board.search import WIN, score_position, search_depth

import treeviz

alpha = -math.inf   # the best score MAX is sure of  (BUG: shared by the whole search)


@treeviz.traced(maximizing="maximizingPlayer", alpha=None)
def minimax(board, depth, beta, maximizingPlayer):
    global alpha
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
            value = max(value, minimax(drop_piece(board, col, AI), depth - 1, beta, False))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for col in valid_locations:
        value = min(value, minimax(drop_piece(board, col, HUMAN), depth - 1, beta, True))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def choose(pos):
    """The agent: the best column (1-7) after a DEPTH-ply search (ENDGAME_DEPTH plies,
    to the end of the game, once that few squares are empty)."""
    global alpha
    board = to_board(pos)
    depth = search_depth(board)
    alpha = -math.inf                 # a new move, a new search
    best_col, best_score = None, -math.inf
    for col in get_valid_locations(board):
        score = minimax(drop_piece(board, col, AI), depth - 1, math.inf, False)
        if best_col is None or score > best_score:
            best_col, best_score = col, score
        alpha = max(alpha, best_score)
    return best_col + 1
