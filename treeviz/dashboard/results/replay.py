"""Replaying a search step by step: a slider over the nodes created (play and pause),
the tree and the root's columns as they stood then. Its state is a
:class:`~treeviz.dashboard.state.ReplayView`."""

from __future__ import annotations

import time
from typing import Any

import pandas as pd
import streamlit as st

from treeviz.dashboard.state import ReplayView
from treeviz.dashboard.tree import tree_options, view_height
from treeviz.draw.view import select
from treeviz.settings import REPLAY_STEP_SECONDS, VIEW_MAX_NODES
from treeviz.trace.nodes import SearchResult, Trace
from treeviz.trace.reading import reading_of
from treeviz.trace.replay import steps, trace_at
from treeviz.trace.values import node_value


@st.fragment
def replay_section(res: SearchResult, view: ReplayView) -> None:
    """A slider over the search's steps (nodes created), play and pause; the tree and
    the root's columns as they stood at that step."""
    from streamlit_echarts import st_echarts

    trace = res.trace
    cut = list(dict.fromkeys(int(c) for c in steps(trace)))  # nodes at each step (<= 200)
    view.settle(cut)  # before the slider is drawn: a new search starts from its end
    left, right = st.columns([5, 1])
    # The slider counts nodes, as the caption does (it used to count steps 0-199)
    shown = left.select_slider("Nodes created", cut, key=view.step_key,
                               help="nodes created so far, in the order the search made "
                               "them")  # fmt: skip
    idx = cut.index(int(shown))
    playing = view.playing
    right.button("Pause" if playing else "Play", key=view.widget("button"),
                 on_click=view.toggle_play)  # fmt: skip
    at = trace_at(trace, int(cut[idx]))
    st.caption(f"{len(at):,} of {len(trace):,} nodes" + _note(trace))
    sel = select(at, 0, 3, None, max_nodes=VIEW_MAX_NODES)
    options = tree_options(sel) | {"animation": False}
    # one chart per step: ECharts updating a tree in place whose nodes moved between
    # parents read an edge it had already removed ("Cannot read properties of null
    # (reading '__edge')") and showed that error instead of the tree
    st_echarts(options, height=f"{view_height(sel)}px", renderer="svg",
               key=view.widget("tree", cut[idx]))  # fmt: skip
    st.dataframe(root_columns(at), hide_index=True, key=view.widget("table"))
    if playing:
        time.sleep(REPLAY_STEP_SECONDS)
        st.rerun(scope="fragment")


def _note(trace: Trace) -> str:
    reading = reading_of(trace)
    if reading.recount is not None and not trace.extra.get("log"):
        return (f" · {reading.weight or 'statistics'} are the final ones: run "
                f"{trace.algorithm} with record iterations to replay them")
    return ""


def root_columns(trace: Trace) -> pd.DataFrame:
    """The root's columns at this step: value in words (and the trace's weight, MCTS's
    visits)."""
    rows, weight = [], reading_of(trace).weight
    for k in trace.children(0):
        row: dict[str, Any] = {"column": int(trace.nodes["move"][k]) + 1}
        row["value (root player)"] = node_value(trace, int(k)).text or "searching"
        if weight:
            row[weight] = int(trace.nodes[weight][k])
        rows.append(row)
    return pd.DataFrame(rows).sort_values("column") if rows else pd.DataFrame()

