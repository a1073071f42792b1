"""Negamax with alpha-beta and a transposition table, on bitboards.

Bit layout (same as treeviz's Position, so we read pos.current and pos.mask directly):
column c uses bits c*7 .. c*7+5 from the bottom, bit c*7+6 stays empty as a separator.
`current` holds the stones of the player to move, `mask` every stone. A move is
`current, mask = current ^ mask, mask | (mask + bottom(col))`.

Value contract of negamax(current, mask, depth, alpha, beta): the score for the player
to move, exact when it lies strictly inside (alpha, beta), otherwise only a bound on the
correct side. A loss is -(WIN + depth): the sooner the loss, the worse. The table stores
(depth, flag, value) so that a bound is only ever used as a bound.
"""

import math

import treeviz

WIDTH, HEIGHT = 7, 6
H1 = HEIGHT + 1
DEPTH = 6
WIN = 10000
ORDER = [3, 2, 4, 1, 5, 0, 6]
FULL = sum(((1 << HEIGHT) - 1) << (c * H1) for c in range(WIDTH))
EXACT, LOWER, UPPER = 0, 1, 2

table = {}


def bottom(col):
    return 1 << (col * H1)


def top(col):
    return 1 << (col * H1 + HEIGHT - 1)


def can_play(mask, col):
    return (mask & top(col)) == 0


def play(current, mask, col):
    return current ^ mask, mask | (mask + bottom(col))


def four(bits):
    for shift in (1, H1, H1 - 1, H1 + 1):  # vertical, horizontal, two diagonals
        pairs = bits & (bits >> shift)
        if pairs & (pairs >> (2 * shift)):
            return True
    return False


def make_windows():
    windows = []
    for c in range(WIDTH):
        for r in range(HEIGHT):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(0 <= cc < WIDTH and 0 <= rr < HEIGHT for cc, rr in cells):
                    windows.append(sum(1 << (cc * H1 + rr) for cc, rr in cells))
    return windows


WINDOWS = make_windows()
POINTS = [0, 1, 8, 40, 0]
CENTRE = ((1 << HEIGHT) - 1) << (3 * H1)


def evaluate(current, mask):
    """Heuristic for the player to move: open windows of his minus the opponent's."""
    opponent = current ^ mask
    score = 2 * ((current & CENTRE).bit_count() - (opponent & CENTRE).bit_count())
    for w in WINDOWS:
        mine = (current & w).bit_count()
        theirs = (opponent & w).bit_count()
        if theirs == 0:
            score += POINTS[mine]
        elif mine == 0:
            score -= POINTS[theirs]
    return score


def rows_for_treeviz(current, mask):
    """The board as rows of 'X' / 'O' / '.', top row first (for the trace)."""
    to_move = "X" if mask.bit_count() % 2 == 0 else "O"
    waiting = "O" if to_move == "X" else "X"
    rows = []
    for r in range(HEIGHT - 1, -1, -1):
        row = []
        for c in range(WIDTH):
            bit = 1 << (c * H1 + r)
            row.append(to_move if current & bit else waiting if mask & bit else ".")
        rows.append(row)
    return rows


@treeviz.traced(position=lambda current, mask, *rest: rows_for_treeviz(current, mask))
def negamax(current, mask, depth, alpha, beta):
    if four(current ^ mask):  # the player who just moved has four
        return -(WIN + depth)
    if mask == FULL:
        return 0
    if depth == 0:
        return evaluate(current, mask)
    alpha_orig = alpha
    key = current + mask
    entry = table.get(key)
    if entry is not None and entry[0] >= depth:
        _, flag, value = entry
        if flag == EXACT:
            return value
        if flag == LOWER:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            return value
    best = -math.inf
    for col in ORDER:
        if can_play(mask, col):
            child_current, child_mask = play(current, mask, col)
            score = -negamax(child_current, child_mask, depth - 1, -beta, -alpha)
            best = max(best, score)
            alpha = max(alpha, score)
            if alpha >= beta:
                break
    if best <= alpha_orig:
        flag = UPPER
    elif best >= beta:
        flag = LOWER
    else:
        flag = EXACT
    table[key] = (depth, flag, best)
    return best


def best_move(pos):
    table.clear()
    current, mask = pos.current, pos.mask
    alpha, best_col = -math.inf, None
    for col in ORDER:
        if can_play(mask, col):
            child_current, child_mask = play(current, mask, col)
            score = -negamax(child_current, child_mask, DEPTH - 1, -math.inf, -alpha)
            if best_col is None or score > alpha:
                alpha, best_col = score, col
    return best_col + 1
