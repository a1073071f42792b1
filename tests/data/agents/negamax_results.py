# Negamax on results: 1 a win, 0.5 a draw, 0 a loss, each level taking the best of
# 1 - (the child's result). Lists of rows, row 0 the top, 'X', 'O' and ' '. The
# evaluation at the depth limit is a result too: 0.5 and a little for the centre.
import treeviz

ROWS, COLS = 6, 7
DEPTH = 3


def grid(pos):
    return [[' ' if cell is None else cell for cell in row] for row in pos.rows()]


def free_columns(board):
    return [c for c in range(COLS) if board[0][c] == ' ']


def drop(board, col, piece):
    new = [row[:] for row in board]
    for r in range(ROWS - 1, -1, -1):
        if new[r][col] == ' ':
            new[r][col] = piece
            return new


def connected(board, piece):
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + i * dr < ROWS and 0 <= c + i * dc < COLS
                       and board[r + i * dr][c + i * dc] == piece for i in range(4)):
                    return True
    return False


def estimate(board, piece):
    other = 'O' if piece == 'X' else 'X'
    centre = [board[r][3] for r in range(ROWS)] + [board[r][2] for r in range(ROWS)]
    return 0.5 + 0.02 * (centre.count(piece) - centre.count(other))


@treeviz.traced
def negamax(board, depth, piece):
    other = 'O' if piece == 'X' else 'X'
    if connected(board, other):
        return 0.0
    cols = free_columns(board)
    if not cols:
        return 0.5
    if depth == 0:
        return estimate(board, piece)
    return max(1 - negamax(drop(board, c, piece), depth - 1, other) for c in cols)


def choose(pos):
    board, me = grid(pos), pos.side_to_move
    other = 'O' if me == 'X' else 'X'
    scores = {c: 1 - negamax(drop(board, c, me), DEPTH - 1, other) for c in free_columns(board)}
    return max(scores, key=scores.get) + 1
