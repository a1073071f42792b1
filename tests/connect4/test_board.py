"""Position, kernels and notation: perft, distinct positions, properties, typed errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.connect4 import kernels as K
from treeviz.connect4.board import Position
from treeviz.connect4.notation import parse_position, to_diagram
from treeviz.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError, TreevizError

PERFT = [7, 49, 343, 2401, 16807, 117649, 823536, 5673234]
A212693 = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186]


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_counts_move_sequences(depth: int) -> None:
    assert K.perft(np.uint64(0), np.uint64(0), depth, 7, 6) == PERFT[depth - 1]


@pytest.mark.slow
def test_distinct_positions_match_oeis_a212693() -> None:
    curs = np.zeros(1, dtype=np.uint64)
    masks = np.zeros(1, dtype=np.uint64)
    counts = [1]
    for _ in range(9):
        curs, masks = K.expand_level(curs, masks, 7, 6)
        keys = curs + masks  # unique per position
        _, idx = np.unique(keys, return_index=True)
        curs, masks = curs[idx], masks[idx]
        counts.append(len(idx))
    assert counts == A212693


games = st.lists(st.integers(0, 6), max_size=60)


def play_random(cols: list[int]) -> Position:
    pos = Position()
    for c in cols:
        legal = pos.legal_moves()
        if not legal:
            break
        pos.play(legal[c % len(legal)])
    return pos


@given(games)
@settings(max_examples=200, deadline=None)
def test_random_games_stay_valid_and_round_trip(cols: list[int]) -> None:
    pos = play_random(cols)
    assert Position.from_moves(pos.moves_string()) == pos
    assert parse_position(to_diagram(pos), first="X").key() == pos.key()
    assert pos.mirror().mirror() == pos
    assert pos.mirror().mirror_key() == pos.key()


@given(games)
@settings(max_examples=200, deadline=None)
def test_cells_heights_and_open_columns_are_the_stones_dropped(cols: list[int]) -> None:
    """Each cell and column height read off the bitboards is what dropping the history's
    stones into a plain grid gives, X first."""
    pos = play_random(cols)
    grid: list[list[str]] = [[] for _ in range(pos.width)]
    for ply, col in enumerate(pos.history):
        grid[col].append("XO"[ply % 2])
    for col in range(pos.width):
        assert pos.column_height(col) == len(grid[col])
        for row in range(pos.height):
            assert pos.cell(col, row) == (grid[col][row] if row < len(grid[col]) else None)
    open_columns = [c for c in range(pos.width) if len(grid[c]) < pos.height]
    assert pos.legal_moves() == ([] if pos.is_over() else open_columns)


@given(games)
@settings(max_examples=200, deadline=None)
def test_undo_restores_the_key(cols: list[int]) -> None:
    pos = play_random(cols)
    keys = []
    replay = Position()
    for c in pos.moves_string():
        keys.append(replay.key())
        replay.play(int(c) - 1)
    for key in reversed(keys):
        replay.undo()
        assert replay.key() == key


@given(st.text(max_size=60))
@settings(max_examples=300, deadline=None)
def test_parser_errors_are_typed(text: str) -> None:
    try:
        parse_position(text)
    except TreevizError as exc:
        assert isinstance(exc, ValueError)


@pytest.mark.parametrize(
    ("moves", "error", "quoted"),
    [
        ("4458", InvalidMoveError, "'4458'"),
        ("44a", InvalidMoveError, "'44a'"),
        ("4444444", IllegalMoveError, "'4444444'"),
        ("12121212", IllegalMoveError, "'12121212'"),
    ],
)
def test_bad_move_strings_raise_typed_errors_quoting_input(
    moves: str, error: type, quoted: str
) -> None:
    with pytest.raises(error, match=quoted):
        Position.from_moves(moves)


@pytest.mark.parametrize(
    "diagram",
    [
        ".......\n" * 2 + "X......\n" + ".......\n" * 3,  # floating either way up
        ".......\n" * 5 + "XXX....\n",  # impossible counts
        ".......\n" * 5 + "XXXXOOOO\n",  # wrong width row
    ],
)
def test_bad_diagrams_raise_invalid_position(diagram: str) -> None:
    with pytest.raises(InvalidPositionError):
        parse_position(diagram)


def test_win_and_threat_queries() -> None:
    pos = Position.from_moves("112233")
    assert pos.can_win_next() and pos.winning_moves() == [3]
    pos.play(3)
    assert pos.winner() == "X" and pos.is_over() and pos.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        pos.play(0)


def test_winning_four_is_every_cell_of_every_four_in_a_row() -> None:
    """The bit-shift answer against a scan of every line of four on the board."""
    import random

    rng = random.Random(5)
    for _ in range(300):
        pos = Position()
        while not pos.is_over():
            pos.play(rng.choice(pos.legal_moves()))
        winner, cells = pos.winner(), set()
        for c in range(pos.width):
            for r in range(pos.height):
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    line = [(c + i * dc, r + i * dr) for i in range(4)]
                    if winner and all(
                        0 <= a < pos.width and 0 <= b < pos.height and pos.cell(a, b) == winner
                        for a, b in line
                    ):
                        cells.update(line)
        assert pos.winning_four() == sorted(cells), pos.moves_string()
