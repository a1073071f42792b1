"""Negamax alpha-beta, DEPTH plies full width, then a forced-move extension past the
horizon: at a leaf, if the side to move can win at once it is scored as that win; if
the opponent threatens to win at once, the side to move must block there, so that one
reply is played and the line followed (cheap: one child). Otherwise the heuristic.
treeviz Position, values for the side to move; quicker wins score more."""
import treeviz

DEPTH = 4
WIN = 10000
ORDER = [3, 2, 4, 1, 5, 0, 6]
LINES = [[(r + k * dr, c + k * dc) for k in range(4)]
         for r in range(6) for c in range(7) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
         if 0 <= r + 3 * dr < 6 and 0 <= c + 3 * dc < 7]
THROUGH = {(r, c): [l for l in LINES if (r, c) in l] for r in range(6) for c in range(7)}


def evaluate(pos):
    me = pos.side_to_move
    s = 0
    for row in pos.rows():
        for c, x in enumerate(row):
            if x is not None:
                w = (1, 2, 3, 5, 3, 2, 1)[c]
                s += w if x == me else -w
    return s


def opponent_threats(pos):
    """Columns where the side NOT to move would win if it played there now."""
    opp = 'O' if pos.side_to_move == 'X' else 'X'
    g = [list(r) for r in pos.rows()]
    out = []
    for c in pos.legal_moves():
        r = max(i for i in range(6) if g[i][c] is None)
        g[r][c] = opp
        if any(all(g[a][b] == opp for a, b in l) for l in THROUGH[(r, c)]):
            out.append(c)
        g[r][c] = None
    return out


@treeviz.traced
def negamax(pos, depth, alpha, beta):
    if pos.winner() is not None:
        return -(WIN + depth)
    if pos.is_full():
        return 0
    if depth <= 0:
        if pos.can_win_next():
            return WIN + depth - 1          # the win one ply on, scored as its four would be
        threats = opponent_threats(pos)
        if not threats:
            return evaluate(pos)
        child = pos.copy()
        child.play(threats[0])              # forced: anything else loses at once
        return -negamax(child, depth - 1, -beta, -alpha)
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
