"""A search's walk over a game's raw states (treeviz.rules.steps) says what the
protocol says, on seeded random games of every registered game and of the adapted
course examples, at every step: who moves (negative exactly when the protocol says
nobody), the legal moves in the protocol's order, the child of each move, the returns
of a finished game, the key, and the protocol's own state back (``wrap``); and a walk
leaves the state it steps from as it was."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

from rules_examples import every_game

from treeviz.rules import NOBODY
from treeviz.rules.spiel import UNDOES, SpielGame
from treeviz.rules.steps import steps_of

GAMES = every_game()


def agree(game: Any, state: Any, walk: Any, raw: Any, path: list[int]) -> None:
    """The walk's answers at ``raw`` (``path`` from its start) against the protocol's
    at ``state``, the same position."""
    mover = walk.mover(raw)
    assert (mover < 0) == (game.to_move(state) == NOBODY)
    assert mover < 0 or mover == game.to_move(state)
    assert walk.key(raw, path) == game.key(state)
    assert game.key(walk.wrap(raw, path)) == game.key(state)
    assert game.to_text(walk.wrap(raw, path)) == game.to_text(state)
    if mover < 0:
        assert tuple(walk.returns(raw)) == tuple(game.outcome(state))
    else:
        assert list(walk.actions(raw)) == game.legal_moves(state)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GAMES))
def test_the_walk_says_what_the_protocol_says(name: str) -> None:
    game, rng = GAMES[name], random.Random(7)
    for _ in range(2):
        start = game.from_text("")
        walk = steps_of(game, start)
        state, raw, path = start, walk.start, []
        while True:
            agree(game, state, walk, raw, path)
            if game.to_move(state) == NOBODY:
                break
            before = walk.key(raw, path)
            for move in walk.actions(raw):  # every child, the state left as it was
                kid = walk.child(raw, move)
                agree(game, game.play(state, move), walk, kid, [*path, move])
            assert walk.key(raw, path) == before
            move = rng.choice(game.legal_moves(state))
            state, raw, path = game.play(state, move), walk.child(raw, move), [*path, move]


def test_a_walk_from_a_later_position_keeps_the_moves_before_it() -> None:
    """The protocol's state that a walk hands back holds the moves from the game's
    start, not only those from where the search began."""
    game = GAMES["tic_tac_toe"]
    root = game.from_text("x(1,1) o(0,0)")
    walk = steps_of(game, root)
    child = walk.child(walk.start, 2)
    assert game.to_text(walk.wrap(child, [2])) == game.to_text(game.play(root, 2))


@pytest.mark.parametrize("name", list(GAMES))
def test_a_move_played_in_place_and_taken_back_leaves_the_state_as_it_was(name: str) -> None:
    """Where a game plays moves in place (OpenSpiel's games that undo), each legal move
    of every position of seeded random games, played on a copy and taken back, leaves
    what the protocol reads of it unchanged, and played alone it reaches the child the
    protocol makes; a game without it never offers it (OpenSpiel raises for Othello's
    undo, and checkers' fails after some jumps)."""
    game, rng = GAMES[name], random.Random(11)
    walk = steps_of(game, game.from_text(""))
    undoes = isinstance(game, SpielGame) and game.game.get_type().short_name in UNDOES
    assert (walk.in_place is not None) == undoes
    if walk.in_place is None:
        return
    play, undo, copy = walk.in_place.play, walk.in_place.undo, walk.in_place.copy
    raw, path = copy(walk.start), []
    while walk.mover(raw) >= 0:
        before = (walk.key(raw, path), str(raw), list(walk.actions(raw)), walk.mover(raw))
        for move in walk.actions(raw):
            mine = copy(raw)
            play(mine, move)
            assert walk.key(mine, [*path, move]) == walk.key(walk.child(raw, move), [*path, move])
            undo(mine, before[3], move)
            assert (
                walk.key(mine, path),
                str(mine),
                list(walk.actions(mine)),
                walk.mover(mine),
            ) == before
        move = rng.choice(list(walk.actions(raw)))
        play(raw, move)
        path.append(move)


def test_every_game_said_to_undo_is_one_openspiel_has() -> None:
    """The list of games that undo names OpenSpiel's games, not misspellings."""
    import pyspiel

    assert set(pyspiel.registered_names()) >= UNDOES
