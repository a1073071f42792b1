"""The result of a traced search on another game than Connect 4 (:mod:`.game_calls`):
the recorded calls as a trace of that game, as the agents on any game write theirs
(:mod:`treeviz.agents.any_game.tree`), with the values a person's search returned.

Values are stored for the node's side, as every trace of another game holds them: the
player to move there, or at a finished node the player who did not make the last move
(:func:`~treeviz.agents.any_game.tree.side_of`). Whose view a returned number takes is
read, in this order:

1. ``traced(player=p)``: always player ``p``'s (OpenSpiel's ``minimax`` returns the
   maximizing player's returns);
2. ``traced(maximizing=...)``: the flag's, as Connect 4's traced searches read it (a
   call with the flag True returns its mover's view, with False the other player's);
3. otherwise inferred from the game, from two kinds of evidence, each counted for the
   side to move's reading, player 0's and player 1's: at each finished game won or
   lost, whether the number's sign is the game's returns' for that reading; at each
   node whose children all returned a number, whether the number is the best of them
   for that reading (the side to move's: the highest as the node's side sees them; a
   fixed player's: the highest where that player moves, the lowest elsewhere), or, for
   a call given a window (alpha, beta), that best held to the window: a fail-hard
   alpha-beta returns the bound its best crossed. A kind
   fits the readings it agrees with most, when at least :data:`CONSISTENT` of it does.
   The one reading the backups fit wins (the numbers the search computes agree with
   it, so finished games that do not are its bug: a sign error at the end of the
   game); among several (children all alike tell player 0's from player 1's nothing),
   or with no backups, the one of them the finished games fit (where no backup fits,
   the backups are the bug: a missed negation).
   Otherwise, where the side to move's reading is left, the numbers are read so
   (``default``, as Connect 4's traced searches read them); else the evidence is
   ``split`` between player 0's and player 1's, read as player 0's and not judged.

``trace.extra["perspective"]`` says which reading was taken and why (``player``: 0 or
1, None for the side to move; ``from``: ``player=``, ``maximizing``, ``inferred`` from
the game, ``split`` or ``default``); where it was read from the game,
``trace.extra["perspective_evidence"]`` holds its counts (``finished``, ``backups``:
each [agreeing, of]), which the doctor's findings quote, and
``trace.extra["perspective_votes"]`` those of every reading, which the doctor sums over
the searches of one person's code (:func:`pooled`). Numbers are kept exactly, as
ranks into ``trace.extra["user_values"]`` (value kind ``user``), as Connect 4's traced
searches keep them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from treeviz.agents.any_game.tree import Search, result, row, side_of, to_parent
from treeviz.agents.user.evidence import (
    READINGS,
    SIDE_TO_MOVE,
    Votes,
    inferred,
    votes_of,
)
from treeviz.agents.user.instrument_result import (
    encode,
    is_number,
    magnitudes,
    returned,
    said_move,
)
from treeviz.errors import InvalidPositionError
from treeviz.rules.adapters import AimaGame
from treeviz.rules.base import StepGame
from treeviz.settings import show_value
from treeviz.trace.nodes import CUTOFF, NO_VALUE, TERMINAL, MoveStat, SearchResult, Trace
from treeviz.trace.values import user_value, user_words

# A recording (``.instrument.Recording``, which imports this module: typed ``Any``)
Recording = Any


class Tree:
    """The recorded nodes with their states and sides, replayed from the root."""

    def __init__(self, rec: Recording, game: StepGame) -> None:
        self.game = game
        self.root = rec.root_snap.node
        self.parent = np.frombuffer(rec.parent, np.int32).astype(np.int64)
        self.move = np.frombuffer(rec.move, np.int32).astype(np.int64)
        self.depth = np.frombuffer(rec.depth, np.int16).astype(np.int64)
        n = len(self.parent)
        self.states = [self.root]
        self.sides = np.zeros(n, np.int64)
        self.sides[0] = game.to_move(self.root)
        for i in range(1, n):  # parents come before their children
            p, move = int(self.parent[i]), int(self.move[i])
            before = self.states[p]  # a move a call was found by: legal there
            self.states.append(game.node(game.child(before.state, move), (*before.moves, move)))
            self.sides[i] = side_of(game, self.states[i], int(self.sides[p]))
        self.kids: list[list[int]] = [[] for _ in range(n)]
        for i in range(1, n):
            self.kids[int(self.parent[i])].append(i)
        # the returns of (player 0, player 1) where the game is over, NaN elsewhere
        self.returns = np.full((n, 2), np.nan)
        for i, state in enumerate(self.states):
            found = game.outcome(state)
            if found is not None:
                self.returns[i] = found
        self.over = ~np.isnan(self.returns[:, 0])

    def backed(self, value: np.ndarray, node: int, kid: int) -> float:
        """``kid``'s value or rank (for its side, not ``NO_VALUE``) as ``node``'s side
        sees it."""
        return float(to_parent(value[kid].item(), int(self.sides[kid]), int(self.sides[node])))


def build_game_result(
    rec: Recording, game: StepGame, *, votes: Votes | None = None
) -> SearchResult:
    """The :class:`SearchResult` of a finished recording of ``game``'s states (see the
    module docs); :class:`InvalidPositionError` when its root is a finished game.
    ``votes``: the evidence of whose the values are to infer from instead of this
    recording's own (:func:`pooled`: several searches by the same code)."""
    tree = Tree(rec, game)
    if game.outcome(tree.root) is not None:
        text = game.to_text(tree.root)
        raise InvalidPositionError(
            f"the game in {show_value(text)} of {game.name} is over: nothing to search"
        )
    visits, mean = returned(rec)
    maxi = np.frombuffer(rec.maxi, np.int8)
    flip, perspective = _perspective(rec, tree, mean, maxi, votes)
    sign = np.where(flip, -1.0, 1.0)
    value = sign * mean
    alpha_in, beta_in = np.frombuffer(rec.alpha, np.float64), np.frombuffer(rec.beta, np.float64)
    alpha = np.where(flip, -beta_in, alpha_in)
    beta = np.where(flip, -alpha_in, beta_in)
    table = magnitudes(value, alpha, beta)
    search = Search(game, tree.root, max(len(mean), 1))
    for i in range(len(mean)):
        search.add(int(tree.parent[i]), int(tree.move[i]), int(tree.depth[i]))
    fields = ["alpha", "beta"] if np.isfinite(alpha_in).any() else []
    if (visits > 1).any():  # calls came back to nodes: their counts matter (MCTS)
        fields.append("visits")
    spec = rec.spec
    trace = search.trace(f"traced:{spec.name if spec else 'search'}", {}, fields=tuple(fields))
    nodes = trace.nodes
    nodes["value"] = encode(value, table)
    nodes["alpha"], nodes["beta"] = encode(alpha, table), encode(beta, table)
    nodes["flags"] = _flags(tree, visits)
    if "visits" in fields:
        nodes["visits"] = visits
    if nodes["value"][0] == NO_VALUE:  # a root that was not a call: its best child's value
        known = [tree.backed(nodes["value"], 0, k) for k in _valued(tree.kids[0], nodes)]
        nodes["value"][0] = max(known) if known else NO_VALUE
    trace.value_kind = "user"
    trace.counters |= {
        "nodes": rec.calls,
        "cutoffs": int((nodes["flags"] & CUTOFF != 0).sum()),
        "leaves": sum(not k for k in tree.kids),
        "time_s": rec.seconds,
        "truncated": len(mean) >= rec.capacity and rec.calls > len(mean),
        "capacity": rec.capacity,
        "left_out": rec.left_out,
    }
    evidence, own = perspective.pop("evidence", None), perspective.pop("votes", None)
    trace.extra |= {"user_values": table.tolist(), "perspective": perspective}
    if evidence is not None:
        trace.extra |= {"perspective_evidence": evidence, "perspective_votes": own}
    if rec.counted:  # the person's own visit counts (-1: none read)
        trace.extra["user_visits"] = [rec.counted.get(k, -1) for k in range(len(mean))]
    return _answer(rec, tree, search, trace)


