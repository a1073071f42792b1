"""Showing one search result: per-move table, tree with node details, statistics and
downloads. Used for fresh searches and uploaded traces alike."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from typing import Any

import pandas as pd
import streamlit as st

from treeviz.agents.registry import agent_of
from treeviz.connect4.board import Position
from treeviz.dashboard import state
from treeviz.dashboard.board import board_html
from treeviz.dashboard.cache import cached_exact, exact_meanings, known_exact
from treeviz.dashboard.history import follow_history
from treeviz.dashboard.inputs import download
from treeviz.dashboard.replay import replay_section
from treeviz.dashboard.tables import STATS, readable, stat_words, styled
from treeviz.dashboard.text import error as show_error
from treeviz.dashboard.text import escape_markdown
from treeviz.dashboard.tree import (
    CLICK,
    children_table,
    clicked_name,
    highlight,
    legend_html,
    node_facts,
    selection_for,
    shape_of,
    tree_options,
    view_height,
)
from treeviz.dashboard.verdict import verdict_section
from treeviz.draw.export import FORMATS, ExportOptions, export_bytes
from treeviz.draw.style import BAR, CHOSEN_ROW, PALETTE
from treeviz.draw.view import Selection, node_position, select, short_label
from treeviz.errors import InvalidParameterError
from treeviz.settings import EXACT_SECONDS, EXPORT_MAX_NODES, VIEW_MAX_NODES
from treeviz.trace.analysis import depth_profile, effective_branching, move_table
from treeviz.trace.files import dumps
from treeviz.trace.nodes import CUTOFF, SearchResult, Trace
from treeviz.trace.values import kind_text

DIAGRAMS = ("svg", "png", "pdf", "dot", "graphml")
PERCENT = "function(v){return (100 * v).toFixed(0) + '%'}"  # an ECharts formatter
MIME = {
    "svg": "image/svg+xml",
    "png": "image/png",
    "pdf": "application/pdf",
    "dot": "text/vnd.graphviz",
    "graphml": "application/xml",
    "csv": "text/csv",
    "json": "application/json",
    "npz": "application/octet-stream",
}


def moves_section(res: SearchResult, exact_on: bool) -> None:
    """The per-move table (sortable, chosen row highlighted, CSV) and bar charts."""
    trace = res.trace
    pos = trace.position()
    exact, source = (
        cached_exact(trace.position()) if exact_on else (None, "")
    )
    if exact is not None:
        meanings = exact_meanings(pos, exact)
        table = move_table(res, exact, meanings)
    else:
        table = move_table(res)
        if exact_on:
            table["exact"] = f"not solved in {EXACT_SECONDS.default:g} s"
    shown = styled(readable(table)).apply(_highlight_chosen, axis=1)
    st.dataframe(shown, hide_index=True, key=f"table_{id(trace)}")
    if exact is not None:
        st.caption(f"Exact score: {source}; the solver's score for the player to move (0 a "
                   "draw, above 0 a win: the sooner, the higher). The CSV keeps every "
                   "column at full precision.")  # fmt: skip
    left, right = st.columns(2)
    download(left, "Table as CSV", table.to_csv(index=False), "moves.csv", "table_csv",
             mime="text/csv")  # fmt: skip
    download(right, "Share as HTML", lambda: _report(res, exact), "treeviz-analysis.html",
             "share_html", mime="text/html",
             help="one file with the board, verdict, reasons, table and the interactive "
                  "tree; opens in any browser, offline")  # fmt: skip
    weight = agent_of(trace).weight
    metric = weight if weight and weight in table else "value"
    left, right = st.columns(2)
    left.caption(f"Agent: {metric} per column")
    bars(left, table["column"], table[metric], f"{metric}_{id(trace)}")
    if exact is not None:
        right.caption(f"Exact solver score per column ({source})")
        bars(right, table["column"], table["exact"], f"exact_{id(trace)}")


def bars(where: Any, labels: pd.Series, values: pd.Series, key: str) -> None:
    """A bar chart drawn by the same ECharts component as the tree (one chart library
    in the page: a first Run loads one set of scripts, not two). Missing values are
    left out."""
    from streamlit_echarts import st_echarts

    data = [None if pd.isna(v) else float(v) for v in values]
    options = {
        "grid": {"left": 48, "right": 12, "top": 12, "bottom": 28},
        "tooltip": {"trigger": "axis"},
        "xAxis": {"type": "category", "data": [str(x) for x in labels]},
        "yAxis": {"type": "value"},
        "series": [{"type": "bar", "data": data, "itemStyle": {"color": BAR}}],
        "animation": False,
    }
    with where:
        st_echarts(options, height="220px", renderer="svg", key=f"bars_{key}")


def _highlight_chosen(row: pd.Series) -> list[str]:
    on = bool(row.get("chosen", False))
    return [f"background-color: {CHOSEN_ROW}" if on else "" for _ in row]


@st.fragment
def tree_section(trace: Trace, key: str, link: bool = False, exact_on: bool = False) -> None:
    """The interactive tree beside the selected node's details, and the downloads of
    the view. A fragment: clicking in the tree reruns only this part of the page."""
    # Imported here: the component registers itself on import, which only works once
    # a Streamlit runtime exists (importing this module from tests must not need one).
    from streamlit_echarts import st_echarts

    if state.pop(state.FULL_RERUN, False):
        st.rerun()  # a new position was loaded from the detail panel
    forget_other_trace(trace, key)
    root = int(st.session_state.get(f"{key}_root", 0))
    if not 0 <= root < len(trace):
        root = 0
    c1, c2, c3 = st.columns(3)
    depth = int(c1.slider("Depth shown", 1, 12, 3, key=f"{key}_depth"))
    top = int(c2.number_input("Top-k children (0 = all)", 0, 7, 0, key=f"{key}_top"))
    node = selected(trace, key)
    view = _view(trace, root, depth, top, *folding(trace, key, root, node))
    c3.caption(
        f"Drawing {len(view.sel.ids):,} of {len(trace):,} recorded nodes "
        f"(at most {VIEW_MAX_NODES} at once; ▸ folded: click to unfold)"
        + (" · trace truncated at capacity" if trace.truncated else "")
    )
    _breadcrumbs(trace, root, key)
    st.text_input("Go to a node: its id (#123) or its moves from the root (4352)",
                  key=f"{key}_goto", on_change=_go_to, args=(trace, key, depth),
                  placeholder="#id or moves")  # fmt: skip
    if st.session_state.get(f"{key}_goto_error"):
        show_error(st.session_state[f"{key}_goto_error"])
    left, right = st.columns([3, 2])
    with left:
        # A chart per drawn shape: ECharts fails when a tree's nodes change in place
        # (the replay's "__edge" error); a new highlight alone is drawn in place.
        chart = f"{key}_tree_{id(trace)}_{view.shape}"
        path = trace.path(node)
        st_echarts(
            highlight(view.options, [str(n) for n in path[path.index(root):]])
            if root in path else view.options,
            events={"click": CLICK},
            height=f"{view.height}px",
            renderer="svg",
            key=chart,
            on_change=lambda: on_click(trace, key, chart),
        )  # fmt: skip
        st.markdown(legend_html(trace), unsafe_allow_html=True)
        st.caption(
            "Click a node to select and unfold it · colour: value for the player to move "
            "at the root (red bad, blue good) · bold: principal variation · square: game "
            "over · thick ring: transposition hit · ▸: folded, more below · yellow label: "
            "the selected node"
        )
    with right:
        detail_panel(trace, key, depth, exact_on)
    if link:
        st.query_params["node"] = str(node)
        follow_history()
    st.markdown("##### Downloads: the tree as drawn (JSON and per-node CSV: the whole trace)")
    opts = ExportOptions(root=root, depth=depth, top_k=top or None)
    downloads_section(trace, opts, view.exportable, key)


def selected(trace: Trace, key: str) -> int:
    """The selected node of view ``key`` (the root when none is, or it is not in ``trace``)."""
    node = int(st.session_state.get(f"{key}_node", 0))
    return node if 0 <= node < len(trace) else 0


def folding(trace: Trace, key: str, root: int, node: int) -> tuple[frozenset[int], frozenset[int]]:
    """(unfolded, folded) nodes of view ``key``: those the person opened or closed, and
    the selected node's ancestors, opened so it is always drawn."""
    opened = set(st.session_state.get(f"{key}_open", ()))
    path = trace.path(node)
    if root in path:
        opened.update(path[path.index(root) : -1])
    shut = frozenset(st.session_state.get(f"{key}_shut", ()))
    return frozenset(opened - shut), shut


