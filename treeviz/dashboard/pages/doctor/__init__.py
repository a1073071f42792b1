"""The Doctor page: a checkup of an agent (:mod:`.inside`: the bugs seen inside a traced
search; :mod:`.state`: its choices and last checkup)."""
