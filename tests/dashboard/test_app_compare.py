"""Streamlit AppTest, the Compare page: both searches side by side, what differs
highlighted, a reason's button drawing its node, a bad spec reported."""

from __future__ import annotations

import pandas as pd
from conftest import seen
from streamlit.testing.v1 import AppTest
from tree_reading import focus, panel, reasons

from treeviz.agents.registry import search
from treeviz.connect4.board import Position

COMPARE_PAGE = """
from treeviz.dashboard.pages.compare.page import compare_page
compare_page()
"""


def test_compare_page_shows_both_searches() -> None:
    at = AppTest.from_string(COMPARE_PAGE, default_timeout=180).run()
    at.sidebar.radio(key="source").set_value("Move string or board").run()
    at.sidebar.text_area(key="position_text").set_value("3344").run()
    at.sidebar.text_input(key="compare_b").set_value("greedy").run()
    at.sidebar.button(key="compare_run").click().run()
    assert not at.exception and not at.error
    heads = [seen(h.value) for h in at.subheader]
    assert heads == ["A: alphabeta:depth=3", "B: greedy"]
    table = at.dataframe[0].value
    words = table["A in words"]
    assert list(table["column"]) == list(range(1, 8)) and words.str.len().gt(0).all()
    chosen = [table[f"{x} in words"].str.contains("chosen").sum() for x in "AB"]
    assert chosen == [1, 1] and "exact score" in table.columns
    stats = at.dataframe[1].value  # both searches' statistics, side by side
    assert list(stats.columns) == ["A", "B"] and "nodes searched" in stats.index
    a, b = (search(Position.from_moves("3344"), name).move for name in ("alphabeta", "greedy"))
    assert list(stats.loc["move chosen"]) == [str(a), str(b)]


def test_compare_highlights_what_differs() -> None:
    """Both searches' cells are marked in the rows said to differ, no others."""
    from treeviz.dashboard.pages.compare.page import highlighted

    table = pd.DataFrame(
        {
            "column": [1, 2],
            "A value": [3.0, 5.0],
            "A in words": ["+3", "+5"],
            "B value": [3.0, 6.0],
            "B in words": ["+3", "win 4"],
        }
    )
    ctx = highlighted(table, [False, True])._compute().ctx
    assert {cell for cell, style in ctx.items() if style} == {(1, 1), (1, 2), (1, 3), (1, 4)}


def test_a_reason_button_on_compare_draws_its_node() -> None:
    """Compare's reason buttons did nothing: the view now starts at the reason's node
    and its panel shows that node."""
    at = AppTest.from_string(COMPARE_PAGE, default_timeout=180).run()
    at.sidebar.button(key="compare_run").click().run()
    node = next(r["node"] for r in reasons(at, "compare_1_reasons_") if r["node"])
    focus(at, "compare_1", node, 0)  # drawn from the root: the node selected whatever its depth
    at.run()
    assert not at.exception
    assert panel(at, "compare_1_tree_")["node"] == node  # its panel, in the browser's data


def test_compare_page_reports_a_bad_spec() -> None:
    at = AppTest.from_string(COMPARE_PAGE, default_timeout=180).run()
    at.sidebar.text_input(key="compare_a").set_value("alphabeta:depth=x").run()
    at.sidebar.button(key="compare_run").click().run()
    assert at.error and "depth='x'" in seen(at.error[0].value) and not at.exception
