"""Bad input to the agents on any game: a typed error quoting it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from treeviz.agents.any_game.registry import search_game
from treeviz.errors import GameError, InvalidParameterError, InvalidPositionError, TreevizError
from treeviz.rules import load_game


@pytest.mark.parametrize(
    ("spec", "quoted"),
    [
        ("alphabta:depth=3", "alphabta"),
        ("alphabeta:depth=0", "0"),
        ("alphabeta:depht=3", "depht"),
        ("mcts:iterations=many", "many"),
        ("solver:node_budget=-5", "-5"),
        ("minimax:depth", "depth"),
    ],
)
def test_a_bad_spec_is_refused_quoting_it(spec: str, quoted: str) -> None:
    with pytest.raises(InvalidParameterError, match=quoted):
        search_game("tic_tac_toe", None, spec)


def test_a_spec_that_is_not_text_is_refused() -> None:
    with pytest.raises(InvalidParameterError, match="42"):
        search_game("tic_tac_toe", None, 42)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("game", "position", "quoted"),
    [
        ("tic_tac_toe", "x(9,9)", "x(9,9)"),
        ("tic_tac_toe", "0 0", "0 0"),
        ("connect4", "4444444", "4444444"),
        ("nim", "pile:9, take:1;", "pile:9"),
    ],
)
def test_a_bad_position_is_refused_quoting_it(game: str, position: str, quoted: str) -> None:
    with pytest.raises(TreevizError, match=re.escape(quoted)):
        search_game(game, position, "greedy")


@pytest.mark.parametrize(
    ("game", "position"), [("tic_tac_toe", "0 3 1 4 2"), ("connect4", "4455667"), ("nim", "")]
)
def test_a_finished_game_is_refused_quoting_it(game: str, position: str) -> None:
    if game == "nim":  # every token taken
        rules = load_game(game)
        state = rules.initial()
        while rules.outcome(state) is None:
            state = rules.play(state, rules.legal_moves(state)[-1])
        position = rules.to_text(state)
    with pytest.raises(InvalidPositionError, match=re.escape(position[:40]) + ".* is over"):
        search_game(game, position, "random")


def test_an_unknown_game_is_refused_quoting_it() -> None:
    with pytest.raises(GameError, match="tictac"):
        search_game("tictac", None, "random")


def test_the_solver_refuses_past_its_budget_quoting_the_position() -> None:
    with pytest.raises(InvalidPositionError, match="node_budget") as caught:
        search_game("hex", "c3", "solver:node_budget=500")
    assert "c3" in str(caught.value)


def test_a_heuristic_out_of_range_is_refused_quoting_its_number() -> None:
    def wild(game: Any, state: Any, player: int) -> float:
        return 5e9

    with pytest.raises(InvalidParameterError, match="5000000000"):
        search_game(load_game("tic_tac_toe"), None, "alphabeta:depth=2", heuristic=wild)


def test_mcts_refuses_a_capacity_its_iterations_cannot_fit() -> None:
    with pytest.raises(InvalidParameterError, match="capacity=50"):
        search_game("tic_tac_toe", None, "mcts:iterations=100,capacity=50")


@pytest.mark.parametrize("spec", ["minimax:depth=9", "alphabeta:depth=9", "mcts", "solver"])
def test_a_search_asked_to_stop_stops_and_says_where(spec: str) -> None:
    """A time budget already spent (as the dashboard's, through ``watching``) stops any
    game's search before its first node: a typed error naming the position and what to
    lower, nothing searched."""
    from treeviz.agents.stopping import watching
    from treeviz.errors import SearchStopped

    with watching(0.0), pytest.raises(SearchStopped) as caught:
        search_game("tic_tac_toe", "x(1,1)", spec)
    assert str(caught.value) == (
        "the search of 'x(1,1)' was stopped after 0 nodes: lower its depth or iterations"
    )