def _perspective(
    rec: Recording, tree: Tree, mean: np.ndarray, maxi: np.ndarray, votes: Votes | None
) -> tuple[np.ndarray, dict[str, Any]]:
    """Which nodes' numbers to negate to make them their side's, and the reading taken
    (see the module docs)."""
    spec = rec.spec
    if spec is not None and spec.player is not None:
        return tree.sides != spec.player, {"player": spec.player, "from": "player="}
    if (maxi >= 0).any():
        return maxi == 0, {"player": None, "from": "maximizing", "flag": spec and spec.flag}
    window = np.frombuffer(rec.alpha, np.float64), np.frombuffer(rec.beta, np.float64)
    own = votes_of(tree, mean, window)
    player, found, evidence = inferred(own if votes is None else votes)
    kept = {kind: [list(own[kind][p]) for p in READINGS] for kind in own}  # as JSON keeps it
    reading = {"player": player, "from": found, "evidence": evidence, "votes": kept}
    return (np.zeros(len(mean), bool) if player is SIDE_TO_MOVE else tree.sides != player), reading


def pooled(traces: Sequence[Trace]) -> Votes | None:
    """The evidence of whose the values are summed over ``traces`` (searches by the
    same code, each with its ``perspective_votes``: per kind, [agreeing, of] for each
    of :data:`READINGS`); None when none has any."""
    own = [t.extra["perspective_votes"] for t in traces if "perspective_votes" in t.extra]
    if not own:
        return None
    return {
        kind: {
            p: (sum(v[kind][i][0] for v in own), sum(v[kind][i][1] for v in own))
            for i, p in enumerate(READINGS)
        }
        for kind in ("finished", "backups")
    }


