# Negamax three plies deep returning (best column, score), as course notebooks often write it: the
# column first, 0-based; a leaf has no column and returns -1 for it. The board is a
# list of rows, row 0 the top, '.' empty; the side to move plays 'x', the other 'o',
# and the two are swapped on the way down.
import treeviz

ROWS, COLS = 6, 7
DEPTH = 3


def board_from(pos):
    me = pos.side_to_move
    return [['.' if c is None else ('x' if c == me else 'o') for c in row] for row in pos.rows()]


def swap(board):
    return [['.' if c == '.' else ('o' if c == 'x' else 'x') for c in row] for row in board]


def moves(board):
    return [c for c in range(COLS) if board[0][c] == '.']


def play(board, col):
    new = [row[:] for row in board]
    for r in range(ROWS - 1, -1, -1):
        if new[r][col] == '.':
            new[r][col] = 'x'
            return swap(new)


def four(board, who):
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + k * dr < ROWS and 0 <= c + k * dc < COLS
                       and board[r + k * dr][c + k * dc] == who for k in range(4)):
                    return True
    return False


def evaluate(board):
    centre = [row[3] for row in board]
    return centre.count('x') - centre.count('o')


@treeviz.traced
def negamax(board, depth):
    if four(board, 'o'):
        return -1, -50
    if depth == 0 or not moves(board):
        return -1, evaluate(board)
    best_col, best = -1, -1000
    for col in moves(board):
        _, score = negamax(play(board, col), depth - 1)
        if -score > best:
            best_col, best = col, -score
    return best_col, best


def choose(pos):
    col, _ = negamax(board_from(pos), DEPTH)
    return col + 1
