"""Inside a traced minimax: a best move updated outside its test is named as the
cause when the root answers its last column though another is better, and a
correct search never gets it. The searches are a negamax over treeviz's Position
returning ``(value, column)`` from every call, as an online course writes it; the
expected answer comes from the search re-run without tracing, not from the doctor."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.checkup.tree_bugs import check_tree
from treeviz.connect4.board import Position

WIN = 1000


def heuristic(pos: Position) -> int:
    """Centre stones of the side to move minus the opponent's."""
    me = pos.side_to_move
    return sum(
        (1 if pos.cell(3, r) == me else -1) for r in range(pos.height) if pos.cell(3, r) is not None
    )


def negamax(pos: Position, depth: int, *, buggy: bool) -> tuple[int, int | None]:
    if pos.winner() is not None:
        return -WIN - depth, None  # the player who just moved made four
    if pos.is_full():
        return 0, None
    if depth == 0:
        return heuristic(pos), None
    best, best_col = -10 * WIN, None
    for col in pos.legal_moves():
        child = pos.copy()
        child.push(col)
        value = -negamax(child, depth - 1, buggy=buggy)[0]
        if value > best:
            best = value
            if not buggy:
                best_col = col
        if buggy:
            best_col = col  # BUG: outside the test
    return best, best_col


@treeviz.traced(value=lambda r: r[0], chosen=lambda r: r[1])
def buggy(pos: Position, depth: int) -> tuple[int, int | None]:
    return negamax_traced(pos, depth, buggy, True)


@treeviz.traced(value=lambda r: r[0], chosen=lambda r: r[1])
def correct(pos: Position, depth: int) -> tuple[int, int | None]:
    return negamax_traced(pos, depth, correct, False)


Search = Callable[[Position, int], tuple[int, int | None]]


def negamax_traced(pos: Position, depth: int, me: Search, is_buggy: bool) -> tuple[int, int | None]:
    """One node of the traced search: its children called through ``me``."""
    if pos.winner() is not None or pos.is_full() or depth == 0:
        # scored as the untraced search scores it, a four by the depth left (the test's
        # oracle): with depth 0 here, every win read alike, and a slower win than the
        # best tied with it in the traced values where the oracle called it worse
        return negamax(pos, depth, buggy=is_buggy)
    best, best_col = -10 * WIN, None
    for col in pos.legal_moves():
        child = pos.copy()
        child.push(col)
        value = -me(child, depth - 1)[0]
        if value > best:
            best = value
            if not is_buggy:
                best_col = col
        if is_buggy:
            best_col = col  # BUG: outside the test
    return best, best_col


def findings(search: Search, pos: Position, depth: int) -> list[Any]:
    with treeviz.recording(check=True) as rec:
        search(pos, depth)
    return check_tree(rec.result)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 16), st.integers(1, 3))
def test_a_best_move_updated_outside_its_test_is_named(seed: int, plies: int, depth: int) -> None:
    pos = random_position(seed, plies)
    last = pos.legal_moves()[-1]
    value, _ = negamax(pos, depth, buggy=False)
    child = pos.copy()
    child.push(last)
    worse = -negamax(child, depth - 1, buggy=False)[0] < value  # the last column is worse
    found = [f for f in findings(buggy, pos, depth) if f.check == "best-move"]
    assert len(found) == (1 if worse else 0)
    if worse:
        assert found[0].cause == "best-outside-test"
        assert f"it answered column {last + 1}, the last column" in found[0].text


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 16), st.integers(1, 3))
def test_a_correct_negamax_gets_no_finding(seed: int, plies: int, depth: int) -> None:
    pos = random_position(seed, plies)
    assert findings(correct, pos, depth) == []
