"""The shortest position that still shows a bug, found as Hypothesis shrinks: try
smaller versions of the failing example, keep the first that still fails, repeat.

A smaller version of a move string drops one move of each player (the side to move
stays), is still legal and unfinished, still tempts the same bug (the check still
applies) and the agent still fails it. Candidates come in a seeded order; the agent
is asked at most ``budget`` times.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from treeviz.checkup.battery import reached

SHRINK_ASKS = 60  # agent calls spent shrinking one finding, at most


def shrink(
    moves: str,
    applies: Callable[[str], bool],
    fails: Callable[[str], bool],
    *,
    seed: int = 0,
    budget: int = SHRINK_ASKS,
) -> str:
    """The shortest move string found from ``moves`` for which ``applies`` (cheap: the
    position still tempts the bug) and ``fails`` (the agent still gets it wrong) hold,
    asking ``fails`` at most ``budget`` times; ``moves`` itself when none is shorter."""
    rng = random.Random(f"{seed}:{moves}")
    best, asked = moves, 0
    shrinking = True
    while shrinking and asked < budget:
        shrinking = False
        for cand in smaller(best, rng):
            if not applies(cand):
                continue
            asked += 1
            if fails(cand):
                best, shrinking = cand, True
                break
            if asked >= budget:
                break
    return best


def smaller(moves: str, rng: random.Random) -> Iterator[str]:
    """Legal, unfinished move strings two moves shorter than ``moves`` with the same
    side to move: one move of each player dropped, pairs in a seeded order (later
    moves first: the end of a game holds the bug, its start the context)."""
    n = len(moves)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n, 2)]
    rng.shuffle(pairs)
    pairs.sort(key=lambda p: p[0] < n // 2)  # the earlier half last, shuffled within
    for i, j in pairs:
        cand = moves[:i] + moves[i + 1 : j] + moves[j + 1 :]
        if reached(cand) is not None:
            yield cand
