"""The tables each drawn node's panel sends are made without a data frame
(:func:`~treeviz.dashboard.components.node_tables.children_columns`): they must read
as the frame reads, the words and sort keys a frame of the same columns gives."""

from __future__ import annotations

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.dashboard.components.node_tables import as_in_a_table, children_columns
from treeviz.dashboard.components.tree_data import table_rows
from treeviz.draw.view import node_position
from treeviz.exact.scores import exact_scores

CELLS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**15), 10**15),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["-inf", "+inf", "cut off", "win in 3"]),
)


@given(st.lists(st.lists(CELLS, min_size=1, max_size=6), min_size=1, max_size=4))
def test_columns_read_as_a_frame_of_them_reads(columns: list[list[object]]) -> None:
    width = min(len(c) for c in columns)
    table = {f"c{k}": c[:width] for k, c in enumerate(columns)}
    frame = pd.DataFrame(table)
    assert table_rows({k: as_in_a_table(v) for k, v in table.items()}) == table_rows(frame)


@pytest.mark.parametrize(
    "spec", ["mcts:iterations=600,seed=3", "alphabeta:depth=4", "minimax:depth=2"]
)
def test_each_panel_table_reads_as_the_frame_of_its_children(spec: str) -> None:
    trace = search(Position.from_moves("4453"), spec).trace
    parents = [i for i, n in enumerate(trace.child_counts()) if n][:40]
    for i in parents:
        exact = exact_scores(node_position(trace, i), 5.0) if i % 3 == 0 else None
        columns = children_columns(trace, i, exact)
        assert table_rows(columns) == table_rows(pd.DataFrame(columns))
        assert len(next(iter(columns.values()))) == trace.child_counts()[i]
