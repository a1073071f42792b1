"""A traced buggy agent for the Doctor page's tests: a minimax written the way course
notebooks write it (a list-of-lists board, row 0 at the bottom, 0 empty, 1 the AI and
2 the human, a ``maximizingPlayer`` flag), decorated with ``@treeviz.traced`` so that
the doctor records its search and looks inside it. Three plies deep, to the end of
the game once few squares are empty (the endgames the doctor asks about).

THE BUG: a full board is never the end of the game. With nobody's four, the search
goes on into the move loop, finds no column and returns the loop's start: ``-inf``
for the maximiser, ``+inf`` for the minimiser, where a draw is worth 0. The doctor
names the first full board so scored (check ``terminal``).

    treeviz doctor tests/data/traced_full_board.py:choose --positions 2
"""

import math

import treeviz

ROWS, COLS = 6, 7
EMPTY, AI, HUMAN = 0, 1, 2
WIN = 1_000_000
DEPTH = 3  # plies searched, the root's move included
ENDGAME = 6  # with this few empty squares or fewer, search to the end:
ENDGAME_DEPTH = 8  # deeper than the squares left
CENTRE = (0, 1, 2, 3, 2, 1, 0)  # a stone's worth by its column
WINDOWS = [  # every four cells in a line: across, up, and both diagonals
    [(r + i * dr, c + i * dc) for i in range(4)]
    for r in range(ROWS) for c in range(COLS) for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1))
    if 0 <= r + 3 * dr < ROWS and 0 <= c + 3 * dc < COLS
]


def to_board(pos):
    """The board of ``pos`` (a treeviz Position), the player to move as the AI."""
    me = pos.side_to_move
    return [[EMPTY if cell is None else AI if cell == me else HUMAN for cell in row]
            for row in reversed(list(pos.rows()))]


def drop_piece(board, col, piece):
    """A copy of ``board`` with ``piece`` dropped in ``col``."""
    new = [row[:] for row in board]
    row = next(r for r in range(ROWS) if new[r][col] == EMPTY)
    new[row][col] = piece
    return new


def get_valid_locations(board):
    """The columns not full, centre first."""
    return [c for c in (3, 2, 4, 1, 5, 0, 6) if board[ROWS - 1][c] == EMPTY]


def winning_move(board, piece):
    """Whether ``piece`` has four in a line."""
    return any(all(board[r][c] == piece for r, c in w) for w in WINDOWS)


def score_position(board):
    """The AI's centre stones minus the human's (never a win's size)."""
    return sum(CENTRE[c] * (1 if cell == AI else -1)
               for row in board for c, cell in enumerate(row) if cell != EMPTY)


@treeviz.traced(maximizing="maximizingPlayer")
def minimax(board, depth, maximizingPlayer):
    if winning_move(board, AI):
        return WIN + depth
    if winning_move(board, HUMAN):
        return -(WIN + depth)
    if depth == 0:
        return score_position(board)
    # BUG: a full board is a draw (return 0 when no column is left), not tested here
    if maximizingPlayer:
        value = -math.inf
        for col in get_valid_locations(board):
            value = max(value, minimax(drop_piece(board, col, AI), depth - 1, False))
        return value
    value = math.inf
    for col in get_valid_locations(board):
        value = min(value, minimax(drop_piece(board, col, HUMAN), depth - 1, True))
    return value


def choose(pos):
    """The agent: the column (1-7) whose reply scores best for the AI."""
    board = to_board(pos)
    empty = sum(row.count(EMPTY) for row in board)
    depth = ENDGAME_DEPTH if empty <= ENDGAME else DEPTH
    best_col, best_score = None, -math.inf
    for col in get_valid_locations(board):
        score = minimax(drop_piece(board, col, AI), depth - 1, False)
        if best_col is None or score > best_score:
            best_col, best_score = col, score
    return best_col + 1
