"""Exhaustive play through the protocol against counts known from outside: tic-tac-toe
has 255,168 games and 5,478 positions (the empty board included); Nim is won by the
player to move exactly as Bouton's rules say (normal play: the heaps' xor is not zero;
misère: the same, except with no heap above one, where an even number of heaps wins)."""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from functools import reduce
from operator import xor
from typing import Any

import pytest

pytest.importorskip("pyspiel")

from rules_examples import aima_nim, state_tictactoe

from treeviz.rules import load_game

TICTACTOE_GAMES, TICTACTOE_POSITIONS = 255_168, 5_478


def games_and_positions(game: Any) -> tuple[int, int]:
    """The games played to their end from the start, and the distinct keys reached."""
    games: dict[Hashable, int] = {}

    def count(state: Any) -> int:
        key = game.key(state)
        if key not in games:  # the games from a position depend on the position only
            moves = game.legal_moves(state)
            games[key] = sum(count(game.play(state, m)) for m in moves) if moves else 1
        return games[key]

    return count(game.initial()), len(games)


def value(game: Any, state: Any, seen: dict[Hashable, float]) -> float:
    """Player 0's return under best play, by exhaustive minimax."""
    key = game.key(state)
    if key not in seen:
        outcome = game.outcome(state)
        if outcome is not None:
            seen[key] = outcome[0]
        else:
            children = [value(game, game.play(state, m), seen) for m in game.legal_moves(state)]
            seen[key] = max(children) if game.to_move(state) == 0 else min(children)
    return seen[key]


def first_player_wins(heaps: tuple[int, ...], misere: bool) -> bool:
    if misere and max(heaps) <= 1:
        return sum(heaps) % 2 == 0
    return reduce(xor, heaps) != 0


@pytest.mark.parametrize("make", [lambda: load_game("tic_tac_toe"), state_tictactoe])
def test_tictactoe_has_the_known_numbers_of_games_and_positions(make: Any) -> None:
    assert games_and_positions(make()) == (TICTACTOE_GAMES, TICTACTOE_POSITIONS)


# one heap is left out: OpenSpiel reads "pile_sizes=3" as a number, not a list
HEAPS = [h for n in (2, 3) for h in itertools.product(range(1, 5), repeat=n)][::3]


@pytest.mark.parametrize("misere", [False, True])
def test_openspiel_nim_follows_boutons_rules(misere: bool) -> None:
    for heaps in HEAPS:
        game = load_game(f"nim(pile_sizes={';'.join(map(str, heaps))},is_misere={misere})")
        won = value(game, game.initial(), {}) == 1.0
        assert won == first_player_wins(heaps, misere), heaps


def test_a_course_nim_follows_the_xor_rule() -> None:
    for heaps in HEAPS:
        game = aima_nim(heaps)
        assert (value(game, game.initial(), {}) == 1.0) == first_player_wins(heaps, False)
