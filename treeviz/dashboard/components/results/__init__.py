"""Showing one search result, section by section, each a function called from
:func:`show_result` in the order of the page: the answer above the fold (the board
with the analysis on it beside the verdict and the per-move table, :mod:`.answer`),
the tree with its node panel and the replay beside it (:mod:`.tree`), then the
table's downloads and charts (:mod:`.moves`), MCTS's visit share (:mod:`.charts`) and
the statistics (:mod:`.stats`). A new section is one more function and one more line
here. Used for fresh searches and uploaded traces alike; each result's widgets and
state are keyed by its :class:`~treeviz.dashboard.components.tree_view.TreeView`."""

from __future__ import annotations

import streamlit as st

from treeviz.dashboard.components.results.answer import BoardDrawer, answer_section
from treeviz.dashboard.components.results.moves import moves_extras
from treeviz.dashboard.components.results.progress import progress_section
from treeviz.dashboard.components.results.stats import stats_section
from treeviz.dashboard.components.results.tree import tree_section
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.trace.nodes import SearchResult


def show_result(
    res: SearchResult,
    view: TreeView,
    *,
    exact_on: bool = True,
    link: bool = False,
    whatif: bool = False,
    board: BoardDrawer | None = None,
) -> None:
    """Everything about one result, widgets and state keyed by ``view``; ``exact_on``:
    with the exact scores; ``link``: the selected node goes in the page's query
    parameters (``node``); ``whatif``: the node panel offers the page's What if? at its
    node; ``board``: draws the page's own board with the analysis
    (the result's root position, read-only, when None)."""
    answer_section(res, view, exact_on=exact_on, board=board)
    st.markdown("**Search tree**")
    tree_section(res.trace, view, link=link, exact_on=exact_on, whatif=whatif)
    moves_extras(res, exact_on)
    progress_section(res.trace)  # MCTS run with record_iterations: visits and results
    st.markdown("#### Statistics")
    stats_section(res)
