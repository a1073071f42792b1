"""The Streamlit dashboard: its server, warm-up and what its starter chose
(:mod:`.launch`, :mod:`.warming`, :mod:`.server`), navigation (:mod:`.app`, :mod:`.nav`,
:mod:`.history`), one module per page (:mod:`.pages`), typed session state
(:mod:`.state`), every cache (:mod:`.cache`), and the parts pages share: the board
(:mod:`.board`, :mod:`.board_chart`), inputs, the interactive tree, tables, escaped
text and one search result's sections (:mod:`.results`). The scripts Streamlit runs,
:mod:`.entry.streamlit_app`, only calls :func:`treeviz.dashboard.app.main`; ``app.py``
and :mod:`.asgi` serve it behind the middleware of :mod:`.base_url`."""
