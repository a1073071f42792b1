"""A traced search that keeps its board for the side to move (``-child`` on a NumPy
board of +1 and -1, or the pieces of a list of rows swapped at every ply), as course
code written AlphaZero-style does: recorded node by node, each node the board the
person's code handed down, and no finding by the doctor; the same code with the
board's view forgotten at one ply is still named."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from conftest import load_edited, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.agents.user.game_calls import NO_MOVE
from treeviz.agents.user.instrument import ArrayReader, RowsReader
from treeviz.checkup.tree_bugs import check_tree
from treeviz.connect4.board import Position

AGENTS = Path(__file__).resolve().parents[1] / "data" / "agents"


def course(name: str, *, edits: tuple[tuple[str, str], ...] = (), depth: int = 3) -> ModuleType:
    """The course file ``name`` searching ``depth`` plies, with ``edits`` (old, new)
    made to its text."""
    module = load_edited(AGENTS / f"{name}.py", edits)
    module.DEPTH = module.MAX_DEPTH = depth
    return module


def boards_seen(module: ModuleType, pos: Position) -> list[Any]:
    """The boards the person's search got, call by call, run without treeviz: each
    call first asks ``four``/``has_four`` of its board."""
    seen: list[Any] = []
    name = "has_four" if hasattr(module, "has_four") else "four"
    own = getattr(module, name)

    def spy(board: Any, player: Any) -> bool:
        seen.append(np.array(board).copy())
        return bool(own(board, player))

    setattr(module, name, spy)
    try:
        module.choose(pos.copy())
    finally:
        setattr(module, name, own)
    return seen


def view(module: ModuleType, pos: Position) -> np.ndarray:
    """``pos`` as the course file draws it for its side to move."""
    build = module.board_for if hasattr(module, "board_for") else module.to_rows
    return np.array(build(pos))


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(2, 20))
def test_every_call_is_a_node_at_the_board_it_got(seed: int, plies: int) -> None:
    """Before: every call below the first was "not one move after its caller's" and
    left out of the tree (the stones of both players had changed sign)."""
    pos = random_position(seed, plies)
    for name in ("canonical_negamax", "swapped_rows_minimax"):
        module = course(name)
        with treeviz.recording(pos) as rec:
            module.choose(pos.copy())
        trace = rec.result.trace
        assert trace.counters.get("left_out", 0) == 0, name
        seen = boards_seen(course(name), pos)
        first = 0 if name == "canonical_negamax" else 1  # its root is not traced
        assert len(trace) - first == len(seen), name  # node ids are call order
        for node, board in enumerate(seen, start=first):
            at = Position.from_moves(pos.moves_string() + trace.path_moves(node))
            assert np.array_equal(view(module, at), board), (name, node)


# the same search naming its columns from 0 in the tuples it returns
ZERO_BASED = (
    ("best, best_col = -10 * WIN, moves[0]", "best, best_col = -10 * WIN, moves[0] - 1"),
    ("best, best_col = score, col", "best, best_col = score, col - 1"),
    ("    return col\n", "    return col + 1\n"),
)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(2, 24))
def test_the_answer_is_the_column_its_tuple_names_from_1_or_from_0(seed: int, plies: int) -> None:
    """Before: ``(score, column)`` with the column counted from 1 read as counted from 0
    (it answered 6, the recording said 7, and the doctor named ``best-move``)."""
    pos = random_position(seed, plies)
    for edits in ((), ZERO_BASED):
        with treeviz.recording(pos) as rec:
            col = course("canonical_negamax", edits=edits).choose(pos.copy())
        assert rec.result.move == col, (edits, pos.moves_string())


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(2, 24))
def test_the_doctor_finds_nothing_in_a_board_kept_for_the_side_to_move(
    seed: int, plies: int
) -> None:
    """Before: ``turn``, "8 stones recoloured", on every position."""
    pos = random_position(seed, plies)
    for name in ("canonical_negamax", "swapped_rows_minimax"):
        module = course(name)
        with treeviz.recording(pos, check=True) as rec:
            module.choose(pos.copy())
        facts = rec.result.trace.extra["checked"]
        assert "turn" not in facts and not facts["wrong"], (name, facts)
        assert check_tree(rec.result) == [], name


def test_a_board_not_turned_at_one_ply_is_still_named() -> None:
    """The same negamax handing down ``child`` instead of ``-child``: its child sees
    the stone just played as its own. The finding names the stone's symbol and the
    player who played it, checked against the board the person's code built there."""
    edits = (("-negamax(-child, depth - 1", "-negamax(child, depth - 1"),)
    pos = Position.from_moves("4453")
    with treeviz.recording(pos, check=True) as rec:
        course("canonical_negamax", edits=edits).choose(pos.copy())
    turn = rec.result.trace.extra["checked"]["turn"]
    assert turn["kind"] == "colour", turn
    trace, node = rec.result.trace, turn["node"]
    at = Position.from_moves(pos.moves_string() + trace.path_moves(node))
    board = boards_seen(course("canonical_negamax", edits=edits), pos)[node]
    col = turn["column"]
    assert col == int(trace.nodes["move"][node])
    top = max(r for r in range(6) if board[r, col] != 0)  # the stone just played
    assert board[top, col] == turn["symbol"] == 1
    mover = turn["mover"]
    assert mover != at.side_to_move
    # the mover's stones at the root have the other sign on the same board
    bottom_up = list(pos.rows())[::-1]
    row = next(r for r, cells in enumerate(bottom_up) if mover in cells)
    assert board[row, bottom_up[row].index(mover)] == -1


def test_a_reader_finds_the_one_stone_of_a_board_seen_from_the_other_side() -> None:
    """The column between two grids where the second is the first plus one stone,
    then turned for the other side; none where two stones changed or a stone moved."""
    pos = Position.from_moves("4453")
    canon = course("canonical_negamax")
    rows = course("swapped_rows_minimax")
    for col in pos.legal_moves():
        after = pos.copy()
        after.play(col)
        assert ArrayReader(7, 6).column(canon.board_for(pos), canon.board_for(after)) == col
        assert RowsReader(7, 6).column(rows.to_rows(pos), rows.to_rows(after)) == col
    after = Position.from_moves("445362")  # two stones more
    assert ArrayReader(7, 6).column(canon.board_for(pos), canon.board_for(after)) == NO_MOVE
    moved = -canon.board_for(pos)
    moved[0, 0], moved[0, 3] = moved[0, 3], 0  # a stone moved: not a move
    assert ArrayReader(7, 6).column(canon.board_for(pos), moved) == NO_MOVE
