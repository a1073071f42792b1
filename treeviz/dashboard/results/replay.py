"""Replaying a search step by step, beside its tree: play and pause, a step back and
forward, to the start and the end, a speed, and a slider over the nodes created; the
tree and the root's columns as they stood then. At 1x any search plays through in
about :data:`REPLAY_SECONDS` (the pace comes from its number of steps, and a slow
redraw skips steps rather than stretching the time). Its state is a
:class:`~treeviz.dashboard.state.ReplayView`."""

from __future__ import annotations

import time
from typing import Any

import pandas as pd
import streamlit as st

from treeviz.dashboard.state import ReplayView
from treeviz.dashboard.tree import tree_options, view_height
from treeviz.draw.view import select
from treeviz.settings import REPLAY_SECONDS, REPLAY_SPEEDS, VIEW_MAX_NODES
from treeviz.trace.nodes import Trace
from treeviz.trace.reading import reading_of
from treeviz.trace.replay import steps, trace_at
from treeviz.trace.values import node_value

REPLAY_DEPTH = 2  # levels of the replay's tree (it shares the panel's width)
REPLAY_LABEL_PX = 240  # the room its levels' labels share: the panel is narrow


def step_interval(n_steps: int, speed: float = 1.0) -> float:
    """Seconds between two steps so that ``n_steps`` play in :data:`REPLAY_SECONDS`
    at ``speed`` (1: that pace, 2: twice as fast)."""
    return REPLAY_SECONDS / max(1, n_steps - 1) / speed


@st.fragment
def replay_section(trace: Trace, view: ReplayView) -> None:
    """The replay's controls, its slider over the search's steps (nodes created),
    and the tree and the root's columns as they stood at the step shown."""
    from streamlit_echarts import st_echarts

    started = time.monotonic()
    cut = list(dict.fromkeys(int(c) for c in steps(trace)))  # nodes at each step (<= 200)
    speed = _controls(view, cut)
    interval = step_interval(len(cut), speed)
    view.settle(cut, interval, started)  # before the slider: it shows the step settled
    shown = st.select_slider("Nodes created", cut, key=view.step_key,
                             help="nodes created so far, in the order the search made "
                             "them")  # fmt: skip
    at = trace_at(trace, int(shown))
    st.caption(f"{len(at):,} of {len(trace):,} nodes · at 1x the whole search plays in "
               f"about {REPLAY_SECONDS:g} s" + _note(trace))  # fmt: skip
    sel = select(at, 0, REPLAY_DEPTH, None, stubs=False, max_nodes=VIEW_MAX_NODES)
    options = tree_options(sel, room=REPLAY_LABEL_PX) | {"animation": False}
    # one chart per step: ECharts updating a tree in place whose nodes moved between
    # parents read an edge it had already removed ("Cannot read properties of null
    # (reading '__edge')") and showed that error instead of the tree
    st_echarts(options, height=f"{view_height(sel)}px", renderer="svg",
               key=view.widget("tree", shown))  # fmt: skip
    st.dataframe(root_columns(at), hide_index=True, key=view.widget("table"))
    if view.playing:
        time.sleep(max(0.0, interval - (time.monotonic() - started)))
        st.rerun(scope="fragment")


def _controls(view: ReplayView, cut: list[int]) -> float:
    """Start, step back, play/pause, step forward, end, and the speed; returns the
    speed chosen (a factor of the default pace)."""
    # a row of buttons sized to their icons (wrapping when narrow): five equal columns
    # squeezed them to empty boxes in a narrow panel
    row = st.container(horizontal=True, gap="small")
    # Material icons (Streamlit's own font): the media symbols ⏮ ⏸ ⏭ are missing
    # from many system fonts and were drawn as empty boxes
    row.button(":material/skip_previous:", key=view.widget("first"), on_click=view.go,
               args=(cut, 0), help="the first node")  # fmt: skip
    row.button(":material/chevron_left:", key=view.widget("back"), on_click=view.step_by,
               args=(cut, -1), help="one step back")  # fmt: skip
    row.button(":material/pause:" if view.playing else ":material/play_arrow:",
               key=view.widget("button"), on_click=view.toggle_play, args=(cut,),
               help="pause" if view.playing else "play")  # fmt: skip
    row.button(":material/chevron_right:", key=view.widget("forward"),
               on_click=view.step_by, args=(cut, 1), help="one step forward")  # fmt: skip
    row.button(":material/skip_next:", key=view.widget("last"), on_click=view.go,
               args=(cut, len(cut) - 1), help="the whole search")  # fmt: skip
    view.preset_speed("1x")
    speed = st.select_slider("Speed", list(REPLAY_SPEEDS), key=view.widget("speed"))
    return REPLAY_SPEEDS[str(speed)]


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
