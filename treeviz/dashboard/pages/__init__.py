"""The dashboard's pages, one package each, holding the page's view (``page.py``),
its sections and its state: analyze a position (``analyze``), compare two searches
(``compare``), play (``play``), review a game (``review``), explore a trace file
(``trace``), the arena (``arena``), the doctor (``doctor``, its section inside a traced
search in ``doctor/inside.py``), ID3 decision trees (``id3``) and learn by doing
(``learn``: predict the search, alpha-beta by hand, puzzles);
:data:`treeviz.dashboard.app.PAGES` lists them. No page imports another: what two
pages share is a component (:mod:`treeviz.dashboard.components`)."""
