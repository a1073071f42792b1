"""A small recursive UCT (100 iterations, a NumPy board kept for the side to move)
whose calls return each node's result for the player who moved into it, written by
someone who had not read these tests: its exact outcomes rank pairs of children at
one parity of depth only, and the doctor had named it ``perspective`` ("column 2
(makes four, mean -1) is better than column 1") and ``selection`` (the exploitation
term for the opponent). The same code with its flip forgotten is still named."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import load_edited

import treeviz
from treeviz.checkup.tree_bugs import check_tree
from treeviz.connect4.board import Position

FILE = Path(__file__).resolve().parents[1] / "data" / "agents" / "mcts_canonical_mover.py"
FLIP = ("        r = -go(node.children[c])\n", "        r = go(node.children[c])\n")


def findings(edits: tuple[tuple[str, str], ...], moves: str, iterations: int) -> list:
    module = load_edited(FILE, edits)
    module.ITER = iterations
    pos = Position.from_moves(moves)
    with treeviz.recording(pos, check=True) as rec:
        module.choose(pos.copy())
    return check_tree(rec.result)


@pytest.mark.parametrize("moves", ["12163272", "5776127374"])
def test_a_small_mcts_for_the_mover_gets_no_finding(moves: str) -> None:
    assert findings((), moves, 100) == []


def test_its_flip_forgotten_is_still_named() -> None:
    found = findings((FLIP,), "4453", 600)
    assert [f.cause for f in found if f.check == "perspective"] == ["wrong-player"], found
