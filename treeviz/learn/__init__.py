"""Learning by doing, built on recorded traces and exact scores: predict the search
step by step, alpha-beta by hand, and a player's own mistakes as puzzles.

Puzzles (:mod:`.puzzles`, :mod:`.deck`, :mod:`.schedule`): ``puzzle_cards(game)`` makes
a card of each mistake and blunder of a game, ``save_deck``/``load_deck`` keep them in a
JSON deck file, and a ``Schedule`` orders them by Leitner boxes as they are answered.
"""
