"""The doctor's oracle on any game (wins at once, moves that lose at once) against a
brute force written here over OpenSpiel's own states, on random positions: Connect 4
through our protocol against OpenSpiel's ``connect_four``, tic-tac-toe and Nim
through OpenSpiel."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.checkup.games.facts import facts
from treeviz.rules.registry import load_game

pyspiel = pytest.importorskip("pyspiel")

GAMES = {"connect4": "connect_four", "tic_tac_toe": "tic_tac_toe", "nim": "nim"}


def brute(state: Any) -> tuple[set[int], set[int]]:
    """OpenSpiel's actions that win at once, and those that lose at once (the game
    ends lost, or the opponent then has an action that wins at once)."""
    me = state.current_player()
    wins, loses = set(), set()
    for a in state.legal_actions():
        child = state.child(a)
        if child.is_terminal():
            (wins if child.returns()[me] > 0 else loses if child.returns()[me] < 0 else set()).add(
                a
            )
            continue
        them = child.current_player()
        if any(
            child.child(b).is_terminal() and child.child(b).returns()[them] > 0
            for b in child.legal_actions()
        ):
            loses.add(a)
    return wins, loses


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), choices=st.lists(st.integers(0, 99), max_size=30))
def test_facts_agree_with_a_brute_force_over_openspiel(name: str, choices: list[int]) -> None:
    spiel = pyspiel.load_game(GAMES[name]).new_initial_state()
    rules = load_game(name)
    ours = rules.initial()
    for c in choices:  # the same random game in both
        if spiel.is_terminal():
            break
        action = spiel.legal_actions()[c % len(spiel.legal_actions())]
        spiel.apply_action(action)
        ours = rules.play(ours, action)
    if spiel.is_terminal():
        return
    found = facts(rules, ours)
    wins, loses = brute(spiel)
    assert set(found.wins) == wins and set(found.losing) == loses
    assert found.must_block == (not wins and 0 < len(loses) < len(spiel.legal_actions()))
