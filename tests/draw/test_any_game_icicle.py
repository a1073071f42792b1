"""The icicle names each rectangle by its move as a person writes it: another game's
label where the move was played (OpenSpiel's own action strings), Connect 4's
1-based column; it said the action id + 1 for every game."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from treeviz.agents.any_game.registry import search_game  # noqa: E402
from treeviz.draw.icicle import icicle_data  # noqa: E402


def test_another_games_rectangles_are_named_by_openspiels_labels() -> None:
    trace = search_game("tic_tac_toe", "4", "minimax:depth=2").trace
    data = icicle_data(trace)
    assert data["what"] == "move" and len(data["id"]) > 9
    root = pyspiel.load_game("tic_tac_toe").new_initial_state()
    root.apply_action(4)
    for node, label in zip(data["id"], data["label"], strict=True):
        path = [int(trace.nodes["move"][n]) for n in trace.path(node)[1:]]
        if not path:
            assert label == "root"
            continue
        state = root.clone()
        for a in path[:-1]:
            state.apply_action(a)
        assert label == state.action_to_string(state.current_player(), path[-1])


def test_connect4_rectangles_stay_columns() -> None:
    trace = search_game("connect4", "4453", "minimax:depth=2").trace
    data = icicle_data(trace)
    assert data["what"] == "column"
    for node, label in zip(data["id"][1:], data["label"][1:], strict=True):
        assert label == "1234567"[int(trace.nodes["move"][node])]
