"""The dashboard: ``streamlit run app.py`` (``make app``) calls :func:`main`."""

from __future__ import annotations

import streamlit as st

from treeviz.dashboard.pages import analyze_page, trace_page


def main() -> None:
    """Two pages: analyse a position; explore an uploaded trace."""
    st.set_page_config(page_title="treeviz", layout="wide")
    nav = st.navigation(
        [
            st.Page(analyze_page, title="Analyze a position", url_path="analyze", default=True),
            st.Page(trace_page, title="Explore a trace file", url_path="trace"),
        ]
    )
    nav.run()
