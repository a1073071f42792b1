"""The board one plays by clicking: any disc or hole of a column plays there. Drawn
in the browser as SVG by treeviz's own small component (``static/board.js``) from
shapes computed here, so the first page paints its board with the script run that
sends it, with no chart library to fetch first; the last move dotted and a winning
four ringed, like :func:`~treeviz.dashboard.components.board.board_html`.

Security: the component receives shapes (numbers, colours, texts set as text), never
code; a click sends back a column number alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any

import streamlit as st

from treeviz.connect4.board import Position
from treeviz.dashboard.components.board import last_disc
from treeviz.dashboard.components.board_notes import BoardNotes
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
    TEXT,
    WIN_RING,
)

STATIC = Path(__file__).resolve().parent / "static"
LABEL_ROWS_PX = 34  # room over the board for the two rows of column notes
BAR_PX = 16  # the evaluation bar's width (and a gap as wide as a third of it)
NUMBERS_PX = 28  # room under the board for the column numbers
COLUMN_DIGITS = 3  # the longest column number a click may send

Shape = dict[str, Any]


@dataclass(frozen=True)
class _Box:
    """The board drawing's geometry in pixels: the frame's left and top edges, the
    drawing's width and height, a column's width and a row's height."""

    left: int
    top: int
    width: int
    height: int
    cell: float
    row: float

    def centre(self, col: int) -> float:
        """The x of column ``col``'s centre."""
        return round(self.left + (col + 0.5) * self.cell, 1)

    def middle(self, row: int, rows: int) -> float:
        """The y of row ``row``'s centre (row 0 at the bottom of ``rows``)."""
        return round(self.top + (rows - 1 - row + 0.5) * self.row, 1)

    @property
    def frame_height(self) -> int:
        """The frame's height: the drawing less the notes over it and the numbers."""
        return self.height - self.top - NUMBERS_PX


def _geometry(pos: Position, size: int, notes: BoardNotes | None) -> _Box:
    bar = BAR_PX + BAR_PX // 3 if notes is not None and notes.share is not None else 0
    labels = LABEL_ROWS_PX if notes is not None else 0
    width = bar + pos.width * (size + 8) + 8
    height = labels + pos.height * (size + 8) + 36
    left, top = 4 + bar, 4 + labels
    cell = (width - left - 4) / pos.width
    return _Box(left, top, width, height, cell, (height - top - NUMBERS_PX) / pos.height)


