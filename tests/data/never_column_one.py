"""A buggy agent for the doctor's tests: a two-ply search (win at once when it can,
else a move after which the opponent cannot win at once, else nearest the centre)
that never considers column 1, as a search whose ``if move:`` is false for column
index 0 would. The doctor finds the wins and blocks it misses there.

    treeviz doctor tests/data/never_column_one.py:choose --positions 3
"""

CENTRE_FIRST = [3, 2, 4, 1, 5, 6]  # column indexes 0..6, with 0 left out: the bug


def choose(pos):
    """The column (1-based) to play in ``pos`` (a treeviz Position)."""
    moves = [c for c in CENTRE_FIRST if pos.can_play(c)] or pos.legal_moves()
    wins = [c for c in moves if pos.is_winning_move(c)]
    safe = [c for c in moves if not _lets_them_win(pos, c)]
    return (wins or safe or moves)[0] + 1


def _lets_them_win(pos, col):
    """Whether the opponent wins at once after ``col`` is played in ``pos``."""
    child = pos.copy()
    child.play(col)
    return any(child.is_winning_move(c) for c in child.legal_moves())
