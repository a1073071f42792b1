"""Replaying a search step by step in the tree's own place: switched on, the tree
beside the node panel shows the trace as it stood at the step shown, drawn as the
whole trace is (the depth and top-k chosen, the same label room, colours and legend),
its newest node unfolded and marked; the panel holds play and pause, a step back and
forward, to the start and the end, a speed, a slider over the nodes created, and the
root's columns as they stood then. At 1x any search plays through in about
:data:`REPLAY_SECONDS` (the pace comes from its number of steps, and a slow redraw
skips steps rather than stretching the time). Its state is a
:class:`~treeviz.dashboard.components.results.views.ReplayView`.

A fragment cannot draw into columns made outside it, and the replay reruns itself
while it plays: so :func:`replay_section` makes the tree's two columns itself, in the
place where :func:`~treeviz.dashboard.components.results.tree.tree_section` draws them when the
replay is off."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

import numpy as np
import pandas as pd
import streamlit as st

from treeviz.dashboard.components.node_tables import moves_column
from treeviz.dashboard.components.results.views import ReplayView
from treeviz.dashboard.components.tree_chart import (
    legend_html,
    selection_for,
    shape_of,
    tree_chart,
    tree_options,
    view_height,
)
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.settings import REPLAY_SECONDS, REPLAY_SPEEDS
from treeviz.trace.nodes import Trace
from treeviz.trace.reading import reading_of
from treeviz.trace.replay import steps, trace_at
from treeviz.trace.values import node_value

Settings = Callable[[], tuple[int, int]]  # draws the view's depth and top-k widgets


def step_interval(n_steps: int, speed: float = 1.0) -> float:
    """Seconds between two steps so that ``n_steps`` play in :data:`REPLAY_SECONDS`
    at ``speed`` (1: that pace, 2: twice as fast)."""
    return REPLAY_SECONDS / max(1, n_steps - 1) / speed


def replay_switch(replay: ReplayView) -> bool:
    """The switch that puts the replay in the tree's place; True when on. Switching
    it either way pauses the replay."""
    return st.toggle(
        "Replay the search step by step",
        key=replay.switch_key,
        on_change=replay.pause,
        help="the tree grows as the search built it: play, pause and "
        "step through the nodes it created",
    )


@st.fragment
def replay_section(
    trace: Trace, view: TreeView, replay: ReplayView, *, drawn: tuple[int, int], settings: Settings
) -> None:
    """The tree of ``view`` as it stood at the replay's step (left), beside the
    view's ``settings`` (its depth and top-k widgets, drawn by the caller's function),
    the replay's switch, controls, slider, caption and the root's columns (right).
    ``drawn``: the (depth, top-k) the rest of the tree section was drawn with; when
    the person changes them here, or switches the replay off (or clicks a node), the
    whole page runs again, so that the normal view and the downloads below agree."""
    if not replay.on:
        st.rerun()  # switched off in here: the tree section draws its normal view
    started = time.monotonic()
    cut = list(dict.fromkeys(int(c) for c in steps(trace)))  # nodes at each step (<= 200)
    with st.container(key=view.widget("flow")):  # where the normal view has its columns
        left, right = st.columns([3, 2])
    with right:
        if settings() != drawn:
            st.rerun()
        replay_switch(replay)
        speed = _controls(replay, cut)
        interval = step_interval(len(cut), speed)
        replay.settle(cut, interval, started)  # before the slider: it shows the step settled
        shown = int(
            st.select_slider(
                "Nodes created",
                cut,
                key=replay.step_key,
                help="nodes created so far, in the order the search made them",
            )
        )
    at = trace_at(trace, shown)
    with left:  # the tree right after the slider: a run cut short leaves them alike
        _chart(trace, at, view, replay, drawn)
    with right:
        st.caption(
            f"{len(at):,} of {len(trace):,} nodes · newest: node #{shown - 1} · "
            f"at 1x the whole search plays in about {REPLAY_SECONDS:g} s" + _note(trace)
        )
        st.dataframe(root_columns(at), hide_index=True, key=replay.widget("table"))
    if replay.playing:
        time.sleep(max(0.0, interval - (time.monotonic() - started)))
        st.rerun(scope="fragment")


def _chart(
    trace: Trace, at: Trace, view: TreeView, replay: ReplayView, drawn: tuple[int, int]
) -> None:
    """The tree of ``at`` (``trace`` at the step shown) from the root, with the view's
    depth and top-k and the nodes the person unfolded and folded; the newest node's
    ancestors unfolded, so that it is drawn, and its label marked."""
    depth, top = drawn
    path = at.path(len(at) - 1)
    opened = frozenset(n for n in view.opened if n < len(at)) | frozenset(path[:-1])
    shut = frozenset(n for n in view.shut if n < len(at)) - opened
    sel = selection_for(at, 0, depth=depth, top_k=top or None, expanded=opened, collapsed=shut)
    # one chart per step and shape: ECharts updating a tree in place whose nodes moved
    # between parents read an edge it had already removed ("Cannot read properties of
    # null (reading '__edge')") and showed that error instead of the tree
    tree_chart(
        tree_options(sel, fold=False),
        key=replay.widget("tree", len(at), shape_of(sel)),
        height=view_height(sel),
        selected=[str(n) for n in path],
        on_click=partial(on_click, trace, view, replay),
        animate=False,
    )
    st.markdown(legend_html(trace), unsafe_allow_html=True)
    st.caption(
        "The search as it stood at the step shown: values appear once the search knew "
        "them · yellow label: the newest node · colour: value for the player to move "
        "at the root (red bad, blue good) · bold: principal variation · click a node to "
        "stop the replay and select it"
    )


def on_click(trace: Trace, view: TreeView, replay: ReplayView, name: str) -> None:
    """A click on the item ``name`` of the replay's tree: the replay stops and
    switches off, and the whole tree shows with the clicked node selected and
    unfolded (drawn from the trace's root when the view's root is not above it).

    All four positional: the tree chart calls it with the name alone, the first
    three bound by ``partial``."""
    if not name.isdigit() or not 0 <= int(name) < len(trace):
        return  # a "+N more" or a stub
    node = int(name)
    replay.leave()
    view.pick(trace, node, unfold=True)
    if view.root_in(trace) not in trace.path(node):
        view.draw_from(0)


def _controls(view: ReplayView, cut: list[int]) -> float:
    """Start, step back, play/pause, step forward, end, and the speed; returns the
    speed chosen (a factor of the default pace)."""
    # a row of buttons sized to their icons (wrapping when narrow): five equal columns
    # squeezed them to empty boxes in a narrow panel
    row = st.container(horizontal=True, gap="small")
    # Material icons (Streamlit's own font): the media symbols ⏮ ⏸ ⏭ are missing
    # from many system fonts and were drawn as empty boxes
    row.button(
        ":material/skip_previous:",
        key=view.widget("first"),
        on_click=view.go,
        args=(cut, 0),
        help="the first node",
    )
    row.button(
        ":material/chevron_left:",
        key=view.widget("back"),
        on_click=view.step_by,
        args=(cut, -1),
        help="one step back",
    )
    row.button(
        ":material/pause:" if view.playing else ":material/play_arrow:",
        key=view.widget("button"),
        on_click=view.toggle_play,
        args=(cut,),
        help="pause" if view.playing else "play",
    )
    row.button(
        ":material/chevron_right:",
        key=view.widget("forward"),
        on_click=view.step_by,
        args=(cut, 1),
        help="one step forward",
    )
    row.button(
        ":material/skip_next:",
        key=view.widget("last"),
        on_click=view.go,
        args=(cut, len(cut) - 1),
        help="the whole search",
    )
    view.preset_speed("1x")
    speed = st.select_slider("Speed", list(REPLAY_SPEEDS), key=view.widget("speed"))
    return REPLAY_SPEEDS[str(speed)]


def _note(trace: Trace) -> str:
    reading = reading_of(trace)
    if reading.recount is not None and not trace.extra.get("log"):
        return (
            f" · {reading.weight or 'statistics'} are the final ones: run "
            f"{trace.algorithm} with record iterations to replay them"
        )
    return ""


def root_columns(trace: Trace) -> pd.DataFrame:
    """The root's moves at this step in the game's order (Connect 4's columns, another
    game's moves by label: :func:`moves_column`): value in words (and the trace's
    weight, MCTS's visits)."""
    kids = sorted(trace.children(0).tolist(), key=lambda k: int(trace.nodes["move"][k]))
    if not kids:
        return pd.DataFrame()
    table = pd.DataFrame(moves_column(trace, 0, trace.nodes["move"][kids]))
    table["value (root player)"] = [node_value(trace, k).text or "searching" for k in kids]
    weight = reading_of(trace).weight
    if weight:
        table[weight] = trace.nodes[weight][kids].astype(np.int64)
    return table
