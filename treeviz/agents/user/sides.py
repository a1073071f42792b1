"""Whose values a traced Connect 4 search returns when it names no maximizing flag.

A negamax returns each position's value for its side to move, the reading treeviz
takes by default. A search written as two functions, AIMA's ``max_value`` and
``min_value``, or a minimax that scores every position for the player at the root,
returns one player's values throughout, with no flag to say so; read as a negamax's,
its every backup looks wrong. The evidence is weighed as for other games
(:func:`~treeviz.agents.user.evidence.inferred`): the backups (a node's number is
the best of its children's for the reading, or that best held to the window it was
given) and the fours (the side to move there has lost). Only when the evidence
points at one player's reading, and not the side to move's, is that reading taken:
the nodes are then flagged as a ``maximizing`` flag would flag them (the player's
nodes maximise), and the trace says so (``extra["perspective"]``). A search that
comes back to nodes (an MCTS) records means, not backups: it keeps the default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from treeviz.agents.user.evidence import SIDE_TO_MOVE, inferred, votes_of
from treeviz.trace.nodes import TERMINAL


@dataclass
class C4Sides:
    """Connect 4's nodes as the evidence reads them (:class:`.evidence.Sides`)."""

    sides: np.ndarray
    parent: np.ndarray
    returns: np.ndarray
    over: np.ndarray


def inferred_flags(
    root: Any,
    *,
    parent: np.ndarray,
    depth: np.ndarray,
    flags: np.ndarray,
    mean: np.ndarray,
    window: tuple[np.ndarray, np.ndarray],
) -> tuple[np.ndarray, dict[str, Any]] | None:
    """Per node the maximizing flag (1 where the player whose values they are moves,
    0 elsewhere) and the reading taken, when the evidence shows one player's values
    (see the module docs); None when the side to move's reading stands. ``flags``:
    the nodes' (TERMINAL at fours and full boards); ``mean``: each node's number as
    the search returned it (NaN: none); ``window``: the alpha and beta each call got
    (infinite: none)."""
    ply = root.ply + depth.astype(np.int64)
    sides = ply % 2  # player 0 (X) moves at even plies
    over = (flags & TERMINAL) != 0
    four = over & (ply < root.width * root.height)  # a full board may be a draw: left out
    returns = np.full((len(parent), 2), np.nan)
    lost = np.where(sides[four] == 0, -1.0, 1.0)  # player 0's return: its side to move lost
    returns[four, 0], returns[four, 1] = lost, -lost
    nodes = C4Sides(sides, parent.astype(np.int64), returns, over)
    player, found, evidence = inferred(votes_of(nodes, mean, window))
    if player is SIDE_TO_MOVE or found != "inferred":
        return None
    reading = {"player": player, "from": "inferred", "evidence": evidence}
    return np.where(sides == player, 1, 0).astype(np.int8), reading
