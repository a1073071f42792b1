"""Minimax and alpha-beta: the agents (:mod:`.agent`) and their compiled negamax
(:mod:`.kernel`)."""
