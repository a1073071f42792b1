"""Negamax alpha-beta with a small quiescence step: at the depth limit, a position
where the side to move can win at once is not scored by the heuristic but searched one
ply further (so a win just past the horizon is seen as a win). At least DEPTH plies
everywhere. treeviz Position, values for the side to move; quicker wins score more."""
import treeviz

DEPTH = 4
WIN = 10000
CAP = None  # plies searched past the horizon at most (None: no cap)
ORDER = [3, 2, 4, 1, 5, 0, 6]


def evaluate(pos):
    me = pos.side_to_move
    s = 0
    for row in pos.rows():
        for c, x in enumerate(row):
            if x is not None:
                w = (1, 2, 3, 5, 3, 2, 1)[c]
                s += w if x == me else -w
    return s


@treeviz.traced
def negamax(pos, depth, alpha, beta):
    if pos.winner() is not None:
        return -(WIN + depth)
    if pos.is_full():
        return 0
    if depth <= 0:
        if (CAP is not None and depth <= -CAP) or not pos.can_win_next():
            return evaluate(pos)
        # quiescence: the side to move has a win at once, look one ply further
    best = -10 ** 9
    for c in ORDER:
        if not pos.can_play(c):
            continue
        child = pos.copy()
        child.play(c)
        v = -negamax(child, depth - 1, -beta, -alpha)
        if v > best:
            best = v
        if v > alpha:
            alpha = v
        if alpha >= beta:
            break
    return best


def choose(pos):
    best, alpha = None, -10 ** 9
    for c in ORDER:
        if pos.can_play(c):
            child = pos.copy()
            child.play(c)
            v = -negamax(child, DEPTH - 1, -10 ** 9, -alpha)
            if best is None or v > alpha:
                best, alpha = c, v
    return best + 1
