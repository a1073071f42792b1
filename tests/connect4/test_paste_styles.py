"""Boards as notebooks print them read back alike through the API, the CLI and the
dashboard's paste box: same position, same side to move, and when both colourings are
legal the choice is said and ``first=2`` gives the other one.

The oracle is the position itself: boards are drawn from a random legal game's cells
(:meth:`Position.rows`), and a swapped reading is checked by replaying its move
string with checked moves (:meth:`Position.from_moves`), not by the reader."""

from __future__ import annotations

import contextlib
import io
import json
import warnings
from collections.abc import Callable
from unittest import mock

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from treeviz.cli.main import main
from treeviz.connect4.board import Position
from treeviz.connect4.grid import BoardReadingWarning, position_from_grid
from treeviz.connect4.notation import parse_position
from treeviz.dashboard.components.inputs import pasted_position

Cells = list[list[str | None]]


def numbers(pos: Position, x: str = "1", o: str = "2", empty: str = "0") -> list[list[str]]:
    """The position's rows, top first, in one encoding."""
    return [[{"X": x, "O": o, None: empty}[c] for c in row] for row in pos.rows()]


def spaced(rows: list[list[str]]) -> str:
    return "\n".join(" ".join(r) for r in rows)


def zeros(pos: Position) -> str:
    """``print_board``'s rows of ``0 1 2`` under a 0-based column line."""
    return " ".join(map(str, range(pos.width))) + "\n" + spaced(numbers(pos))


def numpy_float(pos: Position) -> str:
    """``print(board)`` of a float array: ``[[0. 0. 1. ...]``."""
    return str(np.array(numbers(pos), dtype=int).astype(float))


def dots(pos: Position) -> str:
    return spaced(numbers(pos, "X", "O", "."))


def dashes(pos: Position) -> str:
    return spaced(numbers(pos, "X", "O", "-"))


def bars(pos: Position) -> str:
    """``|X|O| |`` rows (a space for empty) between frame lines, column numbers under."""
    frame = "+" + "-+" * pos.width
    rows = ["|" + "|".join(r) + "|" for r in numbers(pos, "X", "O", " ")]
    numbers_line = " " + " ".join(str(c + 1) for c in range(pos.width))
    return "\n".join([frame, *rows, frame, numbers_line])


def seed_frame(pos: Position) -> str:
    """A seed notebook's ``__str__``: ``# ----- #`` frames round ``| - X O - |`` rows."""
    frame = "# " + "-" * (2 * pos.width - 1) + " #"
    rows = ["| " + " ".join(r) + " |" for r in numbers(pos, "X", "O", "-")]
    return "\n".join([frame, *rows, frame])


STYLES: dict[str, Callable[[Position], str]] = {
    "0 1 2": zeros,
    "numpy": numpy_float,
    ". X O": dots,
    "- X O": dashes,
    "|X|O| |": bars,
    "# frame": seed_frame,
}


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A legal position of a random game (it may have ended), on the 7x6 board."""
    pos = Position()
    for _ in range(draw(st.integers(0, 42))):
        if pos.is_over():
            break
        pos.play(draw(st.sampled_from(pos.legal_moves())))
    return pos


def cli_show(text: str, *first: str) -> tuple[int, dict | None, str]:
    """``treeviz show - --json [--first F]`` with ``text`` on stdin, in this process."""
    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch("sys.stdin", io.StringIO(text)),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        code = main(["show", "-", "--json", *(("--first", first[0]) if first else ())])
    return code, json.loads(out.getvalue()) if code == 0 else None, err.getvalue()


def api(text: str, **first: int | str) -> tuple[Position, list[str]]:
    """``parse_position``'s position and the warnings it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pos = parse_position(text, **first)  # type: ignore[arg-type]
    return pos, [str(w.message) for w in caught if w.category is BoardReadingWarning]


def swapped(pos: Position) -> list[list[str | None]]:
    """The position's rows with X and O exchanged."""
    return [[{"X": "O", "O": "X", None: None}[c] for c in row] for row in pos.rows()]


def same(a: Position, b: Position) -> bool:
    return a == b and a.side_to_move == b.side_to_move


def shows(data: dict, pos: Position) -> bool:
    """Whether ``show --json``'s answer is ``pos``: its stones and side to move."""
    return data["board"] == pos.to_dict()["board"] and data["to_move"] == pos.side_to_move


SAID = "Both colourings of this board are legal"


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from(sorted(STYLES)))
def test_every_style_reads_back_alike_through_every_door(pos: Position, style: str) -> None:
    text = STYLES[style](pos)
    by_api, said = api(text)
    code, data, err = cli_show(text)
    by_page = pasted_position(text)
    assert code == 0, err
    assert data is not None and data["moves"] == by_api.moves_string()
    assert data["to_move"] == by_api.side_to_move
    assert same(by_page, by_api)
    announced = any(SAID in s for s in said)
    assert announced == (SAID.lower() in err)  # the API and the CLI (after "note:") say it
    if not announced:  # nothing chosen: the board's own position
        assert same(by_api, pos)
        if pos.ply and pos.ply % 2 == 0:  # equal counts: the other colouring is no game
            assert cli_show(text, "2")[0] == 2
        return
    assert pos.ply % 2 == 0 and pos.ply > 0, "only equal counts leave a choice"
    assert same(by_api, pos), "the convention: the first symbol (1, X) moved first"
    assert "--first 2" in err or "--first O" in err
    other, _ = api(text, first=2)
    code, data, _ = cli_show(text, "2")
    assert code == 0 and data is not None and data["moves"] == other.moves_string()
    assert [list(r) for r in other.rows()] == swapped(pos)
    replayed = Position.from_moves(other.moves_string())  # checked moves: a real game
    assert [list(r) for r in replayed.rows()] == swapped(pos)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(positions())
def test_a_board_printed_bottom_row_first_reads_back_when_gravity_says_so(pos: Position) -> None:
    """``print(np.flip(board, 0))``: row 0 at the top. A column neither empty nor full
    makes it unambiguous (read top first, a stone floats); else gravity cannot tell,
    and the rows are read top first, which the reader says."""
    text = str(np.flip(np.array(numbers(pos), dtype=int), 0))
    partial = any(0 < pos.column_height(c) < pos.height for c in range(pos.width))
    got, said = api(text)
    code, data, err = cli_show(text)
    assert code == 0, err
    if partial:
        assert same(got, pos) and data is not None and shows(data, pos)
        assert "bottom row first" in err
    else:
        assert any("gravity cannot tell" in s for s in said) or not pos.ply
        assert ("gravity cannot tell" in err) == bool(pos.ply)


@settings(max_examples=60, deadline=None)
@given(positions())
def test_x_and_o_swapped_read_back_with_first_o(pos: Position) -> None:
    """A notebook whose first player is ``O``: ``--first O`` (and ``first='O'``) reads
    its board as the game it is, whatever the counts."""
    text = spaced(numbers(pos, "O", "X", "."))
    got, said = api(text, first="O")
    code, data, err = cli_show(text, "O")
    assert same(got, pos) and not any(SAID in s for s in said)
    assert code == 0 and data is not None and shows(data, pos), err


def test_grids_of_numbers_read_alike_as_objects_and_as_their_printed_text() -> None:
    """The API's grid objects and their printed text go through one reader."""
    pos = Position.from_moves("4453")
    grid = np.array(numbers(pos), dtype=int)
    with pytest.warns(BoardReadingWarning, match="pass first=2"):
        from_object = position_from_grid(grid)
    assert from_object == api(str(grid))[0] == pos
    assert position_from_grid(grid, first=2) == api(str(grid), first=2)[0] != pos
