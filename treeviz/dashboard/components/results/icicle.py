"""The whole search at a glance: the trace's icicle (:mod:`treeviz.draw.icicle`) in a
small component of its own (``static/icicle.js``, a canvas). A click zooms into a
node in the browser at once and selects it in the tree (the component's value comes
back to Python); the top row zooms out a level. Its zoom is kept per tree view; the
node selected in the tree, in the browser, is outlined in the browser too."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import streamlit as st

from treeviz.dashboard import state
from treeviz.dashboard.components.results.views import IcicleView
from treeviz.dashboard.components.tree_panel import view_id
from treeviz.dashboard.components.tree_view import TreeView, built_views
from treeviz.draw.icicle import icicle_data
from treeviz.trace.nodes import Trace

SCRIPT = Path(__file__).resolve().parents[1] / "static" / "icicle.js"


@cache
def _component() -> Any:
    """The component, registered once per process (its script is treeviz's own file)."""
    return st.components.v2.component(
        "treeviz_icicle", js=SCRIPT.read_text(encoding="utf-8"), isolate_styles=False
    )


def icicle_section(trace: Trace, view: TreeView) -> None:
    """The icicle zoomed as the view keeps it, the view's selected node outlined."""
    zoom = IcicleView(view.key).zoom(trace)
    data = _drawn(trace, zoom) | {"selected": view.selected_in(trace), "view": view_id(trace, view)}
    shown = len(data["id"])
    where = "the whole trace" if zoom == 0 else f"node #{zoom} (after {trace.path_moves(zoom)})"
    st.markdown("##### The whole search at a glance")
    st.caption(
        f"{where.capitalize() if zoom == 0 else 'Zoomed into ' + where}: each "
        "rectangle a node under its parent, as wide as its subtree, coloured by its "
        "value for the player to move at the root (the tree's colours). Click to "
        f"zoom in and select it in the tree; the top row zooms out. {shown:,} "
        f"rectangles drawn of {len(trace):,} nodes."
    )
    # always there (disabled at the root): a zoom does not move the icicle down the page
    st.button(
        "Whole trace",
        key=view.widget("icicle_out"),
        help="zoom out to the root",
        disabled=not zoom,
        on_click=IcicleView(view.key).zoom_to,
        args=(trace, 0),
    )
    key = view.widget("icicle", id(trace))
    _component()(
        data=data, key=key, height="content", on_clicked_change=lambda: on_click(trace, view, key)
    )


def _drawn(trace: Trace, zoom: int) -> dict[str, Any]:
    """The icicle's data at ``zoom``, kept per session with the tree's views: a click
    in the tree reruns this section with the same zoom."""
    memo = built_views()
    kept = memo.get(("icicle", id(trace), zoom))
    if kept is None or kept[0] is not trace:  # an id can be reused once freed
        kept = memo[("icicle", id(trace), zoom)] = (trace, icicle_data(trace, zoom))
    return dict(kept[1])


def on_click(trace: Trace, view: TreeView, key: str) -> None:
    """A click in the icicle keyed ``key``: zoom into the node and select it in the tree;
    on the zoomed node itself, zoom out to its parent."""
    value = state.widget_value(key)
    clicked = value.get("clicked") if hasattr(value, "get") else None
    name = str(clicked).rsplit("@", 1)[0] if clicked is not None else ""
    if not name.isdigit() or not 0 <= int(name) < len(trace):
        return
    icicle = IcicleView(view.key)
    node = int(name)
    if node == icicle.zoom(trace) and node != 0:
        node = int(trace.nodes["parent"][node])
    icicle.zoom_to(trace, node)
    depth = state.widget_value(view.depth_key)
    view.pick(trace, node, unfold=True, depth=depth if isinstance(depth, int) else 3)
