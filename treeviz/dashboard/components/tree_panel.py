"""The tree view in the browser: one component (``static/tree_draw.js``,
``static/tree_panel.js``) mounted twice, the tree (:func:`tree_mount`) and the
selected node's panel beside it (:func:`panel_mount`), sharing the view's state in
the page. Selecting a node, folding and unfolding are answered there, from the data
sent once with the view (:func:`view_data`); the server hears only what it must act
on (:func:`on_asked`): children it did not send, drawing from a node, loading its
position, the solver's scores, the node for the page's What if?.

Security: the component receives data (texts, numbers, colours; another game's
drawing as an image) and its script is treeviz's own file; nothing a visitor clicks
loads code, contacts a host or writes a path.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import streamlit as st

from treeviz.dashboard import state
from treeviz.dashboard.components.scroll_fade import FADING, SCROLL_FADE
from treeviz.dashboard.components.tree_data import LOOK, node_panel, tree_entries
from treeviz.dashboard.components.tree_selection import LABEL_ROOM_PX
from treeviz.dashboard.components.tree_view import FULL_RERUN, TOKEN, TreeView, built_views
from treeviz.dashboard.server.cache import cached_exact
from treeviz.draw.view import Decorator, Selection, node_position, short_label
from treeviz.settings import EXACT_SECONDS, VIEW_MAX_NODES
from treeviz.trace.nodes import Trace

STATIC = Path(__file__).resolve().parent / "static"
# what the browser may ask
ASKS = ("open", "goto", "reroot", "analyze", "exact", "whatif", "pick", "focus")


@dataclass(frozen=True)
class Offers:
    """What a view's panel offers besides the node: the children's exact scores
    (``exact``), the chosen node in the page's address (``link``), the page's What
    if? at the node (``whatif``)."""

    exact: bool = False
    link: bool = False
    whatif: bool = False


@cache
def _component() -> Any:
    """The component, registered once per process (its script and style are
    treeviz's own files)."""
    js = "\n".join(
        (STATIC / f).read_text(encoding="utf-8")
        for f in ("tree_draw.js", "tree_replay.js", "tree_panel.js")
    )
    # its scrolling boxes fade at their hidden edges, as the page's columns do
    fade = f"{SCROLL_FADE}.tv-tree,.tv-scroll{{{FADING}}}"
    css = (STATIC / "tree_panel.css").read_text(encoding="utf-8") + fade
    return st.components.v2.component("treeviz_tree_panel", js=js, css=css, isolate_styles=False)


def mount(data: dict[str, Any], *, key: str, on_change: Callable[[], None] | None = None) -> None:
    """One mount of the component, drawing ``data`` (its ``mode``: ``tree``,
    ``panel``, ``replay``, ``replay-panel``); ``on_change``: called when the browser
    asks for something (its ``asked`` value, read with :func:`asked`)."""
    if on_change is None:
        _component()(data=data, key=key, height="content")
    else:
        _component()(data=data, key=key, height="content", on_asked_change=on_change)


def view_id(trace: Trace, view: TreeView) -> str:
    """The name the tree and the panel of ``view`` share in the page (with the
    trace's identity: a new search is a new view)."""
    # set here too: a section drawn before the tree (the verdict's reasons) names it alike
    return f"{view.key}:{trace.__dict__.setdefault(TOKEN, uuid.uuid4().hex)}"


def view_data(
    sel: Selection,
    *,
    exact_on: bool,
    depth: int,
    there: int,
    notes: str,
    short: Decorator = short_label,
) -> dict[str, Any]:
    """What the browser draws the view of ``sel`` from: its entries (labelled by
    ``short``), each drawn node's panel, the look, and the caption's numbers
    (``there``: levels the "Depth shown" asks for that the trace has; ``notes``: the
    caption's tail)."""
    trace = sel.trace
    nodes = {str(i): node_panel(trace, i, exact_on=exact_on) for i in sel.ids}
    ask = f"Exact scores of the children (the solver, up to {EXACT_SECONDS.default:g} s a node)"
    return {
        "entries": tree_entries(sel, short=short),
        "nodes": nodes,
        "look": LOOK,
        "room": LABEL_ROOM_PX,
        "connect4": trace.is_connect4,
        "total": len(trace),
        "cap": VIEW_MAX_NODES,
        "depth": depth,
        "there": there,
        "notes": notes,
        "ask": ask,
    }


def tree_mount(
    trace: Trace, view: TreeView, data: dict[str, Any], *, offers: Offers, depth: int
) -> None:
    """The tree of ``view`` drawn from ``data`` (:func:`view_data`), the view's
    selected node marked, its panel offering ``offers``; ``depth``: the view's (a
    child chosen deeper than it moves the view down)."""
    node = view.selected_in(trace)
    shown = data | {
        "mode": "tree",
        "view": view_id(trace, view),
        "trace": str(trace.__dict__[TOKEN]),
        "selected": node if str(node) in data["nodes"] else data["entries"][0]["node"],
        "opened": sorted(view.opened),
        "link": offers.link,
        "whatif": offers.whatif,
    }
    key = view.widget("tree", id(trace))
    mount(shown, key=key, on_change=lambda: on_asked(trace, view, key, depth))


def panel_mount(trace: Trace, view: TreeView) -> None:
    """The selected node's panel of ``view``, drawn by the tree's mount."""
    mount({"mode": "panel", "view": view_id(trace, view)}, key=view.widget("panel", id(trace)))


def asked(value: Any) -> tuple[str, int] | None:
    """(what, node) the browser asked for in ``value`` (the component's
    ``"<what>:<node>@<time>"``), or None when it is not such a request."""
    text = value.get("asked") if hasattr(value, "get") else None
    what, _, rest = str(text).partition(":")
    node = rest.rsplit("@", 1)[0]
    if what not in ASKS or not node.isascii() or not node.isdigit():
        return None
    return what, int(node)


def on_asked(trace: Trace, view: TreeView, key: str, depth: int) -> None:
    """The browser's request in the component keyed ``key``: the node is selected,
    then what was asked is done (ids not in ``trace`` are ignored)."""
    request = asked(state.widget_value(key))
    if request is None or not 0 <= request[1] < len(trace):
        return
    what, node = request
    view.pick(trace, node, unfold=what == "open", depth=depth if what == "goto" else None)
    if what == "reroot":
        view.draw_from(node)
    elif what == "analyze" and trace.is_connect4:
        state.set_position(node_position(trace, node))
        state.put(FULL_RERUN, True)  # the board above the tree changes: the whole page
    elif what == "whatif":
        state.put(FULL_RERUN, True)  # the page's What if?, below the tree, follows
    elif what == "exact" and trace.is_connect4:
        cached_exact(node_position(trace, node))
        built_views().clear()  # the panels built before lack these scores
