"""The agents: their contract (:mod:`.contract`), the helpers they share (:mod:`.common`,
:mod:`.reasons`; :mod:`.stopping` for Ctrl-C, deadlines and progress; :mod:`.deadline`
for a person's agent's time per move), one room per agent (:mod:`.random_agent`,
:mod:`.greedy`, :mod:`.astar`, :mod:`.alphabeta`, :mod:`.mcts`, :mod:`.solver`), the
user agents (:mod:`.user`: files, engines, traced searches) and the registry that names
them all behind one entry point (:func:`.registry.search`)."""
