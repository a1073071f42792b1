"""What every tree view shares: the selection a view draws (:func:`selection_for`: at
most ``VIEW_MAX_NODES`` nodes, the rest of each level summarised as "+N more", past
``VIEW_BREADTH`` leaves across nodes drawn folded, ``▸``), the room its labels are
sized for (:data:`LABEL_ROOM_PX`) and its colour legend (:func:`legend_html`). A
search's tree is drawn in the browser by the tree component
(:mod:`~treeviz.dashboard.components.tree_panel`) on every page; the ECharts ``tree``
chart here (:func:`tree_chart`, ``streamlit-echarts``) draws the decision tree of the
ID3 page from its drawn entries (:func:`echarts_tree`), and :func:`tree_options` gives
the same chart of a search's selection.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

from treeviz.dashboard.components.numbers import ink_on
from treeviz.dashboard.components.text import escape_html
from treeviz.draw.style import (
    CHART_FRAME,
    NODE_LINE,
    PV_LINE,
    PV_WIDTH,
    STUB_LINE,
    TT_RING,
    edge_width,
)
from treeviz.draw.view import (
    Decorator,
    Drawn,
    Selection,
    legend_stops,
    legend_title,
    select,
    short_label,
    walk,
)
from treeviz.settings import VIEW_BREADTH, VIEW_MAX_NODES
from treeviz.trace.nodes import Trace

# The click's time rides along, so clicking the same node again is a new event.
CLICK = "function(p){return p.data.name + '@' + Date.now()}"
ROW_PX = 22  # vertical room per entry of a level: an 11 px label and its gap
# The width the labels are sized for (the tree beside its panel at 1280 px): each
# level's labels get an equal share, the deepest level's in the right margin.
LABEL_ROOM_PX = 440
# A label's narrowest share ("#325 c2 win 3 ▸" whole at 11 px): five levels of them
# (depth 3 and its pruned stubs) fit the tree's side at 1280 px unscrolled.
LABEL_MIN_PX = 72
LEFT_PX = 12  # left of the top item: its symbol, ringed when selected
RIGHT_PX = 12  # right of the deepest labels
SYMBOL_PX = 12  # a node's symbol: a label starts 5 px past its edge (ECharts' distance)
# From a label's end to the next level's node: that node's radius and a few pixels,
# so no label reaches the next node.
GAP_PX = 20


def chart_event(event: Any) -> Any:
    """What a chart's click handler returned (``streamlit-echarts`` wraps it), or None."""
    return event.get("chart_event") if hasattr(event, "get") else None


def clicked_name(value: Any) -> str | None:
    """The item a chart drawn with :data:`CLICK` reported clicked (its component
    ``value``), without the click's time; None before any click."""
    event = chart_event(value)
    return str(event).rsplit("@", 1)[0] if event is not None else None


def tree_chart(
    options: dict[str, Any],
    *,
    key: str,
    height: int,
) -> str | None:
    """Draw the tree of ``options`` (:func:`tree_options`, :func:`echarts_tree`) in
    SVG (each label an element the browser finds), ``height`` pixels tall and at least
    :func:`chart_width` wide (a narrower column scrolls sideways), as the widget
    ``key``. Returns the name of the item last clicked (None before any click)."""
    # Imported here: the component registers itself on import, which only works once
    # a Streamlit runtime exists (importing this module from tests must not need one).
    from streamlit_echarts import st_echarts

    value = st_echarts(
        options,
        events={"click": CLICK},
        height=f"{height}px",
        width=chart_width(options),  # levels kept apart: the column scrolls
        renderer="svg",
        key=key,
    )
    return clicked_name(value)


def tree_options(
    sel: Selection, *, short: Decorator = short_label, fold: bool = True, room: int = LABEL_ROOM_PX
) -> dict[str, Any]:
    """ECharts options drawing ``sel``: fill by value, PV in bold, terminal nodes as
    squares, transposition hits with a thick ring, MCTS edges as wide as their visits,
    dashed grey pruned stubs, "+N more" summaries, and nodes whose children lie beyond
    the depth limit marked with ``▸``; ``fold``: as in :func:`echarts_tree`."""
    trace = sel.trace
    entries = walk(sel, short=short)
    return echarts_tree(entries, lambda d: trace.path_moves(d.node) or "root", fold=fold, room=room)


