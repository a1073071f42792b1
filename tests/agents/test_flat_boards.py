"""A traced search whose board is flat, Connect 4's 42 cells row by row (a string, a
list, a 1-D array), as course code writes it: recorded like a grid, every node's
position the one the person's code built; and a traced search whose position treeviz
cannot read stops the doctor with one line saying what to pass, not a crash."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import TREEVIZ, load_file, random_position
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.connect4.board import Position
from treeviz.connect4.grid import flat_rows, position_from_grid

AGENTS = Path(__file__).resolve().parents[1] / "data" / "agents"
W, H = 7, 6


def course_file() -> Any:
    return load_file(AGENTS / "flat_string_negamax.py")


def as_string(pos: Position) -> str:
    """The course file's board: row 0 at the top, '.', 'x', 'o'."""
    return "".join("." if c is None else c.lower() for row in pos.rows() for c in row)


@pytest.mark.slow
def test_a_string_board_is_recorded_node_by_node() -> None:
    """Before: "no argument of negamax() reads as a position", on every position."""
    flat = course_file()
    pos = Position.from_moves("4453")
    with treeviz.recording(pos) as rec:
        col = flat.choose(pos.copy())
    trace = rec.result.trace
    s, p = as_string(pos), pos.side_to_move.lower()
    q = "o" if p == "x" else "x"
    # the root's children: the person's own values, run again without recording
    mine = {c: -flat.negamax.__wrapped__(flat.drop(s, c, p), flat.DEPTH - 1, q) for c in range(W)}
    kids = {int(trace.nodes["move"][k]): k for k in trace.children(0)}
    assert sorted(kids) == list(range(W))
    for c, k in kids.items():
        assert -trace.nodes["value"][k] == mine[c]
    assert col - 1 == max(mine, key=lambda c: (mine[c], -c))
    # every node's position is the board the person's drop() built along its line
    assert len(trace) > 1000
    for k in range(0, len(trace), 97):
        line = [int(trace.nodes["move"][n]) for n in trace.path(k)[1:]]
        board, side = s, p
        for c in line:
            board = flat.drop(board, c, side)
            side = "o" if side == "x" else "x"
        assert as_string(Position.from_moves(pos.moves_string() + trace.path_moves(k))) == board


@pytest.mark.parametrize("form", ["string", "list", "array"])
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 30))
def test_flat_boards_read_as_their_grid(form: str, seed: int, plies: int) -> None:
    """A flat board is its rows laid end to end: read as that grid is, row 0 at the
    bottom here (gravity tells), in the encoding given."""
    pos = random_position(seed, plies)
    heights = {pos.column_height(c) for c in range(W)}
    assume(not heights <= {0, H})  # else no gravity says which row is the bottom
    cells = [{"X": 1, "O": -1, None: 0}[c] for row in list(pos.rows())[::-1] for c in row]
    flat: Any = {
        "string": "".join({1: "r", -1: "y", 0: "-"}[c] for c in cells),
        "list": cells,
        "array": np.array(cells, dtype=np.int8),
    }[form]
    first = "r" if form == "string" else 1
    rows = flat_rows(flat)
    assert rows is not None and len(rows) == H and all(len(r) == W for r in rows)
    assert position_from_grid(flat, first=first) == pos


def test_not_flat_boards() -> None:
    assert flat_rows("4453") is None  # a move string
    assert flat_rows("x" * 41) is None and flat_rows("x" * 43) is None
    assert flat_rows([[0] * 7] * 6) is None  # a grid already
    assert flat_rows(("ab",) * 42) is None


def test_a_position_treeviz_cannot_read_stops_the_doctor_in_one_line(tmp_path: Path) -> None:
    """Before: "in 88 of 88 positions it crashed ... raised InvalidParameterError": the
    person's agent did not fail, treeviz's recording could not read its board."""
    agent = tmp_path / "dict_board.py"
    agent.write_text(
        "import treeviz\n\n"
        "@treeviz.traced\n"
        "def negamax(state, depth):\n"
        "    if depth == 0:\n"
        "        return 0\n"
        "    return max(-negamax(state, depth - 1) for _ in range(2))\n\n"
        "def choose(pos):\n"
        "    negamax({'board': pos.moves_string()}, 2)\n"
        "    return pos.legal_moves()[0] + 1\n"
    )
    run = subprocess.run(
        [*TREEVIZ, "doctor", f"{agent}:choose", "--positions", "4"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "crash" not in run.stderr
    assert f"{agent}:choose: no argument of negamax() reads as a position" in run.stderr
    assert "pass position=" in run.stderr
