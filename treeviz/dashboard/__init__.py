"""The Streamlit dashboard; ``app.py`` only calls :func:`treeviz.dashboard.app.main`."""
