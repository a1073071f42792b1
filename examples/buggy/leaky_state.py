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

import treeviz

ROWS, COLS = 6, 7
EMPTY, X, O = 0, 1, 2
AI, HUMAN = X, O  # set by choose to the player to move and the other one
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
ORDER = [3, 2, 4, 1, 5, 0, 6]  # centre columns first

transposition_table = {}  # board -> value, to skip boards seen before


def get_valid_locations(board):
    return [c for c in ORDER if board[ROWS - 1][c] == EMPTY]


def drop_piece(board, col, piece):
    """A copy of the board with ``piece`` dropped into ``col``."""
    b_copy = [row[:] for row in board]
    for r in range(ROWS):
        if b_copy[r][col] == EMPTY:
            b_copy[r][col] = piece
            return b_copy


def winning_move(board, piece):
    # horizontal
    for r in range(ROWS):
        for c in range(COLS - 3):
            if board[r][c] == piece and board[r][c + 1] == piece and board[r][c + 2] == piece and board[r][c + 3] == piece:
                return True
    # vertical
    for r in range(ROWS - 3):
        for c in range(COLS):
            if board[r][c] == piece and board[r + 1][c] == piece and board[r + 2][c] == piece and board[r + 3][c] == piece:
                return True
    # positive diagonal
    for r in range(ROWS - 3):
        for c in range(COLS - 3):
            if board[r][c] == piece and board[r + 1][c + 1] == piece and board[r + 2][c + 2] == piece and board[r + 3][c + 3] == piece:
                return True
    # negative diagonal
    for r in range(3, ROWS):
        for c in range(COLS - 3):
            if board[r][c] == piece and board[r - 1][c + 1] == piece and board[r - 2][c + 2] == piece and board[r - 3][c + 3] == piece:
                return True
    return False


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
    empty = sum(row.count(EMPTY) for row in board)
    depth = ENDGAME_DEPTH if empty <= ENDGAME_DEPTH else DEPTH
    best_col, best_score = None, -math.inf
    for col in get_valid_locations(board):
        score = minimax(drop_piece(board, col, AI), depth - 1, False)
        if best_col is None or score > best_score:
            best_col, best_score = col, score
    return best_col + 1
