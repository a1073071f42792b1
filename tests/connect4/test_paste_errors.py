"""A pasted board that is no position: a typed error quoting the line at fault (or
naming the column), the same through the API and as one line from the CLI."""

from __future__ import annotations

import pytest
from conftest import run_cli

from treeviz.connect4.grid import occupancy, read_grid
from treeviz.connect4.notation import parse_position
from treeviz.errors import InvalidParameterError, InvalidPositionError

EMPTY = "0 0 0 0 0 0 0\n"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (EMPTY * 4 + "0 0 0 3 0 0 0\n0 0 2 1 1 0 0", "row 5 '0 0 0 3 0 0 0': cells '3'"),
        (". . . . . . .\n" * 5 + ". . X O O .", "row 6 '. . X O O .' has 6 cells"),
        (EMPTY * 5 + "0 0 1 1 10 0 0", "'0 0 1 1 10 0 0'"),
        (
            "[[0. 0. 0. 0. 0. 0. 0.]\n [0. 0. 0. 0. 0. 0. 0.]\n [0. 0. 0. 0. 0. 0. 0.]\n"
            " [0. 0. 0. 0. 0. 0. 0.]\n [0. 0. 0. 0. 0. 0. 0.]\n [0. 0. 0. 0. 0. 0. 9.]]",
            "row 6 '[0. 0. 0. 0. 0. 0. 9.]'",
        ),
        (EMPTY * 2 + "0 0 1 0 0 0 0\n" + EMPTY * 3, "column 3 has a stone floating"),
        (EMPTY * 5 + "1 1 1 1 2 2 0", "'1' has 4 stones and '2' has 2"),
        (EMPTY * 2 + "1 2 0 0 0 0 0\n" * 4, "both X and O have four in a row"),
    ],
)
def test_a_bad_board_is_a_typed_error_quoting_its_line(text: str, said: str) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        parse_position(text)
    assert said in str(caught.value)


def test_the_command_line_says_it_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(EMPTY * 4 + "0 0 0 3 0 0 0\n0 0 2 1 1 0 0"))
    code, out, err = run_cli(capsys, "show", "-")
    assert code == 2 and not out and len(err.strip().splitlines()) == 1
    assert "'0 0 0 3 0 0 0'" in err


@pytest.mark.parametrize("first", ["3", "Y", "first"])
def test_a_first_that_names_no_symbol_is_refused_quoting_it(first: str) -> None:
    with pytest.raises(InvalidParameterError, match=f"'{first}'"):
        parse_position(EMPTY * 5 + "0 0 1 2 0 0 0", first=first)


def test_first_on_a_move_string_is_refused() -> None:
    with pytest.raises(InvalidParameterError, match="'4453'"):
        parse_position("4453", first=2)


def test_a_ragged_grid_is_quoted_alike_when_read_and_when_only_its_stones_are() -> None:
    """A grid (a list of rows, as a person's search holds it) with a short row: reading
    it as a position and reading where its stones are (a traced search's recorder) quote
    the same row the same way."""
    grid = [[0] * 7 for _ in range(5)] + [[0, 0, 1, 2, 0, 0]]
    with pytest.raises(InvalidPositionError) as read:
        read_grid(grid)
    with pytest.raises(InvalidPositionError) as stones:
        occupancy(grid)
    assert str(read.value).startswith("'[[0, 0, 0, 0, 0, 0, 0], [0, 0, 0")
    assert str(stones.value) == str(read.value)
