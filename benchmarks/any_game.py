"""The agents on any game against OpenSpiel's own Python searches, side by side in one
run, on the same game and position (each game's start) with the same settings.

1. Alpha-beta: treeviz ``alphabeta:depth=D,ordering=false,tt=false`` (OpenSpiel's
   options: no move ordering, no table; no heuristic, so a position at the horizon is
   worth 0 and a finished game its outcome) against ``open_spiel.python.algorithms.
   minimax.alpha_beta_search`` with ``value_function=lambda s: 0.0`` and
   ``maximum_depth=D``; then treeviz with its defaults (ordering and a table).
   treeviz records its full trace (every node's parent, move, depth, window, value
   and flags), which is its product; OpenSpiel records nothing. A third search, the
   floor, is the same alpha-beta over the same OpenSpiel calls as treeviz's walk
   (``current_player``, ``legal_actions``, ``child``, ``returns``) written bare here,
   recording nothing: what any pure Python search over these states pays the game.
2. MCTS: treeviz ``mcts:iterations=N`` (UCT, c = sqrt 2, one random playout an
   iteration, the full trace and iteration log recorded) against OpenSpiel's Python
   ``mcts.MCTSBot`` with ``RandomRolloutEvaluator(1)``, ``uct_c=sqrt 2``,
   ``max_simulations=N`` and ``solve=False`` (treeviz's MCTS has no solver), one
   ``step``.

Each round runs treeviz then OpenSpiel; times and ratios are medians over ROUNDS
rounds (a ratio is OpenSpiel's time over treeviz's in the same round: above 1, treeviz
is faster; treeviz's defaults are set against the same OpenSpiel search).
Times are the process's CPU time (``time.process_time``, every thread: treeviz
searches in a worker thread) unless ``--wall`` asks for ``time.perf_counter``: on a
shared machine whose load is ten times its cores, wall time is mostly the wait for a
core, and it swung a ratio by half between two runs.
OpenSpiel's node count comes from one more search, counted and not timed. The move
values are checked to agree (the same sign of the root's value).

Run: ``.venv/bin/python benchmarks/any_game.py [--wall] [game ...]`` (OpenSpiel is
the ``games`` extra).
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts, minimax

from treeviz.agents.any_game.registry import search_game
from treeviz.rules.registry import load_game

ROUNDS = 5
# game -> (alpha-beta depth, MCTS iterations): each search about 0.5-2 s on this machine
GAMES = {
    "tic_tac_toe": (9, 2000),
    "connect_four": (10, 1000),
    "othello": (11, 300),
    "breakthrough": (7, 300),
    "checkers": (11, 300),
}
FAIR = "ordering=false,tt=false"
CLOCK = time.perf_counter if "--wall" in sys.argv else time.process_time


def seconds(call: Callable[[], Any]) -> tuple[float, Any]:
    """How long ``call()`` took by :data:`CLOCK`, and what it returned."""
    t0 = CLOCK()
    out = call()
    return CLOCK() - t0, out


def openspiel_nodes(game: Any, depth: int) -> int:
    """The nodes OpenSpiel's alpha-beta visits (its recursion counted, untimed)."""
    count, inner = [0], minimax._alpha_beta

    def counted(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return inner(*args, **kwargs)

    minimax._alpha_beta = counted
    try:
        minimax.alpha_beta_search(game, value_function=lambda s: 0.0, maximum_depth=depth)
    finally:
        minimax._alpha_beta = inner
    return count[0]


def bare(state: Any, side: int, ply: int, depth: int, alpha: float, beta: float) -> float:
    """The floor: negamax alpha-beta over OpenSpiel's state, the value for ``side``
    (as treeviz's walk: a finished state is scored for the player who did not move
    last, a player who moves twice in a row keeps the window), nothing recorded."""
    mover = state.current_player()
    me = 1 - side if mover < 0 else mover
    flip = me != side
    if flip:
        alpha, beta = -beta, -alpha
    if mover < 0:
        value = state.returns()[me]
    elif ply == depth:
        value = 0.0
    else:
        value = -math.inf
        for action in state.legal_actions():
            value = max(value, bare(state.child(action), me, ply + 1, depth, alpha, beta))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
    return -value if flip else value


def alphabeta(name: str, depth: int) -> None:
    """One game's alpha-beta rounds, printed as a row."""
    ours = load_game(name)
    theirs = pyspiel.load_game(ours.name)  # the same board (Breakthrough: 6 x 6)
    fair, peer, tuned, floor = [], [], [], []
    start = theirs.new_initial_state()
    for _ in range(ROUNDS):
        t, res = seconds(lambda: search_game(ours, None, f"alphabeta:depth={depth},{FAIR}"))
        fair.append((t, res))
        t, (value, _) = seconds(
            lambda: minimax.alpha_beta_search(
                theirs, value_function=lambda s: 0.0, maximum_depth=depth
            )
        )
        peer.append(t)
        tuned.append(seconds(lambda: search_game(ours, None, f"alphabeta:depth={depth}")))
        side = start.current_player()
        floor.append(seconds(partial(bare, start, side, 0, depth, -math.inf, math.inf))[0])
        assert np.sign(res.value) == np.sign(value), (name, res.value, value)
    ratio = statistics.median(p / f for (f, _), p in zip(fair, peer, strict=True))
    low = statistics.median(p / f for f, p in zip(floor, peer, strict=True))
    quick = statistics.median(p / t for (t, _), p in zip(tuned, peer, strict=True))
    ms = [statistics.median(t for t, _ in xs) * 1e3 for xs in (fair, tuned)]
    print(
        f"| {name} | {depth} | {ms[0]:,.1f} ms, {fair[0][1].stats['nodes']:,} nodes "
        f"| {statistics.median(peer) * 1e3:,.1f} ms, {openspiel_nodes(theirs, depth):,} nodes "
        f"| {ratio:.2f}x | {statistics.median(floor) * 1e3:,.1f} ms, {low:.2f}x "
        f"| {ms[1]:,.1f} ms, {tuned[0][1].stats['nodes']:,} nodes, {quick:.2f}x |",
        flush=True,
    )


def uct(name: str, iterations: int) -> None:
    """One game's MCTS rounds, printed as a row."""
    ours = load_game(name)
    theirs = pyspiel.load_game(ours.name)  # the same board (Breakthrough: 6 x 6)
    mine, peer = [], []
    for seed in range(ROUNDS):
        spec = f"mcts:iterations={iterations},seed={seed}"
        mine.append(seconds(partial(search_game, ours, None, spec))[0])
        rng = np.random.RandomState(seed)
        bot = mcts.MCTSBot(
            theirs,
            math.sqrt(2),
            iterations,
            mcts.RandomRolloutEvaluator(1, rng),
            solve=False,
            random_state=rng,
        )
        peer.append(seconds(partial(bot.step, theirs.new_initial_state()))[0])
    ratio = statistics.median(p / m for m, p in zip(mine, peer, strict=True))
    print(
        f"| {name} | {iterations:,} | {statistics.median(mine) * 1e3:,.1f} ms "
        f"| {statistics.median(peer) * 1e3:,.1f} ms | {ratio:.2f}x |",
        flush=True,
    )


def main() -> None:
    names = [a for a in sys.argv[1:] if a != "--wall"] or list(GAMES)
    search_game("tic_tac_toe", None, "alphabeta:depth=2")  # imports outside the timings
    print(f"{CLOCK.__name__}; alpha-beta from the start, medians of {ROUNDS} rounds")
    print(
        "| game | depth | treeviz, OpenSpiel's options | OpenSpiel | ratio "
        "| floor: bare walk, ratio | treeviz defaults, ratio |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in names:
        alphabeta(name, GAMES[name][0])
    print(f"MCTS from the start, medians of {ROUNDS} rounds (ratio: OpenSpiel / ours)")
    print("| game | iterations | treeviz | OpenSpiel MCTSBot | ratio |")
    print("|---|---|---|---|---|")
    for name in names:
        uct(name, GAMES[name][1])


if __name__ == "__main__":
    main()
