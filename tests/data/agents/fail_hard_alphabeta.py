# Alpha-beta minimax as course notebooks write it: a list of rows (row 0 the top),
# 'X', 'O' and ' ', a maximizingPlayer flag, and fail-hard cuts (a cut returns the
# bound it met, not the value it found). The root loop narrows alpha as it goes.
import math
import treeviz

ROWS, COLS = 6, 7
DEPTH = 4
AI, HUMAN = 'X', 'O'


def grid_of(pos):
    return [[c if c else ' ' for c in row] for row in pos.rows()]


def valid_columns(board):
    return [c for c in (3, 2, 4, 1, 5, 0, 6) if board[0][c] == ' ']


def drop(board, col, piece):
    new = [row[:] for row in board]
    for r in range(ROWS - 1, -1, -1):
        if new[r][col] == ' ':
            new[r][col] = piece
            return new
    raise ValueError("column full")


def winning(board, piece):
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= a < ROWS and 0 <= b < COLS and board[a][b] == piece for a, b in cells):
                    return True
    return False


def score(board, piece):
    other = HUMAN if piece == AI else AI
    centre = [board[r][3] for r in range(ROWS)]
    return 3 * centre.count(piece) - 3 * centre.count(other)


@treeviz.traced(maximizing="maximizingPlayer")
def minimax(board, depth, alpha, beta, maximizingPlayer):
    if winning(board, AI):
        return 1000
    if winning(board, HUMAN):
        return -1000
    if depth == 0 or not valid_columns(board):
        return score(board, AI)
    if maximizingPlayer:
        for col in valid_columns(board):
            alpha = max(alpha, minimax(drop(board, col, AI), depth - 1, alpha, beta, False))
            if alpha >= beta:
                return beta
        return alpha
    else:
        for col in valid_columns(board):
            beta = min(beta, minimax(drop(board, col, HUMAN), depth - 1, alpha, beta, True))
            if alpha >= beta:
                return alpha
        return beta


def choose(pos):
    global AI, HUMAN
    AI = pos.side_to_move
    HUMAN = 'O' if AI == 'X' else 'X'
    board = grid_of(pos)
    best, alpha = None, -math.inf
    for col in valid_columns(board):
        value = minimax(drop(board, col, AI), DEPTH - 1, alpha, math.inf, False)
        if best is None or value > alpha:
            best, alpha = col, value
    return best + 1
