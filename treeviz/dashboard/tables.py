"""Tables as a person reads them: headers in words with their units, only the columns
that say something for this agent, blanks instead of missing values, numbers rounded
(the downloads keep the machine columns at full precision)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pandas as pd

from treeviz.trace.analysis import format_cell

HEADERS = {  # a per-move table's column -> its header in words
    "column": "column",
    "value": "value (player to move)",
    "text": "in words",
    "chosen": "chosen",
    "bound": "bound (cut searches)",
    "source": "exact from",
    "visits": "visits",
    "share": "share of visits",
    "q": "Q (mean result, 0-1)",
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
    "exact": "exact score",
    "exact_meaning": "exact score in words",
    "cutoffs_below": "cutoffs below",
}
SILENT_WHEN = {"cutoffs_below": 0, "bound": "exact", "source": ""}  # says nothing if all so


def readable(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` (a per-move table) without the columns that are empty for every row
    (or all ``False``, or all their uninformative value), headers in words; the
    ``chosen`` column keeps its name (rows are highlighted by it)."""
    keep = [c for c in table.columns if c in ("column", "chosen") or _says_something(table[c], c)]
    return table[keep].rename(columns=HEADERS)


def _says_something(col: pd.Series, name: Hashable) -> bool:
    values = col.dropna()
    values = values[values.astype(str) != ""]
    if values.empty or (values.dtype == bool and not values.any()):
        return False
    if str(name) not in SILENT_WHEN:
        return True
    return not (values.astype(str) == str(SILENT_WHEN[str(name)])).all()


def styled(table: pd.DataFrame) -> Any:
    """``table`` as a Styler: floats rounded for reading, missing values blank."""
    floats: list[Hashable] = [c for c in table.columns if table[c].dtype.kind == "f"]
    # na_rep for every cell first: a later call would replace the floats' formatter
    return table.style.format(na_rep="").format(format_cell, subset=floats, na_rep="")
