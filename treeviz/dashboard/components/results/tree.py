"""The tree section of a result: the interactive tree (click a node to select and
unfold it) with breadcrumbs and a go-to box, the selected node's panel beside it, and
the view's downloads below; switched on, the search's replay takes the tree's and the
panel's place (:mod:`treeviz.dashboard.components.results.replay`). Its state is a
:class:`TreeView`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import streamlit as st

from treeviz.dashboard import state
from treeviz.dashboard.components.results.downloads import downloads_section
from treeviz.dashboard.components.results.goto import goto_box
from treeviz.dashboard.components.results.icicle import icicle_section
from treeviz.dashboard.components.results.replay import replay_section, replay_switch
from treeviz.dashboard.components.results.views import ReplayView, WhatIfView
from treeviz.dashboard.components.tree_panel import Offers, panel_mount, tree_mount, view_data
from treeviz.dashboard.components.tree_selection import legend_html, selection_for
from treeviz.dashboard.components.tree_view import FULL_RERUN, TreeView, built_views
from treeviz.draw.export import ExportOptions
from treeviz.draw.view import Selection, select, short_label
from treeviz.settings import EXPORT_MAX_NODES
from treeviz.trace.nodes import Trace
from treeviz.trace.reading import left_out_note

BUILT_MAX = 8  # tree views kept built per session: clicks go back and forth between few


@dataclass(frozen=True)
class View:
    """One tree view, built once: the drawn selection, what the browser draws it
    from, and whether the same subtree is small enough to export as a diagram."""

    sel: Selection
    data: dict[str, Any]
    exportable: bool


@st.fragment
def tree_section(
    trace: Trace,
    view: TreeView,
    *,
    link: bool = False,
    exact_on: bool = False,
    replay: bool = True,
    whatif: bool = False,
) -> None:
    """The interactive tree beside the selected node's details, and the downloads of
    the view; ``replay``: a switch puts the search's replay in their place (the tree
    as it stood at each step, beside the replay's controls); ``link``: the selected
    node goes in the page's query parameters (``node``); ``whatif``: the panel offers
    the page's What if? at its node. A fragment: clicking in the
    tree reruns only this part of the page."""
    if state.pop(FULL_RERUN, False):
        st.rerun()  # a new position was loaded from the detail panel
    view.attach(trace)
    if whatif:
        _whatif_follows(trace, view)
    root = view.root_in(trace)
    # defaults in the state, not the widgets: the Analyze page's are written back on
    # other pages (state.keep), and a widget given both logs a warning with its stack
    state.preset(view.depth_key, 3)
    state.preset(view.top_key, 0)
    steps = ReplayView(view.key)
    if replay and steps.on:  # the replay in the tree's columns, its steps the browser's
        replay_section(trace, view, steps, settings=lambda: _settings(view))
        depth, top = int(state.get(view.depth_key)), int(state.get(view.top_key))
    else:
        depth, top = _tree_beside_panel(trace, view, root, replay, Offers(exact_on, link, whatif))
    node = view.selected_in(trace)
    built = _built(trace, root, depth, top, *view.folding(trace, root, node), exact_on=exact_on)
    icicle_section(trace, view)  # the whole trace, linked to the tree's selection
    if link and state.link_in_query()[2] != str(node):  # the browser's own choice kept
        state.update_link({"node": str(node)})
    st.markdown(
        "##### Downloads: the tree as drawn (CSV: its nodes; JSON and NPZ: the whole trace)"
    )
    opts = ExportOptions(root=root, depth=depth, top_k=top or None)
    downloads_section(trace, opts, exportable=built.exportable, view=view)


def _whatif_follows(trace: Trace, view: TreeView) -> None:
    """The whole page again when the selected node is not the one the page's What if?
    names: a click in this fragment (the icicle, the go-to box) selected another, and
    the What if?, outside the fragment, still said the last one while its Search again
    would force a column at the new one."""
    whatif, node = WhatIfView(view.key), view.selected_in(trace)
    if whatif.shown() not in (None, node):
        whatif.show(node)  # said before the run that draws it: no second rerun
        st.rerun()


def _settings(view: TreeView) -> tuple[int, int]:
    """The view's "Depth shown" and "Top-k children" widgets, side by side; returns
    (depth, top-k), 0 for all children."""
    c1, c2 = st.columns(2)
    depth = int(c1.slider("Depth shown", 1, 12, key=view.depth_key))
    top = int(c2.number_input("Top-k children (0 = all)", 0, 7, key=view.top_key))
    return depth, top


def _tree_beside_panel(
    trace: Trace, view: TreeView, root: int, replay: bool, offers: Offers
) -> tuple[int, int]:
    """The tree of the whole trace from ``root`` beside its settings and the selected
    node's panel (``replay``: the replay's switch above the panel; ``offers``: what
    else the panel offers); returns the (depth, top-k) drawn. The tree
    and the panel answer clicks in the browser (:mod:`~treeviz.dashboard.components.tree_panel`)."""
    # the tree first (its top above the fold), its settings beside it
    with st.container(key=view.widget("flow")):  # wraps on a narrow screen (page_style)
        left, right = st.columns([3, 2])
    with right:
        depth, top = _settings(view)
    node = view.selected_in(trace)
    built = _built(trace, root, depth, top, *view.folding(trace, root, node), exact_on=offers.exact)
    with right:
        goto_box(trace, view, depth)
    with left:
        if root != 0:  # drawn from deeper: the way back up
            _breadcrumbs(trace, root, view)
        tree_mount(trace, view, built.data, offers=offers, depth=depth)
        st.markdown(legend_html(trace), unsafe_allow_html=True)
        st.caption(
            "Click a node to select and unfold it · colour: value for the player to move "
            "at the root (red bad, blue good) · bold: principal variation · square: game "
            "over · thick ring: transposition hit · ▸: folded, more below · yellow label: "
            f"the selected node · {MARKS[trace.is_connect4]}"
        )
    with right:
        if replay:  # off here: switched on, the replay's fragment draws these columns
            replay_switch(ReplayView(view.key))
        panel_mount(trace, view)
    return depth, top


# What a label's marks mean: Connect 4's by its columns and scores, another game's
# (no columns; its values results in plies or a heuristic's) in general words.
MARKS = {
    True: "c4 (2/6): the 2nd of 6 searches of column 4 from the same position (a "
    "re-search, such as the solver's null-window passes) · ≤ +48, ≥ -20: a bound, where a "
    "cutoff stopped the search knowing only that much",
    False: "(2/6) after a move: the 2nd of 6 searches of that move from the same position "
    "(a re-search, such as the solver's null-window passes) · ≤ or ≥ before a value: a "
    "bound, where a cutoff stopped the search knowing only that much",
}


def levels_below(trace: Trace, root: int, ids: Any) -> int:
    """How many levels under ``root`` the nodes ``ids`` reach."""
    depths = trace.nodes["depth"]
    return int(depths[np.asarray(ids)].max()) - int(depths[root])


def caption_notes(trace: Trace) -> str:
    """The tail of the tree's caption: a trace cut at its capacity, nodes left out."""
    return (" · trace truncated at capacity" if trace.truncated else "") + (
        f" · {note}" if (note := left_out_note(trace)) else ""
    )


