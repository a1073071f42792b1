"""The dashboard: ``streamlit run app.py`` (``make app``) calls :func:`main`."""

from __future__ import annotations

import streamlit as st

from treeviz.agents.user.load import seal
from treeviz.dashboard import state
from treeviz.dashboard.components import nav
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.pages.analyze.page import analysis_keys, analyze_page
from treeviz.dashboard.pages.arena.page import DEFAULTS as ARENA_DEFAULTS
from treeviz.dashboard.pages.arena.page import arena_page
from treeviz.dashboard.pages.compare.page import compare_page
from treeviz.dashboard.pages.doctor.page import doctor_keys, doctor_page
from treeviz.dashboard.pages.id3.page import id3_page
from treeviz.dashboard.pages.learn.page import learn_keys, learn_page
from treeviz.dashboard.pages.play.page import PLAY_KEYS, play_page
from treeviz.dashboard.pages.review.page import review_page
from treeviz.dashboard.pages.trace.page import trace_page
from treeviz.dashboard.server import environment
from treeviz.dashboard.server.warming import start_warm_up


@st.cache_resource(show_spinner=False)
def load_started_agents(named: str) -> tuple[list[str], list[str]]:
    """Register the user agents the person who started the server named (``named``:
    ``TREEVIZ_AGENTS``, specs separated by ``;``, as ``treeviz app --agents`` and
    ``make app AGENTS=mine.py:choose`` pass them; a file alone stands for the agents it
    offers), once per server. Returns the heads registered and one message per spec
    that could not be loaded."""
    from treeviz.agents.registry import AGENTS, get_agent, split_spec
    from treeviz.agents.user.load import heads_in, is_user_head

    loaded, problems = [], []
    for text in filter(None, (t.strip() for t in named.split(";"))):
        try:
            heads = heads_in(text) if text.endswith(".py") else [split_spec(text, AGENTS)[0]]
            for head in heads:
                get_agent(head)
                loaded += [head] if is_user_head(head) else []
        except ValueError as exc:
            problems.append(f"agent {text!r} was not loaded: {exc}")
    return loaded, problems


def start_agents() -> list[str]:
    """Load the agents named at start, then seal the process: from here on no page,
    callback, upload or link loads or runs any other (every thread, every session).
    Returns the problems to show."""
    loaded, problems = load_started_agents(environment.started_agents())
    seal(loaded)
    return problems


def main() -> None:
    """The pages: analyse a position; compare two searches; play; review a game;
    explore a trace file; run tournaments and sweeps; check an agent for bugs; learn
    decision trees; learn searches by doing."""
    problems = start_agents()  # before anything a visitor sent is looked at
    st.set_page_config(page_title="treeviz", layout="wide")
    start_warm_up()  # already running when treeviz app started the server
    for problem in problems:
        show_error(problem)
    pages = [
        st.Page(analyze_page, title="Analyze a position", url_path=nav.DEFAULT_PAGE, default=True),
        st.Page(compare_page, title="Compare two searches", url_path="compare"),
        st.Page(play_page, title="Play", url_path="play"),
        st.Page(review_page, title="Review a game", url_path="review"),
        st.Page(trace_page, title="Explore a trace file", url_path="trace"),
        st.Page(arena_page, title="Arena", url_path="arena"),
        st.Page(doctor_page, title="Doctor", url_path="doctor"),
        st.Page(id3_page, title="Decision trees", url_path="id3"),
        st.Page(learn_page, title="Learn by doing", url_path="learn"),
    ]
    nav.PAGES.update({p.url_path or nav.DEFAULT_PAGE: p for p in pages})
    current = st.navigation(pages)
    # a visit elsewhere forgets nothing
    state.keep([*ARENA_DEFAULTS, *analysis_keys(), *PLAY_KEYS, *doctor_keys(), *learn_keys()])
    nav.follow()
    nav.show_notice(current.url_path)
    current.run()
