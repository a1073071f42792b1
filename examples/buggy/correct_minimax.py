"""CONTROL: a correct Connect 4 minimax with alpha-beta, written the way course
notebooks write it (a list-of-lists board, row 0 at the bottom, 0 empty, 1 the AI and
2 the human, ``winning_move`` / ``get_valid_locations`` helpers and a
``maximizingPlayer`` flag).

What a correct depth-limited search needs, and this file has:
  * both players' fours end the game (``winning_move(board, AI)`` and
    ``winning_move(board, HUMAN)``);
  * a full board is a draw, scored 0;
  * a win found sooner is worth more: ``WIN + depth`` (``depth`` is the depth still
    left, so a win now beats a win in three);
  * ties keep the first column searched (``>``, not ``>=``, in ``best_column``);
  * near the end (ENDGAME_DEPTH empty squares or fewer) it searches to the last stone, so
    it never walks into a loss it could have drawn (``search_depth``).

The doctor should find nothing wrong with it. Every file in this folder is this search
(or an MCTS) with ONE bug put in, so comparing a buggy file with this one shows the bug.
The code they share, none of it buggy, is in ``notebook_board/``: the board
(``drop_piece``, ``winning_move``, ``to_board``, ...) in its ``__init__.py``, and the
scores, the depth and the root of the search (``score_position``, ``search_depth``,
``best_column``) in its ``search.py``. A bug is always in the file that names it.

    treeviz analyze 4453 --agent examples/buggy/correct_minimax.py:choose
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
