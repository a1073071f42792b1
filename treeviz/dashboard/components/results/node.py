"""The node panel beside the tree: the selected node's board, path and facts, its
actions (draw from here, analyze this, fold), and a sortable table of its children
in which choosing a row selects that child (drilling down any size of trace)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from treeviz.connect4.board import Position
from treeviz.dashboard import state
from treeviz.dashboard.components.board import board_html
from treeviz.dashboard.components.node_tables import children_table, node_facts
from treeviz.dashboard.components.tables import fitted_columns, styled
from treeviz.dashboard.components.text import code
from treeviz.dashboard.components.tree_view import FULL_RERUN, TreeView
from treeviz.dashboard.server.cache import cached_exact, known_exact
from treeviz.draw.view import node_position
from treeviz.settings import EXACT_SECONDS
from treeviz.trace.nodes import Trace


def detail_panel(trace: Trace, view: TreeView, *, depth: int, exact_on: bool = False) -> None:
    """The selected node of ``view``: board, move path, statistics, actions, and its
    children (``depth``: the view's, for drilling down; ``exact_on``: the children's
    exact scores may be asked for)."""
    node = view.selected_in(trace)
    path = trace.path_moves(node)
    st.markdown(f"**Node #{node}** · path from the root: {code(path or '(root)')}")
    if not trace.is_connect4:  # another game: its text and its own drawing
        text = trace.rules().to_text(trace.state(node))
        st.markdown(f"Position: {code(text or '(the start)')}")
        st.markdown(trace.rules().svg(trace.state(node)), unsafe_allow_html=True)
    else:
        st.markdown(f"Position: `{trace.root_moves + path or '(empty)'}`")
        st.markdown(board_html(node_position(trace, node), 22), unsafe_allow_html=True)
    # a row of buttons as wide as their texts, wrapping to a new row in a narrow panel
    row = st.container(horizontal=True, gap="small")
    row.button(
        "Draw from here",
        key=view.widget("reroot"),
        on_click=view.draw_from,
        help="Draw the tree with this node at its top",
        args=(node,),
    )
    if trace.is_connect4:  # the analysis board is Connect 4's
        row.button(
            "Analyze this",
            key=view.widget("load"),
            on_click=_load_position,
            help="Load this node's position on the board, to search it",
            args=(node_position(trace, node),),
        )
    shut = node in view.shut
    row.button(
        "Unfold children" if shut else "Fold children",
        key=view.widget("fold"),
        on_click=view.fold,
        args=(node, not shut),
    )
    # st.table, not st.dataframe: static HTML mounts much faster after each click
    st.table(node_facts(trace, node))
    _children(trace, view, node, depth, exact_on)


def _children(trace: Trace, view: TreeView, node: int, depth: int, exact_on: bool) -> None:
    """The children table of ``node``; a chosen row selects that child."""
    pos = node_position(trace, node) if trace.is_connect4 else None
    exact = None if pos is None else known_exact(pos)
    ask = f"Exact scores of the children (the solver, up to {EXACT_SECONDS.default:g} s a node)"
    if (
        pos is not None
        and exact is None
        and exact_on
        and len(trace.children(node))
        and st.checkbox(ask, key=view.widget("kids_exact"))
    ):
        exact = cached_exact(pos)[0]
    kids = children_table(trace, node, exact)
    st.caption(f"{len(kids)} recorded children: sort by a header, choose a row to go there")
    if not len(kids):
        return
    table = view.widget("kids", id(trace), node)
    st.dataframe(
        styled(kids),
        hide_index=True,
        on_select=lambda: _on_row(trace, view, table, kids["node"], depth),
        selection_mode="single-row",
        column_config=fitted_columns(kids),
        key=table,
    )


def _on_row(trace: Trace, view: TreeView, table: str, nodes: pd.Series, depth: int) -> None:
    """Callback of a children-table row: select that child (the table's rows are in
    ``nodes``' order whatever the sorting shown)."""
    rows = state.widget_value(table).selection.rows
    if rows:
        view.pick(trace, int(nodes.iloc[rows[0]]), depth=depth)


def _load_position(pos: Position) -> None:
    """Callback: load ``pos`` and ask the tree's fragment for a whole-page rerun."""
    state.set_position(pos)
    state.put(FULL_RERUN, True)
