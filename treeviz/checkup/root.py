"""The root's answer and the tree's growth, checked against the recorded children of
the root (:mod:`treeviz.checkup.tree_bugs`'s ``final``, ``best-move`` and ``growth``).

``final`` (``mean-choice``), for a search that came back to nodes (an MCTS): the
answered column is the root's child with the best mean result, while another child
has strictly more visits (an MCTS answers with its most visited child: a mean over
few visits is luck). Not judged when the answer makes four at once (then it is right
whatever its visits).

``best-move`` (``best-outside-test``), for a search that reached each node once (a
minimax): the answered column's recorded value is strictly worse, for the root's
side to move, than another child's, and it is the last column the root searched:
the best move is updated for every column, outside the test of a better value. A
bound from a cut (alpha-beta) is never larger than the value it stands for, so a
strictly smaller one still proves the column worse.

``growth`` (``root-only``), for an MCTS: the tree never grows below the root: no
call below depth 1, though a child of the root was called at least
:data:`GROWN_CALLS` times (a UCT search expands a node on its second visit; one whose
children are created and played out inside its own call, by its eighth at most), and
a move there leaves a game going on (where every move ends the game there is nothing
to grow into: a search may score those endings without a call).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from treeviz.checkup.node_tree import Tree
from treeviz.connect4.board import Position

GROWN_CALLS = 16  # calls of an unfinished child of the root that must have grown it


@dataclass(frozen=True)
class Answer:
    """The root's answered child ``node`` against the child ``other`` it should have
    been (the most visited, or the best valued)."""

    node: int
    other: int


def answered(t: Tree) -> int | None:
    """The child of the root through the column the search answered (the agent's
    answer, or what its root call returned: ``trace.extra["answered"]``); None when
    it gave none (treeviz then reads the best value) or that column was not
    searched."""
    col = t.trace.extra.get("answered")
    kids = [int(k) for k in t.trace.children(0) if t.move[k] == col]
    return kids[0] if col is not None and kids else None


def _read(t: Tree, k: int) -> float:
    """A child's value as the root's side to move reads it."""
    return float(t.edge[k] * t.value[k])


def mean_choice(t: Tree) -> Answer | None:
    """An MCTS that answered its best mean over its most visited child."""
    node = answered(t)
    if t.once or node is None or t.four[node] or not t.trusted[node]:
        return None
    kids = [int(k) for k in t.trace.children(0) if not np.isnan(t.value[k])]
    best_mean = max(kids, key=lambda k: _read(t, k))
    most = max(kids, key=lambda k: int(t.calls[k]))
    if _read(t, node) < _read(t, best_mean) or t.calls[most] <= t.calls[node]:
        return None
    return Answer(node, most)


def best_outside_test(t: Tree) -> Answer | None:
    """A minimax that answered the last column it searched, a worse one than
    another child's."""
    node = answered(t)
    kids = [int(k) for k in t.trace.children(0)]
    if not t.once or node is None or len(kids) < 2 or not t.complete[0]:
        return None
    if np.isnan(t.value[kids]).any() or node != max(kids):  # node ids: call order
        return None
    best = max(kids, key=lambda k: _read(t, k))
    return Answer(node, best) if _read(t, node) < _read(t, best) else None


def root_only(t: Tree) -> int | None:
    """The most called unfinished child of the root when the tree never grew below
    it though that child was called :data:`GROWN_CALLS` times (None: it grew)."""
    if t.once or t.n < 2 or int(t.depth.max()) > 1:
        return None
    kids = [
        int(k)
        for k in t.trace.children(0)
        if t.trusted[k] and not t.terminal[k] and _room_below(t.position(int(k)))
    ]
    if not kids:
        return None
    most = max(kids, key=lambda k: int(t.calls[k]))
    return most if t.calls[most] >= GROWN_CALLS else None


def _room_below(pos: Position) -> bool:
    """Whether a search could grow below ``pos``: a move there leaves a game going on.
    Where every move ends the game (a full board's last cell, a win at once that is
    the only move), a search may score each ending where it sees it, calling nothing
    below (a course MCTS scores a child that ends the game in its parent), and its
    tree grew as far as there was to grow."""
    for col in pos.legal_moves():
        after = pos.copy()
        after.push(col)
        if not after.is_over():
            return True
    return False
