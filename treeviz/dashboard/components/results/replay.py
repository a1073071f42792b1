"""Replaying a search step by step in the tree's own place: switched on, the tree
beside the replay's panel shows the trace as it stood at the step shown, drawn as the
whole trace is (the depth and top-k chosen, the same label room, colours and legend),
its newest node unfolded and marked; the panel holds play and pause, a step back and
forward, to the start and the end, a speed, a slider over the nodes created, and the
root's columns as they stood then. At 1x any search plays through in about
:data:`REPLAY_SECONDS` (the pace comes from its number of steps).

Every step is answered in the browser: the server builds each step's drawing once
(:func:`replay_data`, with the one walker of :mod:`treeviz.draw.view`) and the
component (``static/tree_replay.js``) shows the step asked for; the server hears only
a click on a node, which stops the replay and selects that node in the whole tree
(:func:`on_click`). Its state is a
:class:`~treeviz.dashboard.components.results.views.ReplayView`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import streamlit as st

from treeviz.dashboard import state
from treeviz.dashboard.components.node_tables import moves_column
from treeviz.dashboard.components.results.views import ReplayView
from treeviz.dashboard.components.tree_data import LOOK, tree_entries
from treeviz.dashboard.components.tree_panel import asked, mount, view_id
from treeviz.dashboard.components.tree_selection import LABEL_ROOM_PX, legend_html, selection_for
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
    """The switch that puts the replay in the tree's place; True when on."""
    return st.toggle(
        "Replay the search step by step",
        key=replay.switch_key,
        help="the tree grows as the search built it: play, pause and "
        "step through the nodes it created",
    )


def replay_section(trace: Trace, view: TreeView, replay: ReplayView, *, settings: Settings) -> None:
    """The tree of ``view`` as it stood at the replay's step (left), beside the
    view's ``settings`` (its depth and top-k widgets, drawn by the caller's function),
    the replay's switch and its panel: controls, slider, caption and the root's
    columns (right). Steps, play and speed are the browser's; a new depth or top-k
    builds the replay again, at the step shown."""
    with st.container(key=view.widget("flow")):  # where the normal view has its columns
        left, right = st.columns([3, 2])
    with right:
        depth, top = settings()
        replay_switch(replay)
    key = replay.widget("tree", id(trace))
    with left:
        data = replay_data(trace, view, replay, depth=depth, top=top)
        shown = data | {"mode": "replay", "view": view_id(trace, view)}
        mount(shown, key=key, on_change=lambda: on_asked(trace, view, replay, key))
        st.markdown(legend_html(trace), unsafe_allow_html=True)
        st.caption(
            "The search as it stood at the step shown: values appear once the search "
            "knew them · yellow label: the newest node · colour: value for the player to "
            "move at the root (red bad, blue good) · bold: principal variation · click a "
            "node to stop the replay and select it"
        )
    with right:
        mount({"mode": "replay-panel", "view": shown["view"]}, key=replay.widget("panel"))


def replay_data(
    trace: Trace, view: TreeView, replay: ReplayView, *, depth: int, top: int
) -> dict[str, Any]:
    """What the browser replays ``trace`` from, built once (kept by ``replay``) for the view's
    ``depth``, ``top`` (0: all children) and folding: each step's number of nodes
    (``n``), the entries it draws (indices into ``items``, an entry drawn alike at
    many steps sent once) and the root's columns then (``table``); the pace and
    speeds; the caption's numbers and note."""
    ident = (view_id(trace, view), depth, top, view.opened, view.shut)

    def build() -> dict[str, Any]:
        # every step's drawing at once: seconds on a big trace (2 s for 194,000 nodes);
        # Streamlit shows the spinner from its own thread once half a second has gone
        with st.spinner(f"Building the replay of {len(trace):,} nodes, step by step…"):
            return _build(trace, view, depth, top)

    data: dict[str, Any] = replay.built(ident, build)
    return data


