"""A course's own game declares whether it can draw (``can_draw = False`` on its class),
and the adapters pass it on; without a declaration a game may draw. Checked against
the rules of Nim (someone takes the last token) by playing every game to its end."""

from __future__ import annotations

from typing import Any

from rules_examples import example

from treeviz.rules.adapters import AimaGame, StateGame
from treeviz.rules.protocol import can_draw


def outcomes(game: Any, state: Any) -> set[tuple[float, float]]:
    """Every outcome reachable from ``state``, by trying every move."""
    found = game.outcome(state)
    if found is not None:
        return {found}
    return set().union(*(outcomes(game, game.play(state, m)) for m in game.legal_moves(state)))


def test_an_aima_game_that_declares_no_draws_is_drawless() -> None:
    nim = example("nim_aima").Nim((1, 2, 3))
    assert can_draw(AimaGame(nim)) is True  # nothing declared
    nim.can_draw = False
    game = AimaGame(nim)
    assert can_draw(game) is False
    assert all(a != b for a, b in outcomes(game, game.initial()))  # the rules agree


def test_a_state_class_that_declares_no_draws_is_drawless() -> None:
    state = example("tictactoe_state").TicTacToeState()
    assert can_draw(StateGame(state)) is True
    state.can_draw = False
    assert can_draw(StateGame(state)) is False
