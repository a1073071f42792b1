"""A board given column by column, as course code often keeps it: seven stacks of
stones from the bottom up (``board[c].append(stone)``), or seven columns of six cells
with the stones at one end, as lists or a 7 x 6 array. Read as the same position the
moves make, and a traced search on stacks recorded call by call with no finding."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import load_file, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.checkup.tree_bugs import check_tree
from treeviz.connect4.board import Position
from treeviz.connect4.grid import column_rows, position_from_grid

AGENTS = Path(__file__).resolve().parents[1] / "data" / "agents"


def columns(pos: Position) -> list[list[str]]:
    """Each column's stones from the bottom up."""
    out: list[list[str]] = [[] for _ in range(pos.width)]
    for row in reversed(list(pos.rows())):
        for c, v in enumerate(row):
            if v is not None:
                out[c].append(v)
    return out


def shapes(pos: Position) -> dict[str, Any]:
    """``pos`` column by column in each shape course code writes."""
    stacks = columns(pos)
    bottom = [[1 if s == "X" else 2 for s in c] + [0] * (6 - len(c)) for c in stacks]
    return {
        "stacks": stacks,
        "tuples": tuple(tuple(c) for c in stacks),
        "bottom first": bottom,
        "top first": [c[::-1] for c in bottom],
        "array": np.array(bottom),
    }


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 41))
def test_every_column_shape_reads_as_the_position_of_the_moves(seed: int, plies: int) -> None:
    pos = random_position(seed, plies)
    for name, board in shapes(pos).items():
        read = position_from_grid(board, first="X" if name in ("stacks", "tuples") else 1)
        assert read.stones == pos.stones, (name, pos.moves_string())


def test_what_is_not_a_board_given_by_columns_is_not_read_so() -> None:
    assert column_rows([[1, 2]] * 6) is None  # six columns
    assert column_rows([[1, 2, 1, 2, 1, 2, 1]] + [[]] * 6) is None  # a column of seven
    assert column_rows([[1, 0, 2]] + [[]] * 6) is None  # a hole in a stack
    floating = [[0, 1, 0, 0, 0, 0]] + [[0] * 6] * 6  # a stone in mid-air either way up
    assert column_rows(floating) is None
    assert column_rows(np.zeros((6, 7))) is None  # six rows of seven: read by rows


def calls_of(module: Any, pos: Position) -> int:
    """How many times the person's search was called, run without treeviz: each call
    first asks ``wins`` for its own player."""
    own, seen = module.wins, [0]

    def spy(board: Any, p: str) -> bool:
        seen[0] += p == spy.me  # type: ignore[attr-defined]
        return bool(own(board, p))

    spy.me = "R" if pos.side_to_move == "X" else "Y"  # type: ignore[attr-defined]
    module.wins = spy
    try:
        module.choose(pos.copy())
    finally:
        module.wins = own
    return seen[0]


@pytest.mark.slow
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 24))
def test_a_search_on_stacks_is_recorded_call_by_call_with_no_finding(seed: int, plies: int) -> None:
    """Before: "no argument of minimax() reads as a position" (pass position=)."""
    pos = random_position(seed, plies)
    module = load_file(AGENTS / "column_stacks_minimax.py")
    module.DEPTH = 3
    with treeviz.recording(pos, check=True) as rec:
        col = module.choose(pos.copy())
    res = rec.result
    assert res.trace.counters.get("left_out", 0) == 0
    assert len(res.trace) - 1 == calls_of(module, pos)  # its root is not traced
    assert res.move == col and check_tree(res) == []
    assert not res.trace.extra["checked"]["wrong"]
