"""A person's root loop that leaves a stone on the board (a move played in place and
not taken back) makes its later top-level calls on a position two or more moves from
the root. Recorded, the search must run on as it does untraced (the same answer) and
say what it left out: it raised 'a recording holds one search' and lost the game."""

from __future__ import annotations

import numpy as np

from treeviz.agents.user.instrument import recording, traced
from treeviz.connect4.board import Position
from treeviz.trace.reading import left_out_note

ROWS, COLS = 6, 7


def drop(board: np.ndarray, col: int, piece: int) -> None:
    row = int(np.flatnonzero(board[:, col] == 0)[0])  # row 0 at the bottom
    board[row, col] = piece


def lift(board: np.ndarray, col: int) -> None:
    row = int(np.flatnonzero(board[:, col])[-1])
    board[row, col] = 0


def score(board: np.ndarray, depth: int, me: int) -> float:
    """One ply of look-ahead, the shape of a notebook's helper: the centre count."""
    if depth == 0:
        return float((board[:, 3] == me).sum() - (board[:, 3] == 3 - me).sum())
    return -max(score_child(board, c, 3 - me) for c in range(COLS) if board[-1, c] == 0)


def score_child(board: np.ndarray, col: int, piece: int) -> float:
    drop(board, col, piece)
    v = search(board, 0, 3 - piece)
    lift(board, col)
    return v


search = traced(score, position=lambda board, depth, me: np.flipud(board))


def choose(board: np.ndarray, me: int) -> int:
    """The bug: column 1's stone is never taken back, so every later call sees it."""
    best, best_col = -np.inf, 0
    for col in range(COLS):
        if board[-1, col]:
            continue
        drop(board, col, me)
        v = -search(board, 1, 3 - me)
        if col != 0:
            lift(board, col)
        if v > best:
            best, best_col = v, col
    return best_col + 1


def test_a_stone_left_by_the_root_loop_is_left_out_and_the_search_runs_on() -> None:
    moves = "4453"
    pos = Position.from_moves(moves)
    grid = np.zeros((ROWS, COLS), dtype=np.int64)  # row 0 at the bottom, 1 moved first
    for i, c in enumerate(moves):
        drop(grid, int(c) - 1, 1 + i % 2)
    untraced = choose(grid.copy(), 1)
    with recording(root=pos) as rec:
        answered = choose(grid.copy(), 1)
    assert answered == untraced  # the person's code re-run: the same answer
    assert rec.result.trace.counters["left_out"] > 0
    note = left_out_note(rec.result.trace)
    assert "not one move after" in note