def on_click(trace: Trace, key: str, chart: str) -> None:
    """Callback of a tree click: select the clicked node and unfold it."""
    name = clicked_name(st.session_state.get(chart))
    if name is not None and name.isdigit():
        pick(trace, key, int(name), unfold=True)


def pick(trace: Trace, key: str, node: int, unfold: bool = False, depth: int | None = None) -> None:
    """Select ``node`` in view ``key`` (``unfold``: and show its children); with
    ``depth``, the view moves down to the node's parent when the node lies deeper
    than the view's depth (drilling down a big tree)."""
    if not 0 <= node < len(trace):
        return
    st.session_state[f"{key}_node"] = node
    shut = set(st.session_state.get(f"{key}_shut", ()))
    shut.discard(node)
    st.session_state[f"{key}_shut"] = shut
    if unfold:
        st.session_state[f"{key}_open"] = {*st.session_state.get(f"{key}_open", ()), node}
    root = int(st.session_state.get(f"{key}_root", 0))
    path = trace.path(node)
    below = path[path.index(root):] if root in path else []
    if depth is not None and (not below or len(below) - 1 > depth):
        st.session_state[f"{key}_root"] = max(0, int(trace.nodes["parent"][node]))


def fold(key: str, node: int, shut: bool) -> None:
    """Callback: fold (``shut``) or unfold the children of ``node`` in view ``key``."""
    opened = set(st.session_state.get(f"{key}_open", ()))
    folded = set(st.session_state.get(f"{key}_shut", ()))
    (folded.add if shut else folded.discard)(node)
    (opened.discard if shut else opened.add)(node)
    st.session_state[f"{key}_open"], st.session_state[f"{key}_shut"] = opened, folded