def _flags(tree: Tree, visits: np.ndarray) -> np.ndarray:
    """TERMINAL where the game is over; CUTOFF where a node searched once called some
    of its legal moves and not all (a node reached many times, an MCTS's, has moves
    it has not tried yet, not cut off)."""
    flags = np.where(tree.over, TERMINAL, 0).astype(np.uint8)
    for i, state in enumerate(tree.states):
        if not tree.over[i] and tree.kids[i] and visits[i] <= 1:
            called = {int(tree.move[k]) for k in tree.kids[i]}
            if len(called) < len(tree.game.legal_moves(state)):
                flags[i] |= CUTOFF
    return flags


def _answer(rec: Recording, tree: Tree, search: Search, trace: Trace) -> SearchResult:
    """The chosen move, one row per legal move of the root, the principal variation."""
    game, root, nodes = tree.game, tree.root, trace.nodes
    values: dict[int, float] = {}
    for k in _valued(tree.kids[0], nodes):  # a move called twice: its first call counts
        values.setdefault(int(tree.move[k]), tree.backed(nodes["value"], 0, k))
    legal = game.legal_moves(root)
    said = said_move(rec, lambda x: _move_of(game, root, x))
    if said is not None:
        best = said
        trace.extra["answered"] = best
    else:
        called = [int(tree.move[k]) for k in tree.kids[0]]
        best = max(values, key=lambda m: values[m], default=called[0] if called else legal[0])
    table = trace.extra["user_values"]

    def row_of(move: int) -> MoveStat:
        kid = next((k for k in tree.kids[0] if tree.move[k] == move), None)
        if kid is None:
            return row(game, root, move, None, "not searched")
        if move not in values:
            return row(game, root, move, None, "no value returned")
        v = user_value(int(values[move]), table)
        return row(game, root, move, v, user_words(trace, v))

    rows = [row_of(m) for m in legal]
    raw = int(nodes["value"][0])
    value = user_value(raw, table) if raw != NO_VALUE else None
    pv = [best, *_line(tree, nodes["value"], best)]
    name = rec.spec.name if rec.spec else None
    return result(search, trace, best, rows, pv=pv, value=value, function=name)


def _valued(ids: list[int], nodes: np.ndarray) -> list[int]:
    """The nodes of ``ids`` that have a value."""
    return [k for k in ids if nodes["value"][k] != NO_VALUE]


def _move_of(game: StepGame, root: Any, item: Any) -> int | None:
    """The root's legal move a returned item names: an action id, or for an aima game
    one of ``actions(state)`` (its place in the list); None when it names none."""
    if isinstance(game, AimaGame):
        actions = list(game.game.actions(root.state))
        found = [i for i, a in enumerate(actions) if type(a) is type(item) and a == item]
        return found[0] if found else None
    if not is_number(item) or not math.isfinite(item) or item != int(item):
        return None
    return int(item) if int(item) in game.legal_moves(root) else None


def _line(tree: Tree, value: np.ndarray, best: int) -> list[int]:
    """Best replies after ``best`` by the recorded values: at each node the child its
    side values most (the first called among equals)."""
    node = next((k for k in tree.kids[0] if tree.move[k] == best), None)
    out: list[int] = []
    while node is not None:
        kids = [k for k in tree.kids[node] if value[k] != NO_VALUE]
        if not kids:
            break
        node = max(kids, key=lambda k: tree.backed(value, node, k))  # type: ignore[arg-type]
        out.append(int(tree.move[node]))
    return out
