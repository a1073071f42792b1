"""The dashboard's pages, one module each: analyze a position, compare two searches,
play, review a game, explore a trace file, the arena, the doctor (its section inside a
traced search in ``doctor_inside``) and ID3 decision trees (id3);
:mod:`treeviz.dashboard.app` lists them."""
