"""What the node panel's children table says of another game's nodes the window cut:
a bound is no value. Every number in its value column is the node's true result for
the root player (a brute force over OpenSpiel's returns); a cut node's bound is said
in words only. The solver's table read 1 beside "≤ +1: cut off" for moves that lose."""

from __future__ import annotations

from typing import Any

import pytest
from game_oracles import best_result

from treeviz import search_game
from treeviz.dashboard.components.node_tables import children_table
from treeviz.trace.nodes import CUTOFF

pytest.importorskip("pyspiel")

VALUE, WORDS = "value (root player)", "value in words"


def truth(trace: Any, node: int, root_player: int) -> int:
    """The result of ``node`` for the root player under best play (+1, 0, -1)."""
    state = trace.state(node).state
    if state.is_terminal():
        return round(state.returns()[root_player])
    sign = 1 if state.current_player() == root_player else -1
    return sign * best_result(state)


@pytest.mark.parametrize("agent", ["solver", "alphabeta:depth=9"])
@pytest.mark.parametrize("position", ["1 8", "0 4 8"])
def test_a_number_is_a_true_value_and_a_cut_reads_as_a_bound(agent: str, position: str) -> None:
    trace = search_game("tic_tac_toe", position, agent).trace
    root_player = trace.state(0).state.current_player()
    cut = 0
    for node in range(len(trace)):
        if not len(trace.children(node)) or trace.nodes["depth"][node] > 3:
            continue
        table = children_table(trace, node)
        for kid, number, words in zip(table["node"], table[VALUE], table[WORDS], strict=True):
            if trace.nodes["flags"][kid] & CUTOFF:
                cut += 1
                assert number != number or number is None, (node, kid, number)  # blank
                assert words and ("≤" in words or "≥" in words or "at most" in words), words
            elif number is not None and number == number:
                assert number == truth(trace, int(kid), root_player), (node, kid, words)
    assert cut, "no cut node: the test shows nothing"
