"""Answers known from outside treeviz for OpenSpiel's small games (tic-tac-toe, Nim),
shared by the tests that check another game's words, colours and values: a brute force
over OpenSpiel's own returns, and OpenSpiel's own ``alpha_beta_search``. Callers skip
first when OpenSpiel is not installed (``pytest.importorskip("pyspiel")``)."""

from __future__ import annotations

from typing import Any

_KNOWN: dict[str, int] = {}  # results by the player to move and the state's text


def best_result(state: Any) -> int:
    """+1, 0 or -1: the result for the player to move at ``state`` (not over) under
    best play, from OpenSpiel's returns only; once per position, so move orders that
    transpose share one answer."""
    key = f"{state.current_player()}|{state}"
    if key not in _KNOWN:
        me, top = state.current_player(), -2
        for action in state.legal_actions():
            child = state.child(action)
            if child.is_terminal():
                top = max(top, round(child.returns()[me]))
            else:
                sign = 1 if child.current_player() == me else -1
                top = max(top, sign * best_result(child))
        _KNOWN[key] = top
    return _KNOWN[key]


_LENGTHS: dict[str, tuple[int, int]] = {}  # (result, plies) by player to move and text


def result_and_plies(state: Any) -> tuple[int, int]:
    """(result, plies) for the player to move at ``state`` (not over): +1, 0 or -1
    under best play, from OpenSpiel's returns only, and the plies to the end (the
    winner ends it as soon, the loser as late as can be)."""
    key = f"{state.current_player()}|{state}"
    if key not in _LENGTHS:
        me = state.current_player()
        _LENGTHS[key] = max(
            (result_after(state, a, me) for a in state.legal_actions()),
            key=lambda rp: (rp[0], -rp[1] if rp[0] > 0 else rp[1] if rp[0] < 0 else 0),
        )
    return _LENGTHS[key]


def result_after(state: Any, action: int, player: int) -> tuple[int, int]:
    """(result, plies) for ``player`` once ``action`` is played at ``state`` and both
    play best after it (:func:`result_and_plies`), the move itself counted."""
    child = state.child(action)
    if child.is_terminal():
        mine = child.returns()[player]
        return (mine > 0) - (mine < 0), 1
    result, plies = result_and_plies(child)
    return (result if child.current_player() == player else -result), plies + 1


def move_values(game: Any, actions: list[int]) -> dict[int, float]:
    """Each legal move's value for the player to move after ``actions`` in OpenSpiel's
    ``game`` (+1 a win, 0 a draw, -1 a loss), by OpenSpiel's own alpha-beta."""
    from open_spiel.python.algorithms import minimax

    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    me, out = state.current_player(), {}
    for action in state.legal_actions():
        child = state.child(action)
        out[action] = (
            child.returns()[me]
            if child.is_terminal()
            else minimax.alpha_beta_search(game, child, maximizing_player_id=me)[0]
        )
    return out
