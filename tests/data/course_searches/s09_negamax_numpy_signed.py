"""Negamax for Connect 4 with a vectorised numpy evaluation.

board: np.int8 array (6, 7), row 0 on top; +1 = first player (X), -1 = second (O),
0 = empty. `color` is +1 when X is to move and -1 when O is to move, so the player to
move owns the cells equal to `color`.

The evaluation looks at all 69 windows of four at once through an index array:
windows with stones of one colour only are worth 1 / 4 / 32 points for 1 / 2 / 3 stones.
"""

import numpy as np

import treeviz

ROWS, COLS = 6, 7
DEPTH = 4
WIN = 100000
POINTS = np.array([0, 1, 4, 32, 0])


def window_indices():
    idx = []
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if 0 <= r + 3 * dr < ROWS and 0 <= c + 3 * dc < COLS:
                    idx.append([(r + k * dr) * COLS + (c + k * dc) for k in range(4)])
    return np.array(idx)


WINDOWS = window_indices()


def valid_columns(board):
    return [c for c in (3, 2, 4, 1, 5, 0, 6) if board[0, c] == 0]


def drop(board, col, color):
    child = board.copy()
    row = np.nonzero(child[:, col] == 0)[0][-1]
    child[row, col] = color
    return child


def won(board, color):
    cells = board.ravel()[WINDOWS]
    return bool((cells == color).all(axis=1).any())


def evaluate(board):
    """Score of the position for X (positive = good for X)."""
    cells = board.ravel()[WINDOWS]
    x_count = (cells == 1).sum(axis=1)
    o_count = (cells == -1).sum(axis=1)
    x_score = POINTS[x_count][o_count == 0].sum()
    o_score = POINTS[o_count][x_count == 0].sum()
    return int(x_score - o_score)


@treeviz.traced
def negamax(board, depth, color):
    if won(board, -color):
        return -(WIN + depth)
    moves = valid_columns(board)
    if not moves:
        return 0
    if depth == 0:
        return evaluate(board)
    best = -np.inf
    for col in moves:
        best = max(best, -negamax(drop(board, col, color), depth - 1, -color))
    return best


def choose(pos):
    board = np.array([[0 if c is None else 1 if c == "X" else -1 for c in row]
                      for row in pos.rows()], dtype=np.int8)
    color = 1 if pos.side_to_move == "X" else -1
    scores = {}
    for col in valid_columns(board):
        scores[col] = -negamax(drop(board, col, color), DEPTH - 1, -color)
    best = max(scores, key=scores.get)
    return best + 1
