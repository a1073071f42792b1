"""The heuristic colour scale's end: the largest heuristic magnitude of a trace, proven
values and nodes without a value left out (``treeviz.trace.values``)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.trace.nodes import NO_VALUE
from treeviz.trace.values import PROVEN, heuristic_range

SPECIAL = [NO_VALUE, PROVEN, -PROVEN, PROVEN + 3, -PROVEN - 9, PROVEN - 1, -(PROVEN - 1), 0]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(st.integers(-PROVEN - 50, PROVEN + 50), st.sampled_from(SPECIAL)),
        min_size=1,
        max_size=300,
    )
)
def test_the_scale_ends_at_the_largest_heuristic_value(values: list[int]) -> None:
    base = search(Position.from_moves("44"), "alphabeta:depth=1").trace
    nodes = np.zeros(len(values), base.nodes.dtype)
    nodes["value"] = values
    trace = replace(base, nodes=nodes)  # a new trace: the range is kept on each
    plain = [abs(v) for v in values if v != NO_VALUE and abs(v) < PROVEN]
    assert heuristic_range(trace) == max([1, *plain])
