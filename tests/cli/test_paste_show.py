"""``treeviz show -`` reads a notebook's ``print_board`` output (it said "no board rows
found"), in a process of its own as a student runs it."""

from __future__ import annotations

import json

from conftest import run_process

from treeviz.connect4.board import Position

# A seed notebook's drawBoard(): the 0-based column numbers, then rows of 0 1 2
# (4 4 5 3: 1 = the first player, 2 = the second)
PRINT_BOARD = """0 1 2 3 4 5 6
0 0 0 0 0 0 0
0 0 0 0 0 0 0
0 0 0 0 0 0 0
0 0 0 0 0 0 0
0 0 0 2 0 0 0
0 0 2 1 1 0 0
"""


def test_show_reads_a_print_board_grid_on_stdin_and_says_its_colouring() -> None:
    done = run_process("show", "-", "--json", stdin=PRINT_BOARD)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["board"] == Position.from_moves("4453").to_dict()["board"]
    assert data["to_move"] == "X"
    assert "'1' is read as X" in done.stderr and "--first 2" in done.stderr


def test_first_2_reads_the_other_colouring_and_a_wrong_first_is_one_line() -> None:
    done = run_process("show", "-", "--json", "--first", "2", stdin=PRINT_BOARD)
    assert done.returncode == 0, done.stderr
    board = json.loads(done.stdout)["board"]
    assert board == Position.from_moves("3445").to_dict()["board"]  # 2 on 4, 1 on 3 and 5
    bad = run_process("show", "-", "--first", "7", stdin=PRINT_BOARD)
    assert bad.returncode == 2 and "'7'" in bad.stderr and len(bad.stderr.splitlines()) == 1


def test_counts_decide_said_why_and_against_first() -> None:
    """One more 2 than 1: 2 moved first, nothing to choose (no --first offered), and
    --first 1 is refused."""
    grid = PRINT_BOARD.replace("0 0 2 1 1 0 0", "0 2 2 1 1 0 0")
    done = run_process("show", "-", "--json", stdin=grid)
    assert done.returncode == 0, done.stderr
    assert "'2' is read as X, the first player (red): it has one stone more" in done.stderr
    assert "--first" not in done.stderr
    assert json.loads(done.stdout)["to_move"] == "O"
    refused = run_process("show", "-", "--first", "1", stdin=grid)
    assert refused.returncode == 2 and "'1' cannot have moved first" in refused.stderr
