"""Games between two players (agent specs or a human): the play loop, the game record
and its file (:mod:`.game`)."""
