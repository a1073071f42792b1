"""The doctor inside a traced search on tic-tac-toe reads the values in the view the
code writes them, points at a node whose value is wrong, and says whose view it took.

Each search is written as students write them; a finding's node is checked by running
the person's code again on that node's state and comparing with an independent brute
force over OpenSpiel's own returns, in the view the code means."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

import treeviz
from treeviz.checkup.games.ask import player_of
from treeviz.checkup.games.recorded import inside, record, recorded
from treeviz.rules.registry import load_game

pyspiel = pytest.importorskip("pyspiel")
GAME = pyspiel.load_game("tic_tac_toe")
VALUED = ("terminal", "sign", "backup", "cutoff")


@functools.cache
def truth(history: tuple[int, ...], player: int) -> float:
    """The game's value for ``player`` with best play (OpenSpiel's returns)."""
    state = GAME.new_initial_state()
    for a in history:
        state.apply_action(a)
    if state.is_terminal():
        return float(state.returns()[player])
    values = [truth((*history, a), player) for a in state.legal_actions()]
    return max(values) if state.current_player() == player else min(values)


def sign_error(state: Any, maximizing: bool) -> float:
    """Player 0's minimax whose finished games are scored for the side to move."""
    if state.is_terminal():
        r = state.returns()[0]
        return r if maximizing else -r
    values = [sign_error(state.child(a), not maximizing) for a in state.legal_actions()]
    return max(values) if maximizing else min(values)


def minimax(state: Any, maximizing: bool) -> float:
    """Player 0's minimax, correct."""
    if state.is_terminal():
        return state.returns()[0]
    values = [minimax(state.child(a), not maximizing) for a in state.legal_actions()]
    return max(values) if maximizing else min(values)


def mover(state: Any) -> int:
    """The player to move, at a finished game the one who did not move last."""
    return len(state.history()) % 2


def negamax(state: Any) -> float:
    """The side to move's negamax, correct."""
    if state.is_terminal():
        return state.returns()[mover(state)]
    return max(-negamax(state.child(a)) for a in state.legal_actions())


def no_negation(state: Any) -> float:
    """Negamax that forgets to negate its children's values."""
    if state.is_terminal():
        return state.returns()[mover(state)]
    return max(no_negation(state.child(a)) for a in state.legal_actions())


# (search, whose values it means: a player or None for the side to move)
SEARCHES: dict[str, tuple[Callable[..., float], int | None]] = {
    "sign_error": (sign_error, 0),
    "minimax": (minimax, 0),
    "negamax": (negamax, None),
    "no_negation": (no_negation, None),
}


def run(name: str, state: Any) -> float:
    """The person's code on ``state``, as its caller would call it."""
    search, view = SEARCHES[name]
    return search(state, mover(state) == 0) if view == 0 else search(state)


def chooser(name: str) -> Callable[[Any], int]:
    """A move chooser calling the traced search on each child (as a student does)."""
    search, view = SEARCHES[name]
    traced = treeviz.traced(search)
    globals()[search.__name__] = traced  # its recursive calls are traced too

    def choose(state: Any) -> int:
        me = state.current_player()

        def score(a: int) -> float:
            child = state.child(a)
            if view == 0:
                v = traced(child, mover(child) == 0)
                return v if me == 0 else -v
            return -traced(child)

        return max(state.legal_actions(), key=score)

    return choose


def findings(name: str, positions: list[list[int]], *, pool: bool = True) -> list[Any]:
    """The doctor's findings inside the traced search of ``name`` on ``positions``:
    whose view its values take inferred from all of them (``pool``) or from the one
    position's search alone."""
    search = SEARCHES[name][0]
    game = load_game("tic_tac_toe")
    player = player_of(game, chooser(name))
    try:
        if pool:
            return inside(game, player, player, positions)
        rec = record(game, player, positions[0])
        assert rec is not None
        return recorded(game, rec, positions[0])
    finally:
        globals()[search.__name__] = search


def wrong_by_brute_force(name: str, moves: list[int]) -> bool:
    """Whether the person's code on the state after ``moves`` returns a value unlike
    the game's with best play, in the view it means."""
    state = GAME.new_initial_state()
    for a in moves:
        state.apply_action(a)
    view = SEARCHES[name][1]
    return run(name, state) != truth(tuple(moves), mover(state) if view is None else view)


POSITIONS = [[6, 7, 0], [4, 0, 8], [0, 4, 8, 2]]
# late positions whose searches alone cannot tell player 0's view from player 1's: every
# value there is the same (the first player has lost or drawn whatever it does)
LATE = [[5, 7, 2, 6], [5, 7, 2, 6, 1], [6, 7, 0, 3, 8, 5]]


@pytest.mark.parametrize("moves", POSITIONS)
@pytest.mark.parametrize("name", ["sign_error", "no_negation"])
def test_a_buggy_search_is_found_at_a_node_its_code_gets_wrong(name: str, moves: list[int]) -> None:
    valued = [f for f in findings(name, [moves], pool=False) if f.check in VALUED]
    assert valued
    for f in valued:
        assert wrong_by_brute_force(name, f.moves), f.text


@pytest.mark.parametrize("moves", POSITIONS)
@pytest.mark.parametrize("name", ["minimax", "negamax"])
def test_a_correct_search_gets_no_finding_on_its_values(name: str, moves: list[int]) -> None:
    found = findings(name, [moves], pool=False)
    assert not [f.text for f in found if f.check in (*VALUED, "view")]


def test_a_late_position_alone_leaves_the_view_unclear_and_says_so() -> None:
    found = findings("sign_error", LATE[:1], pool=False)
    assert [f.check for f in found] == ["view"]
    assert "player 0's view and player 1's fit alike" in found[0].text
    assert "@treeviz.traced(player=0)" in found[0].text


def test_the_doctor_infers_the_view_from_earlier_searches_and_finds_the_bug() -> None:
    found = findings("sign_error", LATE)
    valued = [f for f in found if f.check in (*VALUED, "view")]
    assert [f.check for f in valued] == ["sign"]
    assert wrong_by_brute_force("sign_error", valued[0].moves)
    assert "values read as the first player's (player 0's): inferred from" in valued[0].text


@pytest.mark.parametrize("name", ["minimax", "negamax"])
def test_a_correct_search_gets_no_finding_on_late_positions(name: str) -> None:
    assert not [f.text for f in findings(name, LATE) if f.check in (*VALUED, "view")]


def test_a_finding_says_whose_view_it_took_and_how_to_state_it() -> None:
    found = [f for f in findings("sign_error", [[6, 7, 0]], pool=False) if f.check == "sign"]
    assert found
    text = found[0].text
    assert "values read as the first player's (player 0's): inferred from" in text
    assert "finished games scored as player 0's returns" in text
    assert "@treeviz.traced(player=0)" in text
