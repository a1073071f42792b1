"""A traced Connect 4 search that returns one player's values throughout (AIMA's
``max_value`` and ``min_value``, written by someone who had not read these tests,
``tests/data/agents/aima_alphabeta.py``) and names no flag: its values are read as
that player's, as a flag would have said, so the doctor judges it right; a negamax
keeps the side to move's reading. Checked against the person's code run again with
no pruning window, the rules and the doctor's own checks."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from conftest import load_file, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.checkup.tree_bugs import check_tree
from treeviz.connect4.board import Position
from treeviz.trace.values import read_as_words

AGENTS = Path(__file__).resolve().parents[1] / "data" / "agents"


def aima() -> Any:
    return load_file(AGENTS / "aima_alphabeta.py")


def full_window_values(module: Any, pos: Position) -> dict[int, float]:
    """Each column's value for the player to move, the person's search run again
    outside any recording with the whole window (no bound: the minimax value)."""
    board, me = module.to_board(pos), 1 if pos.side_to_move == "X" else 2
    return {
        a: module.min_value(module.result(board, a, me), -math.inf, math.inf, module.DEPTH - 1, me)
        for a in module.actions(board)
    }


@pytest.mark.slow
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(2, 30))
def test_an_aima_search_is_read_as_its_players_and_gets_no_finding(seed: int, plies: int) -> None:
    """Before, on the same code: ``backup``, ``sign``, ``cutoff`` and ``best-move``
    findings, its values read as a negamax's."""
    module, pos = aima(), random_position(seed, plies)
    with treeviz.recording(pos, check=True) as rec:
        col = module.choose(pos.copy())
    res = rec.result
    assert res.trace.extra["perspective"]["player"] == (0 if pos.side_to_move == "X" else 1)
    assert check_tree(res) == []
    values = full_window_values(module, pos)
    assert res.move == col and values[col - 1] == max(values.values())
    assert res.value == max(values.values())  # for the player to move at the root
    # what the CLI, the report and the tree's legend say: the root player's (AIMA's
    # max_value is the player to move at its root)
    said = read_as_words(res.trace.extra)
    assert f"read as {pos.side_to_move}'s values at every node, as its own backups" in said


def test_a_wrong_sign_at_the_end_of_the_game_is_still_found() -> None:
    """The same search scoring a four for the player who lost it: its backups still
    say whose values they are, and the fours it reached are named."""
    module = aima()
    right = module.utility
    module.utility = lambda board, me, depth: -right(board, me, depth)
    pos = Position.from_moves("445566")  # X to move wins at once in column 3 or 7
    with treeviz.recording(pos, check=True) as rec:
        module.choose(pos.copy())
    assert rec.result.trace.extra["perspective"]["player"] == 0
    found = {f.check for f in check_tree(rec.result)}
    assert found & {"sign", "terminal"}, found


def test_a_negamax_keeps_the_side_to_moves_reading() -> None:
    quiet = load_file(AGENTS / "quiescence_win.py")
    quiet.CAP = 1
    with treeviz.recording(Position.from_moves("4453")) as rec:
        quiet.choose(Position.from_moves("4453"))
    assert "perspective" not in rec.result.trace.extra
    assert "maximizing" not in rec.result.trace.extra
