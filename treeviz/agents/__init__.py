"""The agents: their contract (:mod:`.contract`), the helpers they share, one room per
agent, the user agents (:mod:`.user`: files, engines, traced searches) and the registry
that names them all behind one entry point (:func:`.registry.search`)."""
