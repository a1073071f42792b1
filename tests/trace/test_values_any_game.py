"""A person's traced search on another game than Connect 4: a finished game it scores
as won or lost is said in words as a win or a loss, and a draw as its number, at the
root, at each node of the tree and in each row, as an independent brute force over
OpenSpiel's own states (and our exact solver) finds them. Before, the words read
Connect 4's board size (0 x 0 for another game) and never said a win.

Tic-tac-toe has draws on a full board and wins before it; misère Nim ends with the
winner to move (who takes the last token loses), so the side to move at a finished
game is not always the loser, as it is in Connect 4."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import treeviz  # noqa: E402
from treeviz.agents.any_game.registry import search_game  # noqa: E402
from treeviz.rules import load_game  # noqa: E402
from treeviz.trace.nodes import SearchResult  # noqa: E402
from treeviz.trace.values import node_value, scale_stops, user_result  # noqa: E402

WORDS = {1: "win", -1: "loss"}


@treeviz.traced
def minimax(state: Any) -> float:
    """Player 0's returns under best play, as course notebooks write it."""
    if state.is_terminal():
        return float(state.returns()[0])
    values = [minimax(state.child(a)) for a in state.legal_actions()]
    return max(values) if state.current_player() == 0 else min(values)


def brute_force(state: Any) -> int:
    """The result for the player to move under best play: +1, 0 or -1 (OpenSpiel's
    returns only)."""
    me = state.current_player()
    best = -2
    for a in state.legal_actions():
        child = state.child(a)
        if child.is_terminal():
            best = max(best, round(child.returns()[me]))
        elif child.current_player() == me:
            best = max(best, brute_force(child))
        else:
            best = max(best, -brute_force(child))
    return best


def positions(game: Any, plies: int, count: int, seed: int) -> list[Any]:
    """``count`` positions ``plies`` random moves from the start, none finished."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = game.new_initial_state()
        for _ in range(plies):
            if state.is_terminal():
                break
            state = state.child(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            found.append(state)
    return found


def traced(state: Any) -> SearchResult:
    with treeviz.recording() as rec:
        minimax(state)
    assert rec.result is not None
    return rec.result


def said(result: int) -> str:
    """How a value of a decided game is said (a draw: its number, 0)."""
    return WORDS.get(result, "0")


def solver_result(name: str, state: Any) -> int:
    """Our exact solver's result for the player to move (1 a win, 0 a draw, -1 a
    loss), on OpenSpiel's ``state`` replayed in our game ``name``."""
    ours = load_game(name)
    mine = ours.initial()
    for action in state.history():
        mine = ours.play(mine, action)
    value = search_game(ours, mine, "solver").value
    assert value in (-1, 0, 1)
    return int(value)


@pytest.mark.parametrize("seed", range(3))
def test_tictactoe_decided_values_are_said_as_the_brute_force_finds_them(seed: int) -> None:
    game = pyspiel.load_game("tic_tac_toe")
    for state in positions(game, 3 + seed, 4, seed):
        truth = brute_force(state)
        assert solver_result("tic_tac_toe", state) == truth
        res = traced(state)
        check_words(res, state, truth)


@pytest.mark.parametrize("piles", ["1;2;3", "2;2;1", "1;1;1", "3;1"])
def test_misere_nim_decided_values_are_said_as_the_brute_force_finds_them(piles: str) -> None:
    game = pyspiel.load_game("nim", {"pile_sizes": piles})
    state = game.new_initial_state()
    truth = brute_force(state)
    assert solver_result(f"nim(pile_sizes={piles})", state) == truth
    res = traced(state)
    check_words(res, state, truth)


def check_words(res: SearchResult, state: Any, truth: int) -> None:
    """The root's value, each row and each root child said as a brute force finds them
    (for the player to move at the root)."""
    trace = res.trace
    assert node_value(trace, 0).text == said(truth)
    assert user_result(trace, res.value) == WORDS.get(truth)
    me = state.current_player()
    rows = {row.column: row for row in res.moves}
    for kid in trace.children(0):
        action = int(trace.nodes["move"][kid])
        child = state.child(action)
        if child.is_terminal():
            after = round(child.returns()[me])
        else:
            after = brute_force(child) * (1 if child.current_player() == me else -1)
        assert node_value(trace, kid).text == said(after), (state, action)
        assert user_result(trace, rows[action].value) == WORDS.get(after)
        if after:
            assert rows[action].text.startswith(f"a {WORDS[after]} ")


@pytest.mark.parametrize("seed", range(2))
def test_the_colour_scale_of_exact_results_names_each_child_s_result(seed: int) -> None:
    """Our solver's trace on tic-tac-toe: the legend reads loss, draw and win at the
    places its children's colours take, each child's the brute force's result (the
    scale read 0.00 at both ends: Connect 4's stone count of a 0 x 0 board)."""
    ours = load_game("tic_tac_toe")
    for state in positions(pyspiel.load_game("tic_tac_toe"), 2 + seed, 3, seed):
        mine = ours.initial()
        for action in state.history():
            mine = ours.play(mine, action)
        trace = search_game(ours, mine, "solver").trace
        legend = {x: text for x, text in scale_stops(trace) if text}
        assert legend == {-1.0: "loss", 0.0: "draw", 1.0: "win"}
        assert legend[node_value(trace, 0).scaled] == WORDS.get(brute_force(state), "draw")
        me = state.current_player()
        for kid in trace.children(0):
            value = node_value(trace, kid)
            if value.text[0] in "≤≥":  # a bound, cut by the window: not its result
                continue
            child = state.child(int(trace.nodes["move"][kid]))
            if child.is_terminal():
                after = round(child.returns()[me])
            else:
                after = brute_force(child) * (1 if child.current_player() == me else -1)
            assert legend[value.scaled] == WORDS.get(after, "draw")
