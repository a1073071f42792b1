"""The Streamlit dashboard: the page list, three rooms and the one state module they
share.

- :mod:`.app`: the page list (:data:`~treeviz.dashboard.app.PAGES`) and the run of a
  visit (:func:`~treeviz.dashboard.app.main`: the seal, the warm-up, the navigation);
- :mod:`.pages`: one package per page holding its view, its sections and its state
  (``pages/analyze/``, ``pages/learn/``...); no page imports another;
- :mod:`.components`: what pages share (the board, inputs, navigation, tables, numbers,
  escaped text, the one tree chart and one search result's sections); no component
  imports a page;
- :mod:`.server`: what starts and serves the app (the ASGI app and its middleware, the
  launcher, the warm-up, what the starter chose, the process's caches and the script
  Streamlit runs for each visit);
- :mod:`.state`: the session state that crosses pages, and the one door to it.

``app.py`` at the top of a checkout and ``treeviz app`` serve the app through
:mod:`.server.asgi`."""
