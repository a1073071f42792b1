"""Another game's decided values (not Connect 4's) in the game's unit: a win 1, a
loss -1, a draw 0 for the root player, the sign of the game's returns (other games
count no stones, so Connect 4's exact scores have no counterpart), with the plies from
the root to the end of the game."""

from __future__ import annotations

from typing import Any

from treeviz.trace.nodes import WIN
from treeviz.trace.values import PROVEN


def game_outcome(value: float, *, bound: str = "") -> dict[str, Any] | None:
    """The result a negamax value of another game (for the root player, ``±(WIN -
    plies)`` decided, else heuristic points) proves, in the game's unit: ``score`` 1 a
    win, -1 a loss (the sign of the game's returns; other games count no stones), with
    ``plies`` from the root; None for a value that is not decided, and for a win that
    is only an upper bound (``bound`` "upper": it proves nothing). An upper-bounded
    loss is a loss "in at most" its plies."""
    if abs(value) < PROVEN:
        return None
    plies = int(WIN - abs(value))
    if value > 0:
        return None if bound == "upper" else {"result": "win", "plies": plies, "score": 1}
    out: dict[str, Any] = {"result": "loss", "plies": plies, "score": -1}
    if bound:
        out["bound"] = bound
    return out
