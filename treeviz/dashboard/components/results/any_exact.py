"""Exact values on any game, for the Analyze page's verdict: each legal move's value
for the player to move at the root, found by the exact solver within a node budget,
and the verdict on the agent's move in words. Values are on the negamax scale of the
agents on any game: ``WIN - k`` for a win whose last move is ``k`` plies from the
root, ``k - WIN`` for such a loss, 0 a draw."""

from __future__ import annotations

from typing import Any

import streamlit as st

from treeviz.agents.any_game.registry import search_game
from treeviz.errors import InvalidPositionError
from treeviz.judge.verdict import classify
from treeviz.rules.protocol import Game
from treeviz.rules.registry import load_game
from treeviz.trace.nodes import WIN
from treeviz.trace.numbers import number_text
from treeviz.trace.values import PROVEN, plies

# Nodes the solver may search for one position's moves, all together: tic-tac-toe,
# Nim 1 3 5 7 and small boards are solved well within it (seconds of pure Python);
# Othello, checkers or Hex 5 x 5 from their start are declined, not started.
NODE_BUDGET = 200_000


def value_words(value: float, *, at_most: bool = False) -> str:
    """A negamax value for the root player in words: ``wins in 3 plies``, ``loses in
    2 plies``, else the number (a draw is 0 when the value is exact). ``at_most``: the
    value is an upper bound (a window cut the move): ``loses in at most 2 plies``."""
    if abs(value) < PROVEN:
        return f"at most {number_text(value)}" if at_most else number_text(value)
    k = plies(int(WIN - abs(value)))
    if value < 0:
        return f"loses in at most {k}" if at_most else f"loses in {k}"
    return f"at most a win in {k}" if at_most else f"wins in {k}"


def exact_words(value: int) -> str:
    """An exact value for the root player in words: a win, a loss or a draw."""
    return "a draw" if value == 0 else value_words(value)


def _from_child(game: Game[Any], root: Any, child: Any) -> int:
    """The exact value, for the root's player, of ``child`` (one move from ``root``)."""
    side = game.to_move(root)
    returns = game.outcome(child)
    if returns is not None:  # the move ends the game: decided one ply down
        mine = returns[side]
        return 0 if mine == 0 else (WIN - 1 if mine > 0 else 1 - WIN)
    budget = max(1, NODE_BUDGET // len(game.legal_moves(root)))
    solved = search_game(game, child, f"solver:node_budget={budget}")
    value = int(solved.trace.nodes["value"][0])  # the root's, on the negamax scale
    # one ply further from the root; the sign is the mover's at the child
    further = value - 1 if value > 0 else value + 1 if value < 0 else 0
    return further if game.to_move(child) == side else -further


@st.cache_data(max_entries=64, show_spinner="Solving each move exactly…")
def exact_values(game_name: str, position: str) -> dict[int, int] | None:
    """Each legal move's exact value (by its action id) for the player to move in
    ``position`` of the registered game ``game_name``, or None when the solver would
    search more than :data:`NODE_BUDGET` nodes to know them. Cached: a position's
    values are the same for every visitor."""
    game = load_game(game_name)
    root = game.from_text(position)
    try:
        return {m: _from_child(game, root, game.play(root, m)) for m in game.legal_moves(root)}
    except InvalidPositionError:  # the solver declined: past its node budget
        return None


def verdict_words(game: Game[Any], root: Any, move: int, exact: dict[int, int]) -> str:
    """The agent's ``move`` against the exact values, in words (plain text): its class
    (best, inaccuracy, mistake, blunder), what it and the best moves lead to."""
    best = max(exact.values())
    cls = classify(exact[move], best)
    label = game.label(root, move)
    bests = ", ".join(game.label(root, m) for m, v in exact.items() if v == best)
    if cls == "best":
        return f"{label} is a best move: it {_leads(exact[move])}, as the best do ({bests})."
    return f"{label} is a {cls}: it {_leads(exact[move])}, where the best ({bests}) {_leads(best)}."


def _leads(value: int) -> str:
    """What an exact value means for the player to move, after "it"."""
    if value == 0:
        return "draws with best play"
    return f"{value_words(value)} with best play"
