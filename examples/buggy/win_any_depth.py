"""BUGGY (teaching example): a win is worth the same at any depth, and ties go to the
column searched last.

The search: plain minimax (no pruning), 3 plies, over a NumPy board as in the
classic course notebook (``np.zeros((6, 7))``, row 0 at the bottom, 1 the AI,
2 the human). ``minimax`` returns ``(column, value)``.

THE BUG, in ``minimax``:
  * the terminal branch returns ``(None, 100000000000000)`` for every win of the AI,
    however deep it was found (a win now and a win in three plies look the same), and
  * the maximising loop keeps a new column when ``new_score >= value``, so among
    equal scores the LAST column searched wins the tie.
Together: when the AI can win at once but some column further right also wins
later (typically because it already has two threats, so any quiet move "wins in
three"), the AI plays that column instead of winning. (The fix: return
``WIN + depth`` and compare with ``>``, as in correct_minimax.py and its root,
``best_column`` in notebook_board/search.py.)

Symptom a player sees: the AI has four in a row available and plays elsewhere; it
often wins a few moves later anyway, but not always, and the game looks like it is
toying with you.

Doctor check: ``misses-win``.

    treeviz analyze 4453 --agent examples/buggy/win_any_depth.py:choose
"""

import math

import notebook_board
import numpy as np

import treeviz

ROW_COUNT, COLUMN_COUNT = 6, 7
EMPTY, AI_PIECE, PLAYER_PIECE = 0, 1, 2
DEPTH = 3


def is_valid_location(board, col):
    return board[ROW_COUNT - 1][col] == 0


def get_valid_locations(board):
    return [col for col in range(COLUMN_COUNT) if is_valid_location(board, col)]


def get_next_open_row(board, col):
    for r in range(ROW_COUNT):
        if board[r][col] == 0:
            return r


def drop_piece(board, row, col, piece):
    board[row][col] = piece


def winning_move(board, piece):
    b = board == piece
    # horizontal, vertical, then both diagonals
    if (b[:, :-3] & b[:, 1:-2] & b[:, 2:-1] & b[:, 3:]).any():
        return True
    if (b[:-3] & b[1:-2] & b[2:-1] & b[3:]).any():
        return True
    if (b[:-3, :-3] & b[1:-2, 1:-2] & b[2:-1, 2:-1] & b[3:, 3:]).any():
        return True
    return bool((b[3:, :-3] & b[2:-1, 1:-2] & b[1:-2, 2:-1] & b[:-3, 3:]).any())


def score_position(board, piece):
    """Centre column preference plus a point per own stone next to another."""
    center = list(board[:, COLUMN_COUNT // 2]).count(piece) * 3
    mine = board == piece
    pairs = int((mine[:, :-1] & mine[:, 1:]).sum() + (mine[:-1] & mine[1:]).sum())
    return center + pairs


def is_terminal_node(board):
    return winning_move(board, PLAYER_PIECE) or winning_move(board, AI_PIECE) or len(get_valid_locations(board)) == 0


@treeviz.traced(maximizing="maximizingPlayer", value=lambda ret: ret[1], chosen=lambda ret: ret[0])
def minimax(board, depth, maximizingPlayer):
    valid_locations = get_valid_locations(board)
    is_terminal = is_terminal_node(board)
    if depth == 0 or is_terminal:
        if is_terminal:
            if winning_move(board, AI_PIECE):
                return (None, 100000000000000)      # BUG: same score at every depth
            elif winning_move(board, PLAYER_PIECE):
                return (None, -100000000000000)
            else:  # game is over, no more valid moves
                return (None, 0)
        else:  # depth is zero
            return (None, score_position(board, AI_PIECE))
    if maximizingPlayer:
        value = -math.inf
        column = valid_locations[0]
        for col in valid_locations:
            row = get_next_open_row(board, col)
            b_copy = board.copy()
            drop_piece(b_copy, row, col, AI_PIECE)
            new_score = minimax(b_copy, depth - 1, False)[1]
            if new_score >= value:                  # BUG: a tie goes to the later column
                value = new_score
                column = col
        return column, value
    else:  # minimizing player
        value = math.inf
        column = valid_locations[0]
        for col in valid_locations:
            row = get_next_open_row(board, col)
            b_copy = board.copy()
            drop_piece(b_copy, row, col, PLAYER_PIECE)
            new_score = minimax(b_copy, depth - 1, True)[1]
            if new_score < value:
                value = new_score
                column = col
        return column, value


def to_board(pos):
    """treeviz's position as the notebook's board: row 0 at the bottom, the player to
    move is the AI (1), as a NumPy array."""
    return np.array(notebook_board.to_board(pos))


def choose(pos):
    """The agent: the column (1-7) minimax picks at DEPTH plies."""
    col, minimax_score = minimax(to_board(pos), DEPTH, True)
    return col + 1
