"""Alpha-beta's per-column table says a value is exact only where it is: each row
marked exact equals plain minimax's value of that column (no pruning, every move
searched), and a row marked as an upper bound is at least minimax's value. A leaf (a
win with this stone, the horizon) is exact whatever the window: it was marked as cut
off when a column tied with or fell below the best so far."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import random_position
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.trace.nodes import MoveStat

ORACLE = "minimax:ordering=left,tt=false"


@st.composite
def cases(draw: Any) -> tuple[str, int, str]:
    pos = random_position(draw(st.integers(0, 10**6)), draw(st.integers(0, 34)))
    tt = draw(st.booleans())
    ordering = draw(st.sampled_from(["left", "centre", "heuristic"]))
    return (
        f"alphabeta:tt={str(tt).lower()},ordering={ordering}",
        draw(st.integers(1, 4)),
        pos.moves_string(),
    )


@given(cases())
@settings(max_examples=80, deadline=None)
def test_exact_rows_are_minimax_and_bounds_hold(case: tuple[str, int, str]) -> None:
    agent, depth, moves = case
    rows = {r.column: r for r in search(moves, agent, depth=depth).moves}
    truth = {r.column: rank(r) for r in search(moves, ORACLE, depth=depth).moves}
    for col, row in rows.items():
        if row.value is None:
            continue
        if row.extra["bound"] == "exact":
            assert rank(row) == truth[col], (moves, col, row.text)
        else:
            assert row.extra["bound"] == "upper"
            assert truth[col] <= rank(row), (moves, col, row.text)


def rank(row: MoveStat) -> tuple[int, float]:
    """A row's value in the search's own order: a loss below every heuristic value (the
    sooner the lower), a win above them (the sooner the higher). A bounded proven row
    ('loses in at most 2 plies') ranks as its bound."""
    out = row.outcome
    capped = re.search(r"at best a win in (\d+) pl", row.text)  # a win bounded above
    if capped:
        return (2, -int(capped.group(1)))
    if out is None or out["result"] == "draw":
        return (1, float(row.value or 0))
    return (2, -out["plies"]) if out["result"] == "win" else (0, out["plies"])


@pytest.mark.parametrize("depth", [1, 3])
def test_a_second_win_at_once_is_exact_not_cut_off(depth: int) -> None:
    """X to move after 223344 wins at once in column 1 and in column 5: whichever is
    searched second ties the best, and was said to be '≤ +18: cut off, at best a win in
    1 plies'."""
    res = search("223344", "alphabeta", depth=depth)
    wins = [r for r in res.moves if r.column in (1, 5)]
    assert all(r.extra["bound"] == "exact" and r.text == "wins in 1 ply, exact +18" for r in wins)
