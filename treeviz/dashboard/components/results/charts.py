"""The result's charts beside its tables: bars per column or per depth (MCTS's
progress over its iterations: :mod:`.progress`). Drawn with ECharts, as Review's
graph is: one chart library in the page.
"""

from __future__ import annotations

import math
from typing import Any

import pandas as pd

from treeviz.draw.style import BAR
from treeviz.trace.numbers import COMPACT_FROM, number_text

ZERO_BAR_PX = 2  # a value of 0 is drawn this tall: a bar, not a gap that reads "missing"


def bars(where: Any, labels: pd.Series, values: pd.Series, *, key: str) -> None:
    """A bar chart in ``where`` (a column, the page), keyed ``bars_{key}``
    (:func:`bar_options`)."""
    # Imported here: the component registers itself on import, which only works once
    # a Streamlit runtime exists (importing this module from tests must not need one).
    from streamlit_echarts import st_echarts

    with where:
        st_echarts(bar_options(labels, values), height="220px", renderer="svg", key=f"bars_{key}")


def bar_options(labels: pd.Series, values: pd.Series) -> dict[str, Any]:
    """The chart of ``values`` over ``labels``: missing values left out, a zero drawn
    as a thin bar (ECharts' ``barMinHeight`` applies to zero bars as to small ones).
    Values of a million or more are drawn in units of a power of ten that the axis
    names (``×1e14``: ticks 0.2, 0.4, not 100,000,000,000,000), each bar's tooltip
    its value as :func:`number_text` reads it."""
    data = [None if pd.isna(v) else float(v) for v in values]
    top = max((abs(v) for v in data if v is not None and math.isfinite(v)), default=0.0)
    unit = 10.0 ** math.floor(math.log10(top)) if top >= COMPACT_FROM else 1.0
    y_axis: dict[str, Any] = {"type": "value"}
    tooltip: dict[str, Any] = {"trigger": "axis"}
    points: list[Any] = list(data)
    if unit > 1:
        y_axis |= {
            "name": f"×{number_text(unit, signed=False)}",
            "nameTextStyle": {"align": "right"},
        }
        tooltip = {"trigger": "item"}
        points = [
            None
            if v is None
            else {"value": v / unit, "tooltip": {"formatter": f"{x}: {number_text(v)}"}}
            for x, v in zip(labels, data, strict=True)
        ]
    return {
        "grid": {"left": 48, "right": 12, "top": 24 if unit > 1 else 12, "bottom": 28},
        "tooltip": tooltip,
        "xAxis": {"type": "category", "data": [str(x) for x in labels]},
        "yAxis": y_axis,
        "series": [
            {
                "type": "bar",
                "data": points,
                "itemStyle": {"color": BAR},
                "barMinHeight": ZERO_BAR_PX,
            }
        ],
        "animation": False,
    }
