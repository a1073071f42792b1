"""The agents on any game of the protocol (:mod:`treeviz.rules`): random, greedy,
minimax, alpha-beta, MCTS and an exact solver for small games, in pure Python (a
person's own game cannot be compiled), each recording the trace Connect 4's agents
record. The entry point is :func:`treeviz.agents.any_game.registry.search_game`
(the public ``treeviz.search_game``)."""
