"""What the judge and the node panel say of another game's nodes: a decided node in
the game's unit (1 a win, -1 a loss, its plies from the root) and never Connect 4's
stone scores; the value kinds of the agents on any game in words; and each node's
value for the root player read from whose turn it is, not from the depth's parity
(a checkers capture lets one player move twice). Oracles: OpenSpiel's exhaustive
alpha-beta, and a heuristic known for either player."""

from __future__ import annotations

import zlib
from itertools import pairwise
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
minimax = pytest.importorskip("open_spiel.python.algorithms.minimax")

from treeviz.agents.any_game.registry import search_game  # noqa: E402
from treeviz.judge.whatif_rows import row_words  # noqa: E402
from treeviz.judge.whatif_worth import node_worth  # noqa: E402
from treeviz.rules.protocol import Game  # noqa: E402
from treeviz.trace.analysis import node_table  # noqa: E402
from treeviz.trace.values import kind_text, node_value  # noqa: E402

TTT = pyspiel.load_game("tic_tac_toe")


def spiel_value(actions: list[int], root_player: int) -> float:
    """The exact value of the position after ``actions`` for ``root_player``."""
    state = TTT.new_initial_state()
    for a in actions:
        state.apply_action(a)
    if state.is_terminal():
        return float(state.returns()[root_player])
    return float(minimax.alpha_beta_search(TTT, state, maximizing_player_id=root_player)[0])


@pytest.mark.parametrize("agent", ["solver", "alphabeta:depth=9", "minimax:depth=9"])
def test_each_decided_node_is_the_games_result_for_the_root_player(agent: str) -> None:
    root = [4, 1, 0]  # o to move; x threatens: every line is decided
    trace = search_game("tic_tac_toe", "4 1 0", agent).trace
    checked = 0
    for i in range(len(trace)):
        worth = node_worth(trace, i)
        if worth.outcome is None or worth.bound != "exact":
            continue
        path = [int(trace.nodes["move"][n]) for n in trace.path(i)[1:]]
        truth = spiel_value(root + path, root_player=1)
        assert worth.value == truth, (i, path)
        assert {"win": 1, "draw": 0, "loss": -1}[worth.outcome["result"]] == truth
        words = row_words(worth, trace.value_kind)
        assert "stones" not in words and "99" not in words, words
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("agent", ["alphabeta:depth=9", "solver"])
def test_a_cut_node_is_said_at_best_a_win_and_every_claim_is_openspiels(agent: str) -> None:
    root = [1, 8]  # x to move: the window cuts moves that lose as "at best a win"
    trace = search_game("tic_tac_toe", "1 8", agent).trace
    at_best = claims = 0
    for i in range(1, len(trace)):
        words = row_words(node_worth(trace, i), trace.value_kind)
        at_best += "at best a win" in words
        claim = 1.0 if words.startswith("wins") else -1.0 if words.startswith("loses") else None
        if claim is not None:
            path = [int(trace.nodes["move"][n]) for n in trace.path(i)[1:]]
            assert claim == spiel_value(root + path, root_player=0), (path, words)
            claims += 1
    assert claims > 5 and (at_best > 0 or agent == "solver")


def test_the_value_kinds_of_the_agents_on_any_game_count_no_stones() -> None:
    for kind in ("exact:outcome", "heuristic:outcome"):
        text = kind_text(kind)
        assert "stones" not in text and "22" not in text and "plies" in text


# checkers after these moves: the side to move has a capture after which it moves
# again (found with OpenSpiel: its current player stays the same)
CHECKERS = [370, 158, 426, 84, 352, 213, 411, 156, 297, 103, 338, 213, 466, 359, 496, 28, 424, 172]


def points(game: Game[Any], state: Any, player: int) -> float:
    """A heuristic known for either player: a number from the position's text for
    player 0, its negation for player 1."""
    first = zlib.crc32(game.to_text(state).encode()) % 9 + 1
    return first if player == 0 else -first


def test_node_values_follow_whose_turn_it_is_when_a_player_moves_twice() -> None:
    res = search_game("checkers", " ".join(map(str, CHECKERS)), "minimax:depth=3", heuristic=points)
    trace, game = res.trace, res.trace.rules()
    spiel = pyspiel.load_game("checkers").new_initial_state()
    for a in CHECKERS:
        spiel.apply_action(a)
    me = spiel.current_player()
    twice = 0
    values = node_table(trace)["value (root player)"].tolist()
    for i in range(1, len(trace)):
        state, path = spiel.clone(), [int(trace.nodes["move"][n]) for n in trace.path(i)[1:]]
        movers = []
        for a in path:
            movers.append(state.current_player())
            state.apply_action(a)
        twice += any(a == b for a, b in pairwise(movers))
        if len(trace.children(i)) or state.is_terminal():
            continue  # a leaf the heuristic scored: its value is known for either player
        expected = points(game, trace.state(i), me)
        assert node_value(trace, i).value == expected, path
        assert values[i] == expected, path
    assert twice > 0  # some path had one player move twice: the test can fail
