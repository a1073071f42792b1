"""Iterative deepening negamax with a memo (cache) of evaluated positions.

A state is a tuple of 6 strings (top row first), 'x' / 'o' / '.', so it can be a dict
key directly. The search runs depth 1, 2, ..., MAX_DEPTH; each iteration tries the
root moves in the order of the previous iteration's scores, and the memo dict is shared
by all iterations so that positions already seen are not searched again.
"""

import treeviz

ROWS, COLS = 6, 7
MAX_DEPTH = 4
WIN = 10**5


def drop(state, col, stone):
    rows = list(state)
    for r in range(ROWS - 1, -1, -1):
        if rows[r][col] == ".":
            rows[r] = rows[r][:col] + stone + rows[r][col + 1:]
            return tuple(rows)
    return None


def moves(state):
    return [c for c in range(COLS) if state[0][c] == "."]


def connected_four(state, stone):
    for r in range(ROWS):
        for c in range(COLS):
            if state[r][c] != stone:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                rr, cc = r + 3 * dr, c + 3 * dc
                if 0 <= rr < ROWS and 0 <= cc < COLS and all(
                        state[r + k * dr][c + k * dc] == stone for k in range(4)):
                    return True
    return False


def opponent(stone):
    return "o" if stone == "x" else "x"


def score_line(cells, stone):
    mine, theirs = cells.count(stone), cells.count(opponent(stone))
    if theirs == 0:
        return mine * mine
    if mine == 0:
        return -theirs * theirs
    return 0


def evaluate(state, stone):
    """Heuristic for `stone` (the player to move)."""
    total = 0
    for r in range(ROWS):
        for c in range(COLS - 3):
            total += score_line(state[r][c:c + 4], stone)
    for c in range(COLS):
        column = "".join(state[r][c] for r in range(ROWS))
        for r in range(ROWS - 3):
            total += score_line(column[r:r + 4], stone)
    for r in range(ROWS - 3):
        for c in range(COLS - 3):
            total += score_line([state[r + k][c + k] for k in range(4)], stone)
            total += score_line([state[r + 3 - k][c + k] for k in range(4)], stone)
    return total


memo = {}


@treeviz.traced
def negamax(state, depth, stone):
    key = state
    if key in memo:
        return memo[key]
    if connected_four(state, opponent(stone)):
        value = -(WIN + depth)
    elif not moves(state):
        value = 0
    elif depth == 0:
        value = evaluate(state, stone)
    else:
        value = max(-negamax(drop(state, c, stone), depth - 1, opponent(stone))
                    for c in moves(state))
    memo[key] = value
    return value


def choose(pos):
    state = tuple("".join("." if c is None else c.lower() for c in row) for row in pos.rows())
    stone = pos.side_to_move.lower()
    memo.clear()
    order = moves(state)
    for depth in range(1, MAX_DEPTH + 1):
        scores = {c: -negamax(drop(state, c, stone), depth - 1, opponent(stone)) for c in order}
        order = sorted(order, key=lambda c: -scores[c])
    return order[0] + 1
