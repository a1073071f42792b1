"""The result's charts beside its tables: bars per column or per depth, and MCTS's
share of the visits over the iterations. Drawn by the same ECharts component as the
tree: one chart library in the page, so a first Run loads one set of scripts, not two.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from treeviz.draw.style import BAR, PALETTE
from treeviz.trace.nodes import Trace

PERCENT = "function(v){return (100 * v).toFixed(0) + '%'}"  # an ECharts formatter


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


def share_section(trace: Trace) -> None:
    """MCTS: each root column's share of the visits after every iteration (from the
    iteration log), one line per column: when the choice settled, and how clearly.
    Nothing when the trace has no iteration log."""
    from streamlit_echarts import JsCode, st_echarts

    from treeviz.trace.reading import share_over_time

    found = share_over_time(trace)
    if found is None:
        return
    at, share = found
    st.markdown("#### Visit share over iterations")
    series = [
        {"type": "line", "name": f"column {c + 1}", "showSymbol": False,
         "data": [[int(i), round(float(x), 4)] for i, x in zip(at, share[:, c], strict=True)],
         "lineStyle": {"color": PALETTE[c % len(PALETTE)]},
         "itemStyle": {"color": PALETTE[c % len(PALETTE)]}}
        for c in range(trace.width) if share[:, c].any()
    ]  # fmt: skip
    options = {
        "grid": {"left": 56, "right": 16, "top": 36, "bottom": 44},
        "legend": {"top": 0},
        "tooltip": {"trigger": "axis", "valueFormatter": JsCode(PERCENT)},
        "xAxis": {"type": "value", "name": "iteration", "nameLocation": "middle",
                  "nameGap": 26, "min": 1, "max": int(at[-1])},
        "yAxis": {"type": "value", "name": "share of the root's visits", "min": 0, "max": 1,
                  "axisLabel": {"formatter": JsCode(PERCENT)}},
        "series": series,
        "animation": False,
    }  # fmt: skip
    st_echarts(options, height="300px", renderer="svg", key=f"share_{id(trace)}")
    st.caption("Each line: the share of the root's visits that went to that column so far; "
               "the chosen move is the most visited at the end.")  # fmt: skip
