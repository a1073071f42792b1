"""The board: drawn as HTML discs, and played by clicking the column buttons."""

from __future__ import annotations

import re

import streamlit as st

from treeviz.connect4.board import Position
from treeviz.dashboard.state import put, set_position, widget_value
from treeviz.draw.style import (
    BOARD_FRAME,
    LAST_MOVE,
    STONES,
    WIN_RING,
)

PICK = "play"  # the analysis board's column picker (tests find it by this key)


def board_html(pos: Position, size: int = 34, marked: bool = True) -> str:
    """The board as an HTML grid of discs (red X, yellow O), column numbers below; with
    ``marked``, the winning four of a won game ringed in green and the last move
    (when the position knows its moves) marked with a dot."""
    won = set(pos.winning_four()) if marked else set()
    last = last_disc(pos) if marked else None
    # padding 0: Streamlit pads table cells, which drew the discs as ovals
    style = f"width:{size}px;height:{size}px;padding:0;border-radius:50%"
    dot = max(3, size // 4)

    def cell(col: int, row: int) -> str:
        ring = f"4px solid {WIN_RING}" if (col, row) in won else f"2px solid {BOARD_FRAME}"
        mark = " data-win='1'" if (col, row) in won else ""
        colour = STONES[pos.cell(col, row)]
        if (col, row) == last:
            mark += " data-last='1' title='the last move'"
            colour = f"radial-gradient(circle, {LAST_MOVE} {dot}px, {colour} {dot + 1}px)"
        return f"<td{mark} style='{style};border:{ring};background:{colour}'></td>"

    rows = [
        "<tr>" + "".join(cell(c, r) for c in range(pos.width)) + "</tr>"
        for r in range(pos.height - 1, -1, -1)
    ]
    nums = "".join(
        f"<td style='text-align:center;color:#fff;padding:0;width:{size}px'>{c + 1}</td>"
        for c in range(pos.width)
    )
    return (
        f"<table style='background:{BOARD_FRAME};border-spacing:4px;width:auto'>{''.join(rows)}"
        f"<tr>{nums}</tr></table>"
    )


def last_disc(pos: Position) -> tuple[int, int] | None:
    """(column, row) of the last disc played, 0-based, or None when the position has
    no moves (or was pasted without them)."""
    if not pos.history:
        return None
    col = pos.history[-1]
    return col, pos.history.count(col) - 1


def status_line(pos: Position) -> str:
    """The game status (side to move, or who won) and the moves, in Markdown."""
    return f"**{pos.status()}** · moves `{pos.moves_string() or '(none)'}`"


def play_controls(pos: Position) -> None:
    """Click a column number to play there; undo and reset buttons. Each changes the
    session's position (:func:`treeviz.dashboard.state.set_position`) before the rerun."""
    st.segmented_control(
        "Play a column",
        [c + 1 for c in range(pos.width) if pos.can_play(c) and not pos.is_over()],
        key=PICK,
        label_visibility="collapsed",  # the buttons say it: numbers under the board's
        help="play a column (or click it on the board)",
        on_change=_play,
        args=(pos,),
    )
    undo, reset = st.columns(2)
    undo.button("Undo", key="undo", disabled=pos.ply == 0, on_click=_undo, args=(pos,))
    reset.button(
        "Reset",
        key="reset",
        disabled=pos.ply == 0,
        on_click=set_position,
        args=(Position(pos.width, pos.height),),
    )


def _play(pos: Position) -> None:
    """Callback of the column picker: play the picked column, then clear the pick."""
    col = widget_value(PICK)
    if col is not None:
        play_column(pos, int(col) - 1)
        put(PICK, None)


def play_column(pos: Position, col: int) -> None:
    """Load the position after playing ``col`` (0-based) in ``pos`` (a legal move)."""
    child = pos.copy()
    child.play(col)
    set_position(child)


def _undo(pos: Position) -> None:
    """Callback of Undo: take back the last move."""
    back = pos.copy()
    back.undo()
    set_position(back)


def fitted(svg: str) -> str:
    """``svg`` drawn at its own size at most, smaller in a narrower column (its viewBox
    keeps the proportions): a fixed width ran over the text beside it."""
    return re.sub(
        r'width="(\d+)" height="\d+"', r'width="100%" style="max-width:\1px"', svg, count=1
    )
