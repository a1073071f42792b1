"""``streamlit run app.py`` from a checkout: the same dashboard as ``treeviz app``.

The pages are listed in ``treeviz/dashboard/pages/__init__.py``, each in its own
package beside it; Streamlit runs ``treeviz/dashboard/server/entry/streamlit_app.py``
for each visit, behind the middleware of :mod:`treeviz.dashboard.server.asgi`."""

import streamlit as st

from treeviz.dashboard.server.asgi import MIDDLEWARE, SCRIPT

# Streamlit reads this file to find the app: it must be built here, by this name.
app = st.App(SCRIPT, middleware=MIDDLEWARE)
