"""Showing one search result, section by section: the verdict, the per-move table
(:mod:`.moves`), the tree with its node panel, go-to box and downloads (:mod:`.tree`),
the replay (:mod:`.replay`), MCTS's search progress (:mod:`.progress`) and the statistics
(:mod:`.stats`). Used for fresh searches and uploaded traces alike; each result's
widgets and state are keyed by its :class:`~treeviz.dashboard.state.TreeView`."""

from __future__ import annotations

import streamlit as st

from treeviz.dashboard.results.moves import moves_section
from treeviz.dashboard.results.progress import progress_section
from treeviz.dashboard.results.replay import replay_section
from treeviz.dashboard.results.stats import stats_section
from treeviz.dashboard.results.tree import tree_section
from treeviz.dashboard.results.verdict import verdict_section
from treeviz.dashboard.state import ReplayView, TreeView
from treeviz.dashboard.text import escape_markdown
from treeviz.trace.nodes import SearchResult
from treeviz.trace.values import kind_text


def show_result(res: SearchResult, view: TreeView, exact_on: bool = True,
                link: bool = False) -> None:  # fmt: skip
    """Everything about one result, widgets and state keyed by ``view``; ``exact_on``:
    with the exact scores; ``link``: the selected node goes in the page's query
    parameters (``node``)."""
    st.subheader(f"{escape_markdown(res.trace.algorithm)} plays column {res.move}")
    st.caption(f"Values: {escape_markdown(kind_text(res.trace.value_kind))}; the player to "
               "move at the root.")  # fmt: skip
    verdict_section(res, view, exact_on)
    moves_section(res, exact_on)
    st.markdown("#### Search tree")
    tree_section(res.trace, view, link, exact_on)
    replay = ReplayView(view.key)
    if st.toggle("Replay the search step by step", key=replay.switch_key):
        replay_section(res, replay)
    progress_section(res.trace)  # MCTS run with record_iterations: visits and results
    st.markdown("#### Statistics")
    stats_section(res)
