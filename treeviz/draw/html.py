"""HTML pieces shared by one-file reports and notebooks: the interactive tree (its
script and data), tables, and a self-contained page.

Everything is inlined: a report opens in any browser with no network. The tree's
script (``static/tree.js``) has no dependency; its data is a selection of the trace
(:func:`~treeviz.draw.view.select`, at most
:data:`~treeviz.settings.EXPORT_MAX_NODES` drawn nodes, the rest counted as "+N more"),
labelled and coloured by the same decorators as every other view.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from treeviz.draw.board_svg import js_style
from treeviz.draw.style import CHART_FRAME, CHOSEN_ROW, MUTED_TEXT, TABLE_HEAD
from treeviz.draw.view import legend_stops, legend_title, select, walk
from treeviz.errors import ExportLimitError
from treeviz.settings import EXPORT_MAX_NODES, REPORT_MAX_BYTES
from treeviz.trace.nodes import Trace
from treeviz.trace.numbers import cell

STATIC = Path(__file__).resolve().parent / "static"
STYLE = (
    f"body{{font:14px/1.4 sans-serif;margin:24px;max-width:1200px}}"
    f"table{{border-collapse:collapse;margin:8px 0}}td,th{{border:1px solid {CHART_FRAME};"
    f"padding:3px 8px;text-align:right}}th{{background:{TABLE_HEAD}}}"
    f"tr.chosen td{{font-weight:bold;background:{CHOSEN_ROW}}}"
    ".verdict{font-size:16px;margin:8px 0}.row{display:flex;gap:24px;"
    f"align-items:flex-start}}ul.reasons li{{margin:2px 0}}.muted{{color:{MUTED_TEXT}}}"
)


@cache
def tree_js() -> str:
    """The tree's script: defines ``treevizRender(element, data)``."""
    return (STATIC / "tree.js").read_text(encoding="utf-8")


def tree_payload(
    trace: Trace, root: int = 0, *, depth: int | None = None, max_nodes: int = EXPORT_MAX_NODES
) -> dict[str, Any]:
    """The data the tree's script draws: the selected entries (breadth-first, root
    first) with labels, fills and each one's moves from the trace's root."""
    sel = select(trace, root, max_depth=depth, max_nodes=max_nodes)
    nodes = []
    for d in walk(sel):
        node = d.node if d.kind == "node" else int(d.key.split(":", 1)[1])
        nodes.append(
            {
                "key": d.key,
                "parent": d.parent,
                "kind": d.kind,
                "label": d.label,
                "fill": d.fill,
                "moves": trace.path_moves(node),
                "pv": d.on_pv,
                "folded": d.folded,
            }
        )
    return {
        "nodes": nodes,
        "width": trace.width,
        "height": trace.height,
        "root_moves": trace.root_moves,
        "legend": legend_stops(trace),
        "title": legend_title(trace),
        "recorded": len(trace),
        "style": js_style(),
    }


def script_json(data: Any) -> str:
    """``data`` as JSON that cannot end the ``<script>`` element it sits in."""
    return json.dumps(data).replace("</", "<\\/")


def tree_block(payload: dict[str, Any], element_id: str) -> str:
    """A ``<div>`` and the inline script that draws the tree into it."""
    return (
        f'<div id="{element_id}"></div><script>{tree_js()}\n'
        f'treevizRender(document.getElementById("{element_id}"), '
        f"{script_json(payload)});</script>"
    )


def table_html(
    rows: Sequence[dict[str, Any]], columns: Sequence[tuple[str, str]], marked: str | None = None
) -> str:
    """A table of ``rows`` with ``columns`` as (key, header), each cell as
    :func:`~treeviz.trace.numbers.cell` reads it; the rows whose ``marked`` key is true
    get the class ``chosen``."""
    head = "".join(f"<th>{html.escape(h)}</th>" for _, h in columns)
    body = []
    for r in rows:
        cls = ' class="chosen"' if marked and r.get(marked) else ""
        cells = "".join(f"<td>{html.escape(cell(r.get(k)))}</td>" for k, _ in columns)
        body.append(f"<tr{cls}>{cells}</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def page(title: str, body: str) -> str:
    """A whole self-contained HTML document; :class:`ExportLimitError` past
    :data:`REPORT_MAX_BYTES`."""
    doc = (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body>{body}</body></html>"
    )
    size = len(doc.encode())
    if size > REPORT_MAX_BYTES:
        raise ExportLimitError(
            f"the report would be {size / 2**20:.1f} MB; at most "
            f"{REPORT_MAX_BYTES // 2**20} MB: draw fewer levels "
            "(--depth)"
        )
    return doc
