"""The dashboard as Streamlit's ASGI app: its pages (:data:`SCRIPT`, run for each
visitor) behind the middleware the server needs (:data:`MIDDLEWARE`:
:class:`~treeviz.dashboard.server.base_url.BackendBaseUrl`, so that a deep link such as
``/play`` asks the server's address once; and
:class:`~treeviz.dashboard.server.base_url.DefaultPageAlias`, so that ``/analyze`` opens the
default page without Streamlit's "Page not found";
:class:`~treeviz.dashboard.server.preload.ModulePreload`, so that the browser fetches the
first page's widget code beside Streamlit's own; and, outermost,
:class:`~treeviz.dashboard.server.visitor.VisitorCookie`, so that every answer, a
redirect too, gives a browser without one its visitor id).

``treeviz app`` serves :data:`app` from this module; ``streamlit run app.py`` in a
checkout serves the same app, built the same way in that file (Streamlit finds an app
by reading the script it is given)."""

from __future__ import annotations

from pathlib import Path

import streamlit as st
from starlette.middleware import Middleware

from treeviz.dashboard.components.nav import DEFAULT_PAGE
from treeviz.dashboard.server.base_url import BackendBaseUrl, DefaultPageAlias
from treeviz.dashboard.server.preload import ModulePreload
from treeviz.dashboard.server.visitor import VisitorCookie

SCRIPT = Path(__file__).resolve().parent / "entry" / "streamlit_app.py"
MIDDLEWARE = [
    Middleware(VisitorCookie),
    Middleware(DefaultPageAlias, name=DEFAULT_PAGE),
    Middleware(BackendBaseUrl),
    Middleware(ModulePreload),
]

app = st.App(SCRIPT, middleware=MIDDLEWARE)
