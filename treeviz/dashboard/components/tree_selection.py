"""What every tree view shares: the selection a view draws (:func:`selection_for`: at
most ``VIEW_MAX_NODES`` nodes, the rest of each level summarised as "+N more", past
``VIEW_BREADTH`` leaves across nodes drawn folded, ``▸``), the room its labels are
sized for (:data:`LABEL_ROOM_PX`) and its colour legend (:func:`legend_html`). Every
tree on every page is drawn in the browser by the tree component
(:mod:`~treeviz.dashboard.components.tree_panel`) from this selection.
"""

from __future__ import annotations

from treeviz.dashboard.components.numbers import ink_on
from treeviz.dashboard.components.text import escape_html
from treeviz.draw.style import (
    CHART_FRAME,
)
from treeviz.draw.view import (
    Selection,
    legend_stops,
    legend_title,
    select,
)
from treeviz.settings import VIEW_BREADTH, VIEW_MAX_NODES
from treeviz.trace.nodes import Trace

# The width the labels are sized for (the tree beside its panel at 1280 px): each
# level's labels get an equal share (static/tree_draw.js), never under 72 px.
LABEL_ROOM_PX = 440


def legend_html(trace: Trace) -> str:
    """The colour scale as five swatches labelled with the values they stand for."""
    return swatches_html(legend_title(trace), legend_stops(trace))


def swatches_html(title: str, pairs: list[tuple[str, str]]) -> str:
    """A legend: ``title``, then one swatch per (colour, what it stands for)."""
    # each swatch one unbreakable box whose ink contrasts with its fill; the line
    # breaks between swatches, never inside one
    cells = "".join(
        f"<span data-swatch='1' style='display:inline-block;white-space:nowrap;"
        f"background:{fill};color:{ink_on(fill)};padding:2px 10px;"
        f"border:1px solid {CHART_FRAME};font-size:12px'>{escape_html(text)}</span>"
        for fill, text in pairs
    )
    # the swatches a group of their own: when the line is too short for the title and
    # all of them, they go to the next line together rather than one by one
    return (
        f"<div data-legend='1' style='display:flex;flex-wrap:wrap;align-items:center;"
        f"gap:2px 6px'><span>{escape_html(title)}:</span><span style='display:flex;"
        f"flex-wrap:nowrap;gap:2px'>{cells}</span></div>"
    )


def selection_for(
    trace: Trace,
    root: int,
    *,
    depth: int,
    top_k: int | None,
    expanded: frozenset[int] = frozenset(),
    collapsed: frozenset[int] = frozenset(),
) -> Selection:
    """The view's selection: at most ``VIEW_MAX_NODES`` drawn nodes, nodes folded past
    ``VIEW_BREADTH`` leaves across unless ``expanded``, ``collapsed`` folded."""
    return select(
        trace,
        root,
        max_depth=depth,
        top_k=top_k,
        collapsed=collapsed,
        stubs=True,
        max_nodes=VIEW_MAX_NODES,
        expanded=expanded,
        breadth=VIEW_BREADTH,
    )
