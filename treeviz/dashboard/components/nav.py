"""Moving between pages: open a position with an agent in the analysis view."""

from __future__ import annotations

from typing import Any

import streamlit as st

from treeviz.agents.registry import AgentSpec, spec
from treeviz.connect4.board import Position
from treeviz.dashboard import state
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.server.cache import search_request
from treeviz.errors import TreevizError

PAGES: dict[str, Any] = {}  # url path -> st.Page, filled by the app on every run
DEFAULT_PAGE = "analyze"  # the main page's url path (Streamlit serves it at the base)


def open_in_analysis(pos: Position, chosen: str | AgentSpec) -> None:
    """Widget callback: :func:`load_analysis` and go to the analysis page; a spec that
    cannot run here (a game file's agent this dashboard was not started with) stays on
    the page and says why, in words."""
    state.pop(state.NOTICE)
    try:
        load_analysis(pos, chosen)
    except TreevizError as exc:
        state.put(state.NOTICE, f"That search cannot be opened here: {exc}")
        return
    state.put(state.GOTO, DEFAULT_PAGE)


def show_notice(page: str) -> None:
    """The message a callback left, shown on ``page`` (the page it was left on) until
    another page opens: a rerun the page makes by itself must not hide it."""
    notice = state.get(state.NOTICE)
    if isinstance(notice, str):  # just left: it belongs to this page
        notice = (notice, page)
        state.put(state.NOTICE, notice)
    if notice is not None and notice[1] == page:
        show_error(notice[0])
    elif notice is not None:
        state.pop(state.NOTICE)


def load_analysis(pos: Position, chosen: str | AgentSpec) -> None:
    """Make ``pos`` the analysis page's position, preselect the agent of ``chosen``
    with its settings and ask for its search (instant when the search is cached).
    ``chosen``: a spec, or its text as a link, a game file or a checkup gives it,
    parsed here, once; a bad one raises before anything changes."""
    request = search_request(pos, spec(chosen))
    state.set_position(pos)
    state.agent_params(request.agent, dict(request.params))
    state.put(state.REQUEST, request)


def follow() -> None:
    """Switch to the page a callback asked for, if any (called before a page runs)."""
    target = state.pop(state.GOTO)
    if target in PAGES:
        st.switch_page(PAGES[target])
