"""Every colour of another game's tree is true: a node coloured as a win, a draw or a
loss for the root player is one, as a brute force over OpenSpiel's returns finds it;
each colour a node takes is in the legend, which names it (a result where the values
are results, never a heuristic's number standing for a win); a bound a cut left that
does not settle the result ("≤ win in 5": maybe a loss) is grey, "not known".

Before, the solver's and alpha-beta's trees coloured "≤ win in 5" as a win and
"≤ draw" as a draw, and alpha-beta's legend read -1.00 and 1.00 where its nodes of
those colours were losses and wins."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from game_oracles import best_result  # noqa: E402

from treeviz.agents.any_game.registry import search_game  # noqa: E402
from treeviz.draw.style import UNKNOWN_FILL  # noqa: E402
from treeviz.draw.view import legend_stops, legend_title, node_colour  # noqa: E402
from treeviz.rules import load_game  # noqa: E402
from treeviz.trace.nodes import Trace  # noqa: E402
from treeviz.trace.reading import visits_of  # noqa: E402
from treeviz.trace.values import node_value  # noqa: E402

GAME = pyspiel.load_game("tic_tac_toe")
RESULTS = {1: "win", 0: "draw", -1: "loss"}


def truth(trace: Trace, root: tuple[int, ...], node: int) -> int:
    """The brute force's result of ``node`` for the player to move at the root."""
    state = GAME.new_initial_state()
    for a in root:
        state.apply_action(a)
    me = state.current_player()
    for n in trace.path(node)[1:]:
        state.apply_action(int(trace.nodes["move"][n]))
    if state.is_terminal():
        return round(state.returns()[me])
    return best_result(state) * (1 if state.current_player() == me else -1)


def positions(count: int, seed: int) -> list[tuple[int, ...]]:
    """``count`` tic-tac-toe histories of 1 to 4 random moves, none finished."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = GAME.new_initial_state()
        for _ in range(rng.randint(1, 4)):
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            found.append(tuple(state.history()))
    return found


def check_colours(trace: Trace, root: tuple[int, ...]) -> int:
    """Every node's colour is in the legend, and what the legend names it is true of
    the node; returns how many bounds were left grey."""
    legend = dict(legend_stops(trace))
    grey = 0
    for node in range(len(trace)):
        fill = node_colour(trace, node)
        said = legend[fill]  # a colour the legend does not name fails here
        if said in RESULTS.values():
            assert said == RESULTS[truth(trace, root, node)], (root, node)
        elif fill == UNKNOWN_FILL:
            assert node_value(trace, node).text[:1] in "≤≥", (root, node)
            grey += 1
        else:
            assert (said, node_value(trace, node).text) == ("0", "0")  # not a bound
    return grey


@pytest.mark.parametrize("agent", ["solver", "alphabeta:depth=9", "alphabeta:depth=2"])
def test_each_colour_is_what_the_legend_names_it(agent: str) -> None:
    ours, grey = load_game("tic_tac_toe"), 0
    for root in positions(4, seed=len(agent)):
        res = search_game(ours, " ".join(map(str, root)), agent)
        grey += check_colours(res.trace, root)
    assert grey  # some cut results are open, none coloured as results


def test_a_bound_towards_its_result_keeps_the_result_s_colour() -> None:
    # x to move after x(0,0) o(1,0) x(0,1) o(1,1): x wins at once, o would win at (1,2)
    root = (0, 3, 1, 4)
    trace = search_game("tic_tac_toe", "0 3 1 4", "alphabeta:depth=9").trace
    legend = dict(legend_stops(trace))
    said = {node_value(trace, k).text: legend[node_colour(trace, k)] for k in trace.children(0)}
    # the window cut the other moves: o's threat makes two of them losses, proven so
    # by the bound (at most a loss), the others are only at most 0 (a draw or a loss)
    assert said == {"win in 1": "win", "≤ loss in 4": "loss", "≤0": "not known"}
    for kid in trace.children(0):
        if legend[node_colour(trace, kid)] != "not known":
            assert legend[node_colour(trace, kid)] == RESULTS[truth(trace, root, kid)]


def test_a_named_heuristic_s_ends_name_the_results_they_share() -> None:
    def edge(game: Any, state: Any, player: int) -> float:
        """3 points for the player to move, -3 for the other."""
        return 3.0 if game.to_move(state) == player else -3.0

    trace = search_game("tic_tac_toe", "4", "alphabeta:depth=3", heuristic=edge).trace
    texts = [text for _, text in legend_stops(trace)]
    low, high = texts[0].split(" or "), texts[4].split(" or ")
    assert (low[0], high[0]) == ("loss", "win")
    assert (float(low[1]), float(high[1])) == (-3.0, 3.0)  # the heuristic's largest
    assert "grey: not known" in legend_title(trace)


@pytest.mark.parametrize(("game", "position"), [("tic_tac_toe", "4 1"), ("nim", "")])
def test_mcts_root_is_coloured_by_the_root_player_s_mean_result(game: str, position: str) -> None:
    """The root's Q is the root player's mean result over every playout: the results
    its children hold for the root player (who moved into each), over its visits; and
    it is what the replay's recount from the iteration log finds. It read 1 - that
    (a root winning 86% of its playouts red, "Q 0.20")."""
    trace = search_game(game, position, "mcts:iterations=300").trace
    kids = trace.children(0)
    visits = int(trace.nodes["visits"][0])
    mean = float(trace.nodes["value_sum"][kids].sum()) / visits
    root = node_value(trace, 0)
    assert root.value == pytest.approx(mean) and root.text == f"Q {mean:.2f}"
    assert root.scaled == pytest.approx(2 * mean - 1)  # the colour's place on the scale
    recount, sums = visits_of(trace.nodes["parent"], np.asarray(trace.extra["log"]))
    assert recount[0] == visits and sums[0] == pytest.approx(trace.nodes["value_sum"][0])
