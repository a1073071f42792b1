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
    ``plies`` from the root; None for a value that is not decided. ``bound`` "upper" or
    "lower" when the value is only a bound: a bound away from the result proves
    nothing (None: at most a win, at least a loss), one towards it proves the result
    in at most its plies (the outcome's ``bound`` "upper", as Connect 4's say it)."""
    if abs(value) < PROVEN:
        return None
    won = value > 0
    if bound == ("upper" if won else "lower"):
        return None
    out: dict[str, Any] = {
        "result": "win" if won else "loss",
        "plies": int(WIN - abs(value)),
        "score": 1 if won else -1,
    }
    if bound:
        out["bound"] = "upper"
    return out
