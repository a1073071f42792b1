"""Which item of a returned tuple is the value, when ``traced(value=)`` does not say.

Course notebooks return ``(value, column)`` and ``(column, value)`` alike, and leaves
often ``(None, score)``. Taking a tuple's first number as the value reads the columns of
``(column, value)`` as values, and the doctor then sees a search whose backed-up values
make no sense. So the choice is made once per search, after it, from every tuple it
returned: the first of the tuple's first two items that ever held something a column
cannot be (a negative number, a fraction, infinity, a number past the board's width)
is the value. But the tree decides first (:meth:`TupleValues.settle`), as the numbers
alone mislead where a leaf returns ``(-1, score)`` (``-1`` for "no column") or every
score is 0: the column item names, at a node with children, the child whose value is
the node's own (either sign), and at a leaf no column at all. Where the tree does not
tell the two readings apart, the numbers decide; where they say nothing either, each
return's first number is its value.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from treeviz.agents.user.instrument_result import as_float, first_number, is_number

SLOTS = 2  # the items looked at: (value, column) and (column, value)


class TupleValues:
    """The numbers of the tuples one search returned, by node, under each reading:
    slot 0, slot 1, and each return's first number."""

    def __init__(self, width: int = 7) -> None:
        self.width = width  # the board's (set when the search's root is known)
        self.sums: dict[int, list[float]] = {}  # node -> [s0, n0, s1, n1, first, n]
        self.valueish = [False] * SLOTS  # a slot held something no column can be
        self.last: dict[int, tuple[Any, ...]] = {}  # node -> its last return's first items
        self.settled: int | None = None  # the slot the tree showed (:meth:`settle`)

    def add(self, node: int, ret: tuple[Any, ...] | list[Any]) -> None:
        """Count the numbers of one return of ``node``."""
        acc = self.sums.get(node)
        if acc is None:
            acc = self.sums[node] = [0.0] * (2 * SLOTS + 2)
        for i in range(min(SLOTS, len(ret))):
            if is_number(ret[i]):
                x = as_float(ret[i])
                acc[2 * i] += x
                acc[2 * i + 1] += 1
                if not self.valueish[i] and not self._column_like(x):
                    self.valueish[i] = True
        self.last[node] = tuple(ret[:SLOTS])
        first = first_number(ret)
        if first is not None:
            acc[-2] += as_float(ret[first])
            acc[-1] += 1

    def _column_like(self, x: float) -> bool:
        """A number that could be a column, 0- or 1-based."""
        return math.isfinite(x) and x == int(x) and 0 <= x <= self.width

    def index(self) -> int | None:
        """The slot that holds the values (None: no evidence, each first number)."""
        if self.settled is not None:
            return self.settled
        return next((i for i in range(SLOTS) if self.valueish[i]), None)

    def settle(self, parent: np.ndarray, move: np.ndarray, plain: np.ndarray) -> None:
        """The reading the tree supports more (:meth:`_votes`), if one does: the
        numbers alone can mislead (``-1`` for "no column" is something no column can
        be, and a search whose scores are all 0 or small held nothing else).
        ``parent``, ``move``: the recorded nodes' arrays; ``plain``: each node's mean
        of the plain numbers it returned (NaN: none), its value under either reading."""
        if not self.last:
            return
        below = np.flatnonzero(np.isin(parent, list(self.last)))
        kids = {(int(parent[k]), int(move[k])): int(k) for k in below if k}
        votes = [self._votes(slot, kids, plain) for slot in range(SLOTS)]
        if votes[0] != votes[1]:
            self.settled = int(votes[1] > votes[0])

    def _votes(self, slot: int, kids: dict[tuple[int, int], int], plain: np.ndarray) -> int:
        """How many returns support reading item ``slot`` as the value and the other as
        the column: a node with children whose column item names (from 0 or from 1) a
        child of the same value but for its sign, and a leaf whose column item is no
        column (None, -1: the move a leaf has not)."""
        other, parents = 1 - slot, {p for p, _ in kids}
        votes = 0
        for node, items in self.last.items():
            named = items[other] if len(items) > other else None
            col = as_float(named) if is_number(named) else math.nan
            if node not in parents:
                votes += not self._column_like(col)
                continue
            if not self._column_like(col):
                continue
            mine = abs(self._value(node, slot, plain))
            found = (kids.get((node, int(col) - base)) for base in (0, 1))
            votes += any(k is not None and abs(self._value(k, slot, plain)) == mine for k in found)
        return votes

    def _value(self, node: int, slot: int, plain: np.ndarray) -> float:
        """``node``'s mean value reading item ``slot`` of its tuples (its plain numbers'
        when it returned none; NaN: no value)."""
        acc = self.sums.get(node)
        if acc is not None and acc[2 * slot + 1]:
            return acc[2 * slot] / acc[2 * slot + 1]
        return float(plain[node])

    def totals(self) -> dict[int, tuple[float, int]]:
        """Per node, the sum of its values and how many there were, by :meth:`index`."""
        i = self.index()
        at = -2 if i is None else 2 * i
        return {node: (acc[at], int(acc[at + 1])) for node, acc in self.sums.items() if acc[at + 1]}

    def column_base(self, parent: Any, move: Any, mean: Any) -> int:
        """1 when the columns the tuples name count from 1 (as ``choose`` answers),
        else 0. The evidence: a node's tuple names the column of its best child, whose
        number is the node's own (negated in a negamax): at each node, the child in the
        column named read from 0, and read from 1, is looked for; the base whose child
        returns the node's number (either sign) more often is taken, 0 on a tie.
        ``parent``, ``move`` and ``mean``: the recorded nodes' arrays."""
        slot = self.index()
        if slot is None or not self.last:
            return 0
        other = 1 - slot
        # the children of the nodes that returned tuples only: a recording holds millions
        below = np.flatnonzero(np.isin(parent, list(self.last)))
        kids = {(int(parent[k]), int(move[k])): int(k) for k in below if k}
        votes = [0, 0]
        for node, items in self.last.items():
            named = items[other] if len(items) > other else None
            if not is_number(named) or not self._column_like(as_float(named)):
                continue
            for base in (0, 1):
                child = kids.get((node, int(as_float(named)) - base))
                if child is not None and abs(mean[child]) == abs(mean[node]):
                    votes[base] += 1
        return 1 if votes[1] > votes[0] else 0
