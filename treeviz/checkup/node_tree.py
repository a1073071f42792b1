"""The recorded tree as the checks of :mod:`treeviz.checkup.tree_bugs` read it: values as
numbers, leaves, fours and draws, and which nodes had every call recorded."""

from __future__ import annotations

import math
from functools import cached_property
from itertools import pairwise
from typing import Any

import numpy as np

from treeviz.connect4.board import Position
from treeviz.trace.nodes import INF, NO_VALUE, TERMINAL, Trace
from treeviz.trace.values import user_centre

DECIDED_GAP = 10.0  # magnitudes this many times apart: decided results beyond evaluations


class Tree:
    """The arrays the checks read, worked out once: values as numbers (NaN: none) in
    treeviz's convention (for the side to move at the node), the leaves, the fours and
    draws, the nodes whose position can be trusted and those whose children were all
    recorded, each child's value as its parent's side to move reads it, and the window
    each node searched with (``lo``, ``hi``: the received ``alpha``, ``beta`` narrowed
    as its children show)."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        nodes = trace.nodes
        self.n = n = len(trace)
        self.parent = nodes["parent"].astype(np.int64)
        self.move = nodes["move"].astype(np.int64)
        self.depth = nodes["depth"].astype(np.int64)
        # results in 0..1 are stored centred (a draw 0): a search whose nodes are
        # reached once (a negamax) is judged so, a negation the other side's view as its
        # checks read it, its words adding the centre back (``offset``); an MCTS's means
        # as the search returned them
        table, centre = trace.extra.get("user_values"), user_centre(trace)
        self.offset = centre if "visits" not in trace.fields else 0.0
        shift = centre - self.offset
        self.value = numbers(nodes["value"], table) + shift
        self.alpha = numbers(nodes["alpha"], table) + shift
        self.beta = numbers(nodes["beta"], table) + shift
        self.pruned = nodes["pruned"].astype(np.int64)
        self.kids = trace.child_counts()
        self.facts: dict[str, Any] = trace.extra.get("checked") or {}
        self.once = "visits" not in trace.fields  # every node reached by one call
        # calls per node (that returned a value), and the person's own visit counts
        # (``traced(visits=)``; -1: none read)
        self.calls = nodes["visits"].astype(np.int64) if not self.once else np.ones(n, np.int64)
        counted = trace.extra.get("user_visits")
        self.counted = (
            np.asarray(counted, np.int64) if counted is not None else np.full(n, -1, np.int64)
        )
        self.root = trace.position()
        # below a call whose board was not its position, treeviz's positions are not
        # the search's: nothing there is judged (the turn check names the first)
        self.trusted = self.below(self.mark(self.facts.get("wrong", []))) == 0
        self.leaf = (self.kids == 0) & self.trusted
        self.terminal = ((nodes["flags"] & TERMINAL) != 0) & self.trusted
        self.four = self.terminal & ~self._draws(self.terminal)
        self.draw = self.terminal & ~self.four
        self._flags(trace.extra.get("maximizing") or {})
        # per node, the best of its children's values for its side to move (NaN when one
        # has none: NaN wins a maximum; -inf: a leaf)
        self.best = np.full(n, -np.inf)
        np.maximum.at(self.best, self.parent[1:], self.edge[1:] * self.value[1:])
        self.complete = self._complete()
        self.lo, self.hi = self._searched_window()
        # a finished game scored at or past its window's edge, on the side its true
        # value lies (a four at or below alpha, a draw's 0 past an edge and the value
        # there too): a fail-hard search's bound, true as a bound, no score of the end
        # the same window, an edge never given an infinite one
        self.lo_edge = lo = np.where(np.isnan(self.lo), -np.inf, self.lo)
        self.hi_edge = hi = np.where(np.isnan(self.hi), np.inf, self.hi)
        v = self.value
        self.clamped = (self.four & (v <= lo)) | (
            self.draw & (((v <= lo) & (lo >= 0)) | ((v >= hi) & (hi <= 0)))
        )
        # the fours the search scored as finished games: leaves with a value, not a
        # fail-hard bound
        self.scored_fours = self.four & self.leaf & ~np.isnan(v) & ~self.clamped

    def mark(self, ids: list[int]) -> np.ndarray:
        """A boolean per node, True at ``ids``."""
        out = np.zeros(self.n, bool)
        out[np.asarray(ids, np.int64)] = True
        return out

    def below(self, marks: np.ndarray) -> np.ndarray:
        """Per node, how many nodes on its path from the root (itself included) are
        marked (level by level: a parent's count is known before its children's)."""
        count = marks.astype(np.int64)
        for d in range(1, int(self.depth.max(initial=0)) + 1):
            ids = np.flatnonzero(self.depth == d)
            count[ids] += count[self.parent[ids]]
        return count

    def _flags(self, flags: dict[str, Any]) -> None:
        """A maximizing flag's facts: whose values (``maximizer``), the flag's name,
        the nodes whose flag was their parent's (``same``), whether each node's flag
        said it maximises, and ``edge``: what a child's stored value is worth to its
        parent's side to move (its negation; itself below a flag that did not change,
        both being stored by their flags)."""
        self.maximizer: str | None = flags.get("maximizer")
        self.flag: str | None = flags.get("flag")
        self.same = self.mark(flags.get("same", []))
        side_x = (self.root.ply + self.depth) % 2 == 0
        self.maximising = (side_x == (self.maximizer == "X")) ^ (self.below(self.same) % 2 == 1)
        self.edge = np.where(self.same, 1.0, -1.0)

    def _complete(self) -> np.ndarray:
        """Nodes whose children were all recorded, with trusted positions."""
        out = self.trusted.copy()
        if self.trace.truncated and self.n:  # the calls on the way to the last node went on
            out[self.trace.path(self.n - 1)] = False
        out[np.asarray(self.facts.get("incomplete", []), np.int64)] = False
        np.logical_and.at(out, self.parent[1:], self.trusted[1:])
        return out

    def _searched_window(self) -> tuple[np.ndarray, np.ndarray]:
        """Per node, the window it searched its children with (NaN: none recorded):
        the one it received, narrowed where its children's windows show a narrower one
        set before its loop (a transposition table's stored bound, a mate distance).

        A child's window, negated, is its caller's (alpha, beta) at the call; beta
        stays put through a correct loop while alpha rises. So a narrowing is read
        only where every child got a window, each valid (alpha < beta) and the same
        beta, inside the received window: a window turned inside out, or a beta that
        moves from child to child, is not one and leaves the received window."""
        lo, hi = self.alpha.copy(), self.beta.copy()
        call_lo, call_hi = -self.beta, -self.alpha  # each call's window as its caller's
        kid, up = np.arange(1, self.n), self.parent[1:]
        bad = np.zeros(self.n, bool)
        np.logical_or.at(bad, up, self.same[kid] | ~(call_lo[kid] < call_hi[kid]))  # NaN: False
        top, bottom = np.full(self.n, -np.inf), np.full(self.n, np.inf)
        np.fmax.at(top, up, call_hi[kid])  # fmax, fmin: a NaN (no window) is bad already
        np.fmin.at(bottom, up, call_hi[kid])
        first = np.full(self.n, self.n)  # the first child's id (ids are call order)
        np.minimum.at(first, up, kid)
        start = np.where(self.kids > 0, call_lo[np.minimum(first, self.n - 1)], np.nan)
        inside = (bottom <= hi) & (start >= lo) & ((bottom < hi) | (start > lo))
        narrowed = (self.kids > 0) & ~bad & (top == bottom) & inside
        lo[narrowed], hi[narrowed] = start[narrowed], bottom[narrowed]
        return lo, hi

    def _draws(self, terminal: np.ndarray) -> np.ndarray:
        """Which finished nodes are full boards without a four (replayed: few)."""
        size = self.root.width * self.root.height
        out = np.zeros(self.n, bool)
        for node in np.flatnonzero(terminal & (self.root.ply + self.depth == size)):
            out[node] = self.position(int(node)).winner() is None
        return out

    def line(self, node: int) -> tuple[int, ...]:
        """The columns (1-based) from the root to ``node``."""
        return tuple(int(self.move[k]) + 1 for k in self.trace.path(node)[1:])

    def position(self, node: int) -> Position:
        """The position at ``node`` (the root's, then the line's moves)."""
        pos = self.root.copy()
        for col in self.line(node):
            pos.push(col - 1)
        return pos

    def bitboards(self) -> tuple[np.ndarray, np.ndarray]:
        """Every node's position as bitboards (``current``, ``mask`` as
        :class:`Position` keeps them, uint64), worked out level by level from the
        root's: what :meth:`position` gives one node at a time, for many nodes at
        once. Meaningful at trusted nodes only (below an untrusted one the moves may
        not be playable)."""
        current = np.zeros(self.n, np.uint64)
        mask = np.zeros(self.n, np.uint64)
        if not self.n:
            return current, mask
        current[0], mask[0] = np.uint64(self.root.current), np.uint64(self.root.mask)
        step = np.uint64(self.root.height + 1)
        for d in range(1, int(self.depth.max()) + 1):
            ids = np.flatnonzero(self.depth == d)
            up = self.parent[ids]
            col = np.maximum(self.move[ids], 0).astype(np.uint64)
            bottom = np.left_shift(np.uint64(1), col * step)
            current[ids] = current[up] ^ mask[up]  # as Position.push
            mask[ids] = mask[up] | (mask[up] + bottom)
        return current, mask

    def side(self, node: int) -> str:
        """The player to move at ``node``."""
        return "XO"[(self.root.ply + int(self.depth[node])) % 2]

    @property
    def horizon(self) -> int:
        """The depth of the deepest unfinished leaf (-1: none): where a search with a
        depth limit stops and evaluates."""
        ids = np.flatnonzero(self.leaf & ~self.terminal)
        return int(self.depth[ids].max()) if len(ids) else -1

    @cached_property
    def limit(self) -> int:
        """The depth limit of the full-width search: the shallowest depth at which at
        least half the unfinished positions reached returned at once (:attr:`horizon`
        at the most). Leaves deeper than it are a selective extension's (a quiescence
        that searches on where a win or a block is at hand: few of their level's
        positions are searched); shallower ones returned early (a memo table's stored
        value). A search with a plain depth limit: its horizon."""
        deepest = self.horizon
        open_ = self.trusted & ~self.terminal & ~np.isnan(self.value)
        reached = np.bincount(self.depth[open_], minlength=deepest + 1)[: deepest + 1]
        stopped = np.bincount(self.depth[open_ & self.leaf], minlength=deepest + 1)[: deepest + 1]
        most = np.flatnonzero(2 * stopped >= np.maximum(reached, 1))
        return int(most[0]) if len(most) else deepest

    def evaluated(self) -> np.ndarray:
        """The unfinished leaves at the :attr:`horizon`, valued: the positions the
        search scored with its evaluation. Unfinished leaves above it returned without
        searching (a memo table's stored value, an early return): their values may be
        proven wins and losses, not an evaluation's. So may those at it: a leaf scored
        at least as large as a loss the search decided at a four above the horizon holds
        a decided result (a table's stored one), and is left out."""
        v = self.value
        at = self.leaf & ~self.terminal & ~np.isnan(v) & (self.depth == self.horizon)
        lost = self.four & self.leaf & ~np.isnan(v) & (v < 0) & (self.depth < self.horizon)
        if lost.any():
            at &= np.abs(v) < -v[lost].max()
        return at

    def leaf_range(self) -> tuple[float, float] | None:
        """The lowest and highest value of the :meth:`evaluated` leaves (None: none)."""
        found = self.value[self.evaluated()]
        return (float(found.min()), float(found.max())) if len(found) else None

    def loss_size(self) -> float | None:
        """The size of the search's decided results: the smallest magnitude of the
        fours scored as losses beyond the evaluation's reach (None: no such four). A
        loss negated is a win, at least as good as every evaluation, so only fours
        scored at least as low as the largest evaluated magnitude count. Fours scored by
        the evaluation itself (the depth tested before the end of the game) spread
        around and past its range's ends (a four adds windows); where a gap of
        :data:`DECIDED_GAP` times separates a group of larger magnitudes, those are
        the decided losses and the smaller ones the evaluation's."""
        v = self.value
        span = self.leaf_range()
        lo, hi = (0.0, 0.0) if span is None else span
        reach = max(-lo, hi)
        lost = self.scored_fours & (v < 0) & (-v >= reach)
        if not lost.any():
            return None
        sizes = sorted(set((-v[lost]).tolist()))
        beyond = _past_gap(reach, sizes)
        return float(sizes[0]) if beyond is None else beyond

    def win_size(self) -> float:
        """With no four scored as a decided loss (:meth:`loss_size` None), the smallest
        positive value of a four that a gap of :data:`DECIDED_GAP` times separates from
        the evaluated leaves' largest magnitude: a win scored for the side that lost
        (inf: none). Without decided losses to size the search's results, a four
        scored just past the evaluation's range (a four adds to the evaluation) is
        the evaluation's, not a win."""
        v = self.value
        span = self.leaf_range()
        lo, hi = (0.0, 0.0) if span is None else span
        reach = max(-lo, hi)
        won = self.scored_fours & (v > reach)
        beyond = _past_gap(reach, sorted(set(v[won].tolist())))
        return math.inf if beyond is None else beyond

    def wrong_fours(self) -> np.ndarray:
        """The fours (leaves, valued: the side to move has lost) scored like unfinished
        positions: 0; a negative value above the lowest evaluated leaf's (a proven
        loss stored by a memo may equal a four's); a positive one below the size of
        the search's decided losses (:meth:`loss_size`: a value on the evaluation's
        scale), or, when no four is scored as a decided loss, below :meth:`win_size`.
        Larger positive ones are wins with the wrong sign, the ``sign`` check's. A
        four scored at or below its window's alpha (:attr:`clamped`) is a fail-hard
        bound, none of these."""
        v = self.value
        four = self.scored_fours
        span = self.leaf_range()
        if span is None:
            return four & (v == 0)
        loss = self.loss_size()
        small = v < loss if loss is not None else v < self.win_size()
        return four & ((v == 0) | ((v < 0) & (v > span[0])) | ((v > 0) & small))


def _past_gap(reach: float, sizes: list[float]) -> float | None:
    """The first of ``sizes`` (sorted, each above ``reach``) past the widest gap of
    :data:`DECIDED_GAP` times or more in ``reach, *sizes`` (None: no gap that wide)."""
    if not sizes:
        return None
    gaps = [(b / a if a > 0 else math.inf, b) for a, b in pairwise([reach, *sizes])]
    widest, beyond = max(gaps)
    return float(beyond) if widest >= DECIDED_GAP else None


def numbers(stored: np.ndarray, table: list[float] | None) -> np.ndarray:
    """Stored values as numbers (NaN: ``NO_VALUE``; ±inf: ±``INF``): a user trace's
    symmetric ranks read through ``table``, others as they are."""
    raw = stored.astype(np.int64)
    out = raw.astype(np.float64)
    if table is not None:
        mags = np.concatenate(([0.0], np.asarray(table, np.float64)))
        ranks = np.clip(np.abs(raw), 0, len(mags) - 1)
        out = np.sign(raw) * mags[ranks]
    out[raw >= INF] = np.inf
    out[(raw <= -INF) & (raw != NO_VALUE)] = -np.inf
    out[raw == NO_VALUE] = np.nan
    return out
