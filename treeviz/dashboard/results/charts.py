"""The result's charts beside its tables: bars per column or per depth (MCTS's
progress over its iterations: :mod:`.progress`). Drawn by the same ECharts component as the
tree: one chart library in the page, so a first Run loads one set of scripts, not two.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from treeviz.draw.style import BAR


def bars(where: Any, labels: pd.Series, values: pd.Series, key: str) -> None:
    """A bar chart in ``where`` (a column, the page), keyed ``bars_{key}``; missing
    values are left out."""
    # Imported here: the component registers itself on import, which only works once
    # a Streamlit runtime exists (importing this module from tests must not need one).
    from streamlit_echarts import st_echarts

    data = [None if pd.isna(v) else float(v) for v in values]
    options = {
        "grid": {"left": 48, "right": 12, "top": 12, "bottom": 28},
        "tooltip": {"trigger": "axis"},
        "xAxis": {"type": "category", "data": [str(x) for x in labels]},
        "yAxis": {"type": "value"},
        "series": [{"type": "bar", "data": data, "itemStyle": {"color": BAR}}],
        "animation": False,
    }
    with where:
        st_echarts(options, height="220px", renderer="svg", key=f"bars_{key}")

