"""The tree's go-to box on another game: its label names moves as the game writes them
(no Connect 4 columns), and a node is found by the moves from the root typed as the
game writes them, or their action ids. It asked for "moves from the root (4352)" and
read each character as a Connect 4 column."""

from __future__ import annotations

import pytest

from treeviz import search_game
from treeviz.dashboard.components.results.goto import find_node, goto_label
from treeviz.errors import InvalidParameterError
from treeviz.trace.nodes import Trace

pytest.importorskip("pyspiel")


def first_along(trace: Trace, moves: list[int]) -> int:
    """The first recorded node (lowest id at each level) reached by ``moves``, walked
    by the trace's own parent and move arrays."""
    node = 0
    for move in moves:
        kids = [k for k in range(len(trace)) if trace.nodes["parent"][k] == node]
        node = min(k for k in kids if trace.nodes["move"][k] == move)
    return node


@pytest.mark.parametrize(("game", "position"), [("tic_tac_toe", "4"), ("nim", "")])
def test_a_node_is_found_by_its_moves_as_the_game_writes_them(game: str, position: str) -> None:
    trace = search_game(game, position, "alphabeta:depth=3,tt=false").trace
    label = goto_label(trace)
    assert "4352" not in label and "column" not in label
    checked = 0
    for node in range(1, len(trace)):
        path = trace.path(node)[1:]
        moves = [int(trace.nodes["move"][n]) for n in path]
        expected = first_along(trace, moves)
        assert find_node(trace, trace.path_moves(node)) == expected, trace.path_moves(node)
        assert find_node(trace, " ".join(map(str, moves))) == expected, moves
        checked += 1
    assert checked > 10
    with pytest.raises(InvalidParameterError, match="'zz'"):
        find_node(trace, "zz")


def test_connect4_s_box_keeps_its_columns() -> None:
    trace = search_game("connect4", "4453", "alphabeta:depth=2").trace
    assert "columns from the root (4352)" in goto_label(trace)
    kid = int(trace.children(0)[0])
    assert find_node(trace, str(int(trace.nodes["move"][kid]) + 1)) == kid
