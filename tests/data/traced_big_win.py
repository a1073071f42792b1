"""A person's traced search written the way course notebooks write it: a minimax with
alpha-beta over a list-of-lists board (row 0 at the bottom, 0 empty, 1 the AI, 2 the
human), a win scored ``10**14`` and a loss ``-10**14``, and small heuristic values
otherwise (centre stones and open threes). No bug: the number displays' tests use it
to see values of every magnitude side by side (a win's 1e14 beside a +3).

    treeviz analyze 4453 --agent tests/data/traced_big_win.py:choose
"""

import math

import treeviz

ROWS, COLS = 6, 7
EMPTY, AI, HUMAN = 0, 1, 2
WIN = 10**14
DEPTH = 4  # plies searched, the root's move included
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
    """Centre stones and open threes, the AI's minus the human's."""
    score = sum(CENTRE[c] * (1 if cell == AI else -1)
                for row in board for c, cell in enumerate(row) if cell != EMPTY)
    for w in WINDOWS:
        cells = [board[r][c] for r, c in w]
        if cells.count(AI) == 3 and cells.count(EMPTY) == 1:
            score += 5
        if cells.count(HUMAN) == 3 and cells.count(EMPTY) == 1:
            score -= 5
    return score


@treeviz.traced(maximizing="maximizingPlayer", alpha="alpha", beta="beta")
def minimax(board, depth, alpha, beta, maximizingPlayer):
    if winning_move(board, AI):
        return WIN
    if winning_move(board, HUMAN):
        return -WIN
    valid = get_valid_locations(board)
    if depth == 0 or not valid:
        return score_position(board)
    if maximizingPlayer:
        value = -math.inf
        for col in valid:
            value = max(value, minimax(drop_piece(board, col, AI), depth - 1, alpha, beta, False))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for col in valid:
        value = min(value, minimax(drop_piece(board, col, HUMAN), depth - 1, alpha, beta, True))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def choose(pos):
    """The agent: the column (1-7) whose search scores best for the AI."""
    board = to_board(pos)
    best_col, best_score = None, -math.inf
    for col in get_valid_locations(board):
        score = minimax(drop_piece(board, col, AI), DEPTH - 1, -math.inf, math.inf, False)
        if best_col is None or score > best_score:
            best_col, best_score = col, score
    return best_col + 1
