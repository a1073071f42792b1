"""Analyze on another game, read as a student reads it (AppTest): the answer's value,
the table's caption and the tree's legend say what the search found, checked against
a brute force over OpenSpiel's returns. Before, a depth-limited search on misère Nim
answered "value 0 pts" (the outcome heuristic has no points: its 0 is a draw or no
result yet, and this position is lost), the caption named the kind by its identifier
(heuristic:outcome), and alpha-beta's legend read 1.00 where its nodes were wins."""

from __future__ import annotations

import re

import pytest
from conftest import app_test
from game_oracles import best_result
from streamlit.testing.v1 import AppTest

pyspiel = pytest.importorskip("pyspiel")


def best(name: str, history: tuple[int, ...]) -> int:
    """+1, 0 or -1: the result for the player to move after ``history`` in OpenSpiel's
    game ``name``, from its returns only."""
    state = pyspiel.load_game(name).new_initial_state()
    for a in history:
        state.apply_action(a)
    return best_result(state)


def analyse(game: str, position: str, agent: str, **params: int) -> AppTest:
    at = app_test()
    at.sidebar.selectbox(key="analyze_game").set_value(game).run()
    at.sidebar.text_input(key=f"any_position_{game}").set_value(position).run()
    at.sidebar.selectbox(key="any_agent").set_value(agent).run()
    for name, value in params.items():
        at.sidebar.slider(key=f"any_{agent}_{name}").set_value(value).run()
    at.sidebar.button(key="any_run").click().run()
    assert not at.exception and not at.error, (at.exception, at.error)
    return at


def plain(markdown: str) -> str:
    """Escaped Markdown as the text it shows."""
    return re.sub(r"\\(.)", r"\1", markdown)


def test_a_shallow_search_s_zero_is_not_points_nor_a_result() -> None:
    assert best("nim", ()) == -1  # the start is lost for the first player
    at = analyse("nim", "", "minimax", depth=2)
    answer = next(plain(m.value) for m in at.markdown if " chose " in m.value)
    # Nim cannot draw: its 0 is only the search's depth running out
    assert "value 0 (no result within the search's depth: this game cannot draw)" in answer
    assert "pts" not in answer
    caption = next(plain(c.value) for c in at.caption if "agent's unit" in c.value)
    assert "heuristic:outcome" not in caption and "0 no result within the depth" in caption


def test_alpha_beta_s_legend_names_results_where_its_nodes_are_results() -> None:
    assert best("tic_tac_toe", (4, 1)) == 1  # x wins: the root and its best children are wins
    at = analyse("tic_tac_toe", "x(1,1) o(0,1)", "alphabeta", depth=9)
    legend = next(m.value for m in at.markdown if "data-legend" in m.value)
    swatches = re.findall(r"data-swatch='1'[^>]*>([^<]*)<", legend)
    assert swatches == ["loss", "", "0", "", "win", "not known"]
    assert "1.00" not in legend
    # the tree's key speaks of moves: tic-tac-toe has no columns to search
    key = next(plain(c.value) for c in at.caption if "principal variation" in c.value)
    assert "column" not in key and "≤ +48" not in key and "searches of that move" in key
