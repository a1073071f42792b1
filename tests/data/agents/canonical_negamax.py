# Negamax alpha-beta returning (score, column) with the column 1-based (as choose
# must answer), on a numpy board, row 0 = bottom, +1 for the side to move's stones
# (the board is handed down as -child: each call sees it from its own side).
import numpy as np
import treeviz

DEPTH = 4
WIN = 1000
ORDER = [4, 3, 5, 2, 6, 1, 7]          # 1-based columns, centre first


def board_for(pos):
    b = np.zeros((6, 7), dtype=int)
    me = pos.side_to_move
    for i, row in enumerate(pos.rows()):
        for c, v in enumerate(row):
            if v is not None:
                b[5 - i, c] = 1 if v == me else -1
    return b


def open_row(b, col1):
    for r in range(6):
        if b[r, col1 - 1] == 0:
            return r
    return None


def has_four(b, v):
    m = b == v
    return bool(np.any(m[:, :-3] & m[:, 1:-2] & m[:, 2:-1] & m[:, 3:])
                or np.any(m[:-3] & m[1:-2] & m[2:-1] & m[3:])
                or np.any(m[:-3, :-3] & m[1:-2, 1:-2] & m[2:-1, 2:-1] & m[3:, 3:])
                or np.any(m[3:, :-3] & m[2:-1, 1:-2] & m[1:-2, 2:-1] & m[:-3, 3:]))


def evaluate(b):
    centre = int(b[:, 3].sum()) * 3
    near = int(b[:, 2].sum() + b[:, 4].sum())
    return centre + near


@treeviz.traced
def negamax(b, depth, alpha, beta):
    # b is from the side to move's view: +1 mine, -1 the opponent's
    if has_four(b, -1):
        return (-(WIN + depth), None)
    moves = [c for c in ORDER if open_row(b, c) is not None]
    if not moves:
        return (0, None)
    if depth == 0:
        return (evaluate(b), None)
    best, best_col = -10 * WIN, moves[0]
    for col in moves:
        child = b.copy()
        child[open_row(b, col), col - 1] = 1
        score = -negamax(-child, depth - 1, -beta, -alpha)[0]
        if score > best:
            best, best_col = score, col
        alpha = max(alpha, score)
        if alpha >= beta:
            break
    return (best, best_col)


def choose(pos):
    score, col = negamax(board_for(pos), DEPTH, -10 * WIN, 10 * WIN)
    return col
