"""BUGGY (teaching example): a transposition table that remembers the last game.

The search: plain minimax (no pruning, so every stored value is exact), 4 plies (8
near the end), over a list-of-lists board (row 0 at the bottom, 0 empty, X is 1,
O is 2) with a ``maximizingPlayer`` flag and a dictionary of boards already
searched, as course notebooks add once minimax gets slow. ``AI`` is set in
``choose`` to the piece of the player to move.

THE BUG, the key of ``transposition_table`` (a module-level dict, never cleared):
it is ``str(board)`` alone. The value stored is "how good this board is for the AI,
with this much depth left", so the key needs the AI's piece and the depth too. In
one search a board always comes back with the same AI and the same depth, so the
first answer to a position is right. But the table outlives the call: after a
search for X, a search for O finds X's values (and shallower ones) under the same
boards and trusts them. (The fix: key on ``(str(board), AI, depth)``, or empty the
table at the start of ``choose``.)

Symptom a player sees: the AI plays well in a fresh session and strangely after a
few moves, or as soon as it has played both sides (self-play, "hint" buttons): the
same position gets a different move depending on what was asked before.

Doctor check: ``history`` (the same position asked fresh and right after its
parent position answers differently; asked after its parent it also misses every
win in one, so a ``misses-win`` run that reuses one loaded module shows it too).

    treeviz analyze 4453 --agent examples/buggy/leaky_state.py:choose
"""

import math

from notebook_board import EMPTY, drop_piece, get_valid_locations, winning_move
from notebook_board.search import WIN, score_position, search_depth

import treeviz

X, O = 1, 2  # this board's stones are X's and O's, whichever is the AI
AI, HUMAN = X, O  # set by choose to the player to move and the other one

transposition_table = {}  # board -> value, to skip boards seen before


@treeviz.traced(maximizing="maximizingPlayer")
def minimax(board, depth, maximizingPlayer):
    key = str(board)                  # BUG: says nothing of AI or depth
    if key in transposition_table:
        return transposition_table[key]
    if winning_move(board, AI):
        value = WIN + depth           # sooner wins (more depth left) score higher
    elif winning_move(board, HUMAN):
        value = -(WIN + depth)
    elif not get_valid_locations(board):
        value = 0                     # full board: a draw
    elif depth == 0:
        value = score_position(board, AI)
    elif maximizingPlayer:
        value = max(minimax(drop_piece(board, col, AI), depth - 1, False)
                    for col in get_valid_locations(board))
    else:
        value = min(minimax(drop_piece(board, col, HUMAN), depth - 1, True)
                    for col in get_valid_locations(board))
    transposition_table[key] = value
    return value


def to_board(pos):
    """treeviz's position as this notebook's board: row 0 at the bottom, X 1, O 2."""
    return [[EMPTY if cell is None else X if cell == "X" else O for cell in row]
            for row in reversed(list(pos.rows()))]


def choose(pos):
    """The agent: the best column (1-7) after a DEPTH-ply search (ENDGAME_DEPTH plies,
    to the end of the game, once that few squares are empty)."""
    global AI, HUMAN
    AI, HUMAN = (X, O) if pos.side_to_move == "X" else (O, X)
    board = to_board(pos)
    depth = search_depth(board)
    best_col, best_score = None, -math.inf
    for col in get_valid_locations(board):
        score = minimax(drop_piece(board, col, AI), depth - 1, False)
        if best_col is None or score > best_score:
            best_col, best_score = col, score
    return best_col + 1
