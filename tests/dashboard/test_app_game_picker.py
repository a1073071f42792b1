"""The Analyze page's Game picker heads the sidebar on Connect 4's page as on another
game's: the game is the first choice a visitor makes, and it decides the rest. It sat
at the bottom of Connect 4's sidebar, under every setting of the agent."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import app_test

GAME_KEY = "analyze_game"


def widget_keys(block: Any) -> list[str]:
    """The keys of ``block``'s widgets in the order the page drew them (nested blocks
    walked in place)."""
    out: list[str] = []
    for node in block.children.values():
        if getattr(node, "children", None):
            out += widget_keys(node)
        elif getattr(node, "key", None):
            out.append(str(node.key))
    return out


@pytest.mark.parametrize("game", ["connect4", "tic_tac_toe"])
def test_the_game_picker_is_the_sidebar_s_first_widget(game: str) -> None:
    if game != "connect4":
        pytest.importorskip("pyspiel")
    at = app_test()
    if game != "connect4":
        at.sidebar.selectbox(key=GAME_KEY).set_value(game).run()
    assert not at.exception
    keys = widget_keys(at.sidebar)
    assert len(keys) > 3 and keys[0] == GAME_KEY, keys
