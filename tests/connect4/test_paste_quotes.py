"""Errors about a whole pasted board quote the rows that hold its stones (a board's
empty top rows filled the quote: '. . . . . . . . …' (83 characters)), a board of an
unsupported size is quoted, stone counts read in the singular when there is one, and
the note on a board read bottom row first names the column that would float."""

from __future__ import annotations

import io
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.cli.common import read_position
from treeviz.connect4.board import Position
from treeviz.connect4.grid import read_grid
from treeviz.connect4.notation import to_diagram
from treeviz.errors import InvalidPositionError


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A position of 1-12 stones reached by play, not over."""
    pos = Position()
    for _ in range(draw(st.integers(1, 12))):
        legal = [c for c in pos.legal_moves() if not pos.is_winning_move(c)]
        if not legal:
            break
        pos.play(draw(st.sampled_from(legal)))
    return pos


def lines_of(pos: Position) -> list[str]:
    return to_diagram(pos, numbers=False).splitlines()


@settings(max_examples=40, deadline=None)
@given(positions())
def test_a_board_no_one_can_have_started_is_quoted_by_its_stones_rows(pos: Position) -> None:
    """Asked to read O first where X has a stone more (or X first where O would lead),
    the error quotes every row with a stone, whole, and no empty row."""
    lines = lines_of(pos)
    if pos.ply % 2 == 0:  # equal counts: either may have started
        return
    wrong = "O"  # X has one stone more: O cannot have moved first
    with pytest.raises(InvalidPositionError) as caught:
        read_grid("\n".join(lines), first=wrong)
    message = str(caught.value)
    stones = [(i, line) for i, line in enumerate(lines) if set(line) - {" ", "."}]
    for i, line in stones:
        assert f"row {i + 1} '{line}'" in message
    assert "characters)" not in message and "'. . . . . . .'" not in message
    nx = pos.ply // 2  # O's stones
    assert f"it has {nx} stone{'' if nx == 1 else 's'} and" in message


@pytest.mark.parametrize("text", ["0 0 0\n0 1 0", "X . . O\n. . . ."])
def test_a_board_of_an_unsupported_size_is_quoted(text: str) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        read_grid(text)
    assert " / ".join(text.splitlines()) in str(caught.value)


@pytest.mark.parametrize("col", range(7))
def test_the_bottom_first_note_names_the_column_that_would_float(
    col: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """A top row holding one stone reads only bottom row first; the note, after
    "note:", starts in lower case and names that stone's column (1-based)."""
    row = [". "] * 7
    row[col] = "X "
    text = "".join(row).strip() + "\n" + ". . . . . . .\n" * 5
    reading = read_grid(text)
    assert reading.bottom_first and reading.position.moves_string() == str(col + 1)
    note = reading.notes("")[0]
    assert f"a stone in column {col + 1} would float" in note
    sys.stdin = io.StringIO(text)
    try:
        read_position("-")
    finally:
        sys.stdin = sys.__stdin__
    err = capsys.readouterr().err
    assert err.startswith("note: read with the bottom row first"), err
