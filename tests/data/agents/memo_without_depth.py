"""Negamax with a transposition table keyed by the position only, kept between calls
(a hint button's quick look and the AI's move share it). BUG: the depth searched is
not stored, so a value a shallow search stored is reused where more plies are left."""
import treeviz

DEPTH = 5
WIN = 1000
TABLE = {}


def score(pos):
    me = pos.side_to_move
    total = 0
    for row in pos.rows():
        for c, x in enumerate(row):
            if x is not None:
                total += (3 - abs(3 - c)) * (1 if x == me else -1)
    return total


@treeviz.traced
def negamax(pos, depth):
    key = pos.key()
    if key in TABLE:
        return TABLE[key]
    if pos.winner() is not None:
        value = -WIN - depth
    elif pos.is_full():
        value = 0
    elif depth == 0:
        value = score(pos)
    else:
        value = -10**9
        for c in pos.legal_moves():
            child = pos.copy()
            child.play(c)
            value = max(value, -negamax(child, depth - 1))
    TABLE[key] = value
    return value


def choose(pos):
    return max(pos.legal_moves(), key=lambda c: -negamax(_after(pos, c), DEPTH - 1)) + 1


def _after(pos, c):
    child = pos.copy()
    child.play(c)
    return child
