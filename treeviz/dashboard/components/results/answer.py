"""The answer above the fold: the board with the analysis drawn on it (exact score and
agent value over each column, the chosen and the best columns marked, an evaluation
bar) beside the agent's choice, the verdict and the per-move table. The two sides sit
in :func:`answer_columns`, which stack on a narrow screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from treeviz.connect4.board import Position
from treeviz.dashboard.components.board_chart import board_chart
from treeviz.dashboard.components.board_notes import BoardNotes, notes_for
from treeviz.dashboard.components.results.moves import moves_table
from treeviz.dashboard.components.results.verdict import verdict_section
from treeviz.dashboard.components.scroll_fade import FADING, SCROLL_FADE
from treeviz.dashboard.components.text import escape_markdown
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.dashboard.server.cache import cached_exact
from treeviz.trace.nodes import SearchResult

BoardDrawer = Callable[[BoardNotes], None]  # draws a page's board with these notes
# Each side's narrowest width: past the sum the sides wrap, one above the other (a
# board 330 px wide beside a table squeezed to nothing overlapped it at 800 px).
BOARD_SIDE_PX = 340
ANSWER_SIDE_PX = 380


def page_style() -> None:
    """Once per page: a compact top, and column blocks marked ``wrap`` that wrap
    instead of squeezing (see :func:`answer_columns`). Our own fixed CSS: nothing a
    visitor sent reaches it."""
    block = "[class*='st-key-wrap'] [data-testid='stHorizontalBlock']"
    column = "[class*='st-key-wrap'] [data-testid='stColumn']"
    nested = f"{column} [data-testid='stColumn']"  # columns inside a side: as Streamlit has them
    flow = "[class*='st-key-'][class*='_flow']"  # the key's view prefix comes first
    side = "[class*='st-key-'][class*='_side']"
    st.markdown(
        f"<style>{SCROLL_FADE}.block-container{{padding-top:3.5rem}}"
        ".block-container h1{font-size:2rem;padding-top:0}"
        f"{block}{{flex-wrap:wrap;gap:1rem}}"
        # the board's side: its width, or a narrow phone's (the board scales down)
        f"{column}:first-child{{flex:0 0 {BOARD_SIDE_PX}px;width:{BOARD_SIDE_PX}px;max-width:100%}}"
        # the answer's side: as narrow as that, or a narrow phone's whole width
        f"{column}:last-child{{flex:1 1 {ANSWER_SIDE_PX}px;"
        f"min-width:min({ANSWER_SIDE_PX}px,100%);width:auto}}"
        f"{column} [data-testid='stHorizontalBlock']{{flex-wrap:nowrap}}"
        f"{nested}:first-child,{nested}:last-child{{flex:1 1 0;width:auto;min-width:0}}"
        # blocks keyed ``..._flow`` (the tree beside its panel): 3:2, wrapping when
        # narrow; the tree's side scrolls sideways when its chart is wider (tree.py)
        f"{flow} [data-testid='stHorizontalBlock']{{flex-wrap:wrap}}"
        f"{flow} [data-testid='stColumn']:first-child{{flex:3 1 420px;overflow-x:auto;{FADING}}}"
        f"{flow} [data-testid='stColumn']:last-child{{flex:2 1 300px}}"
        # blocks keyed ``..._side`` (a wide tree, a narrow panel): 3:1, wrapping
        f"{side} [data-testid='stHorizontalBlock']{{flex-wrap:wrap}}"
        f"{side} [data-testid='stColumn']:first-child{{flex:3 1 420px;overflow-x:auto;{FADING}}}"
        f"{side} [data-testid='stColumn']:last-child{{flex:1 1 220px}}"
        # columns inside a side (the tree's settings) stay side by side, as Streamlit has them
        f"{flow} [data-testid='stColumn'] [data-testid='stHorizontalBlock']{{flex-wrap:nowrap}}"
        f"{flow} [data-testid='stColumn'] [data-testid='stColumn']:is(:first-child,:last-child)"
        "{flex:1 1 0;min-width:0;overflow-x:visible}"
        # blocks keyed ``pair...`` (two charts): side by side when each gets 360 px,
        # stacked when not (a legend of seven columns, a tree's levels need them); a
        # chart wider still (a deep tree) scrolls sideways
        "[class*='st-key-pair'] [data-testid='stHorizontalBlock']{flex-wrap:wrap}"
        "[class*='st-key-pair'] [data-testid='stColumn']{flex:1 1 360px;min-width:0;"
        f"overflow-x:auto;{FADING}}}"
        # the verdict's reasons: buttons that read as lines of text, as close as lines
        "[class*='_reason_'] button{min-height:0;padding:0;text-align:left}"
        "[class*='_reason_']{margin-top:-0.6rem}</style>",
        unsafe_allow_html=True,
    )


def answer_columns(key: str) -> tuple[Any, Any]:
    """The board's side and the answer's side, in a container keyed ``wrap_{key}``:
    side by side when both fit, stacked (board first) when not."""
    page_style()  # the pages that show a result share the Analyze page's look
    with st.container(key=f"wrap_{key}"):
        left, right = st.columns([BOARD_SIDE_PX, 2 * ANSWER_SIDE_PX], gap="small")
    return left, right


def answer_section(
    res: SearchResult, view: TreeView, *, exact_on: bool, board: BoardDrawer | None = None
) -> None:
    """The board with the analysis (``board`` draws the page's own; None: the result's
    root position, read-only) beside the choice, the verdict and the table."""
    pos = res.trace.position()
    exact = cached_exact(pos)[0] if exact_on else None
    notes = notes_for(pos, exact, res)
    left, right = answer_columns(view.key)
    with left:
        if board is not None:
            board(notes)
        else:
            board_chart(pos, view.widget("board"), play=None, notes=notes)
        board_key(notes, pos, res.trace.algorithm)
    with right:
        st.subheader(f"{escape_markdown(res.trace.algorithm)} plays column {res.move}")
        verdict_section(res, view, exact_on)
        moves_table(res, exact_on)


def board_key(notes: BoardNotes, pos: Position, agent: str | None = None) -> None:
    """What the marks on the board mean, in a line under it."""
    parts = []
    if notes.exact is not None:
        parts.append("exact score (green: best)")
    if notes.agent is not None and agent:
        parts.append(f"{escape_markdown(agent)} (yellow: its choice; W/L n: won/lost in n)")
    if notes.share is not None:
        source = "exact" if notes.source == "exact" else "agent"
        parts.append(f"bar {escape_markdown(notes.bar_text)} ({source})")
    if parts:
        st.caption(" · ".join(parts))
