"""The session state every room of the dashboard shares; a page's own is in its
``pages/<page>/state.py``, a component's views beside the component.

- The mechanism: values under keys declared as constants, read and written through
  :func:`get`, :func:`put`, :func:`pop`, :func:`preset`, kept across pages by
  :func:`keep`; and :class:`Keyed`, which every view's accessor is built on (its values
  under keys that start with the view's key, its widgets' keys built the same way).
- What crosses pages: the analysis position and agent (any page's "Open in Analyze"
  sets them), the search asked for, the page a callback asks to open and the notice it
  leaves, the analysis link, the games this session holds (Play's, the one the Arena
  opened, the one Review showed last) and the game source Review is asked to show.

The position is a :class:`Position`, with its size, never a move string: a pasted 6x5
board stays 6x5 from the sidebar to the tree and the downloads.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import streamlit as st

from treeviz.connect4.board import DEFAULT_HEIGHT, DEFAULT_WIDTH, Position
from treeviz.connect4.notation import to_diagram

POSITION = "position"  # Position: the analysis board's position
POSITION_TEXT = "position_text"  # the typed-text widget's content
FIRST_SWAPPED = "first_swapped"  # a pasted board's second symbol moved first (its toggle)
SOURCE = "source"  # where the position comes from: a sample or typed text
T = TypeVar("T")
TYPED = "Move string or board"  # the SOURCE of a typed (or clicked, or opened) position
AGENT = "agent"  # the agent chosen on the analysis page
REQUEST = "request"  # the search the analysis page shows (treeviz.dashboard.server.cache)
GOTO = "goto"  # the page a callback asked to open, by url path
NOTICE = "notice"  # an error a callback left: its text, then (text, the page showing it)
PLAY_GAME = "play_game"  # the game on the Play page (treeviz.games.game.Game)
ARENA_GAME = "arena_game"  # a stored game the Arena page opened for review
REVIEW_SOURCE = "review_source"  # which game the Review page shows
REVIEW_GAME = "reviewed_game"  # the game the Review page showed last (a Game)
LINK_SEEN = "link_seen"  # the analysis link the page last read or wrote (see link_in_query)
RESTORED = "restored"  # this session has put back what the browser kept (app.restore_once)


Link = tuple[str | None, str | None, str | None]  # an analysis link: moves, agent, node


def link_in_query() -> Link:
    """The analysis link in the page's query parameters (None for what is absent)."""
    query = st.query_params
    return query.get("moves"), query.get("agent"), query.get("node")


def update_link(values: dict[str, str]) -> None:
    """Put ``values`` in the page's query parameters and remember the link they make:
    the Analyze page reads its link again only when it changes under it (a shared
    link on arrival, the browser's Back and Forward)."""
    st.query_params.update(values)
    put(LINK_SEEN, link_in_query())


def position() -> Position:
    """The analysis board's position (the empty 7x6 board at first)."""
    pos = st.session_state.get(POSITION)
    return pos.copy() if isinstance(pos, Position) else Position()


def set_position(pos: Position) -> None:
    """Make ``pos`` the position and show it in the typed-text input (a move string
    on 7x6, else its diagram, which keeps the size when read back)."""
    st.session_state[POSITION] = pos.copy()
    st.session_state[SOURCE] = TYPED
    st.session_state[POSITION_TEXT] = position_text(pos)


def position_text(pos: Position) -> str:
    """The text that reads back as ``pos``."""
    if (pos.width, pos.height) == (DEFAULT_WIDTH, DEFAULT_HEIGHT):
        return pos.moves_string()
    return to_diagram(pos)


def agent_params(agent: str, params: dict[str, Any]) -> None:
    """Preset the analysis page's widgets for ``agent`` with ``params``."""
    st.session_state[AGENT] = agent
    for name, value in params.items():
        st.session_state[param_key(agent, name)] = value


def param_key(agent: str, name: str) -> str:
    """The widget key of an agent's parameter."""
    return f"{agent}_{name}"


def review(source: str) -> None:
    """Widget callback: open the Review page on the game of ``source`` ("Game from
    Play": ``PLAY_GAME``, "Game from Arena": ``ARENA_GAME``)."""
    put(REVIEW_SOURCE, source)
    put(GOTO, "review")


def get(key: str, default: Any = None) -> Any:
    """The value under one of this module's keys."""
    return st.session_state.get(key, default)


def put(key: str, value: Any) -> None:
    """Set one of this module's keys."""
    st.session_state[key] = value


def pop(key: str, default: Any = None) -> Any:
    """Remove one of this module's keys, returning its value."""
    return st.session_state.pop(key, default)


def preset(key: str, value: Any) -> None:
    """Give ``key`` its first value unless it has one: a widget's default kept in the
    state, where other pages may set it first (a widget may not get both)."""
    st.session_state.setdefault(key, value)


def keep(keys: list[str]) -> None:
    """Keep these widgets' values while their page is not shown (Streamlit forgets a
    widget's state on a run that does not draw it, unless the state is set again)."""
    s = st.session_state
    for key in keys:
        if key in s:
            s[key] = s[key]


def widget_value(key: str) -> Any:
    """The value of the widget keyed ``key`` (None before it is first drawn): what a
    callback reads, since it runs before the widget's call returns the value."""
    return st.session_state.get(key)


def joined(*parts: object) -> str:
    """A key: ``parts`` joined by underscores (``("analyze", "node")``:
    ``"analyze_node"``)."""
    return "_".join(map(str, parts))


@dataclass(frozen=True)
class Keyed:
    """A view's state in the session, under keys ``{key}_{part}``. Frozen: a view is
    its key, and its values change through its verbs (a frozen dataclass refuses
    property setters too)."""

    key: str

    def widget(self, *parts: object) -> str:
        """The key of this view's widget named by ``parts`` (``widget("crumb", 3)``:
        ``"analyze_crumb_3"``). Tests and the browser find widgets by these keys."""
        return joined(self.key, *parts)

    def _get(self, part: str, default: Any = None) -> Any:
        return st.session_state.get(joined(self.key, part), default)

    def _put(self, part: str, value: Any) -> None:
        st.session_state[joined(self.key, part)] = value

    def _preset(self, part: str, value: Any) -> None:
        st.session_state.setdefault(joined(self.key, part), value)

    def _drop(self, part: str, default: Any = None) -> Any:
        return st.session_state.pop(joined(self.key, part), default)

    def _kept(self, part: str, ident: Hashable, make: Callable[[], T]) -> T:
        """The value kept under ``part`` for ``ident``: ``make()`` when it was made
        for another (one kept at a time)."""
        kept = self._get(part)
        if kept is not None and kept[0] == ident:
            return cast(T, kept[1])
        out = make()
        self._put(part, (ident, out))
        return out

    def _text(self, part: str) -> str | None:
        """The text under ``part`` (None when there is none)."""
        text = self._get(part)
        return None if text is None else str(text)

    def _set_text(self, part: str, text: str | None) -> None:
        """Keep ``text`` under ``part`` (None: remove it)."""
        if text is None:
            self._drop(part)
        else:
            self._put(part, text)
