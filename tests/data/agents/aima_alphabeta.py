# AIMA-style alpha-beta: separate max_value / min_value, numpy board, row 0 = bottom.
import numpy as np
import treeviz

ROWS, COLS = 6, 7
EMPTY, P1, P2 = 0, 1, 2
DEPTH = 4
ORDER = [3, 2, 4, 1, 5, 0, 6]


def to_board(pos):
    b = np.zeros((ROWS, COLS), dtype=int)
    for r, row in enumerate(pos.rows()):          # rows() is top first
        for c, v in enumerate(row):
            if v == 'X':
                b[ROWS - 1 - r, c] = P1
            elif v == 'O':
                b[ROWS - 1 - r, c] = P2
    return b


def actions(board):
    return [c for c in ORDER if board[ROWS - 1, c] == EMPTY]


def result(board, col, piece):
    nb = board.copy()
    for r in range(ROWS):
        if nb[r, col] == EMPTY:
            nb[r, col] = piece
            break
    return nb


def is_win(board, p):
    for r in range(ROWS):
        for c in range(COLS - 3):
            if all(board[r, c + i] == p for i in range(4)):
                return True
    for r in range(ROWS - 3):
        for c in range(COLS):
            if all(board[r + i, c] == p for i in range(4)):
                return True
    for r in range(ROWS - 3):
        for c in range(COLS - 3):
            if all(board[r + i, c + i] == p for i in range(4)):
                return True
            if all(board[r + 3 - i, c + i] == p for i in range(4)):
                return True
    return False


def window_score(w, p):
    opp = P2 if p == P1 else P1
    w = list(w)
    s = 0
    if w.count(p) == 3 and w.count(EMPTY) == 1:
        s += 5
    elif w.count(p) == 2 and w.count(EMPTY) == 2:
        s += 2
    if w.count(opp) == 3 and w.count(EMPTY) == 1:
        s -= 4
    return s


def heuristic(board, p):
    s = 3 * int(np.sum(board[:, COLS // 2] == p))
    for r in range(ROWS):
        for c in range(COLS - 3):
            s += window_score(board[r, c:c + 4], p)
    for c in range(COLS):
        for r in range(ROWS - 3):
            s += window_score(board[r:r + 4, c], p)
    for r in range(ROWS - 3):
        for c in range(COLS - 3):
            s += window_score([board[r + i, c + i] for i in range(4)], p)
            s += window_score([board[r + 3 - i, c + i] for i in range(4)], p)
    return s


def terminal_test(board):
    return is_win(board, P1) or is_win(board, P2) or len(actions(board)) == 0


def utility(board, me, depth):
    opp = P2 if me == P1 else P1
    if is_win(board, me):
        return 100000 + depth
    if is_win(board, opp):
        return -100000 - depth
    return 0


@treeviz.traced
def max_value(board, alpha, beta, depth, me):
    if terminal_test(board):
        return utility(board, me, depth)
    if depth == 0:
        return heuristic(board, me)
    v = -float('inf')
    for a in actions(board):
        v = max(v, min_value(result(board, a, me), alpha, beta, depth - 1, me))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v


@treeviz.traced
def min_value(board, alpha, beta, depth, me):
    if terminal_test(board):
        return utility(board, me, depth)
    if depth == 0:
        return heuristic(board, me)
    opp = P2 if me == P1 else P1
    v = float('inf')
    for a in actions(board):
        v = min(v, max_value(result(board, a, opp), alpha, beta, depth - 1, me))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def alpha_beta_search(board, me, depth=DEPTH):
    best, best_a = -float('inf'), None
    alpha, beta = -float('inf'), float('inf')
    for a in actions(board):
        v = min_value(result(board, a, me), alpha, beta, depth - 1, me)
        if v > best:
            best, best_a = v, a
        alpha = max(alpha, best)
    return best_a, best


def choose(pos):
    me = P1 if pos.side_to_move == 'X' else P2
    col, _ = alpha_beta_search(to_board(pos), me)
    return col + 1
