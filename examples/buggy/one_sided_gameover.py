"""BUGGY (teaching example): the game only ends on the AI's own four.

The search: minimax with alpha-beta, 4 plies, inside a ``MinimaxAI`` class as the
course notebooks write it, over a list-of-lists board (row 0 at the bottom, 0 empty,
1 the AI, 2 the human) with a ``maximizingPlayer`` flag.

THE BUG, in ``MinimaxAI.is_terminal_node``: it tests ``winning_move(board, AI)`` and
the full board, but not ``winning_move(board, HUMAN)``. After the human's four the
search does not stop: it plays on as if nothing had happened, and the four is only
seen through the heuristic at the horizon (which weighs squares, not fours), or the
AI "wins" later in that same line. So the search thinks leaving your threat open
costs nothing. (The fix: ``or winning_move(board, HUMAN)``, with the loss scored
``-(WIN + depth)``, as in correct_minimax.py.)

Symptom a player sees: the AI never blocks; you win by making three in a row with
the fourth square open.

Doctor check: ``misses-block``.

    treeviz analyze 4453 --agent examples/buggy/one_sided_gameover.py:choose
"""

import math

from notebook_board import AI, HUMAN, drop_piece, get_valid_locations, to_board, winning_move
from notebook_board.search import DEPTH, WIN, best_column, score_position

import treeviz


class MinimaxAI:
    def __init__(self, depth=DEPTH):
        self.depth = depth

    def is_terminal_node(self, board):
        # BUG: the human's four ends the game too: winning_move(board, HUMAN) is missing
        return winning_move(board, AI) or len(get_valid_locations(board)) == 0

    @treeviz.traced(maximizing="maximizingPlayer")
    def minimax(self, board, depth, alpha, beta, maximizingPlayer):
        if self.is_terminal_node(board):
            if winning_move(board, AI):
                return WIN + depth        # sooner wins (more depth left) score higher
            return 0                      # full board: a draw
        if depth == 0:
            return score_position(board, AI)
        valid_locations = get_valid_locations(board)
        if maximizingPlayer:
            value = -math.inf
            for col in valid_locations:
                value = max(value, self.minimax(drop_piece(board, col, AI), depth - 1, alpha, beta, False))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
            return value
        value = math.inf
        for col in valid_locations:
            value = min(value, self.minimax(drop_piece(board, col, HUMAN), depth - 1, alpha, beta, True))
            beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def best_move(self, board):
        return best_column(board, self.minimax, self.depth)


def choose(pos):
    """The agent: the best column (1-7) after a DEPTH-ply search."""
    return MinimaxAI().best_move(to_board(pos)) + 1
