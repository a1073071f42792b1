"""The replay's table of the root's moves on another game names each move as the game
writes it (OpenSpiel's own action strings), where it showed a Connect 4 "column": the
action id plus one (x(1,1), action 4, read "column 5")."""

from __future__ import annotations

import pytest

from treeviz import search_game
from treeviz.dashboard.components.results.replay import root_columns
from treeviz.trace.replay import steps, trace_at

pyspiel = pytest.importorskip("pyspiel")


@pytest.mark.parametrize("agent", ["alphabeta:depth=2", "mcts:iterations=40"])
def test_the_replay_names_the_root_s_moves_by_label(agent: str) -> None:
    trace = search_game("tic_tac_toe", "4", agent).trace
    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    state.apply_action(4)
    labels = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    whole = root_columns(trace_at(trace, len(trace)))
    assert whole["head"][0] == "move" and [row[0] for row in whole["rows"]] == labels
    for n in steps(trace, 5):  # part way: the moves searched so far, in the game's order
        shown = [row[0] for row in root_columns(trace_at(trace, int(n)))["rows"]]
        assert shown == [m for m in labels if m in shown]
