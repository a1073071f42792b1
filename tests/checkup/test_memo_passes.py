"""Inside an iterative deepening search: a memo table keyed without the depth left
returns a shallower pass's value in a deeper pass (``memo-depth``), one keyed by the
position and the depth does not.

The search is written as a course's notebook writes it (a list of columns, bottom
first, ``+1``/``-1`` for the players, a negamax with ``color``, the root's moves
searched by the caller at depths 1, 2, 3, 4 with one table for all of them), unlike
the corpus's tuple-of-strings search. The tests check the doctor's claims against the
exact solver and against the person's search re-run at the named position with a
fresh table and the depth the finding says was left.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.checkup.tree_bugs import NodeFinding, check_tree
from treeviz.connect4.board import Position
from treeviz.exact.scores import solve
from treeviz.trace.values import score_outcome

W, H, MAX_DEPTH, WIN = 7, 6, 4, 1000


def columns(pos: Position) -> list[list[int]]:
    """``pos`` as columns, bottom first: +1 the side to move's stones, -1 the other's."""
    rows = list(pos.rows())[::-1]
    me = pos.side_to_move
    return [[1 if row[c] == me else -1 for row in rows if row[c] is not None] for c in range(W)]


def four(cols: list[list[int]], who: int) -> bool:
    cell = {(c, r): v for c, col in enumerate(cols) for r, v in enumerate(col)}
    return any(
        all(cell.get((c + i * dc, r + i * dr)) == who for i in range(4))
        for (c, r) in cell
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
    )


def heuristic(cols: list[list[int]]) -> int:
    """Centre stones, for the side to move (+1)."""
    return sum(v * (3 - abs(c - 3)) for c, col in enumerate(cols) for v in col)


def flipped(cols: list[list[int]], c: int) -> list[list[int]]:
    """After +1 plays ``c``, the other player to move: the signs turned."""
    out = [[-v for v in col] for col in cols]
    out[c].append(-1)
    return out


def grid(cols: list[list[int]], *_: Any) -> list[list[str]]:
    """The board for the trace: rows of 'X' / 'O' / '.', top row first (X moves when
    the stones are even)."""
    me = "X" if sum(map(len, cols)) % 2 == 0 else "O"
    stone = {1: me, -1: "O" if me == "X" else "X"}
    return [[stone[col[r]] if r < len(col) else "." for col in cols] for r in range(H - 1, -1, -1)]


def searcher(*, keyed_by_depth: bool) -> Any:
    table: dict[Any, int] = {}

    @treeviz.traced(position=grid)
    def negamax(cols: list[list[int]], depth: int) -> int:
        key = (str(cols), depth) if keyed_by_depth else str(cols)
        if key in table:
            return table[key]
        if four(cols, -1):  # the player who just moved made four
            value = -(WIN + depth)
        elif all(len(col) == H for col in cols):
            value = 0
        elif depth == 0:
            value = heuristic(cols)
        else:
            value = max(-negamax(flipped(cols, c), depth - 1) for c in range(W) if len(cols[c]) < H)
        table[key] = value
        return value

    def choose(pos: Position) -> int:
        table.clear()
        cols = columns(pos)
        order = [c for c in range(W) if len(cols[c]) < H]
        for depth in range(1, MAX_DEPTH + 1):
            score = {c: -negamax(flipped(cols, c), depth - 1) for c in order}
            order.sort(key=lambda c: -score[c])
        return order[0]

    choose.negamax, choose.table = negamax, table  # type: ignore[attr-defined]
    return choose


def findings(choose: Any, pos: Position) -> list[NodeFinding]:
    with treeviz.recording(pos, check=True) as rec:
        choose(pos)
    return check_tree(rec.result)


def test_a_memo_without_the_depth_under_iterative_deepening_is_named() -> None:
    """Before: no finding (the root's children, reached once per pass, were never
    judged: the memo check ran only where each node is reached once)."""
    choose = searcher(keyed_by_depth=False)
    named = 0
    for moves in ("44336", "4455366", "223344"):  # the side to move must stop a three
        (memo,) = [f for f in findings(choose, Position.from_moves(moves)) if f.check == "memo"]
        assert memo.cause == "memo-depth"
        pos = Position.from_moves(memo.node_moves)
        left = int(memo.text.split(" plies above")[0].split()[-1])
        # the oracle: the solver's forced result lies within the plies left but one,
        # and the person's search of that depth with a fresh table proves it
        exact = solve(pos)
        plies = score_outcome(exact, pos.ply, width=pos.width, height=pos.height)["plies"]
        assert exact != 0 and plies <= left - 1
        choose.table.clear()
        fresh = choose.negamax(columns(pos), left)
        assert abs(fresh) >= WIN and (fresh > 0) == (exact > 0)
        named += 1
    assert named == 3


@pytest.mark.slow
def test_a_memo_keyed_by_the_depth_gets_no_finding() -> None:
    choose = searcher(keyed_by_depth=True)
    for moves in ("44336", "4455366", "223344"):
        assert findings(choose, Position.from_moves(moves)) == []


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 24))
def test_iterative_deepening_keyed_by_the_depth_never_gets_a_memo_finding(
    seed: int, plies: int
) -> None:
    choose = searcher(keyed_by_depth=True)
    found = findings(choose, random_position(seed, plies))
    assert [f for f in found if f.check == "memo"] == []
