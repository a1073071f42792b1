"""``streamlit run app.py`` from a checkout: the same dashboard as ``treeviz app``
(:mod:`treeviz.dashboard.asgi`; the pages themselves are
``treeviz/dashboard/entry/streamlit_app.py``)."""

import streamlit as st

from treeviz.dashboard.asgi import MIDDLEWARE, PAGES

# Streamlit reads this file to find the app: it must be built here, by this name.
app = st.App(PAGES, middleware=MIDDLEWARE)
