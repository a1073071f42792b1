"""The game picker of the Analyze and Compare pages: Connect 4 first and default, then the
registered games OpenSpiel plays (offered only when ``pyspiel`` imports). The game
goes into the page's link as ``game`` (absent for Connect 4, whose links stay as they
were); a link naming no offered game is an ``st.error`` quoting it, and Connect 4 is
shown. Only registered names are offered or read: nothing a visitor types loads a
game by another name."""

from __future__ import annotations

import importlib.util

import streamlit as st

from treeviz.dashboard import state
from treeviz.dashboard.components.text import error as show_error
from treeviz.rules.registry import CONNECT4, GAMES
from treeviz.rules.spiel import INSTALL
from treeviz.settings import show_value

GAME = "analyze_game"  # the picker's key
GAME_SEEN = "analyze_game_seen"  # the link's game last read or written
QUERY = "game"  # the link's parameter
TITLES = {
    CONNECT4: "Connect 4",
    "tic_tac_toe": "Tic-tac-toe",
    "nim": "Nim (heaps 1 3 5 7, misère)",
    "othello": "Othello",
    "breakthrough": "Breakthrough (6 x 6)",
    "hex": "Hex (5 x 5)",
    "checkers": "Checkers",
    "clobber": "Clobber (5 x 6)",
    "mnk": "mnk (four in a row on 5 x 5)",
}


def spiel_available() -> bool:
    """Whether OpenSpiel's games can be offered (``pyspiel`` is installed); looked up,
    not imported, so a page without another game loads nothing more."""
    return importlib.util.find_spec("pyspiel") is not None


def offered_games() -> list[str]:
    """The games the picker offers: Connect 4, then OpenSpiel's registered ones."""
    return list(GAMES) if spiel_available() else [CONNECT4]


def title(name: str) -> str:
    """A game's name as the picker shows it."""
    return TITLES.get(name, name)


def _read_link(offered: list[str]) -> None:
    """The link's game, once per change of the link: chosen when offered, else an
    error quoting it (the picker keeps its game)."""
    asked = st.query_params.get(QUERY)
    if asked is None or asked == state.get(GAME_SEEN):
        return
    state.put(GAME_SEEN, asked)
    if asked in offered:
        state.put(GAME, asked)
        return
    where = "" if spiel_available() else f" (OpenSpiel's games need {INSTALL})"
    show_error(
        f"The link's game {show_value(asked)} is not one of {', '.join(offered)}{where}: "
        f"showing {title(state.get(GAME, CONNECT4))}."
    )


def picked_game() -> str:
    """The game picked (a registered name offered here): the link's when it names
    one, else the picker's last value, else Connect 4. Read before any widget, so
    that the page can choose its layout; :func:`game_picker` draws the picker."""
    offered = offered_games()
    _read_link(offered)
    if state.get(GAME) not in offered:
        state.put(GAME, CONNECT4)
    return str(state.get(GAME))


def game_picker() -> None:
    """The picker in the sidebar (at its top: the page draws it first, as the game
    decides every other choice), and the game written into the link."""
    name = str(st.sidebar.selectbox("Game", offered_games(), key=GAME, format_func=title))
    if not spiel_available():
        st.sidebar.caption(f"Tic-tac-toe, Nim, Othello, Hex and more: `{INSTALL}` (OpenSpiel).")
    if name == CONNECT4:
        if QUERY in st.query_params:
            del st.query_params[QUERY]
        state.put(GAME_SEEN, None)
    else:
        st.query_params[QUERY] = name
        state.put(GAME_SEEN, name)


def connect4_only() -> None:
    """The line under a page's title that says it plays Connect 4 only in this version
    (another game is analysed on *Analyze a position* and *Compare two searches*)."""
    st.caption(
        "Connect 4 only in this version: tic-tac-toe, Nim, Othello, Hex and the other "
        "games are on *Analyze a position* and *Compare two searches* (their Game picker)."
    )
