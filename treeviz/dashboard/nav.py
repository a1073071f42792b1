"""Moving between pages: open a position with an agent in the analysis view."""

from __future__ import annotations

from typing import Any

import streamlit as st

from treeviz.dashboard.pages import spec_request

PAGES: dict[str, Any] = {}  # url path -> st.Page, filled by the app on every run


def open_in_analysis(moves: str, agent_spec: str) -> None:
    """Widget callback: make ``moves`` the analysis page's position, preselect the agent
    of ``agent_spec`` with its settings, ask for its search (instant when the search is
    cached) and go there."""
    request = spec_request(moves, agent_spec)
    agent, params = request[1], request[2]
    st.session_state.update(
        {"position": moves, "source": "Move string or board", "position_text": moves,
         "agent": agent, "goto": "analyze", "request": request}
    )  # fmt: skip
    for name, value in params:
        st.session_state[f"{agent}_{name}"] = value


def follow() -> None:
    """Switch to the page a callback asked for, if any (called before a page runs)."""
    target = st.session_state.pop("goto", None)
    if target in PAGES:
        st.switch_page(PAGES[target])


def keep(keys: list[str]) -> None:
    """Keep these widgets' values while their page is not shown (Streamlit forgets a
    widget's state on a run that does not draw it, unless the state is set again)."""
    s = st.session_state
    for key in keys:
        if key in s:
            s[key] = s[key]
