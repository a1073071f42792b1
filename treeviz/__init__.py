"""treeviz: see why a Connect 4 agent chose its move.

Load a :class:`Position`, run :func:`search` with an agent, read the
:class:`SearchResult` (chosen column, per-column values, principal variation, trace);
:func:`search_game` runs the same kinds of agent on any game (:mod:`treeviz.rules`).

The names below are imported on first use (PEP 562), so ``import treeviz`` and the
command line stay quick: drawing and tables pull in pandas and networkx only when
asked for.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "Position": "treeviz.connect4.board",
    "IllegalMoveError": "treeviz.errors",
    "InvalidMoveError": "treeviz.errors",
    "InvalidParameterError": "treeviz.errors",
    "InvalidPositionError": "treeviz.errors",
    "TraceFormatError": "treeviz.errors",
    "TreevizError": "treeviz.errors",
    "parse_position": "treeviz.connect4.notation",
    "AGENTS": "treeviz.agents.registry",
    "explain": "treeviz.judge.verdict",
    "what_if": "treeviz.judge.whatif",
    "doctor": "treeviz.checkup.run",
    # the doctor on any game: from outside (and inside a traced search), and a trace's inside
    "doctor_game": "treeviz.checkup.games.run:check_game",
    "check_game_tree": "treeviz.checkup.games.inside",
    "search": "treeviz.agents.registry",
    "search_game": "treeviz.agents.any_game.registry",  # the agents on any game
    "SearchResult": "treeviz.trace.nodes",
    "Trace": "treeviz.trace.nodes",
    "load_trace": "treeviz.trace.files:load",
    "save_trace": "treeviz.trace.files:save",
    "select": "treeviz.draw.view",
    "to_networkx": "treeviz.draw.view",
    "traced": "treeviz.agents.user.instrument",
    "recording": "treeviz.agents.user.instrument",
    # OpenSpiel's own searches, traced unchanged (the games extra)
    "trace_openspiel_alpha_beta": "treeviz.agents.user.spiel_search",
    "trace_openspiel_mcts": "treeviz.agents.user.spiel_search",
    "position_from_grid": "treeviz.connect4.grid",
    # puzzles from a player's mistakes (treeviz.learn)
    "Card": "treeviz.learn.puzzles",
    "puzzle_cards": "treeviz.learn.puzzles",
    "cards_from_review": "treeviz.learn.puzzles",
    "puzzle_solution": "treeviz.learn.puzzles:solution",
    "DeckFileError": "treeviz.learn.deck",
    "load_deck": "treeviz.learn.deck",
    "loads_deck": "treeviz.learn.deck",
    "save_deck": "treeviz.learn.deck",
    "Schedule": "treeviz.learn.schedule",
    "predict": "treeviz.learn.predict",
    "textbook_tree": "treeviz.learn.hand",
    "position_tree": "treeviz.learn.hand",
    "check_sheet": "treeviz.learn.hand",
    "alphabeta_sheet": "treeviz.learn.sheet:sheet",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    """Import a public name from its module the first time it is used."""
    if name not in _WHERE:
        raise AttributeError(f"module 'treeviz' has no attribute {name!r}")
    module, _, attr = _WHERE[name].partition(":")
    value = getattr(import_module(module), attr or name)
    globals()[name] = value
    return value
