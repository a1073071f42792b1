"""``streamlit run app.py`` from a checkout: the same dashboard as ``treeviz app``.

Its pages are listed in ``treeviz/dashboard/app.py`` (``PAGES``), each a package of
``treeviz/dashboard/pages/``. Streamlit runs ``treeviz/dashboard/server/entry/
streamlit_app.py`` for each visit, behind the middleware of
:mod:`treeviz.dashboard.server.asgi`."""

import streamlit as st

from treeviz.dashboard.server.asgi import MIDDLEWARE, SCRIPT

# Streamlit reads this file to find the app: it must be built here, by this name.
app = st.App(SCRIPT, middleware=MIDDLEWARE)
