"""Inside a traced negamax with a transposition table: a correct one gets no finding.

The table stores, per position, the depth searched, a bound flag (exact, lower, upper)
and the value, as course notebooks write it after the usual tutorial: a probe that
returns an exact value, or narrows the window by a stored bound (and returns when the
window closes), before the loop over the columns. A window narrowed so is not the one
the call received: a cut against the narrowed beta is right, and a fail-hard return of
the narrowed bound too. The searches here are correct (each checked against minimax
without pruning or table, at the root), so every finding on them is false.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from conftest import random_position
from hypothesis import example, given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.checkup.tree_bugs import check_tree
from treeviz.connect4.board import Position

WIN = 10_000
EXACT, LOWER, UPPER = 0, 1, 2
ORDER = (3, 2, 4, 1, 5, 0, 6)


def evaluate(pos: Position) -> int:
    """Stones in the centre and beside it for the side to move, minus the other's
    (values spread enough for bounds to differ from exact values)."""
    x, o = pos.stones
    mine, theirs = (x, o) if pos.side_to_move == "X" else (o, x)
    weights = (1, 2, 4, 7, 4, 2, 1)
    out = 0
    for col, w in enumerate(weights):
        bits = ((1 << pos.height) - 1) << (col * (pos.height + 1))
        out += w * ((mine & bits).bit_count() - (theirs & bits).bit_count())
    return out


class TTNegamax:
    """A correct negamax with alpha-beta and a transposition table with bound flags:
    fail-soft (returns the best child's value) or fail-hard (returns the bound of the
    window, as the table narrowed it, that the value fell outside), the table keyed by
    the position or by the position and its mirror, kept between searches or cleared
    at each."""

    def __init__(self, *, hard: bool, mirror: bool, keep: bool) -> None:
        self.hard, self.mirror, self.keep = hard, mirror, keep
        self.table: dict[int, tuple[int, int, float]] = {}
        self.search = treeviz.traced(self.negamax)

    def key(self, pos: Position) -> int:
        return min(pos.key(), pos.mirror_key()) if self.mirror else pos.key()

    def negamax(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        if pos.winner() is not None:
            return -(WIN + depth)  # the player to move has lost: sooner is worse
        if pos.is_full():
            return 0
        if depth == 0:
            return evaluate(pos)
        alpha_orig = alpha
        entry = self.table.get(self.key(pos))
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
        if self.hard:
            value = self.fail_hard(pos, depth, alpha, beta)
        else:
            value = self.fail_soft(pos, depth, alpha, beta)
        flag = UPPER if value <= alpha_orig else LOWER if value >= beta else EXACT
        self.table[self.key(pos)] = (depth, flag, value)
        return value

    def fail_soft(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        """The best child's value (a bound outside the window)."""
        best = -math.inf
        for col in ORDER:
            if pos.can_play(col):
                pos.play(col)
                score = -self.search(pos, depth - 1, -beta, -alpha)
                pos.undo()
                best = max(best, score)
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        return best

    def fail_hard(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        """The value clamped to the window: beta on a cut, alpha when nothing beat it
        (the window as narrowed by the table)."""
        for col in ORDER:
            if pos.can_play(col):
                pos.play(col)
                score = -self.search(pos, depth - 1, -beta, -alpha)
                pos.undo()
                if score >= beta:
                    return beta
                alpha = max(alpha, score)
        return alpha

    def choose(self, pos: Position, depth: int) -> tuple[int, float]:
        """The root's loop: the best column (0-based) and its value."""
        if not self.keep:
            self.table.clear()
        alpha, best_col = -math.inf, -1
        for col in ORDER:
            if pos.can_play(col):
                pos.play(col)
                score = -self.search(pos, depth - 1, -math.inf, -alpha)
                pos.undo()
                if best_col < 0 or score > alpha:
                    alpha, best_col = score, col
        return best_col, alpha


def minimax(pos: Position, depth: int) -> float:
    """The oracle: the same values without pruning or table."""
    if pos.winner() is not None:
        return -(WIN + depth)
    if pos.is_full():
        return 0
    if depth == 0:
        return evaluate(pos)
    best = -math.inf
    for col in pos.legal_moves():
        pos.play(col)
        best = max(best, -minimax(pos, depth - 1))
        pos.undo()
    return best


def recorded(search: TTNegamax, pos: Position, depth: int) -> Any:
    with treeviz.recording(root=pos, check=True) as rec:
        search.choose(pos.copy(), depth)
    return rec.result


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(0, 24),
    st.integers(4, 5),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
# every unfinished leaf at the deepest such depth holds a stored loss (-10003) as large
# as the fours decided above it: they read as the evaluation's range, and a four scored
# -10002 as "not below" it (a false terminal finding)
@pytest.mark.slow
@example(seed=725, plies=23, depth=4, hard=True, mirror=False, keep=False)
def test_a_correct_tt_negamax_gets_no_finding(
    seed: int, plies: int, depth: int, hard: bool, mirror: bool, keep: bool
) -> None:
    pos = random_position(seed, plies)
    search = TTNegamax(hard=hard, mirror=mirror, keep=keep)
    if keep:  # a table left by the search of the position before
        search.choose(pos.copy(), depth - 1)
    _, value = search.choose(pos.copy(), depth)
    # the search is correct: its value is minimax's (the table's bounds used as bounds)
    assert value == max(-minimax(_after(pos, c), depth - 1) for c in pos.legal_moves())
    assert check_tree(recorded(search, pos, depth)) == []


@pytest.mark.slow
def test_cuts_against_a_beta_narrowed_by_the_table_get_no_finding() -> None:
    """The case the property test is about, made sure of: random positions where a
    node left columns unsearched with its received window open (alpha < beta after
    its last child, no win found), its beta narrowed by a stored upper bound."""
    cuts, found = 0, []
    for seed in range(40):
        pos = random_position(seed, 4 + seed % 16)
        for hard in (False, True):
            result = recorded(TTNegamax(hard=hard, mirror=False, keep=False), pos, 5)
            cuts += _open_cuts(result.trace)
            found += check_tree(result)
    assert cuts > 0 and found == []


def _open_cuts(trace: Any) -> int:
    """Nodes that left columns unsearched though the window they received was still
    open after their last child, with no win among their children's values."""
    from treeviz.checkup.node_tree import numbers

    table = trace.extra.get("user_values")
    value, alpha, beta = (numbers(trace.nodes[k], table) for k in ("value", "alpha", "beta"))
    out = 0
    for k in range(1, len(trace)):
        kids = trace.children(k)
        if len(kids) and trace.nodes["pruned"][k]:
            best = max(-value[c] for c in kids)
            out += bool(max(alpha[k], best) < beta[k] and best < WIN)
    return out


def _after(pos: Position, col: int) -> Position:
    out = pos.copy()
    out.play(col)
    return out


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 24))
def test_a_fail_hard_return_of_a_narrowed_alpha_gets_no_finding(seed: int, plies: int) -> None:
    """A table kept from a deeper search (the game's move before) holds a lower bound
    above every value the shallower search finds below: the window's alpha narrowed
    to it, each child fails low, and a fail-hard search returns that alpha, not its
    best child's value, nor the alpha it received."""
    pos = random_position(seed, plies)
    line = [c for c in ORDER if pos.can_play(c)][:1]
    node = _after(pos, line[0])
    if node.is_over() or not [c for c in ORDER if node.can_play(c)]:
        return
    first = next(c for c in ORDER if node.can_play(c))
    node = _after(node, first)  # searched first, with the whole window, one ply above the leaves
    if node.is_over():
        return
    best = max(-minimax(_after(node, c), 0) for c in node.legal_moves())
    search = TTNegamax(hard=True, mirror=False, keep=True)
    search.table[node.key()] = (5, LOWER, best + 5)
    result = recorded(search, pos, 3)
    t = result.trace
    alpha, beta = t.nodes["alpha"], t.nodes["beta"]  # ranks: their order is the values'
    # the narrowed alpha, in a child's window
    assert any(len(t.children(k)) and -beta[t.children(k)[0]] > alpha[k] for k in range(len(t)))
    assert check_tree(result) == []
