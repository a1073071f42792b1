"""Moves judged against the exact scores: one choice's verdict with the agent's reasons
(:mod:`.verdict`) and a whole game reviewed move by move (:mod:`.review`)."""
