"""The Streamlit dashboard, in three rooms and the one state module they share:

- :mod:`.pages`: the page list (``pages/__init__.py``), then one package per page
  holding its view, its sections and its state (``pages/analyze/``, ``pages/learn/``...);
  no page imports another;
- :mod:`.components`: what pages share (the board, inputs, navigation, tables, numbers,
  escaped text, the one tree chart and one search result's sections); no component
  imports a page;
- :mod:`.server`: what starts and serves the app (the ASGI app and its middleware, the
  launcher, the warm-up, what the starter chose, the process's caches and the script
  Streamlit runs for each visit);
- :mod:`.state`: typed session state every room reads.

:func:`treeviz.dashboard.app.main` builds the navigation from the page list;
``app.py`` at the top of a checkout and ``treeviz app`` serve it through
:mod:`.server.asgi`."""
