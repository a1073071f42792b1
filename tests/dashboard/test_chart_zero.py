"""Every chart draws zero: an arena rating of exactly 0 has a mark of its own (a bar
from 0 to 0 has no length), and a bar chart's zero is a thin bar, not a gap that
reads as a missing value."""

from __future__ import annotations

from typing import Any

import pandas as pd

from treeviz.dashboard.components.results.charts import bar_options
from treeviz.dashboard.pages.arena.page import rating_chart

PLAYERS = [
    {"spec": "alphabeta:depth=4", "rating": 35.0, "rating_low": -20.0, "rating_high": 90.0},
    {"spec": "greedy", "rating": 0.0, "rating_low": -60.0, "rating_high": 60.0},
]


def marks_at_the_rating(spec: dict[str, Any]) -> list[str]:
    """The marks of the chart's layers placed by the rating alone (no length)."""
    out = []
    for layer in spec["layer"]:
        mark = layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"]
        x = layer.get("encoding", {}).get("x", {})
        if (
            x.get("field") == "rating"
            and "x2" not in layer.get("encoding", {})
            and mark in ("tick", "point", "circle", "square")
        ):
            out.append(mark)
    return out


def test_a_rating_of_zero_has_a_visible_mark() -> None:
    spec = rating_chart(PLAYERS).to_dict()
    assert marks_at_the_rating(spec)
    data = next(iter(spec["datasets"].values()))
    assert any(row["rating"] == 0 for row in data)  # the zero player is in the chart


def test_a_zero_bar_is_drawn_and_a_missing_one_is_not() -> None:
    options = bar_options(pd.Series([1, 2, 3]), pd.Series([-4.0, 0.0, float("nan")]))
    series = options["series"][0]
    assert series["data"] == [-4.0, 0.0, None]
    assert series["barMinHeight"] > 0  # ECharts draws a zero this tall
