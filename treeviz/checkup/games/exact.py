"""What a small game's exact solver says of a move the doctor names: whether a move
that missed a win at once still wins by force, and whether a move that loses at once
stood in a position every move loses.

A search that scores every win alike (a course's minimax over the game's returns:
+1 however far away the win is) plays a slower win as readily as a win at once, and
gives up at once in a lost position. The black-box checks still name such a move
(the win at once was there), but the sentence then says what is true: the move wins
too, later, or every move loses. The solver is asked within a small node budget;
past it (a large game's middle) nothing is said beyond the rules' one- and two-ply
facts.
"""

from __future__ import annotations

from typing import Any

from treeviz.errors import InvalidPositionError
from treeviz.rules.protocol import Game

NODE_BUDGET = 20_000  # tic-tac-toe and Nim's positions solve within it; a big game's not


Result = tuple[str, int]  # ("win" | "loss" | "draw", plies to the game's end)


def outcome_for(game: Game[Any], state: Any, player: int) -> Result | None:
    """``player``'s exact result at ``state`` and the plies from it to the end (with
    best play: a win as soon, a loss as late as can be); None past
    :data:`NODE_BUDGET` nodes."""
    from treeviz.agents.any_game.registry import search_game

    finished = game.outcome(state)
    if finished is not None:
        mine, theirs = finished[player], finished[1 - player]
        return ("draw" if mine == theirs else "win" if mine > theirs else "loss"), 0
    try:
        res = search_game(game, state, "solver", node_budget=NODE_BUDGET)
    except InvalidPositionError:  # the budget refused: too large to tell
        return None
    found = res.outcome  # the mover's proven result, its plies from ``state``
    if found is None:  # the solver's 0: a draw (its length not counted)
        return "draw", 0
    result = found["result"]
    if game.to_move(state) != player:
        result = "loss" if result == "win" else "win"
    return result, int(found["plies"])


def after_move(game: Game[Any], state: Any, move: int) -> Result | None:
    """The mover's exact result once ``move`` is played at ``state``, its plies
    counted from ``state`` (the move itself included); None: not known."""
    found = outcome_for(game, game.play(state, move), game.to_move(state))
    return None if found is None else (found[0], found[1] + 1)