def forget_other_trace(trace: Trace, key: str) -> None:
    """A view's root, selected node and folding belong to one trace: when ``key``
    shows another search, they start again from its root (a node id of the old trace
    drew a lone node of the new one, with the old breadcrumbs and panel)."""
    token = trace.__dict__.setdefault("_view_token", uuid.uuid4().hex)
    if st.session_state.get(f"{key}_trace") == token:
        return
    st.session_state[f"{key}_trace"] = token
    for part in ("root", "node", "open", "shut", "goto_error"):
        st.session_state.pop(f"{key}_{part}", None)
    pending = st.session_state.pop(f"{key}_pending_node", None)  # a shared link's node
    if pending is not None and 0 <= pending < len(trace):
        st.session_state[f"{key}_node"] = pending
        st.session_state[f"{key}_root"] = max(0, int(trace.nodes["parent"][pending]))


@dataclass(frozen=True)
class View:
    """One tree view, built once: the drawn selection, its ECharts options and
    height, and whether the same subtree is small enough to export as a diagram."""

    sel: Selection
    options: dict[str, Any]
    height: int
    exportable: bool
    shape: int  # the same for views drawing the same entries


def _view(trace: Trace, root: int, depth: int, top: int,
          opened: frozenset[int], shut: frozenset[int]) -> View:  # fmt: skip
    """The view of ``trace`` for these settings, cached per session: clicks rerun the
    fragment, and rebuilding the view would cost more than drawing it."""
    cache: dict[tuple[Any, ...], View] = st.session_state.setdefault(state.TREE_VIEWS, {})
    ident = (id(trace), root, depth, top, opened, shut)
    view = cache.get(ident)
    if view is None or view.sel.trace is not trace:  # an id can be reused once freed
        if len(cache) > 8:
            cache.clear()
        sel = selection_for(trace, root, depth, top or None, opened, shut)
        probe = select(trace, root, depth, top or None, max_nodes=EXPORT_MAX_NODES + 1)
        options = tree_options(sel, fold=False)
        shape = shape_of(sel)
        exportable = len(probe.ids) <= EXPORT_MAX_NODES
        view = View(sel, options, view_height(sel), exportable, shape)
        cache[ident] = view
    return view


