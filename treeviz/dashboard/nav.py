"""Moving between pages: open a position with an agent in the analysis view."""

from __future__ import annotations

from typing import Any

import streamlit as st

from treeviz.search import get_agent, spec

PAGES: dict[str, Any] = {}  # url path -> st.Page, filled by the app on every run


def open_in_analysis(moves: str, agent_spec: str) -> None:
    """Widget callback: make ``moves`` the analysis page's position, preselect the agent
    of ``agent_spec`` with its settings, ask for its search (instant when the search is
    cached) and go there."""
    chosen = spec(agent_spec)
    params = get_agent(chosen.name).validate(chosen.kwargs)
    st.session_state.update(
        {"position": moves, "source": "Move string or board", "position_text": moves,
         "agent": chosen.name, "goto": "analyze",
         "request": (moves, chosen.name, tuple(sorted(params.items())))}
    )  # fmt: skip
    for name, value in params.items():
        st.session_state[f"{chosen.name}_{name}"] = value


def follow() -> None:
    """Switch to the page a callback asked for, if any (called before a page runs)."""
    target = st.session_state.pop("goto", None)
    if target in PAGES:
        st.switch_page(PAGES[target])
