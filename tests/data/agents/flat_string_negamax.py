"""Negamax on a 42-character string, row-major with row 0 at the top, '.' empty,
'x'/'o' lowercase pieces. Value is for the side to move. Traced, no flag."""
import treeviz

W, H = 7, 6
DEPTH = 4
WIN = 1000

LINES = []
for r in range(H):
    for c in range(W):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            cells = [(r + k * dr, c + k * dc) for k in range(4)]
            if all(0 <= rr < H and 0 <= cc < W for rr, cc in cells):
                LINES.append([rr * W + cc for rr, cc in cells])


def moves(s):
    return [c for c in range(W) if s[c] == '.']


def drop(s, c, p):
    for r in range(H - 1, -1, -1):
        i = r * W + c
        if s[i] == '.':
            return s[:i] + p + s[i + 1:]
    raise ValueError("full")


def has_four(s, p):
    return any(all(s[i] == p for i in line) for line in LINES)


def heuristic(s, p):
    q = 'o' if p == 'x' else 'x'
    score = 0
    for line in LINES:
        a = sum(s[i] == p for i in line)
        b = sum(s[i] == q for i in line)
        if b == 0:
            score += (0, 1, 4, 16, 0)[a]
        elif a == 0:
            score -= (0, 1, 4, 16, 0)[b]
    for r in range(H):
        if s[r * W + 3] == p:
            score += 3
        elif s[r * W + 3] == q:
            score -= 3
    return score


@treeviz.traced
def negamax(s, depth, p):
    q = 'o' if p == 'x' else 'x'
    if has_four(s, q):          # the opponent just made four
        return -(WIN + depth)
    ms = moves(s)
    if not ms:
        return 0
    if depth == 0:
        return heuristic(s, p)
    best = -10 ** 9
    for c in ms:
        v = -negamax(drop(s, c, p), depth - 1, q)
        if v > best:
            best = v
    return best


def choose(pos):
    s = ''.join('.' if cell is None else cell.lower() for row in pos.rows() for cell in row)
    p = pos.side_to_move.lower()
    q = 'o' if p == 'x' else 'x'
    best_c, best_v = None, None
    for c in moves(s):
        v = -negamax(drop(s, c, p), DEPTH - 1, q)
        if best_v is None or v > best_v:
            best_c, best_v = c, v
    return best_c + 1
