"""The result's charts beside its tables: bars per column or per depth (MCTS's
progress over its iterations: :mod:`.progress`). Drawn by the same ECharts component as the
tree: one chart library in the page, so a first Run loads one set of scripts, not two.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from treeviz.draw.style import BAR

ZERO_BAR_PX = 2  # a value of 0 is drawn this tall: a bar, not a gap that reads "missing"


def bars(where: Any, labels: pd.Series, values: pd.Series, key: str) -> None:
    """A bar chart in ``where`` (a column, the page), keyed ``bars_{key}``
    (:func:`bar_options`)."""
    # Imported here: the component registers itself on import, which only works once
    # a Streamlit runtime exists (importing this module from tests must not need one).
    from streamlit_echarts import st_echarts

    with where:
        st_echarts(bar_options(labels, values), height="220px", renderer="svg",
                   key=f"bars_{key}")  # fmt: skip


def bar_options(labels: pd.Series, values: pd.Series) -> dict[str, Any]:
    """The chart of ``values`` over ``labels``: missing values left out, a zero drawn
    as a thin bar (ECharts' ``barMinHeight`` applies to zero bars as to small ones)."""
    data = [None if pd.isna(v) else float(v) for v in values]
    return {
        "grid": {"left": 48, "right": 12, "top": 12, "bottom": 28},
        "tooltip": {"trigger": "axis"},
        "xAxis": {"type": "category", "data": [str(x) for x in labels]},
        "yAxis": {"type": "value"},
        "series": [{"type": "bar", "data": data, "itemStyle": {"color": BAR},
                    "barMinHeight": ZERO_BAR_PX}],
        "animation": False,
    }
