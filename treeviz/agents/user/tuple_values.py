"""Which item of a returned tuple is the value, when ``traced(value=)`` does not say.

Course notebooks return ``(value, column)`` and ``(column, value)`` alike, and leaves
often ``(None, score)``. Taking a tuple's first number as the value reads the columns of
``(column, value)`` as values, and the doctor then sees a search whose backed-up values
make no sense. So the choice is made once per search, after it, from every tuple it
returned: the first of the tuple's first two items that ever held something a column
cannot be (a negative number, a fraction, infinity, a number past the board's width)
is the value. A search whose items were all small whole numbers gives no evidence: each
return's first number is its value, as before.
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
        return next((i for i in range(SLOTS) if self.valueish[i]), None)

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
