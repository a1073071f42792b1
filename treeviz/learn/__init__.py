"""Learning by doing, built on recorded traces and exact scores: predict the search
step by step, alpha-beta by hand, and a player's own mistakes as puzzles.

Puzzles (:mod:`.puzzles`, :mod:`.deck`, :mod:`.schedule`): ``puzzle_cards(game)`` makes
a card of each mistake and blunder of a game, ``save_deck``/``load_deck`` keep them in a
JSON deck file, and a ``Schedule`` orders them by Leitner boxes as they are answered.

In a notebook: ``treeviz.predict("4453", "alphabeta:depth=3,ordering=left,tt=false")``
gives a :class:`~treeviz.learn.questions.Session` of questions to answer;
``treeviz.textbook_tree(3, 3, seed=1)`` or ``treeviz.position_tree("4453", 2)`` a tree to
fill in by hand, ``treeviz.check_sheet`` checks it and ``treeviz.alphabeta_sheet`` prints
it (SVG, PDF) with or without its answer key.
"""
