"""Alpha-beta negamax on a 42-character string, row by row from the top: 'x' the side
to move, 'o' the other, '.' empty; each child's board is turned (x and o swapped) so
that its side to move is 'x' again. The root loop shares alpha across its columns."""
import treeviz

DEPTH = 4
TURN = str.maketrans("xo", "ox")


def four(s, p):
    for r in range(6):
        for c in range(7):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + dr * k < 6 and 0 <= c + dc * k < 7
                       and s[(r + dr * k) * 7 + c + dc * k] == p for k in range(4)):
                    return True
    return False


def legal(s):
    return [c for c in (3, 2, 4, 1, 5, 0, 6) if s[c] == '.']


def put(s, c):
    for r in range(5, -1, -1):
        if s[r * 7 + c] == '.':
            i = r * 7 + c
            return s[:i] + 'x' + s[i + 1:]


def child(s, c, depth):
    return put(s, c).translate(TURN)


def heur(s):
    col = [s[r * 7 + 3] for r in range(6)]
    return col.count('x') - col.count('o')


@treeviz.traced
def alphabeta(s, depth, alpha, beta):
    if four(s, 'o'):
        return -(100 + depth)
    ls = legal(s)
    if not ls:
        return 0
    if depth == 0:
        return heur(s)
    for c in ls:
        v = -alphabeta(child(s, c, depth), depth - 1, -beta, -alpha)
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return alpha


def board_of(pos):
    me = pos.side_to_move
    return ''.join('.' if x is None else ('x' if x == me else 'o') for row in pos.rows() for x in row)


def choose(pos):
    s = board_of(pos)
    alpha, best = -10**9, None
    for c in legal(s):
        v = -alphabeta(child(s, c, DEPTH), DEPTH - 1, -10**9, -alpha)
        if v > alpha:
            alpha, best = v, c
    return best + 1
