"""What if: force a column at the selected node and value the position that follows as
the first search did, with the same agent and time budget (:mod:`treeviz.judge.whatif`:
a depth-limited agent to the first search's horizon there); the first search and the
new one side by side, and the difference in words.

Only the agent already analysed runs (the page hands its spec in, as chosen from the
agents the server started with); a visitor picks a column, never code.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from treeviz.agents.contract import make_spec
from treeviz.agents.registry import AgentSpec, get_agent
from treeviz.connect4.board import Position
from treeviz.dashboard.components.board import board_html
from treeviz.dashboard.components.results.moves import show_moves
from treeviz.dashboard.components.results.views import WhatIfView
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.components.text import escape_markdown
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.dashboard.server.cache import run_watched, search_request
from treeviz.draw.view import node_position
from treeviz.errors import TreevizError
from treeviz.judge.whatif import WhatIf, promise, what_if
from treeviz.judge.whatif_rows import node_rows
from treeviz.judge.whatif_text import move_line
from treeviz.judge.whatif_worth import worth_words
from treeviz.trace.analysis import move_table
from treeviz.trace.nodes import MoveStat, SearchResult
from treeviz.trace.values import short_outcome


def whatif_section(res: SearchResult, view: TreeView, chosen: AgentSpec, *, budget: float) -> None:
    """Pick a column to force at the tree's node chosen on the server (What if? here in
    the node's panel, a reason, the go-to box; the root: the board's position), search
    again with ``chosen`` within ``budget`` seconds, and show both analyses and the
    difference."""
    trace = res.trace
    node = view.selected_in(trace)
    WhatIfView(view.key).show(node)  # the tree's part of the page follows it (tree.py)
    pos = node_position(trace, node)
    st.markdown("#### What if?")
    moves = escape_markdown(trace.path_moves(node))
    where = f"node #{node} (after {moves})" if node else "the board"
    st.caption(
        f"Force a column at {where} and let {escape_markdown(chosen.name)} value the "
        f"position that follows {escape_markdown(promise(trace.algorithm))}. Another "
        "node: its What if? here button, in the tree's panel."
    )
    legal = [c + 1 for c in pos.legal_moves()] if not pos.is_over() else []
    if not legal:
        st.info("The game is over at this node: there is no column to force.")
        return
    left, right = st.columns([2, 1])
    column = left.selectbox("Force column", legal, key=view.widget("whatif_column"))
    asked = (search_request(trace.position(), chosen), node, column)
    if right.button("Search again", key=view.widget("whatif_run")):
        decl = get_agent(chosen.name)
        try:
            # the what-if's own settings (the first search's, to its horizon there)
            found = what_if(
                res,
                int(column),
                node=node,
                run=lambda p, kw: run_watched(search_request(p, make_spec(decl, kw)), budget, st),
            )
        except TreevizError as exc:
            show_error(str(exc))
            return
        WhatIfView(view.key).keep(asked, found)
    kept = WhatIfView(view.key).found(asked)
    if kept is not None:
        show_whatif(kept, pos)


def show_whatif(found: WhatIf, at: Position) -> None:
    """The sentence, then the first search and the new one side by side: each its
    board (before the forced column: ``at``; after it) and its per-move table, as the
    result's own table reads."""
    trace = found.original.trace
    base = trace.kind.base
    st.info(found.text)
    left, right = st.columns(2)
    col = found.column
    with left:
        st.markdown(f"**First search** · column {col}: {worth_words(found.first, base)}")
        st.caption(f"Before column {col}: {_where(found)}, {at.side_to_move} to move")
        st.markdown(board_html(at), unsafe_allow_html=True)
        st.caption(f"Line expected: {move_line(found.was)}")
    with right:
        reply = f"; the reply chosen: column {found.forced.move}" if found.forced else ""
        st.markdown(f"**Column {col} forced** · {worth_words(found.again, base)}{reply}")
        st.caption(f"After column {col}: {found.position.side_to_move} to move")
        st.markdown(board_html(found.position), unsafe_allow_html=True)
        if found.forced is None:  # a leaf of the horizon, or a finished game
            st.caption(escape_markdown(found.plan.how[0].upper() + found.plan.how[1:]) + ".")
        else:
            st.caption(f"Line expected: {move_line(found.now)}")
    # the tables below the boards, each full width: their words stay in view
    st.caption(f"First search · each column for {at.side_to_move}, before column {col}:")
    if found.node == 0:  # the first search's table is its root's
        show_moves(move_table(found.original), trace.value_kind, key="whatif_first")
    else:  # what the first search recorded at the node, read as its root's rows
        show_moves(_rows_table(node_rows(trace, found.node)), trace.value_kind, key="whatif_first")
    if found.forced is not None:
        st.caption(
            f"Column {col} forced · each reply for {found.position.side_to_move}, "
            "as the new search valued it:"
        )
        show_moves(move_table(found.forced), found.forced.trace.value_kind, key="whatif_again")
    st.caption(
        f"The sentence, the headings and the lines: values for "
        f"{trace.position().side_to_move}, who moves at the first search's root. "
        "Each table: values for the player to move on the board above it."
    )


def _where(found: WhatIf) -> str:
    """Where the column was forced, in words."""
    if found.node == 0:
        return "the first search's root"
    path = found.original.trace.path_moves(found.node)
    return f"after the move{'s' if len(path) > 1 else ''} {path} from the root"


def _rows_table(rows: list[MoveStat]) -> pd.DataFrame:
    """Per-move rows as a per-move table's columns (the outcome in its short words)."""
    return pd.DataFrame(
        [m.as_dict() | {"outcome": short_outcome(m.outcome) if m.outcome else ""} for m in rows]
    )
