"""The shortest position that still shows a bug, found as Hypothesis shrinks: try
smaller versions of the failing example, keep the first that still fails, repeat.

A smaller version of a position drops one move of each player (the side to move
stays), is still legal and unfinished, still tempts the same bug (the check still
applies) and the agent still fails it. Candidates come in a seeded order; the agent
is asked at most ``budget`` times. Positions are Connect 4's move strings here
(:func:`smaller`); another game's doctor passes its own ``smaller`` over its moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import TypeVar

from treeviz.checkup.battery import reached

P = TypeVar("P")
SHRINK_ASKS = 60  # agent calls spent shrinking one finding, at most


def shrink(
    moves: P,
    applies: Callable[[P], bool],
    fails: Callable[[P], bool],
    *,
    smaller: Callable[[P, random.Random], Iterator[P]],
    seed: int = 0,
    budget: int = SHRINK_ASKS,
) -> P:
    """The shortest position found from ``moves`` (``smaller`` gives its candidates)
    for which ``applies`` (cheap: the position still tempts the bug) and ``fails`` (the
    agent still gets it wrong) hold, asking ``fails`` at most ``budget`` times;
    ``moves`` itself when none is shorter."""
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


def dropped_pairs(n: int, rng: random.Random) -> list[tuple[int, int]]:
    """The pairs ``i < j`` of ``n`` moves, ``j - i`` odd (one move of each player when
    turns alternate), in a seeded order: later moves first (the end of a game holds
    the bug, its start the context), the earlier half last, shuffled within."""
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n, 2)]
    rng.shuffle(pairs)
    pairs.sort(key=lambda p: p[0] < n // 2)
    return pairs


def smaller(moves: str, rng: random.Random) -> Iterator[str]:
    """Legal, unfinished move strings two moves shorter than ``moves`` with the same
    side to move: one move of each player dropped (:func:`dropped_pairs`)."""
    for i, j in dropped_pairs(len(moves), rng):
        cand = moves[:i] + moves[i + 1 : j] + moves[j + 1 :]
        if reached(cand) is not None:
            yield cand
