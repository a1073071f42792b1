"""BUGGY (teaching example): a full board is never treated as the end of the game.

The search: minimax with alpha-beta, 4 plies, a list-of-lists board (row 0 at the
bottom, 0 empty, 1 the AI, 2 the human) and a ``maximizingPlayer`` flag, as in the
course notebooks.

THE BUG, in ``is_terminal_node`` (and so in ``minimax``): it asks only "has someone
four in a row?" and never "is the board full?". On a full board with nobody's four
the search carries on into the move loop, finds no column to play and returns the
loop's starting value: ``-math.inf`` at a maximising node (the AI to move), ``+inf``
at a minimising one. X is always the one to move on a full board, so for an AI
playing X a draw looks worse than any loss (it walks into a four rather than into a
drawn full board); for an AI playing O a draw looks better than a win. (The fix:
``if not valid_locations: return 0`` before the loops, as in correct_minimax.py.)

Symptom a player sees: in the last few moves of a close game the AI throws away a
draw: as X it plays the move that lets you win when another move would fill the
board for a draw.

Doctor check: ``endgame`` (its choice loses where a draw was available; only near
the end, when the search reaches the full board).

    treeviz analyze 4453 --agent examples/buggy/full_board_loss.py:choose
"""

import math

from notebook_board import AI, HUMAN, drop_piece, get_valid_locations, to_board, winning_move
from notebook_board.search import WIN, best_column, score_position, search_depth

import treeviz


def is_terminal_node(board):
    # BUG: a full board ends the game too (a draw), and it is not tested here
    return winning_move(board, AI) or winning_move(board, HUMAN)


@treeviz.traced(maximizing="maximizingPlayer")
def minimax(board, depth, alpha, beta, maximizingPlayer):
    if depth == 0 or is_terminal_node(board):
        if winning_move(board, AI):
            return WIN + depth        # sooner wins (more depth left) score higher
        if winning_move(board, HUMAN):
            return -(WIN + depth)
        return score_position(board, AI)
    valid_locations = get_valid_locations(board)   # empty on a full board!
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
    return best_column(board, minimax, search_depth(board)) + 1
