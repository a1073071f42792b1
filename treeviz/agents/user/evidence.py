"""The evidence of whose view a traced search's numbers take: the side to move's at
every node (negamax) or one player's throughout (a minimax's maximiser, AIMA's
``max_value``/``min_value``), counted over the recorded nodes of any game
(:mod:`.game_result`) and of Connect 4 (:mod:`.sides`); the rule that weighs it is
:func:`inferred` (:mod:`.game_result`'s docs, 3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

SIDE_TO_MOVE = None  # the reading of values for the side to move (negamax)
# a reading fits a kind of evidence when this share of it agrees: not all, as a search
# whose values are bounds (alpha-beta) can return a number none of its children did;
# not much less, as a negamax that forgets to negate takes its children's highest, one
# player's best at that player's nodes: 90% of tic-tac-toe's backups agree with it
CONSISTENT = 0.95
READINGS = (SIDE_TO_MOVE, 0, 1)
# per kind of evidence (``finished``, ``backups``), per reading: (agreeing, of)
Votes = dict[str, dict[int | None, tuple[int, int]]]


class Sides(Protocol):
    """What the evidence of whose the values are reads, per node: ``sides`` (the
    player to move), ``parent``, ``returns`` (player 0's and 1's where the game is
    over, NaN elsewhere) and ``over``."""

    sides: np.ndarray
    parent: np.ndarray
    returns: np.ndarray
    over: np.ndarray


def inferred(votes: Votes) -> tuple[int | None, str, dict[str, list[int]]]:
    """The reading the evidence points at (module docs, 3), how it was found
    (``inferred``, ``default``, ``split``) and its counts: ``finished`` and ``backups``,
    each [agreeing, of]."""
    left = _fits(votes["backups"], READINGS) or list(READINGS)
    ended = _fits(votes["finished"], left)
    if len(left) == 1 or len(ended) == 1:
        player, found = (left if len(left) == 1 else ended)[0], "inferred"
    else:
        found = "default" if SIDE_TO_MOVE in left else "split"
        player = SIDE_TO_MOVE if SIDE_TO_MOVE in left else left[0]
    return player, found, {k: list(votes[k][player]) for k in ("finished", "backups")}


def _fits(
    counts: dict[int | None, tuple[int, int]], among: Sequence[int | None]
) -> list[int | None]:
    """The readings of ``among`` that this evidence agrees with most, if at least
    :data:`CONSISTENT` of it (none when there is no such evidence)."""
    most = max(counts[p][0] for p in among)
    return [p for p in among if counts[p][1] and counts[p][0] == most >= CONSISTENT * counts[p][1]]


def votes_of(tree: Sides, mean: np.ndarray, window: tuple[np.ndarray, np.ndarray]) -> Votes:
    """For each reading, how many decided finished games and how many backups agree
    with it, and of how many (module docs, 3); ``window``: the alpha and beta each call
    was given, in the person's own numbers (infinite where none was). ``tree``: any
    game's (:class:`Tree`) or Connect 4's nodes (:mod:`.sides`)."""
    n, sides, parent = len(mean), tree.sides, tree.parent[1:]
    ids = np.arange(n)
    valued = ~np.isnan(mean)
    mine = tree.returns[ids, sides]  # the side to move's returns (NaN: not over)
    decided = tree.over & valued & (np.nan_to_num(mine) != 0)
    truths = {SIDE_TO_MOVE: mine, 0: tree.returns[:, 0], 1: tree.returns[:, 1]}
    total = int(decided.sum())
    finished = {
        p: (int((decided & (np.sign(t) == np.sign(mean))).sum()), total) for p, t in truths.items()
    }
    # the nodes all of whose children returned a number
    kids = np.bincount(parent, minlength=n)
    missing = np.bincount(parent, weights=~valued[1:], minlength=n)
    flip = np.where(sides[1:] == sides[parent], 1.0, -1.0) * mean[1:]
    top, high, low = (np.full(n, -np.inf), np.full(n, -np.inf), np.full(n, np.inf))
    np.maximum.at(top, parent, np.nan_to_num(flip, nan=-np.inf))
    np.maximum.at(high, parent, np.nan_to_num(mean[1:], nan=-np.inf))
    np.minimum.at(low, parent, np.nan_to_num(mean[1:], nan=np.inf))
    complete = ~tree.over & valued & (kids > 0) & (missing == 0)
    of = int(complete.sum())
    backups: dict[int | None, tuple[int, int]] = {
        SIDE_TO_MOVE: (int((complete & _backed(mean, top, window)).sum()), of)
    }
    for p in (0, 1):
        best = np.where(sides == p, high, low)
        backups[p] = (int((complete & _backed(mean, best, window)).sum()), of)
    return {"finished": finished, "backups": backups}


def _backed(
    mean: np.ndarray, best: np.ndarray, window: tuple[np.ndarray, np.ndarray]
) -> np.ndarray:
    """Where a call's number is ``best`` of its children's, or that best held to the
    window the call was given (a fail-hard alpha-beta's: the bound it crossed; both in
    the reading's frame, which is the person's own: a negamax passes its window
    negated as it negates the values)."""
    n = len(mean)
    alpha, beta = window[0][:n], window[1][:n]
    with np.errstate(invalid="ignore"):  # an infinite best against an infinite bound
        held = np.clip(best, alpha, np.maximum(alpha, beta))
    return (mean == best) | ((np.isfinite(alpha) | np.isfinite(beta)) & (mean == held))
