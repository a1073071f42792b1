"""Small agents with one known defect each, for the doctor's tests (the course-style
buggy searches are in examples/buggy/). Each takes a treeviz Position and returns a
column 1-7."""

import math
import time

CALLS = {"n": 0}


def _negamax(pos, depth):
    """A correct negamax to ``depth``: a loss for the side to move scores worse the
    sooner it comes, a full board 0."""
    if pos.winner():
        return -1000 - depth
    if pos.is_full() or depth == 0:
        return 0
    best = -math.inf
    for c in pos.legal_moves():
        child = pos.copy()
        child.play(c)
        best = max(best, -_negamax(child, depth - 1))
    return best


def sound(pos):
    """Correct: a two-ply negamax, first best column."""
    best, best_col = -math.inf, None
    for c in pos.legal_moves():
        child = pos.copy()
        child.play(c)
        v = -_negamax(child, 1)
        if best_col is None or v > best:
            best, best_col = v, c
    return best_col + 1


def skips_column_one(pos):
    """``if not best_col`` is true for column index 0: column 1 is never kept."""
    best, best_col = -math.inf, None
    for c in pos.legal_moves():
        child = pos.copy()
        child.play(c)
        v = -_negamax(child, 1)
        if v > best or not best_col:
            best, best_col = v, c
    return best_col + 1


def crashes_late(pos):
    """Raises once the board has twenty stones."""
    if pos.ply >= 20:
        raise ValueError("list index out of range")
    return sound(pos)


def says_none(pos):
    """Returns None in every endgame."""
    return None if pos.ply >= 30 else sound(pos)


def column_nine(pos):
    """Answers a column that does not exist when it can win."""
    return 9 if pos.winning_moves() else sound(pos)


def sleeps(pos):
    """Never answers a position with 36 stones or more (a loop that never ends)."""
    while pos.ply >= 36:
        time.sleep(0.01)
    return sound(pos)


def leaks(pos):
    """Keeps a call counter across calls: every third call answers the leftmost column."""
    CALLS["n"] += 1
    return pos.legal_moves()[0] + 1 if CALLS["n"] % 3 == 0 else sound(pos)


def path_dependent(pos):
    """Answers by the order the stones came in, not by the position."""
    legal = pos.legal_moves()
    return legal[sum(i * m for i, m in enumerate(pos.history)) % len(legal)] + 1
