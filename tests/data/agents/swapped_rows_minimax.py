# Depth-limited negamax on a list of rows (top row first), 1 = the player to move,
# 2 = the other one, 0 = empty. After each move the pieces are swapped, so every
# call looks at the board as "me" (1) against "them" (2).
import treeviz

ROWS, COLS = 6, 7
MAX_DEPTH = 3


def to_rows(pos):
    me = pos.side_to_move
    grid = []
    for row in pos.rows():
        grid.append([0 if v is None else (1 if v == me else 2) for v in row])
    return grid


def flip(grid):
    return [[0 if v == 0 else 3 - v for v in row] for row in grid]


def drop(grid, c):
    new = [row[:] for row in grid]
    for r in range(ROWS - 1, -1, -1):
        if new[r][c] == 0:
            new[r][c] = 1
            return new
    return None


def four(grid, p):
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= rr < ROWS and 0 <= cc < COLS and grid[rr][cc] == p for rr, cc in cells):
                    return True
    return False


def score(grid):
    s = 0
    for r in range(ROWS):
        if grid[r][3] == 1:
            s += 2
        elif grid[r][3] == 2:
            s -= 2
    return s


@treeviz.traced
def negamax(grid, depth):
    if four(grid, 2):  # the opponent just made four
        return -100 - depth
    if all(grid[0][c] != 0 for c in range(COLS)):
        return 0
    if depth == 0:
        return score(grid)
    best = -10**6
    for c in range(COLS):
        child = drop(grid, c)
        if child is None:
            continue
        best = max(best, -negamax(flip(child), depth - 1))
    return best


def choose(pos):
    grid = to_rows(pos)
    best, best_col = -10**6, None
    for c in range(COLS):
        child = drop(grid, c)
        if child is None:
            continue
        v = -negamax(flip(child), MAX_DEPTH - 1)
        if v > best:
            best, best_col = v, c + 1
    return best_col
