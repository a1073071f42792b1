"""The interactive search tree: an ECharts ``tree`` series (``streamlit-echarts``)
built from the same :class:`~treeviz.draw.view.Selection` the exporters draw.

Clicking a node collapses or expands it in the browser (ECharts' own behaviour) and
sends its id back, which selects it for the detail panel. At most ``VIEW_MAX_NODES`` nodes
are drawn; the rest of each level is summarised as "+N more".
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import numpy as np
import pandas as pd

from treeviz.draw.style import NODE_LINE, PV_LINE, PV_WIDTH, STUB_LINE, TT_RING, edge_width
from treeviz.draw.view import (
    Decorator,
    Drawn,
    Selection,
    flag_text,
    legend_stops,
    legend_title,
    ranked_children,
    select,
    short_label,
    walk,
)
from treeviz.search import agent_of
from treeviz.settings import VIEW_MAX_NODES
from treeviz.trace.nodes import NO_VALUE, Trace
from treeviz.trace.values import bound_text, node_value, outcome_text

CLICK = "function(p){return p.data.name}"


def chart_event(event: Any) -> Any:
    """What a chart's click handler returned (``streamlit-echarts`` wraps it), or None."""
    return event.get("chart_event") if hasattr(event, "get") else None


def tree_options(sel: Selection, short: Decorator = short_label) -> dict[str, Any]:
    """ECharts options drawing ``sel``: fill by value, PV in bold, terminal nodes as
    squares, transposition hits with a thick ring, MCTS edges as wide as their visits,
    dashed grey pruned stubs, "+N more" summaries, and nodes whose children lie beyond
    the depth limit marked with ``▸``."""
    trace = sel.trace
    return echarts_tree(walk(sel, short=short), lambda d: trace.path_moves(d.node) or "root")


def echarts_tree(entries: list[Drawn], where: Callable[[Drawn], str]) -> dict[str, Any]:
    """ECharts tree options of drawn entries of any tree; ``where`` names a node in
    its tooltip (a move path, a rule)."""
    items: dict[str, dict[str, Any]] = {}
    top: dict[str, Any] = {}
    for d in entries:
        item = _item(d, where(d)) if d.kind == "node" else _extra(d)
        items[d.key] = item
        if d.parent is None:
            top = item
        else:
            items[d.parent]["children"].append(item)
    series = {
        "type": "tree",
        "data": [top],
        "orient": "LR",
        "top": "2%",
        "bottom": "2%",
        "left": "6%",
        "right": "22%",
        "symbolSize": 12,
        "roam": True,
        "initialTreeDepth": -1,
        "expandAndCollapse": True,
        "label": {"position": "right", "fontSize": 11},
        "animationDuration": 0,  # draw at once; only folding animates
        "animationDurationUpdate": 0,  # folding at once: an animated fold delays the panel
    }
    return {
        "tooltip": {"trigger": "item", "formatter": "{c}"},
        "animationThreshold": len(entries) + 1,  # keep collapse animated at any size
        "series": [series],
    }


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
        "value": d.label,
        "children": [],
        "symbol": "roundRect",
        "itemStyle": {"color": d.fill, "borderColor": STUB_LINE, "borderType": border},
        "label": {"formatter": d.label, "color": STUB_LINE},
        "lineStyle": {"type": border, "color": STUB_LINE},
    }


def legend_html(trace: Trace) -> str:
    """The colour scale as five swatches labelled with the values they stand for."""
    cells = "".join(
        f"<span style='background:{fill};padding:2px 10px;border:1px solid #ccc;"
        f"font-size:12px'>{text}</span>"
        for fill, text in legend_stops(trace)
    )
    return f"<div>{escape(legend_title(trace))}: {cells}</div>"


def view_height(sel: Selection) -> int:
    """Pixels tall enough for the widest level of the selection."""
    depths = sel.trace.nodes["depth"][sel.ids]
    widest = int(np.bincount(depths - depths.min()).max()) + len(sel.more) + len(sel.stubs)
    return int(min(6000, max(420, 22 * widest)))


def node_stats(trace: Trace, i: int) -> dict[str, Any]:
    """What the search recorded at node ``i``, readable: the value for the root player,
    windows as -inf/+inf, wins in plies, never an internal sentinel."""
    n = trace.nodes[i]
    v = node_value(trace, i)
    out: dict[str, Any] = {"node": i, "depth": int(n["depth"]), "parent": int(n["parent"])}
    out["value (root player)"] = v.text or "-"
    if v.outcome is not None:
        out["outcome"] = outcome_text(v.outcome)
    # the recorded columns as they are (the trace says which it filled)
    for f in ("alpha", "beta"):
        if f in trace.fields and n["alpha"] != n["beta"]:
            out[f"{f} (side to move)"] = bound_text(trace, int(n[f]))
    for f in ("static_eval", "g", "h", "f", "order", "visits"):
        if f in trace.fields and int(n[f]) != int(NO_VALUE):
            out[f] = n[f].item()
    facts = agent_of(trace).facts
    if facts is not None:
        out.update(facts(trace, i))
    out["flags"] = flag_text(int(n["flags"]))
    return out


def children_table(trace: Trace, i: int) -> pd.DataFrame:
    """One row per recorded child of ``i``, most important first."""
    rows, weight = [], agent_of(trace).weight
    for k in ranked_children(trace, i):
        n = trace.nodes[k]
        row: dict[str, Any] = {"node": int(k), "column": int(n["move"]) + 1}
        row["value (root player)"] = node_value(trace, int(k)).text or "-"
        if weight:
            row[weight] = int(n[weight])
        row["flags"] = flag_text(int(n["flags"]))
        rows.append(row)
    return pd.DataFrame(rows)


def selection_for(trace: Trace, root: int, depth: int, top_k: int | None) -> Selection:
    """The view's selection, capped at ``VIEW_MAX_NODES`` drawn nodes."""
    return select(trace, root, depth, top_k, stubs=True, max_nodes=VIEW_MAX_NODES)
