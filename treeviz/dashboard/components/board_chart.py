"""The board as a chart one plays by clicking: any disc or hole of a column plays
there. Drawn with ECharts, as the result's bar charts and Review's graph are (one
chart library in the page), with the last move dotted and a winning four ringed, like
:func:`board_html`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import streamlit as st

from treeviz.connect4.board import Position
from treeviz.dashboard.components.board import last_disc
from treeviz.dashboard.components.board_notes import BoardNotes
from treeviz.dashboard.components.chart_clicks import clicked_name
from treeviz.dashboard.components.numbers import ink_on
from treeviz.dashboard.state import widget_value
from treeviz.draw.style import (
    BOARD_FRAME,
    CHART_FRAME,
    CHOSEN_ROW,
    CLASS_COLOURS,
    LAST_MOVE,
    MUTED_TEXT,
    STONES,
    WIN_RING,
)

COLUMN_CLICK = "function(p){return p.value[0] + '@' + Date.now()}"


LABEL_ROWS_PX = 34  # room over the board for the two rows of column notes
BAR_PX = 16  # the evaluation bar's width (and a gap as wide as a third of it)


def board_options(pos: Position, size: int, notes: BoardNotes | None = None) -> dict[str, Any]:
    """ECharts options drawing ``pos``: a disc per cell on the board's frame, the
    column numbers below, the winning four ringed, the last disc dotted; with
    ``notes``, the analysis on it (see :func:`_note_graphics`)."""
    won = set(pos.winning_four())
    discs = [
        {
            "value": [c, r],
            "itemStyle": {
                "color": STONES[pos.cell(c, r)],
                "borderColor": WIN_RING if (c, r) in won else BOARD_FRAME,
                "borderWidth": 4 if (c, r) in won else 1,
            },
        }
        for c in range(pos.width)
        for r in range(pos.height)
    ]
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
        series.append(
            {
                "type": "scatter",
                "data": [list(last)],
                "symbolSize": max(6, size // 4),
                "itemStyle": {"color": LAST_MOVE},
                "silent": True,
            }
        )
    axis = {"show": False, "min": -0.5}
    box = _geometry(pos, size, notes)
    numbers = [
        {
            "type": "text",
            "x": box.centre(c),
            "y": box.height - 20,
            "style": {"text": str(c + 1), "fontSize": 13, "textAlign": "center"},
        }
        for c in range(pos.width)
    ]
    return {
        "grid": {
            "left": box.left,
            "right": 4,
            "top": box.top,
            "bottom": 28,
            "show": True,
            "backgroundColor": BOARD_FRAME,
            "borderWidth": 0,
        },
        "xAxis": {**axis, "type": "value", "max": pos.width - 0.5},
        "yAxis": {**axis, "type": "value", "max": pos.height - 0.5},
        "series": series,
        "graphic": numbers + (_note_graphics(pos, notes, box) if notes else []),
        "animation": False,
    }


@dataclass(frozen=True)
class _Box:
    """The board chart's geometry in pixels: the grid's left and top edges, the
    chart's width and height, the columns' width."""

    left: int
    top: int
    width: int
    height: int
    cell: float

    def centre(self, col: int) -> float:
        """The x of column ``col``'s centre."""
        return round(self.left + (col + 0.5) * self.cell, 1)


def _geometry(pos: Position, size: int, notes: BoardNotes | None) -> _Box:
    bar = BAR_PX + BAR_PX // 3 if notes is not None and notes.share is not None else 0
    labels = LABEL_ROWS_PX if notes is not None else 0
    width = bar + pos.width * (size + 8) + 8
    height = labels + pos.height * (size + 8) + 36
    left, top = 4 + bar, 4 + labels
    return _Box(left, top, width, height, (width - left - 4) / pos.width)


