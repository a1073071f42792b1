"""How long making puzzles takes: the review of a game against the exact scores, then
the cards of its mistakes (each card's position solved again, column by column), then
the search each answered card shows as its tree (:data:`~treeviz.settings.PUZZLE_AGENT`
on the card's position, as the dashboard runs it: the slowest card and its trace size).

Run: ``.venv/bin/python benchmarks/puzzles.py [GAMES]`` (default 6). Games between
weak agents (greedy, shallow alpha-beta, a short MCTS: many mistakes, long games) are
played first from a few openings with fixed seeds; then each game is reviewed and made
into cards, both timed. The solver's table is shared between calls, so the cards of a
game just reviewed cost little beside its review: each line says both.
"""

from __future__ import annotations

import sys
import time

from treeviz.agents.registry import search, spec
from treeviz.games.game import AgentPlayer, Game, play
from treeviz.judge.review import review
from treeviz.learn.puzzles import Card, cards_from_review
from treeviz.settings import PUZZLE_AGENT, REVIEW_SECONDS

PAIRS = [
    ("greedy", "alphabeta:depth=2"),
    ("alphabeta:depth=2", "mcts:iterations=300"),
    ("mcts:iterations=300", "greedy"),
]
OPENINGS = ["", "4", "44", "43", "45", "4453", "3345", "1234", "7765", "2536"]


def games(n: int) -> list[Game]:
    """``n`` games of the weak pairs from a few openings, seeds 0, 1, ..."""
    out = []
    for i in range(n):
        x, o = PAIRS[i % len(PAIRS)]
        opening = OPENINGS[i % len(OPENINGS)]
        game = Game(x, o, opening=opening, seed=i)
        play(AgentPlayer(x, i), AgentPlayer(o, i), game)
        out.append(game)
    return out


def trees(cards: list[Card]) -> tuple[float, float, int]:
    """(total seconds, slowest seconds, largest trace in nodes) of the search each
    card's explanation draws."""
    total = slowest = 0.0
    largest = 0
    for card in cards:
        t0 = time.perf_counter()
        res = search(card.position, spec(PUZZLE_AGENT))
        took = time.perf_counter() - t0
        total, slowest, largest = total + took, max(slowest, took), max(largest, len(res.trace))
    return total, slowest, largest


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    total_review = total_cards = total_trees = worst = 0.0
    for game in games(n):
        t0 = time.perf_counter()
        out = review(game.position, agent=None, seconds=REVIEW_SECONDS.default)
        t1 = time.perf_counter()
        cards = cards_from_review(out, players=(game.x, game.o))
        t2 = time.perf_counter()
        tree_s, slowest, largest = trees(cards)
        total_review += t1 - t0
        total_cards += t2 - t1
        total_trees += tree_s
        worst = max(worst, slowest)
        start = game.opening or "(empty)"
        print(
            f"{game.x} v {game.o} from {start}: {len(game.moves)} plies, {len(cards)} "
            f"cards; review {t1 - t0:.2f} s, cards {t2 - t1:.3f} s, trees {tree_s:.2f} s "
            f"(slowest {slowest:.2f} s, largest {largest:,} nodes)"
        )
    print(
        f"{n} games: review {total_review:.1f} s, cards {total_cards:.2f} s, trees "
        f"{total_trees:.2f} s (slowest card {worst:.2f} s)"
    )


if __name__ == "__main__":
    main()
