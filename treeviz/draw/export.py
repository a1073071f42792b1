"""Tree diagrams and traces out: DOT, SVG, PNG, PDF and GraphML of a view; CSV (one row
per node), JSON and .npz of the whole trace.

Every diagram is drawn from a :class:`treeviz.draw.view.Selection`, the same subtree, labels
and colours as the dashboard's tree view. DOT is authored with the ``graphviz``
package; SVG, PNG and PDF are laid out and rendered by ``pygraphviz``, whose wheel
bundles the Graphviz engine (no system install). Drawing more than
:data:`EXPORT_MAX_NODES` entries is refused before any layout starts.
"""

from __future__ import annotations

import io
import json
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import graphviz
import networkx as nx
import pygraphviz

from treeviz.draw.style import PV_LINE, PV_WIDTH, STONES, STUB_LINE, edge_width
from treeviz.draw.view import (
    Drawn,
    Selection,
    legend_stops,
    legend_title,
    node_position,
    select,
    selection_graph,
    walk,
)
from treeviz.errors import ExportLimitError, InvalidParameterError
from treeviz.safe_io import atomic_write
from treeviz.settings import (
    BOARDS_MAX_NODES,
    DPI,
    DRAW_DEPTH,
    EXPORT_MAX_NODES,
    TITLE_PART_CHARS,
    WIDE_LEVEL,
    format_param,
    show_path,
    show_value,
)
from treeviz.trace.analysis import node_table
from treeviz.trace.files import dumps, npz_bytes, save
from treeviz.trace.nodes import Trace

if TYPE_CHECKING:
    import pandas as pd

FORMATS = ("svg", "png", "pdf", "dot", "graphml", "csv", "json", "npz")
RENDERED = ("svg", "png", "pdf")


@dataclass(frozen=True)
class ExportOptions:
    """Which subtree to draw and how (the dashboard view's settings)."""

    root: int = 0
    depth: int | None = DRAW_DEPTH
    top_k: int | None = None
    stubs: bool = True
    boards: bool = False
    dpi: float = DPI
    collapsed: frozenset[int] = field(default_factory=frozenset)


def format_of(path: str | Path, fmt: str | None = None) -> str:
    """The export format: ``fmt`` if given, else from the file suffix."""
    name = str(path).lower()
    guess = fmt or ("json" if name.endswith(".json.gz") else Path(name).suffix.lstrip("."))
    if guess not in FORMATS:
        raise InvalidParameterError(
            f"cannot tell the export format of {show_path(path)}: use a suffix or --format "
            f"({', '.join(FORMATS)})"
        )
    return guess


def selection_of(trace: Trace, opts: ExportOptions) -> Selection:
    """The selection ``opts`` describe, refused when it is too large to draw."""
    if not 0 <= opts.root < len(trace):
        raise InvalidParameterError(
            f"root node {opts.root} is not in this trace of {len(trace)} nodes"
        )
    sel = select(
        trace,
        opts.root,
        max_depth=opts.depth,
        top_k=opts.top_k,
        collapsed=opts.collapsed,
        stubs=opts.stubs,
    )
    if len(sel) > EXPORT_MAX_NODES:
        raise ExportLimitError(
            f"the selection has {len(sel):,} nodes; at most {EXPORT_MAX_NODES:,} can be drawn: "
            "lower the depth, keep the top-k children per node, or start from a deeper root"
        )
    return sel


def whole_trace(opts: ExportOptions) -> bool:
    """Whether ``opts`` describe every node of a trace (root 0, every level, every
    child, nothing folded)."""
    return (opts.root, opts.depth, opts.top_k, opts.collapsed) == (0, None, None, frozenset())


def csv_table(trace: Trace, opts: ExportOptions) -> pd.DataFrame:
    """The per-node table (:func:`node_table`) of the nodes ``opts`` select, in the
    view's breadth-first order, as the diagrams draw them (no cap on its size: a
    table need not be laid out); the whole trace in id order when ``opts`` select it
    all (``whole_trace``)."""
    if whole_trace(opts):
        return node_table(trace)
    if not 0 <= opts.root < len(trace):
        raise InvalidParameterError(
            f"root node {opts.root} is not in this trace of {len(trace)} nodes"
        )
    sel = select(
        trace,
        opts.root,
        max_depth=opts.depth,
        top_k=opts.top_k,
        collapsed=opts.collapsed,
        stubs=False,
    )
    return node_table(trace).iloc[sel.ids].reset_index(drop=True)