def _built(
    trace: Trace,
    root: int,
    depth: int,
    top: int,
    opened: frozenset[int],
    shut: frozenset[int],
    *,
    exact_on: bool,
) -> View:
    """The view of ``trace`` for these settings, kept per session: building what the
    browser needs costs more than sending it again."""
    cache: dict[tuple[Any, ...], View] = built_views()
    ident = (id(trace), root, depth, top, opened, shut, exact_on)
    built = cache.get(ident)
    if built is None or built.sel.trace is not trace:  # an id can be reused once freed
        if len(cache) > BUILT_MAX:
            cache.clear()
        sel = selection_for(
            trace, root, depth=depth, top_k=top or None, expanded=opened, collapsed=shut
        )
        probe = select(
            trace, root, max_depth=depth, top_k=top or None, max_nodes=EXPORT_MAX_NODES + 1
        )
        there = levels_below(trace, root, probe.ids)
        data = view_data(
            sel, exact_on=exact_on, depth=depth, there=there, notes=caption_notes(trace)
        )
        built = View(sel, data, len(probe.ids) <= EXPORT_MAX_NODES)
        cache[ident] = built
    return built


def _breadcrumbs(trace: Trace, root: int, view: TreeView) -> None:
    """Buttons from the trace root to the view's root, to climb back up."""
    path = trace.path(root)
    cols = st.columns(min(len(path), 12) + 1)
    cols[0].caption("View root:")
    for col, node in zip(cols[1:], path[-12:], strict=False):
        col.button(
            short_label(trace, node),
            key=view.widget("crumb", node),
            on_click=view.draw_from,
            args=(node,),
        )
