"""Tables as a person reads them: headers in words with their units, only the columns
that say something for this agent, blanks instead of missing values, numbers rounded
(the downloads keep the machine columns at full precision)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import Any

import pandas as pd
from pandas.io.formats.style import Styler

from treeviz.dashboard.components.numbers import missing, percent
from treeviz.trace.kinds import ValueKind
from treeviz.trace.nodes import SearchResult
from treeviz.trace.numbers import MISSING, cell, value_cell

HEADERS = {  # a per-move table's column -> its header in words
    "column": "column",
    "value": "value (player to move)",
    "text": "in words",
    "chosen": "chosen",
    "bound": "bound (cut searches)",
    "source": "exact from",
    "visits": "visits",
    "share": "share of visits",
    "q": "Q (mean result)",
    "uct": "UCT (Q + exploration)",
    "wins": "wins",
    "draws": "draws",
    "losses": "losses",
    "proven": "proven (MCTS-solver)",
    "g": "g (plies played)",
    "h": "h (estimate to go)",
    "f": "f = g + h",
    "expanded": "expanded (A* order)",
    "full": "full column",
    "outcome": "proven outcome",
    "at_best": "at best (cut off)",
    "exact": "exact score",
    "exact_meaning": "exact score in words",
    "cutoffs_below": "cutoffs below",
}
SILENT_WHEN = {"cutoffs_below": 0, "bound": "exact", "source": ""}  # says nothing if all so


VALUE_HEADERS = {  # a value kind's base -> the header of the agent's value, with its unit
    "heuristic": "value (heuristic points)",
    "exact": "value (exact score)",
    "win_rate": "value (mean result)",  # a win 1, a draw 0.5: not a share of wins
    "probability": "chance of being chosen",
}
PERCENT_COLUMNS = (
    "share of visits",
    "Q (mean result)",
    "value (mean result)",
    "chance of being chosen",
)


def readable(table: pd.DataFrame, kind: str | None = None) -> pd.DataFrame:
    """``table`` (a per-move table) without the columns that say nothing (see
    :func:`drop_silent`), headers in words; the ``chosen`` column keeps its name (rows
    are highlighted by it). With the trace's value ``kind``, the agent's value is
    headed by its unit and holds that unit only: a heuristic search's proven rows
    (their exact scores) are left blank there, their outcome in its own column."""
    table = table.copy()
    base = ValueKind.parse(kind).base if kind else ""
    table["value"] = in_its_unit(table, kind)
    headers = HEADERS | ({"value": VALUE_HEADERS[base]} if base in VALUE_HEADERS else {})
    if base == "win_rate":  # the value is the mean result Q: one column says it
        table = table.drop(columns=[c for c in ("q",) if c in table])
    table = table[in_reading_order(list(table.columns))]
    return drop_silent(table, SILENT_WHEN, ("column", "chosen")).rename(columns=headers)


FRONT = ("column", "value", "exact", "chosen")  # the numbers read first, side by side
WORDS = ("text", "exact_meaning")  # the long texts, last: a narrow table scrolls to them


def in_reading_order(columns: list[str]) -> list[str]:
    """A per-move table's ``columns`` as a person reads them: the agent's value and
    the exact score beside the column, the statistics, then the sentences (at 1280 px
    the exact score sat past a sentence, off the table's visible width)."""
    front = [c for c in FRONT if c in columns]
    words = [c for c in WORDS if c in columns]
    return front + [c for c in columns if c not in front and c not in words] + words


def in_its_unit(table: pd.DataFrame, kind: str | None) -> pd.Series:
    """The agent's value per row in the unit of its value ``kind`` only: a heuristic
    search's proven rows (their exact scores, another unit) are missing."""
    base = ValueKind.parse(kind).base if kind else ""
    if base == "heuristic" and "outcome" in table:
        # a proven row, or a result only bounded ("at best a win"): an exact score
        proven = table["outcome"].astype(str) != ""
        if "at_best" in table:
            proven |= table["at_best"].notna() & (table["at_best"].astype(str) != "")
        return table["value"].astype(float).where(~proven)
    return table["value"]


def drop_silent(
    table: pd.DataFrame, silent: dict[str, Any], keep: tuple[str, ...] = ()
) -> pd.DataFrame:
    """``table`` without the columns (other than ``keep``) that are empty for every
    row, all ``False``, or all the value ``silent`` gives for their name."""
    said = [c for c in table.columns if c in keep or _says_something(table[c], c, silent)]
    return table[said]


def _says_something(col: pd.Series, name: Hashable, silent: dict[str, Any]) -> bool:
    values = col.dropna()
    values = values[values.astype(str) != ""]
    if values.empty or (values.dtype == bool and not values.any()):
        return False
    if str(name) not in silent:
        return True
    return not (values.astype(str) == str(silent[str(name)])).all()


def styled(table: pd.DataFrame, *, kind: str | None = None) -> Any:
    """``table`` as a Styler: fractions (:data:`PERCENT_COLUMNS`) as percentages, other
    floats rounded for reading, missing values blank (the cells keep their numbers, so
    columns still sort as numbers). With the trace's value ``kind``, the agent's value
    column (as :func:`readable` heads it) reads as :func:`value_cell` says: signed
    where the sign says who is ahead."""
    value = _value_header(kind)
    table = blank_missing(table, kind=kind)
    rates: list[Hashable] = [c for c in table.columns if c in PERCENT_COLUMNS]
    floats: list[Hashable] = [
        c for c in table.columns if table[c].dtype.kind == "f" and c not in rates
    ]
    # na_rep for every cell first: a later call would replace the floats' formatter
    out = (
        table.style.format(na_rep=MISSING)
        .format(cell, subset=floats, na_rep=MISSING)
        .format(_percent_cell, subset=rates, na_rep=MISSING)
    )
    if kind and value in table and value not in rates and table[value].dtype.kind in "fiu":
        out = out.format(partial(value_cell, kind=kind), subset=[value], na_rep=MISSING)
    return out


def _value_header(kind: str | None) -> str | None:
    """The header :func:`readable` gives the agent's value for value ``kind``."""
    if kind is None:
        return None
    return VALUE_HEADERS.get(ValueKind.parse(kind).base, HEADERS["value"])


# a character of the browser's table, a little over its mean (measured in Chromium:
# 6.05 px in a cell, 5.5 px in a header)
CHAR_PX = 6.5
HEADER_CHAR_PX = 6
CELL_PAD_PX = 20  # a cell's padding
HEADER_PAD_PX = 28  # a header's padding and its sort arrow
COLUMN_MAX_PX = 560  # a column of long texts: wider ones are cut with an ellipsis


def fitted_columns(
    table: pd.DataFrame | Styler, config: dict[str, Any] | None = None, index: bool = False
) -> dict[str, Any]:
    """``st.dataframe``'s ``column_config`` for ``table`` (a frame or a Styler of one):
    each column as wide as its header and its longest cell, up to ``COLUMN_MAX_PX``
    (the table is drawn on a canvas whose automatic widths cut headers such as "value
    (root player)" and texts such as "in words"). ``config``: the columns' other
    settings (help), kept; ``index``: the index is shown, fitted too (key ``_index``)."""
    frame = table.data if isinstance(table, Styler) else table  # type: ignore[attr-defined]
    out = dict(config or {})
    columns = [(str(c), list(frame[c])) for c in frame.columns]
    if index:
        columns.append(("_index", list(frame.index)))
    for name, values in columns:
        header = "" if name == "_index" else name
        cells = max((len(_cell_text(v)) for v in values), default=0)
        px = max(len(header) * HEADER_CHAR_PX + HEADER_PAD_PX, cells * CHAR_PX + CELL_PAD_PX)
        out[name] = {**out.get(name, {}), "width": min(COLUMN_MAX_PX, round(px))}
    return out


def _cell_text(value: Any) -> str:
    """A cell about as the table shows it (floats rounded, missing blank)."""
    if missing(value):
        return ""
    return cell(value) if isinstance(value, float) else str(value)


def blank_missing(table: pd.DataFrame, *, kind: str | None = None) -> pd.DataFrame:
    """``table`` with the columns that miss a value as texts, formatted as
    :func:`styled` shows them (for value ``kind``) and empty where missing: the
    browser's table draws a missing value as a grey "None" whatever the formatting
    (those columns then sort as text; a column of texts is what its Arrow conversion
    accepts)."""
    holes = [c for c in table.columns if table[c].isna().any()]
    if not holes:
        return table
    out = table.copy()
    value = _value_header(kind)
    for c in holes:
        show: Callable[[Any], str] = cell
        if c in PERCENT_COLUMNS:
            show = _percent_cell
        elif c == value and kind is not None:
            show = partial(value_cell, kind=kind)
        out[c] = ["" if missing(v) else show(v) for v in out[c]]
    return out


def _percent_cell(value: Any) -> str:
    """A fraction's cell: a percentage with one decimal (blank when missing)."""
    return (
        percent(value, 1)
        if isinstance(value, int | float)
        else ("" if missing(value) else str(value))
    )


STATS = {  # a search statistic -> its name in words (with its unit)
    "nodes": "nodes searched",
    "recorded": "nodes recorded",
    "cutoffs": "cutoffs",
    "tt_hits": "transposition hits",
    "time_s": "time (s)",
    "nodes_per_s": "nodes per second",
    "depth_reached": "depth reached",
    "iterations": "iterations",
    "score": "exact score",
    "meaning": "exact score in words",
}
COUNTERS_OF_WINDOWS = ("cutoffs", "tt_hits")  # only searches with windows make them


def stat_words(res: SearchResult) -> dict[str, str]:
    """The statistics of ``res`` as a person reads them: names in words, yes/no for
    flags, numbers rounded; the counters only windowed searches make (cutoffs,
    transposition hits) left out of a search that records no alpha-beta window
    unless it made some; ``truncated`` only when the recorded tree was cut; empty
    texts left out."""
    windows = res.trace.windowed
    out: dict[str, str] = {}
    for name, value in res.stats.items():
        if value in (None, "") or (name in COUNTERS_OF_WINDOWS and not windows and not value):
            continue
        if name == "truncated":
            if value:
                out["recorded tree"] = "cut at its capacity"
            continue
        text = cell(value)
        out[STATS.get(name, name.replace("_", " "))] = str(text)
    return out
