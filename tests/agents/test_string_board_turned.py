"""A flat string board kept for the side to move ('x' to move, the pieces swapped at
every ply) is checked call by call as a grid is: correct, nothing is named; not
turned at one ply, the checking recording names ``turn`` at the first such call, in
words that say the board was not turned, checked against the board the person's code
built there. Before, flat boards were never checked: the doctor named the fours it
then missed ``terminal``, with the false cause "the depth limit is tested before the
end of the game"."""

from __future__ import annotations

from pathlib import Path

from conftest import load_edited, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.checkup.node_tree import Tree
from treeviz.checkup.node_words import Words
from treeviz.connect4.board import Position

FILE = Path(__file__).resolve().parents[1] / "data" / "agents" / "string_board_to_move.py"
# the child of a call with one ply to go is not turned
NOT_TURNED = (
    (
        "    return put(s, c).translate(TURN)",
        "    return put(s, c) if depth == 1 else put(s, c).translate(TURN)",
    ),
)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 20))
def test_a_turned_string_board_is_checked_and_passes(seed: int, plies: int) -> None:
    pos = random_position(seed, plies)
    with treeviz.recording(pos, check=True) as rec:
        load_edited(FILE, ()).choose(pos.copy())
    facts = rec.result.trace.extra["checked"]
    assert "turn" not in facts and not facts["wrong"], facts


def test_a_string_board_not_turned_at_one_ply_is_named() -> None:
    pos = Position.from_moves("12163272")
    module = load_edited(FILE, NOT_TURNED)
    with treeviz.recording(pos, check=True) as rec:
        module.choose(pos.copy())
    trace = rec.result.trace
    turn = trace.extra["checked"]["turn"]
    assert turn["kind"] == "colour" and turn["roles"] == {"to move": "x", "other": "o"}
    node = turn["node"]
    assert int(trace.nodes["depth"][node]) == module.DEPTH  # the calls with one ply to go
    # the board the person's code built there, without treeviz: the stone just played
    # is the side to move's symbol, not the other's, and the rest is not turned
    board = module.board_of(pos)
    depth = module.DEPTH
    for col in trace.path_moves(node):
        board = module.child(board, int(col) - 1, depth)
        depth -= 1
    col = turn["column"]
    top = min(r for r in range(6) if board[r * 7 + col] != ".")
    assert board[top * 7 + col] == turn["symbol"] == "x"
    at = Position.from_moves(pos.moves_string() + trace.path_moves(node))
    assert turn["mover"] != at.side_to_move
    words = Words(Tree(trace)).turn(turn)
    assert "made that move" in words and f"not turned after {turn['mover']}'s move" in words
