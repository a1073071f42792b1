"""The tree view's downloads: the view as drawn in every export format (diagrams only
for subtrees small enough to draw; the CSV its nodes), the whole trace as JSON, NPZ
and a CSV of every node."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import streamlit as st

from treeviz.dashboard.components.inputs import download
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.draw.export import FORMATS, ExportOptions, export_bytes
from treeviz.settings import EXPORT_MAX_NODES
from treeviz.trace.files import dumps
from treeviz.trace.nodes import Trace

DIAGRAMS = ("svg", "png", "pdf", "dot", "graphml")
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


def downloads_section(
    trace: Trace, opts: ExportOptions, *, exportable: bool, view: TreeView
) -> None:
    """The trace as JSON and the view ``opts`` in every export format (made on click);
    diagrams only when the subtree is ``exportable`` (at most ``EXPORT_MAX_NODES`` nodes)."""
    too_big = not exportable
    if too_big:
        st.warning(
            f"The view's subtree has more than {EXPORT_MAX_NODES:,} nodes: lower the depth, set "
            "top-k or re-root the view to export a diagram."
        )
    a, b = st.columns(2)
    boards = a.checkbox(
        "Boards inside nodes", key=view.widget("boards"), help="in views of up to 50 nodes"
    )
    dpi = b.select_slider("PNG resolution (dpi)", [72, 96, 150, 300], 96, key=view.widget("dpi"))
    opts = replace(opts, boards=boards, dpi=float(dpi))
    # buttons as wide as their names, wrapping to a new row when the page is narrow
    row = st.container(horizontal=True, gap="small")
    for fmt in FORMATS:
        download(
            row,
            fmt.upper(),
            _exporter(trace, fmt, opts),
            file_name=f"treeviz-{trace.algorithm}.{fmt}",
            key=view.widget("dl", fmt),
            mime=MIME[fmt],
            disabled=too_big and fmt in DIAGRAMS,
        )
    download(
        row,
        "CSV of every node",
        _exporter(trace, "csv", ExportOptions(depth=None)),
        file_name=f"treeviz-{trace.algorithm}-all.csv",
        key=view.widget("dl", "csv_all"),
        mime=MIME["csv"],
        help="the per-node table of the whole trace (the CSV above holds the view's nodes)",
    )


def _exporter(trace: Trace, fmt: str, opts: ExportOptions) -> Any:
    """A no-argument callable producing the file (Streamlit calls it on click)."""
    if fmt == "json":
        return lambda: dumps(trace)
    return lambda: export_bytes(trace, fmt, opts)
