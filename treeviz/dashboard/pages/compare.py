"""Compare two searches: two agents (or two settings of one) on one position."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from treeviz.connect4.board import Position
from treeviz.dashboard import state
from treeviz.dashboard.board import board_html
from treeviz.dashboard.cache import cached_exact, run_watched, spec_request
from treeviz.dashboard.inputs import choose_position
from treeviz.dashboard.pages.analyze import exact_checkbox
from treeviz.dashboard.replay import drawn_paths, marked_options
from treeviz.dashboard.results import forget_other_trace
from treeviz.dashboard.tree import view_height
from treeviz.dashboard.verdict import verdict_section
from treeviz.draw.view import select
from treeviz.errors import TreevizError
from treeviz.settings import RUN_SECONDS, VIEW_MAX_NODES
from treeviz.trace.nodes import SearchResult, Trace


def compare_page() -> None:
    """Two agents (or two settings of one) on the same position, side by side."""
    st.title("Compare two searches")
    pos = choose_position()
    a = st.sidebar.text_input("First agent spec", "alphabeta:depth=3", key="compare_a")
    b = st.sidebar.text_input("Second agent spec", "alphabeta:depth=7", key="compare_b")
    exact_on = exact_checkbox("compare_exact")
    if st.sidebar.button("Compare", type="primary", key="compare_run"):
        state.put(state.COMPARE_REQUEST, (pos.ident(), a, b))
    st.markdown(board_html(pos), unsafe_allow_html=True)
    if state.get(state.COMPARE_REQUEST) != (pos.ident(), a, b):
        st.info("Press **Compare** to run both agents on this position.")
        return
    if pos.is_over():
        st.info("The game is over: there is nothing to compare.")
        return
    try:
        with st.spinner("Running both agents…"):
            results = [run_watched(spec_request(pos, text), RUN_SECONDS.default, st)
                       for text in (a, b)]  # fmt: skip
    except TreevizError as exc:
        st.error(str(exc))
        return
    show_comparison(pos, (a, b), results, exact_on)


def show_comparison(
    pos: Position, specs: tuple[str, str], results: list[SearchResult], exact_on: bool
) -> None:
    """Both verdicts, one table of both searches' columns, both trees with the nodes
    only one of them drew marked."""
    from streamlit_echarts import st_echarts  # loads the component: only when drawn

    cols = st.columns(2)
    for i, (text, res) in enumerate(zip(specs, results, strict=True)):
        with cols[i]:
            st.subheader(f"{'AB'[i]}: {text}")
            verdict_section(res, f"compare_{i}", exact_on)
    exact = cached_exact(pos)[0] if exact_on else None
    st.dataframe(joined_table(results, exact), hide_index=True, key="compare_table")
    roots = [view_root(r.trace, f"compare_{i}") for i, r in enumerate(results)]
    sels = [select(r.trace, root, 3, None, max_nodes=VIEW_MAX_NODES)
            for r, root in zip(results, roots, strict=True)]  # fmt: skip
    paths = [drawn_paths(s) for s in sels]
    st.caption("◆ marks a node the other search did not draw (first 3 levels shown); a "
               "reason's button draws its search from that node.")  # fmt: skip
    cols = st.columns(2)
    for i, (sel, res) in enumerate(zip(sels, results, strict=True)):
        with cols[i]:
            node = int(st.session_state.get(f"compare_{i}_node", 0))
            if sel.root or node:
                st.caption(f"Selected node #{node} · path from the root: "
                           f"`{res.trace.path_moves(node) or '(root)'}` · drawn from node "
                           f"#{sel.root}")  # fmt: skip
            st_echarts(marked_options(sel, paths[1 - i]), height=f"{view_height(sel)}px",
                       renderer="svg", key=f"compare_tree_{i}_{sel.root}")  # fmt: skip


def view_root(trace: Trace, key: str) -> int:
    """The node a reason's button rooted this search's view at (0 when none, or when
    the button belonged to an earlier comparison)."""
    forget_other_trace(trace, key)
    root = int(st.session_state.get(f"{key}_root", 0))
    return root if 0 <= root < len(trace) else 0


def joined_table(results: list[SearchResult], exact: list[int | None] | None) -> pd.DataFrame:
    """One row per column: each search's value and words side by side, and the exact
    score when known."""
    rows = []
    a, b = results
    for ma, mb in zip(a.moves, b.moves, strict=True):
        row = {
            "column": ma.column,
            "A value": ma.value, "A": ma.text + (" (chosen)" if ma.column == a.move else ""),
            "B value": mb.value, "B": mb.text + (" (chosen)" if mb.column == b.move else ""),
        }  # fmt: skip
        if exact is not None:
            row["exact"] = exact[ma.column - 1]
        rows.append(row)
    return pd.DataFrame(rows)
