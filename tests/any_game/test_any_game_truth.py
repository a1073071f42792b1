"""The agents on any game against answers from outside them: minimax (every move
searched) for alpha-beta, an independent brute force over OpenSpiel's own states for
the solver on every tic-tac-toe position, and OpenSpiel's ``alpha_beta_search``."""

from __future__ import annotations

import random
import re
import zlib
from typing import Any

import pytest

from treeviz.agents.any_game.registry import search_game
from treeviz.rules import load_game
from treeviz.trace.nodes import SearchResult

# game, depth, positions: small games, depths that keep minimax quick
SMALL = {
    "tic_tac_toe": (3, 200),
    "nim": (2, 150),
    "hex(board_size=3)": (3, 200),
    "mnk(m=3,n=4,k=3)": (3, 150),
    "connect4": (3, 150),
}


def random_positions(game: Any, count: int, seed: int) -> list[Any]:
    """``count`` unfinished positions, each at a random ply of a seeded random game."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        state, stop = game.initial(), rng.randrange(40)
        for _ in range(stop):
            if game.outcome(state) is not None:
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if game.outcome(state) is None:
            out.append(state)
    return out


def scrambled(game: Any, state: Any, player: int) -> float:
    """A heuristic of many distinct values (a hash of the position), zero-sum: ties and
    bounds come out differently from the outcome alone."""
    points = zlib.crc32(repr(game.key(state)).encode()) % 41 - 20
    return points if player == 0 else -points


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SMALL))
def test_alphabeta_answers_what_minimax_answers(name: str) -> None:
    game, (depth, count) = load_game(name), SMALL[name]
    for i, state in enumerate(random_positions(game, count, seed=7)):
        heuristic = scrambled if i % 2 else None
        plain = search_game(game, state, f"minimax:depth={depth}", heuristic=heuristic)
        pruned = search_game(game, state, f"alphabeta:depth={depth}", heuristic=heuristic)
        where = game.to_text(state)
        assert (pruned.value, pruned.move) == (plain.value, plain.move), where
        assert pruned.trace.counters["nodes"] <= plain.trace.counters["nodes"], where


def brute_force(state: Any, memo: dict[tuple[int, str], int]) -> int:
    """+1, 0 or -1: the result for the player to move in OpenSpiel's own ``state``
    under perfect play, by trying every line (no treeviz code; ``memo`` by board)."""
    key = (state.current_player(), str(state))
    if key not in memo:
        memo[key] = max(value_after(state, a, memo) for a in state.legal_actions())
    return memo[key]


def value_after(state: Any, action: int, memo: dict[tuple[int, str], int]) -> int:
    """The result, for the player who plays ``action``, of playing it and then perfectly."""
    child = state.child(action)
    if child.is_terminal():
        return int(child.returns()[state.current_player()])
    sign = 1 if child.current_player() == state.current_player() else -1
    return sign * brute_force(child, memo)


def every_position(game: Any) -> list[Any]:
    """Every unfinished position reachable from the start, once each."""
    seen: dict[Any, Any] = {}
    stack = [game.initial()]
    while stack:
        state = stack.pop()
        if game.key(state) in seen or game.outcome(state) is not None:
            continue
        seen[game.key(state)] = state
        stack.extend(game.play(state, m) for m in game.legal_moves(state))
    return list(seen.values())


def result_of(res: SearchResult) -> int:
    """+1, 0 or -1: a solver's value, the result in the game's unit (a won or lost
    game's plies in its outcome, a draw none)."""
    assert res.value in (-1, 0, 1) and (res.value == 0) == (res.outcome is None)
    return int(res.value)


@pytest.mark.slow  # 4,520 solves: about ten seconds
def test_solver_agrees_with_brute_force_on_every_tictactoe_position() -> None:
    game, memo = load_game("tic_tac_toe"), {}
    positions = every_position(game)
    assert len(positions) == 4520  # 5,478 positions, 958 of them finished
    for state in positions:
        res = search_game(game, state, "solver")
        best = brute_force(state.state, memo)
        assert result_of(res) == best, game.to_text(state)
        assert value_after(state.state, res.move, memo) == best, game.to_text(state)


# Nim with four heaps of 1-4: OpenSpiel's alpha_beta_search keeps no table, and from
# the default heaps (1, 3, 5, 7) twelve positions took it 85 s
@pytest.mark.parametrize(
    "name", ["tic_tac_toe", "hex(board_size=3)", "nim(pile_sizes=1;2;3;4)", "mnk(m=3,n=3,k=3)"]
)
def test_solver_agrees_with_openspiel_alpha_beta_search(name: str) -> None:
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    game = load_game(name)
    for state in random_positions(game, 12, seed=3):
        raw = state.state
        player = raw.current_player()
        theirs, _ = alpha_beta_search(game.game, state=raw.clone(), maximizing_player_id=player)
        res = search_game(game, state, "solver")
        assert result_of(res) == theirs, game.to_text(state)
        child = raw.child(res.move)
        after, _ = alpha_beta_search(game.game, state=child, maximizing_player_id=player)
        assert after == theirs, game.to_text(state)  # the chosen move keeps the result


@pytest.mark.parametrize("spec", ["minimax:depth=9", "alphabeta:depth=9", "solver"])
def test_each_rows_words_are_true_by_brute_force(spec: str) -> None:
    """A row's words about a decided result (wins, loses, loses in at most) hold for its
    move under perfect play (OpenSpiel's states, tried line by line), and no row shows
    the stored ``WIN - plies``."""
    game, memo = load_game("tic_tac_toe"), {}
    said = 0
    # three stones or more: minimax without pruning from fewer searches most of the game
    played = [s for s in random_positions(game, 120, seed=11) if len(game.to_text(s).split()) >= 3]
    for state in played[:40]:
        for row in search_game(game, state, spec).moves:
            truth = value_after(state.state, row.column, memo)
            assert not re.search(r"\d{5}", row.text), row.text
            if row.text.startswith("wins in"):
                assert truth == 1, (game.to_text(state), row.label, row.text)
            elif row.text.startswith("loses in"):
                assert truth == -1, (game.to_text(state), row.label, row.text)
            said += bool(row.text)
    assert said > 0  # the positions have decided moves to speak of