def echarts_tree(
    entries: list[Drawn],
    where: Callable[[Drawn], str],
    *,
    fold: bool = True,
    room: int = LABEL_ROOM_PX,
) -> dict[str, Any]:
    """ECharts tree options of drawn entries of any tree; ``where`` names a node in
    its tooltip (a move path, a rule). ``fold``: a click folds and unfolds in the
    browser (False where the server folds). Labels are cut to their level's share of
    ``room`` pixels (the tooltip has them whole); the deepest level's fit in the
    chart's right margin, so none is clipped at its edge. Drawn at least
    :func:`chart_width` wide, no label reaches the next level."""
    items: dict[str, dict[str, Any]] = {}
    top: dict[str, Any] = {}
    for d in entries:
        item = _item(d, where(d)) if d.kind == "node" else _extra(d)
        items[d.key] = item
        if d.parent is None:
            top = item
        else:
            items[d.parent]["children"].append(item)
    width = label_width(_levels(top), room)
    series = {
        "type": "tree",
        "data": [top],
        "orient": "LR",
        "top": "2%",
        "bottom": "2%",
        "left": LEFT_PX,
        "right": width + RIGHT_PX,  # the deepest labels end inside the chart, never clipped
        "symbolSize": SYMBOL_PX,
        # Drag pans; the wheel scrolls the page as everywhere else (a zooming wheel
        # trapped a reader scrolling past the tree). Depth and Top-k size the tree.
        "roam": "move",
        "initialTreeDepth": -1,
        "expandAndCollapse": fold,
        "label": {"position": "right", "fontSize": 11, "width": width, "overflow": "truncate"},
        "animationDuration": 0,  # draw at once; only folding animates
        "animationDurationUpdate": 0,  # folding at once: an animated fold delays the panel
    }
    return {
        "tooltip": {"trigger": "item", "formatter": "{c}"},
        "animationThreshold": len(entries) + 1,  # keep collapse animated at any size
        "series": [series],
    }


def label_width(levels: int, room: int = LABEL_ROOM_PX) -> int:
    """Pixels for each label of a tree of ``levels`` levels drawn ``room`` pixels wide:
    an equal share of what the gaps between levels leave, at least ``LABEL_MIN_PX``."""
    levels = max(1, levels)
    share = (room - LEFT_PX - RIGHT_PX - GAP_PX * (levels - 1)) // levels
    return max(LABEL_MIN_PX, share)


def chart_px(options: dict[str, Any]) -> int:
    """The narrowest chart in which the tree of ``options`` (made by
    :func:`echarts_tree`) keeps its labels apart: ECharts spreads the levels evenly
    between the left and right margins, so each gap must hold a label and
    ``GAP_PX``."""
    series = options["series"][0]
    width = int(series["label"]["width"])
    levels = _levels(series["data"][0])
    return LEFT_PX + (levels - 1) * (width + GAP_PX) + width + RIGHT_PX


def chart_width(options: dict[str, Any]) -> str:
    """The CSS width of a tree chart: its container's, but never under
    :func:`chart_px` (a narrower container scrolls sideways: ``page_style``)."""
    return f"max(100%, {chart_px(options)}px)"


def _levels(item: dict[str, Any]) -> int:
    """Levels below and including ``item``."""
    return 1 + max((_levels(k) for k in item["children"]), default=0)


def _item(d: Drawn, where: str) -> dict[str, Any]:
    """The ECharts data item of a drawn node (children filled in by the caller)."""
    text = d.short + (" ▸" if d.folded else "")
    item: dict[str, Any] = {
        "name": d.key,
        "value": f"{where}: {d.short}",
        "children": [],
        "symbol": "rect" if d.terminal else "circle",
        "itemStyle": {
            "color": d.fill,
            "borderColor": PV_LINE if d.on_pv else NODE_LINE,
            "borderWidth": TT_RING if d.tt_hit else PV_WIDTH if d.on_pv else 1,
        },
        "label": {"formatter": text, "fontWeight": "bold" if d.on_pv else "normal"},
    }
    if d.weight is not None:
        item["lineStyle"] = {"width": edge_width(d.weight)}
    return item


def _extra(d: Drawn) -> dict[str, Any]:
    """A summary or pruned-stub item."""
    border = "dashed" if d.kind == "pruned" else "solid"
    return {
        "name": d.key,
        "value": d.label,  # the tooltip: the whole text
        "children": [],
        "symbol": "roundRect",
        "itemStyle": {"color": d.fill, "borderColor": STUB_LINE, "borderType": border},
        "label": {"formatter": d.short, "color": STUB_LINE},
        "lineStyle": {"type": border, "color": STUB_LINE},
    }


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


def view_height(sel: Selection) -> int:
    """Pixels tall enough for the rows of labels ``sel`` draws (see :func:`rows_height`)."""
    parent = sel.trace.nodes["parent"]
    pairs = [(str(i), str(int(parent[i])) if i != sel.root else None) for i in sel.ids]
    pairs += [(f"more:{p}", str(p)) for p in sel.more]
    pairs += [(f"pruned:{p}", str(p)) for p in sel.stubs]
    return rows_height(pairs)


def rows_height(entries: list[tuple[str, str | None]]) -> int:
    """Pixels tall enough for a tree of (key, parent key) entries, children in drawing
    order: ECharts' tree lays its leaves one per row, a row apart when they share a
    parent and two apart when not, so labels never overlap."""
    kids: dict[str | None, list[str]] = {}
    for key, parent in entries:
        kids.setdefault(parent, []).append(key)
    owners: list[str | None] = []  # the parent of each leaf, top to bottom
    stack: list[tuple[str, str | None]] = [(k, None) for k in reversed(kids.get(None, []))]
    while stack:
        key, above = stack.pop()
        below = kids.get(key, [])
        if not below:
            owners.append(above)
        stack.extend((k, key) for k in reversed(below))
    rows = 1 + sum(1 if a == b else 2 for a, b in pairwise(owners))
    return int(max(420, ROW_PX * rows + 60))


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