def board_data(pos: Position, size: int, notes: BoardNotes | None = None) -> dict[str, Any]:
    """What the browser draws ``pos`` from: the drawing's size and its shapes in
    order (the frame first, a disc per cell, the winning four ringed, the last disc
    dotted, the column numbers below; with ``notes``, the analysis on it, see
    :func:`_note_shapes`), and the columns a click may play (none when it is over)."""
    box = _geometry(pos, size, notes)
    frame = {"t": "rect", "x": box.left, "y": box.top, "w": round(box.cell * pos.width, 1)}
    shapes: list[Shape] = [frame | {"h": box.frame_height, "fill": BOARD_FRAME}]
    won = set(pos.winning_four())
    for c in range(pos.width):
        for r in range(pos.height):
            ring = (c, r) in won
            disc = {"t": "disc", "x": box.centre(c), "y": box.middle(r, pos.height)}
            shapes.append(
                disc
                | {"r": size / 2, "fill": STONES[pos.cell(c, r)], "col": c, "row": r}
                | {"stroke": WIN_RING if ring else BOARD_FRAME, "sw": 4 if ring else 1}
            )
    last = last_disc(pos)
    if last is not None:
        dot = {"t": "dot", "x": box.centre(last[0]), "y": box.middle(last[1], pos.height)}
        shapes.append(dot | {"r": max(6, size // 4) / 2, "fill": LAST_MOVE})
    for c in range(pos.width):
        number = {"t": "text", "x": box.centre(c), "y": box.height - 14, "text": str(c + 1)}
        shapes.append(number | {"size": 13, "fill": TEXT})
    if notes is not None:
        shapes += _note_shapes(pos, notes, box)
    playable = [] if pos.is_over() else [c for c in range(pos.width) if pos.can_play(c)]
    size_of = {"width": box.width, "height": box.height, "columns": pos.width}
    return size_of | {"shapes": shapes, "playable": playable}


def _note_shapes(pos: Position, notes: BoardNotes, box: _Box) -> list[Shape]:
    """Over each column its exact score (on green for the best columns) and the
    agent's value (on yellow for its choice, whose column is outlined in yellow on
    the board), and the evaluation bar at the left: X's share red from the bottom,
    O's yellow."""
    out: list[Shape] = []
    for row, texts, marked, fill in (
        (0, notes.exact, notes.best, CLASS_COLOURS["best"]),
        (1, notes.agent, _one(notes.chosen), CHOSEN_ROW),
    ):
        for c, text in enumerate(texts or ()):
            on = fill if c in marked else None
            bold = row == 1 and on is not None  # the agent's own choice
            out += _pill(box.centre(c), 4 + 16 * row, box.cell - 4, text, on, bold=bold)
    if notes.chosen is not None:
        x = round(box.left + notes.chosen * box.cell + 1, 1)
        outline = {"t": "rect", "x": x, "y": box.top + 1, "w": round(box.cell - 2, 1)}
        out.append(
            outline
            | {"h": box.frame_height - 2, "rx": 6, "fill": "none"}
            | {"stroke": CHOSEN_ROW, "sw": 3}
        )
    if notes.share is not None:
        out += _bar(notes, box.top, box.frame_height)
    return out


def _one(col: int | None) -> frozenset[int]:
    return frozenset() if col is None else frozenset({col})


def _pill(
    x: float, y: float, width: float, text: str, fill: str | None, *, bold: bool = False
) -> list[Shape]:
    """A label centred at ``x`` in a row starting at ``y``, on ``fill`` (ink that
    contrasts with it) when marked."""
    label = {"t": "text", "x": x, "y": y + 7, "text": text, "size": 11, "bold": bold}
    label["fill"] = ink_on(fill) if fill else MUTED_TEXT
    if fill is None:
        return [label]
    back = {"t": "rect", "x": round(x - width / 2, 1), "y": y, "w": round(width, 1), "h": 14}
    return [back | {"rx": 7, "fill": fill}, label]


def _bar(notes: BoardNotes, top: int, height: int) -> list[Shape]:
    """The evaluation bar beside the board (X's share red from the bottom: none when
    X has lost), and its label above it, a word a line (``X``, ``loss``, ``2``): the
    bar is 16 px wide."""
    share = 0.5 if notes.share is None else float(notes.share)
    red = round(height * share, 1)
    bar = {"t": "rect", "x": 4, "w": BAR_PX}
    label = {"t": "text", "x": 4 + BAR_PX / 2, "size": 9, "fill": MUTED_TEXT}
    words = notes.bar_text.split(" ", 2)
    return [
        bar | {"y": top, "h": height, "fill": STONES["O"], "stroke": CHART_FRAME, "sw": 1},
        bar | {"y": round(top + height - red, 1), "h": red, "fill": STONES["X"]},
        {"t": "rect", "x": 2, "y": top + height / 2, "w": BAR_PX + 4, "h": 1, "fill": MUTED_TEXT},
        *(label | {"y": 5 + 10 * i, "text": word} for i, word in enumerate(words)),
    ]


@cache
def _component() -> Any:
    """The component, registered once per process (its script is treeviz's own file,
    sent with the page's first board: nothing more to fetch before it draws)."""
    js = (STATIC / "board.js").read_text(encoding="utf-8")
    css = (STATIC / "board.css").read_text(encoding="utf-8")
    return st.components.v2.component("treeviz_board", js=js, css=css, isolate_styles=False)


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
    # clicks wait by the page's name, each for the board of the ply after the last move sent
    data = board_data(pos, size, notes) | {"name": key, "ply": pos.ply}
    if play is None:
        data["playable"] = []
    chart = f"{key}_{pos.ident()}"  # a new position is a new board: no stale click
    with st.container(key=key):  # the page names the board by ``key`` (tests find it so)
        if play is None:
            _component()(data=data, key=chart, height="content")
        else:
            changed = partial(_clicked, pos, chart, play)
            _component()(data=data, key=chart, height="content", on_column_change=changed)


def clicked_column(value: Any) -> int | None:
    """The 0-based column a board reported clicked (its component's ``column``:
    ``"<column>@<time>"``, the time making a second click on one column a new event),
    or None before any click or for anything else."""
    text = value.get("column") if hasattr(value, "get") else None
    col = str(text).rsplit("@", 1)[0]
    # a board has at most a few dozen columns: a longer number is no click of ours
    # (int() of 4,301 digits raises)
    return int(col) if col.isascii() and col.isdigit() and len(col) <= COLUMN_DIGITS else None


def _clicked(pos: Position, chart: str, play: Callable[[int], None]) -> None:
    """Callback of a click on the board: play the clicked column if it is legal."""
    col = clicked_column(widget_value(chart))
    if col is not None and col < pos.width and not pos.is_over() and pos.can_play(col):
        play(col)
