"""Negamax straight on treeviz's Position (play / undo in place, no copies).

negamax(pos, depth) returns how good pos is for the player whose turn it is:
+WIN_VALUE when he has won, -WIN_VALUE when he has lost, 0 for a draw, and otherwise
(at depth 0) the difference of the centre weights of his stones and the opponent's.
"""

import math

import treeviz

DEPTH = 4
WIN_VALUE = 1000
COLUMN_WEIGHT = [1, 2, 3, 4, 3, 2, 1]
ROW_WEIGHT = [1, 2, 3, 3, 2, 1]  # row 0 is the bottom row


def evaluate(pos):
    me = pos.side_to_move
    total = 0
    for col in range(7):
        for row in range(pos.column_height(col)):
            weight = COLUMN_WEIGHT[col] * ROW_WEIGHT[row]
            total += weight if pos.cell(col, row) == me else -weight
    return total


@treeviz.traced
def negamax(pos, depth):
    if pos.winner() is not None:
        return -WIN_VALUE  # the last move made four: the player to move has lost
    if pos.is_full():
        return 0
    if depth == 0:
        return evaluate(pos)
    best = -math.inf
    for col in pos.legal_moves():
        pos.play(col)
        score = -negamax(pos, depth - 1)
        pos.undo()
        if score > best:
            best = score
    return best


def choose(pos):
    pos = pos.copy()
    best_col, best_score = None, None
    for col in pos.legal_moves():
        pos.play(col)
        score = -negamax(pos, DEPTH - 1)
        pos.undo()
        if best_score is None or score > best_score:
            best_col, best_score = col, score
    return best_col + 1
