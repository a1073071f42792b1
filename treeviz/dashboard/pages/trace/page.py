"""Explore a trace file: upload a trace saved by the CLI or downloaded here."""

from __future__ import annotations

import streamlit as st

from treeviz.dashboard import state
from treeviz.dashboard.components.inputs import exact_checkbox
from treeviz.dashboard.components.results import show_result
from treeviz.dashboard.components.results.any_game import show_any_result
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.pages.trace.state import EXACT, FILE, UPLOAD_SEEN, UPLOADED, VIEW
from treeviz.errors import TreevizError
from treeviz.settings import TRACE_MAX_NODES, TRACE_UPLOAD_MB
from treeviz.trace.analysis import result_of
from treeviz.trace.files import loads
from treeviz.trace.nodes import SearchResult


def trace_page() -> None:
    """Upload a trace JSON (from the CLI or a download) and explore it, of Connect 4
    or of another game."""
    st.title("Explore a trace file")
    st.caption(
        f"A trace saved by `treeviz analyze --trace` or downloaded here (.json, .json.gz or "
        ".npz, NumPy arrays for big traces), "
        f"up to {TRACE_UPLOAD_MB} MB and {TRACE_MAX_NODES:,} nodes."
    )
    upload = st.file_uploader(
        "Trace file", type=["json", "gz", "npz"], key=FILE, max_upload_size=TRACE_UPLOAD_MB
    )
    # Each file is read once: a refused one shows its error once and leaves what was
    # loaded before in place; a good one is not parsed again on every rerun.
    if upload is not None and upload.file_id != state.get(UPLOAD_SEEN):
        state.put(UPLOAD_SEEN, upload.file_id)
        try:
            state.put(UPLOADED, load_upload(upload.name, upload.getvalue()))
        except TreevizError as exc:
            show_error(str(exc))
    res = state.get(UPLOADED)
    if res is None:
        st.info("No trace loaded yet.")
        return
    if not res.trace.is_connect4:  # another game's: its board, labels and exact values
        show_any_result(res, VIEW)
        return
    exact_on = exact_checkbox(EXACT)  # the verdict needs the exact scores
    show_result(res, VIEW, exact_on=exact_on)  # its board heads the answer


def load_upload(name: str, raw: bytes) -> SearchResult:
    """The result carried by an uploaded trace; typed errors quote the file name."""
    if len(raw) > TRACE_UPLOAD_MB << 20:
        raise TreevizError(
            f"{name!r} is {len(raw) / 2**20:.0f} MB; the limit is {TRACE_UPLOAD_MB} MB"
        )
    return result_of(loads(raw, source=repr(name)))
