"""Connect 4 through the protocol agrees with Position and with a plain grid's four in a
row on random games; its keys, labels and board."""

from __future__ import annotations

import random

import pytest

from treeviz.connect4.board import Position
from treeviz.errors import IllegalMoveError, InvalidMoveError
from treeviz.rules.connect4 import Connect4
from treeviz.rules.protocol import NOBODY

GAME = Connect4()
LINES = ((0, 1), (1, 0), (1, 1), (1, -1))


def grid_winner(moves: list[int], width: int = 7, height: int = 6) -> int | None:
    """The player (0 or 1) with four in a row on a grid filled by ``moves``: a brute
    force over every cell and direction, independent of the bitboards."""
    grid = [[-1] * height for _ in range(width)]
    for i, col in enumerate(moves):
        grid[col][grid[col].index(-1)] = i % 2
    for c in range(width):
        for r in range(height):
            for dc, dr in LINES:
                cells = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(0 <= x < width and 0 <= y < height for x, y in cells):
                    owners = {grid[x][y] for x, y in cells}
                    if len(owners) == 1 and owners != {-1}:
                        return owners.pop()
    return None


@pytest.mark.parametrize("seed", range(20))
def test_random_games_agree_with_position_and_a_grid(seed: int) -> None:
    rng, state, moves = random.Random(seed), GAME.initial(), []
    while GAME.outcome(state) is None:
        pos = Position.from_moves("".join(str(c + 1) for c in moves))
        assert GAME.legal_moves(state) == pos.legal_moves()
        assert GAME.to_move(state) == len(moves) % 2
        move = rng.choice(GAME.legal_moves(state))
        state, moves = GAME.play(state, move), [*moves, move]
    winner = grid_winner(moves)
    if winner is None:
        assert len(moves) == 42 and GAME.outcome(state) == (0.0, 0.0)
    else:  # the game stops at the first four: the last mover made it
        assert winner == (len(moves) - 1) % 2
        assert GAME.outcome(state) == ((1.0, -1.0) if winner == 0 else (-1.0, 1.0))
    assert GAME.to_move(state) == NOBODY
    assert GAME.to_text(state) == "".join(str(c + 1) for c in moves)


def test_a_transposition_has_one_key() -> None:
    # X plays columns 1 and 3, O plays 7 and 6, in two orders
    one, other = GAME.from_text("1736"), GAME.from_text("3716")
    assert GAME.key(one) == GAME.key(other) and one == other
    assert GAME.key(one) != GAME.key(GAME.from_text("1763"))


def test_labels_are_the_columns_people_type() -> None:
    state = GAME.from_text("444444")  # column 4 full
    assert [GAME.label(state, m) for m in GAME.legal_moves(state)] == list("123567")
    assert GAME.parse_move(state, " 7 ") == 6
    with pytest.raises(IllegalMoveError, match="column 4"):
        GAME.parse_move(state, "4")
    with pytest.raises(InvalidMoveError, match="'8'"):
        GAME.parse_move(state, "8")
    with pytest.raises(IllegalMoveError, match="'444444'"):
        GAME.play(state, 3)