def export_bytes(trace: Trace, fmt: str, opts: ExportOptions | None = None) -> bytes:
    """The file contents of ``trace`` exported as ``fmt`` (see :data:`FORMATS`)."""
    opts = opts or ExportOptions()
    if fmt == "json":
        return dumps(trace).encode()
    if fmt == "npz":
        return npz_bytes(trace)
    if fmt == "csv":
        return csv_table(trace, opts).to_csv(index=False).encode()
    sel = selection_of(trace, opts)
    if fmt == "graphml":
        return graphml_bytes(sel)
    dot = to_dot(sel, opts.boards)
    if fmt == "dot":
        return dot.encode()
    if fmt not in RENDERED:
        raise InvalidParameterError(
            f"unknown export format {show_value(fmt)}; use one of {FORMATS}"
        )
    return render(dot, fmt, opts.dpi)


def export(
    trace: Trace, path: str | Path, *, fmt: str | None = None, opts: ExportOptions | None = None
) -> str:
    """Write ``trace`` to ``path`` in ``fmt`` (default: from the suffix); returns the format.
    Whole or not at all: an error midway leaves the old file."""
    kind = format_of(path, fmt)
    if kind in ("json", "npz"):
        save(trace, path)  # .json.gz compresses
    else:
        data = export_bytes(trace, kind, opts)  # before the file is touched
        with atomic_write(path) as out:
            out.write(data)
    return kind


# Graphviz's library keeps global state and is not thread-safe; the dashboard serves
# each session (and each lazy download) on its own thread, so renders take turns.
_GRAPHVIZ = threading.Lock()


def render(dot: str, fmt: str, dpi: float = DPI) -> bytes:
    """Lay out ``dot`` and render it with the bundled Graphviz engine (one render at a
    time per process)."""
    with _GRAPHVIZ:
        graph = pygraphviz.AGraph(string=dot)
        if fmt == "png":
            graph.graph_attr["dpi"] = str(dpi)
        data: bytes = graph.draw(format=fmt, prog="dot")
    return data


def title_of(trace: Trace) -> str:
    """The diagram's title: agent, position and the parameters that were set, as a
    spec writes them (``true``, not Python's ``True``), each part shortened (a trace
    file may hold a parameter of any length)."""
    params = ", ".join(f"{k}={format_param(v)}" for k, v in trace.params.items() if v is not None)
    parts = (trace.algorithm, trace.root_moves or "(empty)", params)
    short = [p if len(p) <= TITLE_PART_CHARS else p[: TITLE_PART_CHARS - 1] + "…" for p in parts]
    return f"{short[0]} · position {short[1]} · {short[2]}"


def to_dot(sel: Selection, boards: bool = False) -> str:
    """The selection as DOT source: nodes coloured by value for the root player, the
    principal variation in bold, pruned stubs dashed, "+N more" summaries, MCTS edges
    as wide as their visits, a title and a colour legend."""
    trace = sel.trace
    if boards and not trace.is_connect4:
        raise InvalidParameterError(
            f"boards in nodes are Connect 4's; the tree of {show_value(trace.game)} is drawn "
            "without them (leave out --boards)"
        )
    draw_boards = boards and len(sel) <= BOARDS_MAX_NODES
    return dot_source(walk(sel), _legend(trace), lambda d: _node_attrs(trace, d, draw_boards))


def rank_direction(entries: list[Drawn]) -> str:
    """``TB`` (levels top to bottom) for a narrow tree; ``LR`` (levels left to right)
    once a level holds more than :data:`WIDE_LEVEL` entries: boxes side by side would
    make an image tens of thousands of pixels wide, where stacked they read down a
    page."""
    level: dict[str, int] = {}
    for d in entries:  # breadth first: a parent comes before its children
        level[d.key] = 0 if d.parent is None else level.get(d.parent, 0) + 1
    widest = max(Counter(level.values()).values(), default=0)
    return "LR" if widest > WIDE_LEVEL else "TB"


