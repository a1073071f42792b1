"""The Play page: a person against an agent, or two agents watched (:mod:`.state`: its
settings)."""
