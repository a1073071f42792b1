"""The interactive search tree: an ECharts ``tree`` series (``streamlit-echarts``)
built from the same :class:`~treeviz.view.Selection` the exporters draw.

Clicking a node collapses or expands it in the browser (ECharts' own behaviour) and
sends its id back, which selects it for the detail panel. At most ``MAX_VIEW`` nodes
are drawn; the rest of each level is summarised as "+N more".
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from treeviz.search.mcts import uct_value
from treeviz.trace import ON_PV, TERMINAL, TT_HIT, Trace
from treeviz.view import (
    Selection,
    edge_scale,
    flag_text,
    format_value,
    legend_stops,
    node_colour,
    ranked_children,
    root_value,
    select,
    stub_label,
    value_scale,
)

MAX_VIEW = 500
CLICK = "function(p){return p.data.name}"


def short_label(trace: Trace, i: int) -> str:
    """One-line node label: id, column, value for the root player, visits."""
    n = trace.nodes[i]
    head = "root" if n["parent"] < 0 else f"c{int(n['move']) + 1}"
    text = f"#{i} {head} {format_value(trace, root_value(trace, i))}"
    if "visits" in trace.fields:
        text += f" N={int(n['visits'])}"
    return text


def tree_options(sel: Selection) -> dict[str, Any]:
    """ECharts options drawing ``sel``: fill by value, PV in bold, terminal nodes as
    squares, transposition hits with a thick ring, MCTS edges as wide as their visits,
    dashed grey pruned stubs, "+N more" summaries, and nodes whose children lie beyond
    the depth limit marked with ``▸``."""
    trace = sel.trace
    scale = value_scale(trace)
    top = edge_scale(sel)
    items = {i: _item(trace, i, scale, top) for i in sel.ids}
    counts = trace.child_counts()
    for i in sel.ids:
        parent = int(trace.nodes["parent"][i])
        if i != sel.root and parent in items:
            items[parent]["children"].append(items[i])
    for i, item in items.items():
        if not item["children"] and counts[i] and i not in sel.more:
            item["label"]["formatter"] += " ▸"
    for p, count in sel.more.items():
        items[p]["children"].append(_extra(f"more:{p}", f"+{count} more", "#ffffff", "solid"))
    for i in sel.stubs:
        items[i]["children"].append(
            _extra(f"pruned:{i}", stub_label(trace, i), "#eeeeee", "dashed")
        )
    series = {
        "type": "tree",
        "data": [items[sel.root]],
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
        "animationThreshold": len(sel) + 1,  # keep collapse animated at any size
        "series": [series],
    }


def _item(trace: Trace, i: int, scale: tuple[float, float], top: int) -> dict[str, Any]:
    """The ECharts data item of trace node ``i`` (children filled in later)."""
    flags = int(trace.nodes["flags"][i])
    on_pv = bool(flags & ON_PV)
    item: dict[str, Any] = {
        "name": str(i),
        "value": f"{trace.path_moves(i) or 'root'}: {short_label(trace, i)}",
        "children": [],
        "symbol": "rect" if flags & TERMINAL else "circle",
        "itemStyle": {
            "color": node_colour(trace, i, scale),
            "borderColor": "#111111" if on_pv else "#666666",
            "borderWidth": 6 if flags & TT_HIT else 3 if on_pv else 1,
        },
        "label": {"formatter": short_label(trace, i), "fontWeight": "bold" if on_pv else "normal"},
    }
    if top:
        width = 0.5 + 6.0 * float(trace.nodes["visits"][i]) / top
        item["lineStyle"] = {"width": round(width, 2)}
    return item


def _extra(name: str, text: str, fill: str, border: str) -> dict[str, Any]:
    """A summary or pruned-stub item."""
    return {
        "name": name,
        "value": text,
        "symbol": "roundRect",
        "itemStyle": {"color": fill, "borderColor": "#999999", "borderType": border},
        "label": {"formatter": text, "color": "#777777"},
        "lineStyle": {"type": border, "color": "#bbbbbb"},
    }


def legend_html(trace: Trace) -> str:
    """The colour scale as five swatches labelled with the values they stand for."""
    cells = "".join(
        f"<span style='background:{fill};padding:2px 10px;border:1px solid #ccc;"
        f"font-size:12px'>{text}</span>"
        for fill, text in legend_stops(trace)
    )
    return f"<div>value for the root player: {cells}</div>"


def view_height(sel: Selection) -> int:
    """Pixels tall enough for the widest level of the selection."""
    depths = sel.trace.nodes["depth"][sel.ids]
    widest = int(np.bincount(depths - depths.min()).max()) + len(sel.more) + len(sel.stubs)
    return int(min(6000, max(420, 22 * widest)))


def node_stats(trace: Trace, i: int) -> dict[str, Any]:
    """What the search recorded at node ``i``, values for the root player."""
    n = trace.nodes[i]
    out: dict[str, Any] = {"node": i, "depth": int(n["depth"]), "parent": int(n["parent"])}
    out["value (root player)"] = format_value(trace, root_value(trace, i))
    for f in ("value", "alpha", "beta", "static_eval", "g", "h", "f", "order", "visits"):
        if f in trace.fields:
            out[f] = n[f].item()
    if "visits" in trace.fields and n["visits"]:
        out["Q (mover)"] = round(float(n["value_sum"]) / float(n["visits"]), 4)
        parent = int(n["parent"])
        if parent >= 0:
            c = float(trace.params.get("c") or 0.0)
            parent_n = max(1, int(trace.nodes["visits"][parent]))
            out["UCT"] = round(uct_value(out["Q (mover)"], int(n["visits"]), parent_n, c), 4)
        out["proven"] = {1: "won", -1: "lost"}.get(int(n["proven"]), "")
    out["flags"] = flag_text(int(n["flags"]))
    return out


def children_table(trace: Trace, i: int) -> pd.DataFrame:
    """One row per recorded child of ``i``, most important first."""
    rows = []
    for k in ranked_children(trace, i):
        n = trace.nodes[k]
        row: dict[str, Any] = {"node": int(k), "column": int(n["move"]) + 1}
        row["value (root player)"] = format_value(trace, root_value(trace, int(k)))
        if "visits" in trace.fields:
            row["visits"] = int(n["visits"])
        row["flags"] = flag_text(int(n["flags"]))
        rows.append(row)
    return pd.DataFrame(rows)


def selection_for(trace: Trace, root: int, depth: int, top_k: int | None) -> Selection:
    """The view's selection, capped at ``MAX_VIEW`` drawn nodes."""
    return select(trace, root, depth, top_k, stubs=True, max_nodes=MAX_VIEW)
