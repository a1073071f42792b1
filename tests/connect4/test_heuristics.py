"""The compiled heuristics against plain-Python ports of the seeds' own code."""

from __future__ import annotations

import random

import pytest

from treeviz.connect4.board import Position
from treeviz.connect4.heuristics import evaluate

VALUES = {1: 1, 2: 10, 3: 50, 4: 512}


def grid(pos: Position) -> list[list[str | None]]:
    """grid[row][col], row 0 at the bottom."""
    return [[pos.cell(c, r) for c in range(pos.width)] for r in range(pos.height)]


def windows(pos: Position, size: int = 4) -> list[list[str | None]]:
    """Every line of ``size`` cells: horizontal, vertical and both diagonals."""
    g, out = grid(pos), []
    for r in range(pos.height):
        for c in range(pos.width):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + k * dc, r + k * dr) for k in range(size)]
                if all(0 <= x < pos.width and 0 <= y < pos.height for x, y in cells):
                    out.append([g[y][x] for x, y in cells])
    return out


def oracle_window(pos: Position, bonus: bool = True) -> int:
    """000's heuristicCalculate: per window 1/10/50/512 for the side to move, negative for
    the opponent, mixed 0; plus 16 when X is to move, -16 when O is."""
    me = pos.side_to_move
    total = 0
    for w in windows(pos):
        mine, theirs = w.count(me), sum(1 for s in w if s is not None and s != me)
        if mine and not theirs:
            total += VALUES[mine]
        elif theirs and not mine:
            total -= VALUES[theirs]
    if bonus:
        total += 16 if me == "X" else -16
    return total


def oracle_centre(pos: Position) -> int:
    """000's ValueGrade grid: own stone weights minus the opponent's."""
    table = [[3, 4, 5, 7, 5, 4, 3], [4, 6, 8, 10, 8, 6, 4], [5, 8, 11, 13, 11, 8, 5]]
    table = table + table[::-1]
    me, total = pos.side_to_move, 0
    for r, row in enumerate(grid(pos)):
        for c, s in enumerate(row):
            if s is not None:
                total += table[r][c] * (1 if s == me else -1)
    return total


def oracle_three(pos: Position) -> int:
    """004's Astar.heuristic: window scores plus 100 if the side to move has three in a row."""
    me = pos.side_to_move
    three = any(all(s == me for s in w) for w in windows(pos, 3))
    return oracle_window(pos, bonus=False) + (100 if three else 0)


def oracle_central(pos: Position) -> int:
    """003's central_pieces: per row +2 in the middle column, else +1 next to it."""

    def score(player: str) -> int:
        total = 0
        for row in grid(pos):
            if row[3] == player:
                total += 2
            elif row[2] == player or row[4] == player:
                total += 1
        return total

    me = pos.side_to_move
    return score(me) - score("O" if me == "X" else "X")


def random_positions(n: int, seed: int, width: int = 7, height: int = 6) -> list[Position]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = Position(width, height)
        for _ in range(rng.randrange(0, width * height - 2)):
            legal = pos.legal_moves()
            if not legal:
                break
            pos.play(rng.choice(legal))
        out.append(pos)
    return out


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "oracle"),
    [
        ("window", oracle_window),
        ("centre", oracle_centre),
        ("window_centre", lambda p: oracle_window(p) + oracle_centre(p)),
        ("window_three", oracle_three),
        ("central_column", oracle_central),
        ("zero", lambda p: 0),
    ],
)
def test_heuristic_matches_seed_oracle(name: str, oracle) -> None:  # type: ignore[no-untyped-def]
    for pos in random_positions(2000, seed=7):
        assert evaluate(pos, name) == oracle(pos), pos.moves_string()


@pytest.mark.parametrize(("width", "height"), [(4, 4), (5, 4), (6, 5), (7, 6), (8, 7), (9, 6)])
def test_windows_counted_all_at_once_match_the_window_list(width: int, height: int) -> None:
    """The bit-parallel window sum equals the seed's window-by-window count on every
    board size (its windows must never wrap between columns)."""
    import numpy as np

    from treeviz.connect4.heuristics import window_sum

    for pos in random_positions(300, width * 10 + height, width, height):
        own, opp = np.uint64(pos.current), np.uint64(pos.current ^ pos.mask)
        assert window_sum(own, opp, width, height) == oracle_window(pos, bonus=False)