def _note_graphics(pos: Position, notes: BoardNotes, box: _Box) -> list[dict[str, Any]]:
    """Over each column its exact score (on green for the best columns) and the
    agent's value (on yellow for its choice, whose column is outlined in yellow on
    the board), and the evaluation bar at the left: X's share red from the bottom,
    O's yellow."""
    out: list[dict[str, Any]] = []
    board_h = box.height - box.top - 28
    for row, texts, marked, fill in (
        (0, notes.exact, notes.best, CLASS_COLOURS["best"]),
        (1, notes.agent, _one(notes.chosen), CHOSEN_ROW),
    ):
        for c, text in enumerate(texts or ()):
            out.append(
                _pill(
                    box.centre(c),
                    4 + 16 * row,
                    box.cell - 4,
                    text,
                    fill if c in marked else None,
                    bold=row == 1 and c in marked,
                )
            )
    if notes.chosen is not None:
        out.append(
            {
                "type": "rect",
                "silent": True,
                "z": 10,
                "shape": {
                    "x": box.left + notes.chosen * box.cell + 1,
                    "y": box.top + 1,
                    "width": box.cell - 2,
                    "height": board_h - 2,
                    "r": 6,
                },
                "style": {"fill": "none", "stroke": CHOSEN_ROW, "lineWidth": 3},
            }
        )
    if notes.share is not None:
        out += _bar(notes, box.top, board_h)
    return out


def _one(col: int | None) -> frozenset[int]:
    return frozenset() if col is None else frozenset({col})


def _pill(
    x: float, y: float, width: float, text: str, fill: str | None, bold: bool = False
) -> dict[str, Any]:
    """A label centred at ``x`` in a row starting at ``y``, on ``fill`` (ink that
    contrasts with it) when marked."""
    ink = ink_on(fill) if fill else MUTED_TEXT
    label = {
        "type": "text",
        "x": x,
        "y": y + 7,
        "silent": True,
        "style": {
            "text": text,
            "fontSize": 11,
            "textAlign": "center",
            "textVerticalAlign": "middle",
            "fill": ink,
            "fontWeight": "bold" if bold else "normal",
        },
    }
    if fill is None:
        return label
    return {
        "type": "group",
        "silent": True,
        "children": [
            {
                "type": "rect",
                "shape": {"x": x - width / 2, "y": y, "width": width, "height": 14, "r": 7},
                "style": {"fill": fill},
            },
            label,
        ],
    }


def _bar(notes: BoardNotes, top: int, height: int) -> list[dict[str, Any]]:
    """The evaluation bar beside the board, and its label above it."""
    share = float(notes.share or 0.5)
    red = round(height * share, 1)
    side, _, value = notes.bar_text.partition(" ")
    return [
        {
            "type": "rect",
            "silent": True,
            "shape": {"x": 4, "y": top, "width": BAR_PX, "height": height},
            "style": {"fill": STONES["O"], "stroke": CHART_FRAME},
        },
        {
            "type": "rect",
            "silent": True,
            "shape": {"x": 4, "y": top + height - red, "width": BAR_PX, "height": red},
            "style": {"fill": STONES["X"]},
        },
        {
            "type": "rect",
            "silent": True,  # the even line
            "shape": {"x": 2, "y": top + height / 2, "width": BAR_PX + 4, "height": 1},
            "style": {"fill": MUTED_TEXT},
        },
        {
            "type": "text",
            "x": 4 + BAR_PX / 2,
            "y": 4,
            "silent": True,
            "style": {
                "text": f"{side}\n{value[:5]}",
                "fontSize": 10,
                "textAlign": "center",
                "fill": MUTED_TEXT,
                "lineHeight": 13,
            },
        },
    ]


def board_chart(
    pos: Position,
    key: str,
    *,
    play: Callable[[int], None] | None,
    size: int = 34,
    notes: BoardNotes | None = None,
) -> None:
    """Draw ``pos`` (with ``notes``: the analysis on it); with ``play``, a click on a
    column calls ``play`` with that column (0-based) when it can be played there,
    before the page reruns."""
    from streamlit_echarts import st_echarts

    box = _geometry(pos, size, notes)
    chart = f"{key}_{pos.ident()}"
    with st.container(key=key):  # the page names the board by ``key`` (tests find it so)
        st_echarts(
            board_options(pos, size, notes),
            height=f"{box.height}px",
            width=f"{box.width}px",
            renderer="svg",
            key=chart,
            events={"click": COLUMN_CLICK} if play else None,
            on_change=partial(_clicked, pos, chart, play) if play else None,
        )


def _clicked(pos: Position, chart: str, play: Callable[[int], None] | None) -> None:
    """Callback of a click on the board: play the clicked column if it is legal."""
    name = clicked_name(widget_value(chart))
    if play is None or name is None:
        return
    col = int(float(name))
    if not pos.is_over() and pos.can_play(col):
        play(col)