def find_node(trace: Trace, text: str) -> int:
    """The node ``text`` names: ``#123`` (an id) or a move string from the trace's root
    (``4352``: the first recorded node along those moves). :class:`InvalidParameterError`
    quoting the text when there is none."""
    text = text.strip()
    if text.startswith("#") and text[1:].isdigit():
        node = int(text[1:])
        if node < len(trace):
            return node
        raise InvalidParameterError(f"no node {text!r}: this trace has {len(trace):,} nodes")
    node = 0
    for i, ch in enumerate(text):
        kids = [int(k) for k in trace.children(node) if str(int(trace.nodes["move"][k]) + 1) == ch]
        if not kids:
            raise InvalidParameterError(f"no recorded node along {text!r}: the search did "
                                        f"not record move {i + 1} ({ch!r}) there")  # fmt: skip
        node = kids[0]
    return node


def _go_to(trace: Trace, key: str, depth: int) -> None:
    """Select the node typed in the go-to box; the view follows when it is deeper."""
    try:
        node = find_node(trace, str(st.session_state.get(f"{key}_goto", "")))
    except InvalidParameterError as exc:
        st.session_state[f"{key}_goto_error"] = str(exc)
        return
    st.session_state.pop(f"{key}_goto_error", None)
    pick(trace, key, node, depth=depth)


def _breadcrumbs(trace: Trace, root: int, key: str) -> None:
    """Buttons from the trace root to the view's root, to climb back up."""
    path = trace.path(root)
    cols = st.columns(min(len(path), 12) + 1)
    cols[0].caption("View root:")
    for col, node in zip(cols[1:], path[-12:], strict=False):
        col.button(
            short_label(trace, node),
            key=f"{key}_crumb_{node}",
            on_click=_set_state,
            args=(f"{key}_root", node),
        )


def detail_panel(trace: Trace, key: str, depth: int, exact_on: bool = False) -> None:
    """The selected node: board, move path, statistics, actions, and a sortable table
    of its children; choosing a row selects that child (drilling down any size of
    trace)."""
    node = selected(trace, key)
    path = trace.path_moves(node)
    st.markdown(f"**Node #{node}** · path from the root: `{path or '(root)'}`")
    st.markdown(f"Position: `{trace.root_moves + path or '(empty)'}`")
    st.markdown(board_html(node_position(trace, node), 22), unsafe_allow_html=True)
    a, b, c = st.columns(3)
    a.button("Draw from here", key=f"{key}_reroot", on_click=_set_state,
             help="Draw the tree with this node at its top",
             args=(f"{key}_root", node))  # fmt: skip
    b.button("Analyze this", key=f"{key}_load", on_click=_load_position,
             help="Load this node's position on the board, to search it",
             args=(node_position(trace, node),))  # fmt: skip
    shut = node in st.session_state.get(f"{key}_shut", ())
    c.button("Unfold children" if shut else "Fold children", key=f"{key}_fold",
             on_click=fold, args=(key, node, not shut))  # fmt: skip
    # st.table, not st.dataframe: static HTML mounts much faster after each click
    st.table(node_facts(trace, node))
    _children(trace, key, node, depth, exact_on)


