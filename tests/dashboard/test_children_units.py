"""The node panel's children table and the tree's labels say what the per-move table
says: at the root, each child's words are its row's words (a bound with its ≤, a
result in words, proven or only capped), its label carries the ≤ of a bound, and its
number is heuristic points only (it put a win's exact score, +18, among points such
as +48, so the win read as the worse column). The per-move
rows themselves are checked against plain minimax in tests/agents."""

from __future__ import annotations

import math
from typing import Any

from conftest import random_position
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.dashboard.components.node_tables import children_table
from treeviz.trace.values import node_value


@st.composite
def cases(draw: Any) -> tuple[str, str, int]:
    pos = random_position(draw(st.integers(0, 10**6)), draw(st.integers(0, 30)))
    agent = draw(st.sampled_from(["alphabeta", "alphabeta:tt=false", "minimax"]))
    return agent, pos.moves_string(), draw(st.integers(1, 4))


@given(cases())
@settings(max_examples=40, deadline=None)
def test_the_root_childrens_words_and_points_are_the_rows(case: tuple[str, str, int]) -> None:
    agent, moves, depth = case
    res = search(moves, agent, depth=depth)
    rows = {r.column: r for r in res.moves}
    table = children_table(res.trace, 0)
    for _, child in table.iterrows():
        row = rows[int(child["column"])]
        assert child["value in words"] == row.text, (moves, agent, depth)
        label = node_value(res.trace, int(child["node"])).text  # the tree's label
        assert label.startswith("≤") == (row.extra["bound"] == "upper"), (label, row.text)
        number = child["value (root player)"]
        if row.outcome is not None or row.extra.get("at_best"):
            assert number is None or math.isnan(number)
        else:
            assert number == row.value


def test_the_issues_example_keeps_wins_out_of_the_points() -> None:
    res = search("4455", "alphabeta", depth=4)
    table = children_table(res.trace, 0).set_index("column")
    assert table.loc[3, "value in words"] == "wins in 3 plies, exact +18"
    assert table.loc[2, "value in words"].startswith("≤ +18: cut off, at best a win")
    assert math.isnan(table.loc[2, "value (root player)"])
    assert table.loc[1, "value (root player)"] == 48
