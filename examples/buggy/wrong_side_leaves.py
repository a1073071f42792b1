"""BUGGY (teaching example): leaves scored for the wrong player when the AI plays O.

The search: negamax with alpha-beta, 4 plies, over a list-of-lists board (row 0 at
the bottom, 0 empty, 1 the AI, 2 the human). In negamax every node's value is for
the player to move there, so ``evaluate`` must score the board for that player.

THE BUG, in ``evaluate``: it works out who is to move by counting stones, "X (1)
moves first, so with an even number of stones it is 1's turn". But ``to_board``
makes 1 the AI, whoever moved first. When the AI is the second player (O) the
count gives the wrong player at every node: each leaf is scored for the player who
has just moved, so every value is upside down and the fours are never seen as
wins (the test for "the player who just moved has won" looks at the other player).
As X (1 really is the first player) everything is right. (The fix: pass the player
to move down the recursion, or score for ``AI``/``HUMAN`` by depth, never by the
stone count of a board whose 1 is not X.)

Symptom a player sees: as X the AI plays well; as O it plays the worst move it can
find: it leaves its own four unplayed and ignores yours.

Doctor check: ``misses-win`` (and ``misses-block``), for positions with O to move only.

    treeviz analyze 4453 --agent examples/buggy/wrong_side_leaves.py:choose
"""

import math

from notebook_board import AI, EMPTY, HUMAN, drop_piece, get_valid_locations, to_board, winning_move
from notebook_board.search import WIN, score_position, search_depth

import treeviz


def count_stones(board):
    return sum(1 for row in board for cell in row if cell != EMPTY)


def evaluate(board, depth):
    """The board's score for the player to move (negamax needs it that way)."""
    to_move = AI if count_stones(board) % 2 == 0 else HUMAN   # BUG: true only if AI is X
    just_moved = HUMAN if to_move == AI else AI
    if winning_move(board, just_moved):
        return -(WIN + depth)      # the player to move has lost (sooner = worse)
    return score_position(board, to_move)


@treeviz.traced()
def negamax(board, depth, alpha, beta, piece):
    """The value of ``board`` for ``piece``, the player to move."""
    if depth == 0 or winning_move(board, AI) or winning_move(board, HUMAN):
        return evaluate(board, depth)
    valid_locations = get_valid_locations(board)
    if not valid_locations:
        return 0                   # full board: a draw
    other = HUMAN if piece == AI else AI
    value = -math.inf
    for col in valid_locations:
        value = max(value, -negamax(drop_piece(board, col, piece), depth - 1, -beta, -alpha, other))
        alpha = max(alpha, value)
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
        score = -negamax(drop_piece(board, col, AI), depth - 1, -math.inf, -alpha, HUMAN)
        if best_col is None or score > best_score:
            best_col, best_score = col, score
        alpha = max(alpha, best_score)
    return best_col + 1
