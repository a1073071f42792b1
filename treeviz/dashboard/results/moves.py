"""The per-move table of a result: one row per column (the chosen one highlighted),
the exact scores beside the agent's values when they are on, its CSV, the one-file
HTML report, and bars of the agent's metric and of the exact scores."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from treeviz.dashboard.cache import cached_exact, exact_meanings
from treeviz.dashboard.inputs import download
from treeviz.dashboard.results.charts import bars
from treeviz.dashboard.tables import readable, styled
from treeviz.draw.style import CHOSEN_ROW
from treeviz.settings import EXACT_SECONDS
from treeviz.trace.analysis import move_table
from treeviz.trace.nodes import SearchResult
from treeviz.trace.reading import reading_of


def moves_section(res: SearchResult, exact_on: bool) -> None:
    """The per-move table (sortable, chosen row highlighted, CSV) and bar charts;
    ``exact_on``: with the exact scores (within their budget)."""
    trace = res.trace
    pos = trace.position()
    exact, source = (
        cached_exact(trace.position()) if exact_on else (None, "")
    )
    if exact is not None:
        meanings = exact_meanings(pos, exact)
        table = move_table(res, exact, meanings)
    else:
        table = move_table(res)
        if exact_on:
            table["exact"] = f"not solved in {EXACT_SECONDS.default:g} s"
    shown = styled(readable(table, trace.value_kind)).apply(_highlight_chosen, axis=1)
    st.dataframe(shown, hide_index=True, key=f"table_{id(trace)}")
    if exact is not None:
        st.caption(f"Exact score: {source}; the solver's score for the player to move (0 a "
                   "draw, above 0 a win: the sooner, the higher). The CSV keeps every "
                   "column at full precision.")  # fmt: skip
    left, right = st.columns(2)
    download(left, "Table as CSV", table.to_csv(index=False), "moves.csv", "table_csv",
             mime="text/csv")  # fmt: skip
    download(right, "Share as HTML", lambda: _report(res, exact), "treeviz-analysis.html",
             "share_html", mime="text/html",
             help="one file with the board, verdict, reasons, table and the interactive "
                  "tree; opens in any browser, offline")  # fmt: skip
    weight = reading_of(trace).weight
    metric = weight if weight and weight in table else "value"
    left, right = st.columns(2)
    left.caption(f"Agent: {metric} per column")
    bars(left, table["column"], table[metric], f"{metric}_{id(trace)}")
    if exact is not None:
        right.caption(f"Exact solver score per column ({source})")
        bars(right, table["column"], table["exact"], f"exact_{id(trace)}")


def _highlight_chosen(row: pd.Series) -> list[str]:
    on = bool(row.get("chosen", False))
    return [f"background-color: {CHOSEN_ROW}" if on else "" for _ in row]


def _report(res: SearchResult, exact: list[int | None] | None) -> str:
    """The one-file HTML analysis of ``res`` (made when the button is clicked)."""
    from treeviz.draw.report import analysis_report

    return analysis_report(res.trace.position(), res, exact)
