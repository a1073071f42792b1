"""What results and traces look like in a notebook: their ``_repr_html_`` and
``widget`` methods import this module when first called (as python-chess draws a board).

``SearchResult``: the board, the verdict (exact scores within a short budget), the
per-move table and a small drawing of the tree; another game's: its own board, the
table by the moves' labels and the tree (:mod:`treeviz.draw.game_view`). ``Trace``:
what was searched and the drawing. ``.widget()``: the interactive tree (:mod:`treeviz.draw.widget`).
"""

from __future__ import annotations

import html
from typing import Any

from treeviz.draw import game_view
from treeviz.draw.board_svg import board_svg
from treeviz.draw.export import ExportOptions, export_bytes
from treeviz.draw.html import tree_payload
from treeviz.draw.report import explained, moves_html, verdict_html
from treeviz.draw.widget import tree_widget, widget_options
from treeviz.errors import TreevizError
from treeviz.exact.scores import exact_scores
from treeviz.settings import EXACT_SECONDS, EXPORT_MAX_NODES
from treeviz.trace.nodes import SearchResult, Trace
from treeviz.trace.numbers import count

SMALL_TREE = ExportOptions(depth=2, top_k=7)


def small_tree(trace: Trace) -> str:
    """The first two levels of the tree as inline SVG (empty if it cannot be drawn)."""
    try:
        svg = export_bytes(trace, "svg", SMALL_TREE).decode()
    except TreevizError:
        return ""
    return svg[svg.find("<svg") :]


def result_html(res: SearchResult) -> str:
    """Connect 4: board, verdict, table and tree; another game: its board, the table
    by the moves' labels and the tree."""
    if not res.trace.is_connect4:
        return game_view.result_body(res, small_tree(res.trace))
    pos = res.trace.position()
    exact = None if pos.is_over() else exact_scores(pos, EXACT_SECONDS.default)
    expl = explained(pos, res, exact)
    head = (
        f"<b>{html.escape(res.trace.algorithm)}</b> plays column {res.move} for "
        f"{pos.side_to_move} · {count(res.trace.counters['nodes'])} nodes"
    )
    return (
        f"<div><p>{head}</p><div style='display:flex;gap:16px'>{board_svg(pos, cell=28)}"
        f"<div>{verdict_html(expl)}{moves_html(res, exact)}</div></div>"
        f"{small_tree(res.trace)}</div>"
    )


def trace_html(trace: Trace) -> str:
    if not trace.is_connect4:
        return game_view.trace_body(trace, small_tree(trace))
    c = trace.counters
    cut = " (cut short at its capacity)" if trace.truncated else ""
    return (
        f"<div><p><b>{html.escape(trace.algorithm)}</b> trace of "
        f"{html.escape(trace.root_moves or 'the empty board')}: {count(c['nodes'])} nodes "
        f"searched, {count(len(trace))} recorded{cut}</p>{small_tree(trace)}</div>"
    )


def widget(trace: Trace, **options: Any) -> Any:
    """The interactive tree of ``trace`` (options: :data:`treeviz.draw.widget.OPTIONS`)."""
    given = widget_options(options)
    return tree_widget(
        tree_payload(
            trace, depth=given["depth"], max_nodes=min(given["max_nodes"], EXPORT_MAX_NODES)
        )
    )
