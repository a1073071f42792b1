"""MCTS's value is a mean result (a win 1, a draw 0.5, a loss 0), so wherever its unit
is named it is named so: a position where every line is drawn (by a brute force over
OpenSpiel's returns) has MCTS's value at exactly 50%, and no wins at all. It read
"50.0% win rate" there."""

from __future__ import annotations

from typing import Any

import pytest

from treeviz import search_game
from treeviz.dashboard.components.tables import readable
from treeviz.trace.analysis import move_table
from treeviz.trace.numbers import value_with_unit

pyspiel = pytest.importorskip("pyspiel")

DRAWN = [8, 0, 1, 7, 3, 5]  # tic-tac-toe after these actions: x to move, 3 cells left


def results(state: Any) -> set[float]:
    """Every result the first player can end with from ``state``, by OpenSpiel's returns."""
    if state.is_terminal():
        return {state.returns()[0]}
    return set().union(*(results(state.child(a)) for a in state.legal_actions()))


@pytest.fixture(scope="module")
def drawn() -> Any:
    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    for action in DRAWN:
        state.apply_action(action)
    assert results(state) == {0.0}, "every line from here must be a draw"
    return search_game("tic_tac_toe", " ".join(map(str, DRAWN)), "mcts:iterations=60,seed=1")


def test_a_drawn_position_s_value_is_said_as_a_mean_result(drawn: Any) -> None:
    assert drawn.value == 0.5  # every playout a draw
    said = value_with_unit(drawn.value, drawn.trace.value_kind)
    assert said == "50.0% mean result" and "win" not in said


def test_the_dashboard_s_table_heads_the_value_as_a_mean_result(drawn: Any) -> None:
    table = readable(move_table(drawn), drawn.trace.value_kind)
    assert "value (mean result)" in table.columns and "win rate" not in table.columns
    assert set(table["value (mean result)"]) == {0.5}
