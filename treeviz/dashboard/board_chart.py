"""The board as a chart one plays by clicking: any disc or hole of a column plays
there. Drawn by the same ECharts component as the trees (one chart library in the
page), with the last move dotted and a winning four ringed, like :func:`board_html`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import streamlit as st

from treeviz.connect4.board import Position
from treeviz.dashboard.board import last_disc
from treeviz.dashboard.state import widget_value
from treeviz.dashboard.tree import clicked_name
from treeviz.draw.style import BOARD_FRAME, LAST_MOVE, STONES, WIN_RING

COLUMN_CLICK = "function(p){return p.value[0] + '@' + Date.now()}"


def board_options(pos: Position, size: int) -> dict[str, Any]:
    """ECharts options drawing ``pos``: a disc per cell on the board's frame, the
    column numbers below, the winning four ringed, the last disc dotted."""
    won = set(pos.winning_four())
    discs = [
        {"value": [c, r], "itemStyle": {"color": STONES[pos.cell(c, r)],
                                        "borderColor": WIN_RING if (c, r) in won else BOARD_FRAME,
                                        "borderWidth": 4 if (c, r) in won else 1}}
        for c in range(pos.width) for r in range(pos.height)
    ]  # fmt: skip
    last = last_disc(pos)
    series: list[dict[str, Any]] = [
        {
            "type": "scatter",
            "data": discs,
            "symbolSize": size,
            "cursor": "pointer",
            "emphasis": {"scale": 1.08},
        }
    ]
    if last is not None:
        series.append({"type": "scatter", "data": [list(last)], "symbolSize": max(6, size // 4),
                       "itemStyle": {"color": LAST_MOVE}, "silent": True})  # fmt: skip
    axis = {"show": False, "min": -0.5}
    return {
        "grid": {"left": 4, "right": 4, "top": 4, "bottom": 28, "show": True,
                 "backgroundColor": BOARD_FRAME, "borderWidth": 0},
        "xAxis": {**axis, "type": "value", "max": pos.width - 0.5},
        "yAxis": {**axis, "type": "value", "max": pos.height - 0.5},
        "series": series,
        "graphic": [{"type": "text", "left": f"{(c + 0.5) / pos.width * 100:.2f}%",
                     "bottom": 6, "style": {"text": str(c + 1), "fontSize": 13}}
                    for c in range(pos.width)],
        "animation": False,
    }  # fmt: skip


def board_chart(pos: Position, key: str, play: Callable[[int], None] | None,
                size: int = 34) -> None:  # fmt: skip
    """Draw ``pos``; with ``play``, a click on a column calls ``play`` with that
    column (0-based) when it can be played there, before the page reruns."""
    from streamlit_echarts import st_echarts

    width = pos.width * (size + 8) + 8
    height = pos.height * (size + 8) + 36
    chart = f"{key}_{pos.ident()}"
    with st.container(key=key):  # the page names the board by ``key`` (tests find it so)
        st_echarts(board_options(pos, size), height=f"{height}px", width=f"{width}px",
                   renderer="svg", key=chart,
                   events={"click": COLUMN_CLICK} if play else None,
                   on_change=partial(_clicked, pos, chart, play) if play else None)  # fmt: skip


def _clicked(pos: Position, chart: str, play: Callable[[int], None] | None) -> None:
    """Callback of a click on the board: play the clicked column if it is legal."""
    name = clicked_name(widget_value(chart))
    if play is None or name is None:
        return
    col = int(float(name))
    if not pos.is_over() and pos.can_play(col):
        play(col)