def _build(trace: Trace, view: TreeView, depth: int, top: int) -> dict[str, Any]:
    """The data of :func:`replay_data`."""
    cut = list(dict.fromkeys(int(c) for c in steps(trace)))  # nodes at each step (<= 200)
    items: dict[str, int] = {}
    entries: list[dict[str, Any]] = []
    out = []
    for n in cut:
        at = trace_at(trace, n)
        drawn = []
        for entry in _drawn(at, view, depth, top):
            text = json.dumps(entry, sort_keys=True)
            if text not in items:
                items[text] = len(entries)
                entries.append(entry)
            drawn.append(items[text])
        out.append({"n": n, "entries": drawn, "table": root_columns(at)})
    return {
        "items": entries,
        "steps": out,
        "total": len(trace),
        "seconds": REPLAY_SECONDS,
        "interval": step_interval(len(cut)) * 1000,
        "speeds": list(REPLAY_SPEEDS.items()),
        "note": _note(trace),
        "look": LOOK,
        "room": LABEL_ROOM_PX,
    }


def _drawn(at: Trace, view: TreeView, depth: int, top: int) -> list[dict[str, Any]]:
    """The entries of ``at`` (the trace at a step) drawn from the root, with the
    view's depth and top-k and the nodes the person unfolded and folded; the newest
    node's ancestors unfolded, so that it is drawn."""
    path = at.path(len(at) - 1)
    opened = frozenset(n for n in view.opened if n < len(at)) | frozenset(path[:-1])
    shut = frozenset(n for n in view.shut if n < len(at)) - opened
    sel = selection_for(at, 0, depth=depth, top_k=top or None, expanded=opened, collapsed=shut)
    return tree_entries(sel)


def on_asked(trace: Trace, view: TreeView, replay: ReplayView, key: str) -> None:
    """The browser's request in the replay's component keyed ``key``: a node
    clicked (:func:`on_click`); anything else is ignored."""
    request = asked(state.widget_value(key))
    if request is not None and request[0] == "pick":
        on_click(trace, view, replay, request[1])


def on_click(trace: Trace, view: TreeView, replay: ReplayView, node: int) -> None:
    """A click on node ``node`` of the replay's tree: the replay switches off, and
    the whole tree shows with the clicked node selected and unfolded (drawn from the
    trace's root when the view's root is not above it). An id not in ``trace``
    changes nothing."""
    if not 0 <= node < len(trace):
        return
    replay.leave()
    view.pick(trace, node, unfold=True)
    if view.root_in(trace) not in trace.path(node):
        view.draw_from(0)


def _note(trace: Trace) -> str:
    reading = reading_of(trace)
    if reading.recount is not None and not trace.extra.get("log"):
        return (
            f" · {reading.weight or 'statistics'} are the final ones: run "
            f"{trace.algorithm} with record iterations to replay them"
        )
    return ""


def root_columns(trace: Trace) -> dict[str, Any]:
    """The root's moves at this step in the game's order (Connect 4's columns, another
    game's moves by label: :func:`moves_column`), by row (``head`` and ``rows``): value
    in words (and the trace's weight, MCTS's visits)."""
    weight = reading_of(trace).weight
    kids = sorted(trace.children(0).tolist(), key=lambda k: int(trace.nodes["move"][k]))
    ((name, moves),) = moves_column(trace, 0, trace.nodes["move"][kids]).items()
    head = [name, "value (root player)", *([weight] if weight else [])]
    rows = []
    for k, move in zip(kids, moves, strict=True):
        row = [_plain(move), node_value(trace, int(k)).text or "searching"]
        rows.append(row + ([int(trace.nodes[weight][k])] if weight else []))
    return {"head": head, "rows": rows}


def _plain(move: Any) -> Any:
    """A move as JSON writes it: NumPy's integers as Python's."""
    return move.item() if hasattr(move, "item") else move
