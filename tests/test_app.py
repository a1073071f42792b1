"""Streamlit AppTest: the page renders for every agent and survives bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parent.parent / "app.py")


@pytest.mark.parametrize(
    "agent", ["random", "greedy", "astar", "minimax", "alphabeta", "mcts", "solver"]
)
def test_renders_for_every_agent(agent: str) -> None:
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.sidebar.selectbox[0].set_value("nearly-full").run()
    at.sidebar.selectbox[1].set_value(agent).run()
    assert not at.exception and not at.error
    assert "plays column" in at.subheader[0].value
    assert len(at.dataframe[0].value) == 7


def test_bad_move_string_shows_error_and_keeps_position() -> None:
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.sidebar.radio[0].set_value("Move string or board").run()
    at.sidebar.text_area[0].set_value("4453").run()
    at.sidebar.text_area[0].set_value("4459").run()
    assert at.error and "'4459'" in at.error[0].value
    assert not at.exception
    assert "4453" in at.markdown[-1].value or any("4453" in m.value for m in at.markdown)
