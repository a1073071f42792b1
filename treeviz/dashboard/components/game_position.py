"""A position of another game than Connect 4, typed in the sidebar in the game's
notation (empty: the start), as Analyze and Compare read it."""

from __future__ import annotations

from typing import Any

import streamlit as st

from treeviz.dashboard import state
from treeviz.dashboard.components.text import error as show_error
from treeviz.errors import TreevizError
from treeviz.rules.protocol import Game


def choose_game_position(game: Game[Any], key: str) -> Any:
    """The position typed in box ``key`` in ``game``'s notation (empty: the start), or
    None after an ``st.error`` quoting text that is not one."""
    state.preset(key, "")
    text = st.sidebar.text_input(
        "Position (empty: the start)",
        key=key,
        help="the moves played, as the game writes them (see docs/guides/games.md)",
    )
    if not text.strip():
        return game.initial()
    try:
        return game.from_text(text)
    except TreevizError as exc:
        show_error(f"The position cannot be read: {exc}")
        return None
