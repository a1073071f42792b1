"""Replay a search step by step (slider, play and pause), and compare two searches of
one position side by side."""

from __future__ import annotations

import time
from typing import Any

import pandas as pd
import streamlit as st

from treeviz.agents.registry import agent_of
from treeviz.dashboard.tree import tree_options, view_height
from treeviz.draw.view import Selection, select, short_label
from treeviz.settings import VIEW_MAX_NODES
from treeviz.trace.nodes import SearchResult, Trace
from treeviz.trace.replay import steps, trace_at
from treeviz.trace.values import node_value

STEP_SECONDS = 0.4  # pause between steps while playing


def _toggle(key: str) -> None:
    st.session_state[key] = not st.session_state.get(key, False)


@st.fragment
def replay_section(res: SearchResult, key: str) -> None:
    """A slider over the search's steps (nodes created), play and pause; the tree and
    the root's columns as they stood at that step."""
    from streamlit_echarts import st_echarts

    trace = res.trace
    cut = list(dict.fromkeys(int(c) for c in steps(trace)))  # nodes at each step (<= 200)
    step_key, play_key = f"{key}_replay_nodes", f"{key}_replay_playing"
    if st.session_state.get(step_key) not in cut:  # a new search: start from its end
        st.session_state[step_key] = cut[-1]
    if st.session_state.get(play_key):  # advance before the slider is drawn
        nxt = cut[min(cut.index(st.session_state[step_key]) + 1, len(cut) - 1)]
        st.session_state[step_key] = nxt
        st.session_state[play_key] = nxt < cut[-1]
    left, right = st.columns([5, 1])
    # The slider counts nodes, as the caption does (it used to count steps 0-199)
    shown = left.select_slider("Nodes created", cut, key=step_key,
                               help="nodes created so far, in the order the search made "
                               "them")  # fmt: skip
    idx = cut.index(int(shown))
    playing = bool(st.session_state.get(play_key))
    right.button("Pause" if playing else "Play", key=f"{key}_replay_button",
                 on_click=_toggle, args=(play_key,))  # fmt: skip
    at = trace_at(trace, int(cut[idx]), agent_of(trace).recount)
    st.caption(f"{len(at):,} of {len(trace):,} nodes" + _note(trace))
    sel = select(at, 0, 3, None, max_nodes=VIEW_MAX_NODES)
    options = tree_options(sel) | {"animation": False}
    # one chart per step: ECharts updating a tree in place whose nodes moved between
    # parents read an edge it had already removed ("Cannot read properties of null
    # (reading '__edge')") and showed that error instead of the tree
    st_echarts(options, height=f"{view_height(sel)}px", renderer="svg",
               key=f"{key}_replay_tree_{cut[idx]}")  # fmt: skip
    st.dataframe(root_columns(at), hide_index=True, key=f"{key}_replay_table")
    if playing:
        time.sleep(STEP_SECONDS)
        st.rerun(scope="fragment")


def _note(trace: Trace) -> str:
    agent = agent_of(trace)
    if agent.recount is not None and not trace.extra.get("log"):
        return (f" · {agent.weight or 'statistics'} are the final ones: run {agent.name} with "
                "record iterations to replay them")
    return ""


def root_columns(trace: Trace) -> pd.DataFrame:
    """The root's columns at this step: value in words (and the agent's weight, MCTS's
    visits)."""
    rows, weight = [], agent_of(trace).weight
    for k in trace.children(0):
        row: dict[str, Any] = {"column": int(trace.nodes["move"][k]) + 1}
        row["value (root player)"] = node_value(trace, int(k)).text or "searching"
        if weight:
            row[weight] = int(trace.nodes[weight][k])
        rows.append(row)
    return pd.DataFrame(rows).sort_values("column") if rows else pd.DataFrame()


def marked_options(sel: Selection, others: set[str]) -> dict[str, Any]:
    """Tree options where a node whose move path the other search did not draw is
    marked with a diamond."""

    def short(t: Trace, i: int) -> str:
        mark = "" if t.path_moves(i) in others else " ◆"
        return short_label(t, i) + mark

    return tree_options(sel, short=short)


def drawn_paths(sel: Selection) -> set[str]:
    """The move paths of the nodes a selection draws."""
    return {sel.trace.path_moves(i) for i in sel.ids}
