"""The doctor on any game: the black-box checks that need no solver, for an agent over
any registered game (:func:`~treeviz.checkup.games.run.check_game`), and the checks
inside a search's trace over any game (:mod:`.inside`).

Each finding is proved by the shortest position found that still shows it, written in
the game's own notation (:meth:`~treeviz.rules.protocol.Game.to_text`).
"""
