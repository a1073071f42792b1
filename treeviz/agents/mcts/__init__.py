"""Monte Carlo tree search: the agent (:mod:`.agent`), its compiled phases (:mod:`.kernel`)
and what its statistics mean in words (:mod:`.explain`)."""
