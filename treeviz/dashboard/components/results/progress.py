"""MCTS's search progress: each root column's visits and mean result over the
iterations (:mod:`treeviz.trace.progress`), the iteration where the choice settled
marked on both charts. Nothing for a trace without an iteration log."""

from __future__ import annotations

from typing import Any

import numpy as np
import streamlit as st

from treeviz.draw.style import PALETTE
from treeviz.trace.nodes import Trace
from treeviz.trace.progress import Progress, search_progress

POINTS = 400  # iterations drawn at most, evenly apart, the last included


def progress_section(trace: Trace) -> None:
    """Two charts over the iterations, one line per root column: its visits so far,
    and its mean result for the root player; a line marks where the most visited
    column stopped changing."""
    from streamlit_echarts import st_echarts

    found = search_progress(trace)
    if found is None:
        if trace.params.get("record_iterations") is False:  # it could have, when asked
            st.markdown("#### Search progress")
            st.caption(
                "Turn on **record iterations** in the sidebar and press **Run** again "
                "to chart each column's visits and mean result over the iterations, "
                "and to see where the choice settled."
            )
        return
    st.markdown("#### Search progress")
    st.caption(settle_text(found))
    at = sampled(found.iterations)
    with st.container(key=f"pair_progress_{id(trace)}"):  # stacked when narrow (page_style)
        left, right = st.columns(2)
    with left:
        st_echarts(
            progress_options(found, at, found.visits, name="visits so far"),
            height="300px",
            renderer="svg",
            key=f"progress_visits_{id(trace)}",
        )
    with right:
        st_echarts(
            progress_options(
                found, at, found.mean, name="mean result (root player)", lo=0.0, hi=1.0
            ),
            height="300px",
            renderer="svg",
            key=f"progress_mean_{id(trace)}",
        )
    st.caption(
        "Each line a column (c1 to c7, as in the tree): its visits (left) and "
        "mean result for the player to move at the root, 1 win, 0.5 draw, 0 loss "
        "(right), after each iteration; the dashed line marks where the choice "
        "settled."
    )


def settle_text(found: Progress) -> str:
    """Where the choice settled, in words."""
    if found.leader < 0:
        return "No iteration visited a column (the root was proven at once)."
    return (
        f"Column {found.leader + 1} has been the most visited since iteration "
        f"{found.settled:,} of {found.iterations:,}."
    )


def sampled(n: int, points: int = POINTS) -> np.ndarray:
    """Row indices to draw out of ``n`` iterations, evenly apart, the last included."""
    return np.unique(np.linspace(0, n - 1, min(points, n)).round().astype(np.int64))


def settle_side(settled: int, iterations: int) -> str:
    """Where the settle line's label goes: along the line, on the side with more room
    (right of a line in the left half: on its left it ran over the y axis' labels)."""
    return "insideEndBottom" if settled < (1 + iterations) / 2 else "insideEndTop"


def progress_options(
    found: Progress,
    at: np.ndarray,
    table: np.ndarray,
    *,
    name: str,
    lo: float | None = None,
    hi: float | None = None,
) -> dict[str, Any]:
    """ECharts options: one line per visited column of ``table`` (rows: iterations)
    at rows ``at``, and a dashed line at the settle iteration."""
    series: list[dict[str, Any]] = []
    for c in range(table.shape[1]):
        if not found.visits[-1, c]:
            continue
        colour = PALETTE[c % len(PALETTE)]
        data = [
            [int(i) + 1, None if np.isnan(v) else round(float(v), 4)]
            for i, v in zip(at, table[at, c].astype(np.float64), strict=True)
        ]
        series.append(
            {
                "type": "line",
                "name": f"c{c + 1}",
                "showSymbol": False,
                "data": data,
                "lineStyle": {"color": colour},
                "itemStyle": {"color": colour},
            }
        )
    if series and found.settled:
        series[0]["markLine"] = {
            "symbol": "none",
            "silent": True,
            "lineStyle": {"type": "dashed", "color": "#333"},
            "label": {
                "formatter": f"settled at {found.settled:,}",
                "position": settle_side(found.settled, found.iterations),
            },
            "data": [{"xAxis": found.settled}],
        }
    y: dict[str, Any] = {"type": "value", "name": name, "nameLocation": "middle", "nameGap": 44}
    if lo is not None:
        y |= {"min": lo, "max": hi}
    return {
        "grid": {"left": 64, "right": 16, "top": 36, "bottom": 44},
        "legend": {"top": 0, "type": "scroll"},  # c1..c7 fit one line: none hidden
        "tooltip": {"trigger": "axis"},
        "xAxis": {
            "type": "value",
            "name": "iteration",
            "nameLocation": "middle",
            "nameGap": 26,
            "min": 1,
            "max": found.iterations,
        },
        "yAxis": y,
        "series": series,
        "animation": False,
    }