def dot_source(
    entries: list[Drawn], legend: str, node_attrs: Callable[[Drawn], dict[str, str]]
) -> str:
    """DOT source of drawn entries (any tree: a search or a learned one) under the
    HTML-like ``legend``; ``node_attrs`` styles each node entry."""
    dot = graphviz.Digraph("tree", format="svg")
    dot.attr(label=legend, labelloc="t", fontname="Helvetica", rankdir=rank_direction(entries))
    dot.attr("node", shape="box", style="rounded,filled", fontname="Helvetica", fontsize="10")
    dot.attr("edge", fontname="Helvetica", fontsize="9", arrowsize="0.6")
    for d in entries:
        name = d.key.replace(":", "") if d.kind != "node" else f"n{d.key}"
        if d.kind == "node":
            dot.node(name, **node_attrs(d))
            if d.parent is not None:
                dot.edge(f"n{d.parent}", name, **_edge_attrs(d))
        elif d.kind == "more":
            dot.node(name, d.label, shape="plaintext", style="")
            dot.edge(f"n{d.parent}", name, style="dotted")
        else:
            attrs = {"style": "dashed", "color": STUB_LINE, "fontcolor": STUB_LINE, "shape": "box"}
            dot.node(name, d.label, **attrs)
            dot.edge(f"n{d.parent}", name, style="dashed", color=STUB_LINE)
    return dot.source


def _node_attrs(trace: Trace, d: Drawn, boards: bool) -> dict[str, str]:
    """DOT attributes of a drawn trace node."""
    attrs = {
        "fillcolor": d.fill,
        "tooltip": trace.path_moves(d.node) or "root",
        "id": f"node-{d.node}",
        "label": _board_label(trace, d.node, d.label) if boards else d.label,
    }
    if d.on_pv:
        attrs["penwidth"] = f"{PV_WIDTH:g}"
    if d.tt_hit:
        attrs["peripheries"] = "2"
    if d.terminal:
        attrs["style"] = "filled"  # square corners: the game ended here
    return attrs


def _edge_attrs(d: Drawn) -> dict[str, str]:
    """DOT attributes of the edge into a drawn node: PV and visit width. No edge label:
    the child's label names the column, and dot lays labelled edges out 3x slower."""
    attrs: dict[str, str] = {}
    if d.weight is not None:
        attrs["penwidth"] = f"{edge_width(d.weight):.2f}"
    if d.on_pv:
        attrs["color"] = PV_LINE
        attrs["penwidth"] = str(max(PV_WIDTH, float(attrs.get("penwidth", 0))))
    return attrs


def _board_label(trace: Trace, i: int, text: str) -> str:
    """An HTML-like label: the node's text above a small board diagram."""
    pos = node_position(trace, i)
    cells = "".join(
        "<TR>"
        + "".join(
            f'<TD BGCOLOR="{STONES[c]}" WIDTH="7" HEIGHT="7" FIXEDSIZE="TRUE"></TD>' for c in row
        )
        + "</TR>"
        for row in pos.rows()
    )
    head = "<BR/>".join(escape(line) for line in text.split("\n"))
    return (
        f'<<TABLE BORDER="0" CELLSPACING="0"><TR><TD>{head}</TD></TR><TR><TD>'
        f'<TABLE BORDER="1" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0">{cells}</TABLE>'
        "</TD></TR></TABLE>>"
    )


def _legend(trace: Trace) -> str:
    """The graph label: the title over the colour scale, for the root player."""
    stops = legend_stops(trace)
    swatches = "".join(f'<TD BGCOLOR="{fill}">{escape(text)}</TD>' for fill, text in stops)
    span = f'COLSPAN="{len(stops)}"'
    return (
        f'<<TABLE BORDER="0" CELLSPACING="2"><TR><TD {span}>{escape(title_of(trace))}'
        f"</TD></TR><TR><TD {span}>{escape(legend_title(trace))}: "
        f"bad … good</TD></TR><TR>{swatches}</TR></TABLE>>"
    )


def graphml_bytes(sel: Selection) -> bytes:
    """The selection as GraphML with every node attribute (None written as empty)."""
    return graphml_of(selection_graph(sel))


def graphml_of(g: nx.DiGraph) -> bytes:
    """Any drawn tree's graph as GraphML (keys as text, values storable)."""
    clean = nx.DiGraph()
    clean.graph.update({k: _plain(v) for k, v in g.graph.items()})
    for n, attrs in g.nodes(data=True):
        clean.add_node(str(n), **{k: _plain(v) for k, v in attrs.items()})
    for u, v, attrs in g.edges(data=True):
        clean.add_edge(str(u), str(v), **attrs)
    buf = io.BytesIO()
    nx.write_graphml(clean, buf)
    return buf.getvalue()


def _plain(v: Any) -> Any:
    """A GraphML-storable scalar (GraphML has no null; lists become JSON text)."""
    if v is None:
        return ""
    if isinstance(v, (list, tuple, dict)):
        return json.dumps(v)
    return v
