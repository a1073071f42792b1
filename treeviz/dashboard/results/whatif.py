"""What if: force a column at the selected node and value the position that follows as
the first search did, with the same agent and time budget (:mod:`treeviz.judge.whatif`:
a depth-limited agent to the first search's horizon there); the first search and the
new one side by side, and the difference in words.

Only the agent already analysed runs (the page hands its name and parameters in, as
chosen from the agents the server started with); a visitor picks a column, never code.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from treeviz.connect4.board import Position
from treeviz.dashboard.board import board_html
from treeviz.dashboard.cache import run_watched, search_request
from treeviz.dashboard.state import TreeView
from treeviz.dashboard.state.glance import WhatIfView
from treeviz.dashboard.tables import fitted_columns, readable, styled
from treeviz.dashboard.text import error as show_error
from treeviz.dashboard.text import escape_markdown
from treeviz.dashboard.tree import children_table
from treeviz.draw.view import node_position
from treeviz.errors import TreevizError
from treeviz.judge.whatif import WhatIf, what_if
from treeviz.judge.whatif_text import move_line
from treeviz.judge.whatif_worth import worth_words
from treeviz.trace.analysis import move_table
from treeviz.trace.nodes import SearchResult


def whatif_section(res: SearchResult, view: TreeView, agent: str, params: dict[str, Any],
                   budget: float) -> None:  # fmt: skip
    """Pick a column to force at the tree's selected node (the root: the board's
    position), search again with ``agent`` and ``params`` within ``budget`` seconds,
    and show both analyses and the difference."""
    trace = res.trace
    node = view.selected_in(trace)
    pos = node_position(trace, node)
    st.markdown("#### What if?")
    moves = escape_markdown(trace.path_moves(node))
    where = f"node #{node} (after {moves}, selected in the tree)" if node else "the board"
    st.caption(f"Force a column at {where} and value the position that follows as "
               f"{escape_markdown(agent)} did in its first search: to the same horizon, "
               "with the same budget.")  # fmt: skip
    legal = [c + 1 for c in pos.legal_moves()] if not pos.is_over() else []
    if not legal:
        st.info("The game is over at this node: there is no column to force.")
        return
    left, right = st.columns([2, 1])
    column = left.selectbox("Force column", legal, key=view.widget("whatif_column"))
    asked = (search_request(trace.position(), agent, params), node, column)
    if right.button("Search again", key=view.widget("whatif_run")):
        try:
            found = what_if(res, int(column), node=node, run=lambda p, kw: run_watched(
                search_request(p, agent, kw), budget, st))  # fmt: skip
        except TreevizError as exc:
            show_error(str(exc))
            return
        WhatIfView(view.key).keep(asked, found)
    kept = WhatIfView(view.key).found(asked)
    if kept is not None:
        show_whatif(kept, pos)


def show_whatif(found: WhatIf, at: Position) -> None:
    """The sentence, then the first search and the new one side by side."""
    base = found.original.trace.kind.base
    st.info(found.text)
    left, right = st.columns(2)
    with left:
        st.markdown(f"**First search** · column {found.column}: "
                    f"{worth_words(found.first, base)}")  # fmt: skip
        st.markdown(board_html(at), unsafe_allow_html=True)
        st.caption(f"Line expected: {move_line(found.was)}")
        if found.node == 0:  # the first search's table is its root's
            _table(found.original, "whatif_first")
        else:  # what the first search recorded at the node: its children
            kids = children_table(found.original.trace, found.node)
            st.dataframe(styled(kids), hide_index=True, key="whatif_first_kids",
                         column_config=fitted_columns(kids))  # fmt: skip
    with right:
        reply = f"; the reply chosen: column {found.forced.move}" if found.forced else ""
        st.markdown(f"**Column {found.column} forced** · "
                    f"{worth_words(found.again, base)}{reply}")  # fmt: skip
        st.markdown(board_html(found.position), unsafe_allow_html=True)
        if found.forced is None:  # a leaf of the horizon, or a finished game
            st.caption(escape_markdown(found.plan.how[0].upper() + found.plan.how[1:]) + ".")
        else:
            st.caption(f"Line expected: {move_line(found.now)}")
            _table(found.forced, "whatif_again")
    side = found.original.trace.position().side_to_move
    st.caption(f"The sentence, the headings and the lines: values for {side}, who moves at "
               "the first search's root. Each per-move table: values for whoever moves in "
               "its own position.")  # fmt: skip


def _table(res: SearchResult, key: str) -> None:
    """A search's per-move table, as the result's own table reads."""
    table = readable(move_table(res))
    st.dataframe(styled(table), hide_index=True, key=key, column_config=fitted_columns(table))