def _children(trace: Trace, key: str, node: int, depth: int, exact_on: bool) -> None:
    """The children table of ``node``; a chosen row selects that child."""
    pos = node_position(trace, node)
    exact = known_exact(pos)
    ask = f"Exact scores of the children (the solver, up to {EXACT_SECONDS.default:g} s a node)"
    if exact is None and exact_on and len(trace.children(node)) and st.checkbox(
        ask, key=f"{key}_kids_exact"
    ):
        exact = cached_exact(pos)[0]
    kids = children_table(trace, node, exact)
    st.caption(f"{len(kids)} recorded children: sort by a header, choose a row to go there")
    if not len(kids):
        return
    table = f"{key}_kids_{id(trace)}_{node}"
    st.dataframe(
        styled(kids),
        hide_index=True,
        on_select=lambda: _on_row(trace, key, table, kids["node"], depth),
        selection_mode="single-row",
        key=table,
    )


def _on_row(trace: Trace, key: str, table: str, nodes: pd.Series, depth: int) -> None:
    """Callback of a children-table row: select that child (the table's rows are in
    ``nodes``' order whatever the sorting shown)."""
    rows = st.session_state[table].selection.rows
    if rows:
        pick(trace, key, int(nodes.iloc[rows[0]]), depth=depth)


def _set_state(name: str, value: Any) -> None:
    """Callback: set one session value before the rerun."""
    st.session_state[name] = value


def _load_position(pos: Position) -> None:
    """Callback: load ``pos`` and ask the fragment for a whole-page rerun."""
    state.set_position(pos)
    state.put(state.FULL_RERUN, True)


def stats_section(res: SearchResult) -> None:
    """Counters, nodes per depth, branching, cutoffs by depth (for searches that cut),
    and the agent's other statistics in words."""
    trace, s = res.trace, res.stats
    words = stat_words(res)
    counters = (("nodes", "Nodes"), ("recorded", "Recorded"), ("cutoffs", "Cutoffs"),
                ("tt_hits", "TT hits"))  # fmt: skip
    metrics = [(label, f"{s[k]:,}") for k, label in counters if STATS[k] in words]
    metrics += [("Time", f"{s['time_s']:.3f} s"), ("Nodes/s", f"{s['nodes_per_s'] or 0:,}")]
    for col, (label, value) in zip(st.columns(len(metrics)), metrics, strict=True):
        col.metric(label, value)
    shown = {STATS[k] for k, _ in counters} | {STATS["time_s"], STATS["nodes_per_s"]}
    rest = [f"{escape_markdown(k)}: **{escape_markdown(v)}**" for k, v in words.items()
            if k not in shown]  # fmt: skip
    st.write(" · ".join([f"Effective branching factor: **{effective_branching(trace)}**",
                         f"principal variation: **{' '.join(map(str, res.pv))}**", *rest]))
    prof = depth_profile(trace)
    left, right = st.columns(2)
    left.caption("Nodes per depth")
    bars(left, prof["depth"], prof["nodes"], f"depth_nodes_{id(trace)}")
    if STATS["cutoffs"] in words:
        cut = (trace.nodes["flags"] & CUTOFF) != 0
        depths = trace.nodes["depth"][cut] - int(trace.nodes["depth"][0])
        prof["cutoffs"] = [int((depths == d).sum()) for d in prof["depth"]]
        right.caption("Cutoffs per depth")
        bars(right, prof["depth"], prof["cutoffs"], f"depth_cutoffs_{id(trace)}")


def _report(res: SearchResult, exact: list[int | None] | None) -> str:
    """The one-file HTML analysis of ``res`` (made when the button is clicked)."""
    from treeviz.draw.report import analysis_report

    return analysis_report(res.trace.position(), res, exact)


