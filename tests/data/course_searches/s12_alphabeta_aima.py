"""Alpha-beta search in the style of the AIMA textbook (max_value / min_value).

State: a list of 6 rows of 7 ints, rows[0] is the BOTTOM row; 0 = empty, 1 = MAX (the
player we choose a move for), 2 = MIN. The cut-off test is depth >= DEPTH or a terminal
state; eval_fn scores lines of four that only one side occupies.
"""

import math

ROWS, COLS = 6, 7
DEPTH = 4
MAX, MIN = 1, 2
WIN = 10**7
LINE_SCORE = {0: 0, 1: 1, 2: 5, 3: 25, 4: 0}
DIRECTIONS = [(0, 1), (1, 0), (1, 1)]  # right, up, up-right


def actions(state):
    return [c for c in (3, 4, 2, 5, 1, 6, 0) if state[ROWS - 1][c] == 0]


def result(state, col, piece):
    new = [row[:] for row in state]
    for r in range(ROWS):
        if new[r][col] == 0:
            new[r][col] = piece
            break
    return new


def all_fours():
    fours = []
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= a < ROWS and 0 <= b < COLS for a, b in cells):
                    fours.append(cells)
    return fours


FOURS = all_fours()


def four_connected(state, piece):
    return any(all(state[a][b] == piece for a, b in cells) for cells in FOURS)


def terminal_test(state):
    return four_connected(state, MAX) or four_connected(state, MIN) or not actions(state)


def utility(state, depth):
    if four_connected(state, MAX):
        return WIN - depth
    if four_connected(state, MIN):
        return -WIN + depth
    return 0


def eval_fn(state):
    score = 0
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in DIRECTIONS:
                end_r, end_c = r + 3 * dr, c + 3 * dc
                if not (0 <= end_r < ROWS and 0 <= end_c < COLS):
                    continue
                line = [state[r + k * dr][c + k * dc] for k in range(4)]
                if MIN not in line:
                    score += LINE_SCORE[line.count(MAX)]
                elif MAX not in line:
                    score -= LINE_SCORE[line.count(MIN)]
    return score


def max_value(state, alpha, beta, depth):
    if terminal_test(state):
        return utility(state, depth)
    if depth >= DEPTH:
        return eval_fn(state)
    v = -math.inf
    for a in actions(state):
        v = max(v, min_value(result(state, a, MAX), alpha, beta, depth + 1))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v


def min_value(state, alpha, beta, depth):
    if terminal_test(state):
        return utility(state, depth)
    if depth >= DEPTH:
        return eval_fn(state)
    v = math.inf
    for a in actions(state):
        v = min(v, max_value(result(state, a, MIN), alpha, beta, depth + 1))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def alphabeta_search(state):
    best_score = -math.inf
    beta = math.inf
    best_action = None
    for a in actions(state):
        v = min_value(result(state, a, MAX), best_score, beta, 1)
        if v > best_score:
            best_score = v
            best_action = a
    return best_action


def choose(pos):
    me = pos.side_to_move
    state = [[0 if pos.cell(c, r) is None else MAX if pos.cell(c, r) == me else MIN
              for c in range(COLS)] for r in range(ROWS)]
    return alphabeta_search(state) + 1
