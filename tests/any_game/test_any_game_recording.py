"""What a search on any game records beside its window and value: each leaf at the
horizon's static evaluation, the heuristic's own points for the player to move there
(asked again here of the state replayed from the root), and no static evaluation
anywhere else; and a trace past its first few thousand nodes and past its capacity,
whose recorded nodes are those of the same search without a capacity, field by field."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")

from treeviz.agents.any_game.registry import search_game
from treeviz.rules import load_game
from treeviz.trace.nodes import NO_VALUE, TERMINAL

GAME = load_game("tic_tac_toe")


def corners(game: Any, state: Any, player: int) -> int:
    """The player's marks on the corners and the centre less the opponent's, twice,
    plus one for each move played, read from the moves' labels (``x(1,1)``): a
    heuristic a course would write."""
    mark = "x" if player == 0 else "o"
    labels = game.to_text(state).split()
    strong = [label for label in labels if label[2] in "02" and label[4] in "02"]
    strong += [label for label in labels if label[1:] == "(1,1)"]
    return 2 * sum(1 if label[0] == mark else -1 for label in strong) + len(labels)


@pytest.mark.parametrize("spec", ["alphabeta:depth=3", "minimax:depth=2"])
def test_each_leaf_at_the_horizon_keeps_the_heuristics_points_and_no_other_node(
    spec: str,
) -> None:
    res = search_game(GAME, "x(1,1)", spec, heuristic=corners)
    trace, depth = res.trace, int(spec.split("=")[1])
    nodes = trace.nodes
    for node in range(len(trace)):
        at_horizon = nodes["depth"][node] == depth and not nodes["flags"][node] & TERMINAL
        if not at_horizon:
            assert nodes["static_eval"][node] == NO_VALUE, node
            continue
        state = trace.state(node)
        points = corners(GAME, state, GAME.to_move(state))
        assert nodes["static_eval"][node] == points == nodes["value"][node], node


def test_past_the_first_thousands_of_nodes_and_past_its_capacity_nothing_is_lost() -> None:
    spec = "alphabeta:depth=9,ordering=false,tt=false"
    whole = search_game(GAME, None, spec).trace
    assert len(whole) > 3 * 4096  # recorded in a buffer that grew more than once
    cut = search_game(GAME, None, f"{spec},capacity=9000").trace
    assert len(cut) == 9000 and cut.counters["truncated"] and not whole.counters["truncated"]
    assert cut.counters["nodes"] == whole.counters["nodes"]
    for name in ("parent", "move", "depth", "alpha", "beta", "value", "flags"):
        assert np.array_equal(cut.nodes[name], whole.nodes[name][:9000]), name