def downloads_section(trace: Trace, opts: ExportOptions, exportable: bool, key: str) -> None:
    """The trace as JSON and the view ``opts`` in every export format (made on click);
    diagrams only when the subtree is ``exportable`` (at most ``EXPORT_MAX_NODES`` nodes)."""
    too_big = not exportable
    if too_big:
        st.warning(
            f"The view's subtree has more than {EXPORT_MAX_NODES:,} nodes: lower the depth, set "
            "top-k or re-root the view to export a diagram."
        )
    a, b = st.columns(2)
    boards = a.checkbox("Boards inside nodes (views up to 50 nodes)", key=f"{key}_boards")
    dpi = b.select_slider("PNG resolution (dpi)", [72, 96, 150, 300], 96, key=f"{key}_dpi")
    opts = replace(opts, boards=boards, dpi=float(dpi))
    cols = st.columns(len(FORMATS))
    for col, fmt in zip(cols, FORMATS, strict=True):
        download(
            col, fmt.upper(), _exporter(trace, fmt, opts), f"treeviz-{trace.algorithm}.{fmt}",
            f"{key}_dl_{fmt}", mime=MIME[fmt], disabled=too_big and fmt in DIAGRAMS,
        )  # fmt: skip


def _exporter(trace: Trace, fmt: str, opts: ExportOptions) -> Any:
    """A no-argument callable producing the file (Streamlit calls it on click)."""
    if fmt == "json":
        return lambda: dumps(trace)
    return lambda: export_bytes(trace, fmt, opts)


def show_result(res: SearchResult, key: str, exact_on: bool = True, link: bool = False) -> None:
    """Everything about one result, widgets keyed by ``key``; ``link``: the selected
    node goes in the page's query parameters (``node``)."""
    st.subheader(f"{escape_markdown(res.trace.algorithm)} plays column {res.move}")
    st.caption(f"Values: {escape_markdown(kind_text(res.trace.value_kind))}; the player to "
               "move at the root.")  # fmt: skip

    verdict_section(res, key, exact_on)
    moves_section(res, exact_on)
    st.markdown("#### Search tree")
    tree_section(res.trace, key, link, exact_on)
    if st.toggle("Replay the search step by step", key=f"{key}_replay"):

        replay_section(res, key)
    if res.trace.extra.get("log"):  # an MCTS run with record_iterations
        share_section(res.trace)
    st.markdown("#### Statistics")
    stats_section(res)


def share_section(trace: Trace) -> None:
    """MCTS: each root column's share of the visits after every iteration (from the
    iteration log), one line per column: when the choice settled, and how clearly."""
    from streamlit_echarts import JsCode, st_echarts

    from treeviz.agents.mcts.explain import share_over_time

    found = share_over_time(trace)
    if found is None:
        return
    at, share = found
    st.markdown("#### Visit share over iterations")
    series = [
        {"type": "line", "name": f"column {c + 1}", "showSymbol": False,
         "data": [[int(i), round(float(x), 4)] for i, x in zip(at, share[:, c], strict=True)],
         "lineStyle": {"color": PALETTE[c % len(PALETTE)]},
         "itemStyle": {"color": PALETTE[c % len(PALETTE)]}}
        for c in range(trace.width) if share[:, c].any()
    ]  # fmt: skip
    options = {
        "grid": {"left": 56, "right": 16, "top": 36, "bottom": 44},
        "legend": {"top": 0},
        "tooltip": {"trigger": "axis", "valueFormatter": JsCode(PERCENT)},
        "xAxis": {"type": "value", "name": "iteration", "nameLocation": "middle",
                  "nameGap": 26, "min": 1, "max": int(at[-1])},
        "yAxis": {"type": "value", "name": "share of the root's visits", "min": 0, "max": 1,
                  "axisLabel": {"formatter": JsCode(PERCENT)}},
        "series": series,
        "animation": False,
    }  # fmt: skip
    st_echarts(options, height="300px", renderer="svg", key=f"share_{id(trace)}")
    st.caption("Each line: the share of the root's visits that went to that column so far; "
               "the chosen move is the most visited at the end.")  # fmt: skip
