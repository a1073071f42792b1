"""OpenSpiel's own alpha_beta_search and MCTSBot traced unchanged: the traced call
answers exactly what the untraced call answers (the same seed for MCTS), the tree has
exactly the calls OpenSpiel's helper made (counted by a plain counter around it), and
the trace keeps the invariants of every search's (any_game_helpers.check_trace) and
MCTS's own: a node's visits are its visited children's plus the one that found it
(every visit, at a finished game)."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
minimax = pytest.importorskip("open_spiel.python.algorithms.minimax")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

from any_game_helpers import check_trace  # noqa: E402

import treeviz  # noqa: E402
from treeviz.errors import GameError, InvalidPositionError  # noqa: E402
from treeviz.rules import load_game  # noqa: E402
from treeviz.trace.nodes import TERMINAL  # noqa: E402
from treeviz.trace.values import user_value  # noqa: E402

# (game, moves played from its start): two games, positions OpenSpiel solves quickly
POSITIONS = [
    ("tic_tac_toe", [4, 0]),
    ("tic_tac_toe", [0, 4, 8]),
    ("nim(pile_sizes=1;2;3)", []),
    ("hex(board_size=3)", [4]),
]


def start(name: str, moves: list[int]) -> tuple[Any, Any]:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    for m in moves:
        state.apply_action(m)
    return game, state


def counted_alpha_beta(monkeypatch: pytest.MonkeyPatch, game: Any, state: Any) -> tuple[Any, int]:
    """OpenSpiel's answer and how many times its recursive helper was called."""
    helper, calls = minimax._alpha_beta, [0]

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return helper(*args, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(minimax, "_alpha_beta", counting)
        answer = minimax.alpha_beta_search(game, state)
    return answer, calls[0]


@pytest.mark.parametrize(("name", "moves"), POSITIONS)
def test_alpha_beta_search_answers_as_untraced_with_every_call_a_node(
    monkeypatch: pytest.MonkeyPatch, name: str, moves: list[int]
) -> None:
    game, state = start(name, moves)
    expected, calls = counted_alpha_beta(monkeypatch, game, state)
    helper = minimax._alpha_beta
    answer, res = treeviz.trace_openspiel_alpha_beta(game, state)
    assert answer == expected  # (value, action), as OpenSpiel answers
    assert minimax._alpha_beta is helper  # the helper is OpenSpiel's again
    trace = res.trace
    assert len(trace) == calls == trace.counters["nodes"]
    assert res.move == expected[1]
    # the value is the root player's: OpenSpiel's maximizing player is the root's
    assert user_value(int(trace.nodes["value"][0]), trace.extra["user_values"]) == expected[0]
    rules = load_game(trace.game)
    check_trace(rules, rules.from_text(trace.root_moves), res, "openspiel")
    for node in range(len(trace)):
        terminal = trace.state(node, rules).state.is_terminal()
        assert bool(trace.nodes["flags"][node] & TERMINAL) == terminal


def test_the_helper_is_restored_when_the_search_raises() -> None:
    """Without a value function OpenSpiel refuses to stop at the depth limit: the
    same error, and its helper as it was."""
    game, state = start("tic_tac_toe", [4])
    helper = minimax._alpha_beta
    with pytest.raises(NotImplementedError):
        minimax.alpha_beta_search(game, state, maximum_depth=2)
    with pytest.raises(NotImplementedError):
        treeviz.trace_openspiel_alpha_beta(game, state, maximum_depth=2)
    assert minimax._alpha_beta is helper


def test_a_value_function_at_the_depth_limit_is_traced_too() -> None:
    game, state = start("tic_tac_toe", [4])

    def value_function(s: Any) -> float:
        return 0.5 if s.current_player() == 0 else -0.5

    expected = minimax.alpha_beta_search(
        game, state, value_function=value_function, maximum_depth=2
    )
    answer, res = treeviz.trace_openspiel_alpha_beta(
        game, state, value_function=value_function, maximum_depth=2
    )
    assert answer == expected and res.move == expected[1]
    assert int(res.trace.nodes["depth"].max()) == 2


def bot(game: Any, seed: int, simulations: int = 120) -> Any:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return mcts.MCTSBot(game, 1.4, simulations, evaluator, random_state=np.random.RandomState(seed))


@pytest.mark.parametrize(("name", "moves"), POSITIONS)
@pytest.mark.parametrize("seed", [1, 7])
def test_mcts_bot_answers_as_untraced_and_its_visits_add_up(
    name: str, moves: list[int], seed: int
) -> None:
    game, state = start(name, moves)
    expected = bot(game, seed).step(state)
    searching = bot(game, seed)
    answer, res = treeviz.trace_openspiel_mcts(searching, state)
    assert answer == expected == res.move
    assert "mcts_search" not in vars(searching)  # the bot is as it was
    trace, nodes = res.trace, res.trace.nodes
    rules = load_game(trace.game)
    check_trace(rules, rules.from_text(trace.root_moves), res, "openspiel-mcts")
    visits = nodes["visits"].astype(np.int64)
    below = np.bincount(nodes["parent"][1:], weights=visits[1:], minlength=len(trace))
    for node in range(len(trace)):
        over = trace.state(node, rules).state.is_terminal()
        assert visits[node] - below[node] == (visits[node] if over else 1), node
    assert visits[0] <= searching.max_simulations  # fewer once the root is solved
    assert ((nodes["value_sum"] >= 0) & (nodes["value_sum"] <= visits)).all()


def test_finished_games_and_a_missing_openspiel_are_typed_errors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game, state = start("tic_tac_toe", [0, 3, 1, 4, 2])  # x has three in a row
    with pytest.raises(InvalidPositionError, match="is over"):
        treeviz.trace_openspiel_alpha_beta(game, state)
    with pytest.raises(InvalidPositionError, match="is over"):
        treeviz.trace_openspiel_mcts(bot(game, 1), state)
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
    with pytest.raises(GameError, match=r"pip install 'treeviz-c4\[games\]'"):
        treeviz.trace_openspiel_alpha_beta(game, state)
