"""Streamlit entry point: ``streamlit run app.py`` (``make app``)."""

from treeviz.dashboard.app import main

main()
