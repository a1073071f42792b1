"""The per-move table of a result: one row per column (the chosen one highlighted),
the exact scores beside the agent's values when they are on, its CSV, the one-file
HTML report, and bars of the agent's metric and of the exact scores."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from treeviz.dashboard.components.inputs import download
from treeviz.dashboard.components.results.charts import bars
from treeviz.dashboard.components.tables import (
    VALUE_HEADERS,
    fitted_columns,
    in_its_unit,
    readable,
    styled,
)
from treeviz.dashboard.server.cache import cached_exact, exact_meanings
from treeviz.draw.style import CHOSEN_ROW
from treeviz.settings import EXACT_SECONDS
from treeviz.trace.analysis import move_table
from treeviz.trace.kinds import ValueKind
from treeviz.trace.nodes import SearchResult
from treeviz.trace.reading import reading_of
from treeviz.trace.values import kind_text

TABLE_ROW_PX = 28  # the per-move table's rows: eight of them above the fold


def _table(res: SearchResult, exact_on: bool) -> tuple[pd.DataFrame, list[int | None] | None, str]:
    """The per-move table of ``res`` (``exact_on``: with the exact scores, or a note
    that they were not solved in time), its exact scores and their source."""
    pos = res.trace.position()
    exact, source = cached_exact(pos) if exact_on else (None, "")
    if exact is not None:
        return move_table(res, exact, exact_meanings(pos, exact)), exact, source
    table = move_table(res)
    if exact_on:
        table["exact"] = f"not solved in {EXACT_SECONDS.default:g} s"
    return table, None, source


def moves_table(res: SearchResult, exact_on: bool) -> None:
    """The per-move table: sortable, the chosen row highlighted, each column in its
    unit; ``exact_on``: with the exact scores (within their budget)."""
    trace = res.trace
    table, exact, source = _table(res, exact_on)
    show_moves(table, trace.value_kind, key=f"table_{id(trace)}", source=source)
    if exact_on and exact is None:
        st.caption(f"Exact scores: not solved within {EXACT_SECONDS.default:g} s.")


def show_moves(table: pd.DataFrame, kind: str, *, key: str, source: str = "") -> None:
    """A per-move ``table`` (:func:`~treeviz.trace.analysis.move_table`'s columns) of a
    search with value ``kind``, as every per-move table reads: each column in its unit
    (:func:`readable`: proven results in words, bounds in their own column), the
    chosen row highlighted, what a column means on its header's tooltip (the table
    stays above the fold); ``source``: where its exact scores come from."""
    shown = readable(table, kind)
    helps = {
        VALUE_HEADERS.get(
            ValueKind.parse(kind).base, "value (player to move)"
        ): f"{kind_text(kind)}; the player to move at the root",
        "exact score": f"{source}: the solver's score for the player to move (0 a "
        "draw, above 0 a win: the sooner, the higher)",
    }
    config = {h: st.column_config.Column(help=t) for h, t in helps.items() if h in shown}
    st.dataframe(
        styled(shown, kind=kind).apply(_highlight_chosen, axis=1),
        hide_index=True,
        key=key,
        row_height=TABLE_ROW_PX,
        column_config=fitted_columns(shown, config),
    )


def moves_extras(res: SearchResult, exact_on: bool) -> None:
    """Below the tree: the table as CSV (every column at full precision), the
    one-file HTML report, and bars of the agent's metric and of the exact scores."""
    trace = res.trace
    table, exact, source = _table(res, exact_on)
    st.markdown("#### The columns in numbers")
    left, right = st.columns(2)
    download(
        left,
        "Table as CSV",
        table.to_csv(index=False),
        file_name="moves.csv",
        key="table_csv",
        mime="text/csv",
    )
    download(
        right,
        "Share as HTML",
        lambda: _report(res, exact),
        file_name="treeviz-analysis.html",
        key="share_html",
        mime="text/html",
        help="one file with the board, verdict, reasons, table and the interactive "
        "tree; opens in any browser, offline",
    )
    weight = reading_of(trace).weight
    metric = weight if weight and weight in table else "value"
    left, right = st.columns(2)
    values = in_its_unit(table, trace.value_kind) if metric == "value" else table[metric]
    left_out = (values.isna() & table[metric].notna()).any()
    proven = " (proven wins and losses left out: another unit)" if left_out else ""
    left.caption(f"Agent: {metric} per column{proven}")
    bars(left, table["column"], values, key=f"{metric}_{id(trace)}")
    if exact is not None:
        right.caption(f"Exact solver score per column ({source})")
        bars(right, table["column"], table["exact"], key=f"exact_{id(trace)}")


def _highlight_chosen(row: pd.Series) -> list[str]:
    on = bool(row.get("chosen", False))
    return [f"background-color: {CHOSEN_ROW}" if on else "" for _ in row]


def _report(res: SearchResult, exact: list[int | None] | None) -> str:
    """The one-file HTML analysis of ``res`` (made when the button is clicked)."""
    from treeviz.draw.report import analysis_report

    return analysis_report(res.trace.position(), res, exact=exact)
