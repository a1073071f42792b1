"""The dashboard: its pages (:data:`PAGES`, in the navigation's order), and
:func:`main`, which Streamlit runs for each visit (``streamlit run app.py``,
``make app``, ``treeviz app``). Each page is a package of
:mod:`treeviz.dashboard.pages` (its view in ``page.py``, its state in ``state.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

from treeviz.agents.user.load import seal
from treeviz.checkup import kept
from treeviz.dashboard import state
from treeviz.dashboard.components import nav
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.pages.analyze import state as analyze_state
from treeviz.dashboard.pages.analyze.page import analyze_page
from treeviz.dashboard.pages.arena import state as arena_state
from treeviz.dashboard.pages.arena.page import arena_page
from treeviz.dashboard.pages.compare.page import compare_page
from treeviz.dashboard.pages.doctor import state as doctor_state
from treeviz.dashboard.pages.doctor.page import doctor_page
from treeviz.dashboard.pages.id3.page import id3_page
from treeviz.dashboard.pages.learn import state as learn_state
from treeviz.dashboard.pages.learn.page import learn_page
from treeviz.dashboard.pages.play import state as play_state
from treeviz.dashboard.pages.play.page import play_page
from treeviz.dashboard.pages.review.page import review_page
from treeviz.dashboard.pages.trace.page import trace_page
from treeviz.dashboard.server import environment, visitor
from treeviz.dashboard.server.warming import start_warm_up


def nothing_kept() -> list[str]:
    """The kept keys of a page whose widgets start afresh on each visit."""
    return []


def nothing_saved() -> None:
    """What a reload keeps of a page that keeps nothing (its address holds its state,
    or it starts afresh)."""
    return None


def restore_nothing(kept: Any) -> None:
    """The restore of a page that keeps nothing (never called with anything)."""


@dataclass(frozen=True)
class Page:
    """A page of the navigation: the function that draws it, its title, its address
    (``/compare``; the default page's is served at the base too), the keys of its
    widgets whose values outlive a visit to another page, and what outlives a reload:
    ``saved`` returns it as plain data (JSON-able), ``restore`` puts it back in a new
    session (:mod:`treeviz.dashboard.server.visitor`)."""

    draw: Callable[[], None]
    title: str
    url_path: str
    kept: Callable[[], list[str]] = nothing_kept
    saved: Callable[[], Any] = nothing_saved
    restore: Callable[[Any], None] = restore_nothing


PAGES = (
    Page(
        analyze_page,
        "Analyze a position",
        nav.DEFAULT_PAGE,
        analyze_state.kept_keys,
        analyze_state.saved,
        analyze_state.restore,
    ),
    Page(compare_page, "Compare two searches", "compare"),
    Page(play_page, "Play", "play", play_state.kept_keys, play_state.saved, play_state.restore),
    Page(review_page, "Review a game", "review"),
    Page(trace_page, "Explore a trace file", "trace"),
    Page(arena_page, "Arena", "arena", arena_state.kept_keys),
    Page(
        doctor_page,
        "Doctor",
        "doctor",
        doctor_state.kept_keys,
        doctor_state.saved,
        doctor_state.restore,
    ),
    Page(id3_page, "Decision trees", "id3"),
    Page(
        learn_page,
        "Learn by doing",
        "learn",
        learn_state.kept_keys,
        learn_state.saved,
        learn_state.restore,
    ),
)


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
    callback, upload or link loads or runs any other (every thread, every session),
    nor writes what the doctor keeps on disk.
    Returns the problems to show."""
    loaded, problems = load_started_agents(environment.started_agents())
    seal(loaded)
    kept.read_only()  # nor does a visitor's checkup write the doctor's kept batteries
    return problems


def main() -> None:
    """One visit's run: the agents named at start loaded and the process sealed, the
    warm-up started, the navigation over :data:`PAGES`, then the page asked for."""
    problems = start_agents()  # before anything a visitor sent is looked at
    st.set_page_config(page_title="treeviz", layout="wide")
    start_warm_up()  # already running when treeviz app started the server
    for problem in problems:
        show_error(problem)
    pages = [
        st.Page(p.draw, title=p.title, url_path=p.url_path, default=p.url_path == nav.DEFAULT_PAGE)
        for p in PAGES
    ]
    nav.PAGES.update({p.url_path or nav.DEFAULT_PAGE: p for p in pages})
    current = st.navigation(pages)
    who = visitor.visitor_id()
    restore_once(who)
    state.keep([key for p in PAGES for key in p.kept()])  # a visit elsewhere forgets nothing
    nav.follow()
    nav.show_notice(current.url_path)
    try:
        current.run()
    finally:  # a rerun or stop asked inside the page ends the run here too
        save(who, next(p for p in PAGES if p.title == current.title))


def restore_once(who: str | None) -> None:
    """On a session's first run, what the browser ``who`` kept (a reload, a deep link
    in the same browser): every page's, so that /learn finds Play's game."""
    if who is None or state.get(state.RESTORED):
        return
    state.put(state.RESTORED, True)
    for page in PAGES:
        kept = visitor.STORE.get(who, page.url_path)
        if kept is not None:
            page.restore(kept)


def save(who: str | None, page: Page) -> None:
    """After each run of ``page``, what it keeps for the browser ``who`` (its state
    changes in callbacks and runs; writing it is a few kB of JSON). The page shown
    only: another tab of the same browser keeps its own pages' state."""
    if who is None:
        return
    kept = page.saved()
    if kept is None:
        visitor.STORE.drop(who, page.url_path)
    else:
        visitor.STORE.put(who, page.url_path, kept)
