"""The Learn page and its exercises: predict the search (:mod:`.predict`), alpha-beta by
hand (:mod:`.alphabeta`) and puzzles (:mod:`.puzzles`)."""
