"""Tables and statistics derived from a search result or trace (no searching here).

pandas is imported inside the functions that build DataFrames: the command line's
text table does without it and starts faster.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from treeviz.errors import TraceFormatError
from treeviz.trace.game_values import game_outcome
from treeviz.trace.nodes import (
    CUTOFF,
    NO_VALUE,
    MoveStat,
    SearchResult,
    Trace,
    field_is_set,
    flag_text,
)
from treeviz.trace.numbers import cell, percent, value_cell
from treeviz.trace.sides import node_states, root_signs
from treeviz.trace.values import PROVEN, bound_text, node_value, short_outcome

if TYPE_CHECKING:
    import pandas as pd

ROW_KEYS = ("column", "value", "outcome", "text")
CUT = "cut by the window"  # the words of another game's row whose value is an upper bound
FIRST_COLUMNS = ("column", "value", "text", "chosen")
SHARE_COLUMNS = ("share", "q")  # per-move columns in 0..1 (MCTS's share of visits, Q)


def move_table(
    res: SearchResult, exact: list[int | None] | None = None, meanings: list[str] | None = None
) -> pd.DataFrame:
    """One row per column (1-based): the agent's statistics, values for the root
    player, and optionally the exact solver score and its meaning beside them."""
    import pandas as pd

    return pd.DataFrame(move_rows(res, exact, meanings))


def move_rows(
    res: SearchResult, exact: list[int | None] | None = None, meanings: list[str] | None = None
) -> list[dict[str, Any]]:
    """:func:`move_table`'s rows as dicts, every row with the same keys, in order.
    Another game's decided rows (won or lost, stored as ``±(WIN - plies)``) give their
    value in the game's unit (:func:`~treeviz.trace.game_values.game_outcome`: 1 a
    win, -1 a loss) and their outcome in plies."""
    rows: list[dict[str, Any]] = [m.as_dict() for m in res.moves]
    if not res.trace.is_connect4 and res.trace.kind.base in ("heuristic", "exact"):
        for r in rows:
            _game_decided_row(r)
    for r in rows:
        r.setdefault("full", False)
        r.setdefault("chosen", False)
        found = r.pop("outcome", None)  # a dict: flattened so tables and CSV stay flat
        r["outcome"] = short_outcome(found) if found else ""
    if exact is not None:
        for r, s, mean in zip(rows, exact, meanings or [""] * len(rows), strict=True):
            r["exact"] = s
            r["exact_meaning"] = mean
    cutoffs = cutoffs_below(res.trace)
    shift = 1 if res.trace.is_connect4 else 0  # Connect 4's rows say 1-based columns
    for r in rows:
        r["cutoffs_below"] = cutoffs.get(r["column"] - shift, 0)
    keys = list(dict.fromkeys(k for r in rows for k in r))
    order = [k for k in FIRST_COLUMNS if k in keys] + [k for k in keys if k not in FIRST_COLUMNS]
    return [{k: r.get(k) for k in order} for r in rows]


def game_row_outcome(value: float | None, text: str) -> dict[str, Any] | None:
    """The result another game's per-move row proves (a negamax agent's: ``value``
    for the root player, ``text`` its words), in the game's unit
    (:func:`~treeviz.trace.game_values.game_outcome`); None when it proves none. The
    rows of the agents on any game say in their words where the window cut the move:
    their value is then an upper bound."""
    if value is None:
        return None
    return game_outcome(value, bound="upper" if CUT in text else "")


def _game_decided_row(row: dict[str, Any]) -> None:
    """Another game's row whose value is a decided game: the value in the game's unit
    and the outcome it proves."""
    value = row.get("value")
    if value is None or abs(value) < PROVEN:
        return
    found = game_row_outcome(value, str(row.get("text") or ""))
    row["value"] = None if found is None else found["score"]
    row["outcome"] = found


def result_of(trace: Trace) -> SearchResult:
    """The :class:`SearchResult` a saved trace carries (``extra["result"]``, checked
    when the trace was loaded: :mod:`treeviz.trace.validate`), so an uploaded trace shows
    the same table, PV and statistics as a fresh search; :class:`TraceFormatError`
    when the trace carries none."""
    data: Any = trace.extra.get("result")
    if not isinstance(data, dict):
        raise TraceFormatError(
            f"trace of {trace.algorithm!r} has no extra.result (the search's answer): "
            "save traces with this version of treeviz"
        )
    rows = [
        MoveStat(
            int(m["column"]),
            m.get("value"),
            {k: v for k, v in m.items() if k not in ROW_KEYS},
            m.get("outcome"),
            str(m.get("text") or ""),
        )
        for m in data["moves"]
    ]
    return SearchResult(
        move=int(data["move"]),
        value=data.get("value"),
        moves=rows,
        pv=[int(c) for c in data["pv"]],
        stats=dict(data["stats"]),
        trace=trace,
    )


def cutoffs_below(trace: Trace) -> dict[int, int]:
    """Number of cutoff nodes in each root child's subtree, by the move of that child
    (Connect 4: its 0-based column; another game: its action id)."""
    if len(trace) <= 1:
        return {}
    cut = (trace.nodes["flags"] & CUTOFF) != 0
    counts = np.bincount(trace.root_children()[cut], minlength=len(trace))
    return {int(trace.nodes["move"][c]): int(counts[c]) for c in trace.children(0)}


def move_table_text(res: SearchResult) -> str:
    """The per-column table as aligned plain text, each cell as :func:`move_cell`
    reads it."""
    rows = move_rows(res)
    drop = {"outcome"} | ({"full"} if not any(r["full"] for r in rows) else set())  # text says
    keys = [k for k in rows[0] if k not in drop]
    kind = res.trace.value_kind
    cells = [keys] + [[move_cell(k, r[k], kind) for k in keys] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]
    return "\n".join("  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in cells)


def move_cell(key: str, value: Any, kind: str) -> str:
    """A cell of column ``key`` of a per-move table of a trace of value ``kind``: the
    agent's value as :func:`~treeviz.trace.numbers.value_cell` reads it (for the player
    to move, signed where the sign says who is ahead), a share or a mean of results
    (:data:`SHARE_COLUMNS`) as a percentage with one decimal, any other cell as
    :func:`~treeviz.trace.numbers.cell` reads it."""
    if key == "value":
        return value_cell(value, kind)
    if key in SHARE_COLUMNS:
        return percent(value, 1)
    return cell(value)


def depth_profile(trace: Trace) -> pd.DataFrame:
    """Recorded nodes per depth below the root, with the branching factor at each."""
    import pandas as pd

    counts = np.bincount(trace.nodes["depth"].astype(np.int64) - int(trace.nodes["depth"][0]))
    df = pd.DataFrame({"depth": np.arange(len(counts)), "nodes": counts})
    df["branching"] = df["nodes"].shift(-1) / df["nodes"]
    return df


def effective_branching(trace: Trace) -> float:
    """Effective branching factor b*: nodes = b + b^2 + ... + b^d for the trace's depth d."""
    d = int(trace.nodes["depth"].max() - trace.nodes["depth"][0]) if len(trace) else 0
    n = len(trace) - 1
    if d == 0 or n <= 0:
        return 0.0
    lo, hi = 1.0, float(max(n, 2))
    for _ in range(60):  # bisection: the sum grows with b
        mid = (lo + hi) / 2
        total = sum(mid**k for k in range(1, d + 1))
        lo, hi = (mid, hi) if total < n else (lo, mid)
    return round(lo, 3)


NODE_COLUMNS = {  # recorded field -> CSV header (fields other than those shown below)
    "static_eval": "static eval (side to move)",
    "g": "g (plies so far)",
    "h": "h (estimate to go)",
    "f": "f = g + h",
    "order": "search order",
    "visits": "visits",
    "iteration": "iteration",
}


def field_text(value: int, note: bool = True) -> int | str:
    """A number a search recorded in a node field (a heuristic, g, h, f, ...) as a
    person reads it: the number, or where it stands for a game that is over (a
    heuristic's win or loss, A*'s goal), ``-inf``/``+inf``, with `` (game over)``
    when ``note``."""
    if abs(value) < PROVEN:
        return value
    return ("-inf" if value < 0 else "+inf") + (" (game over)" if note else "")


def node_table(trace: Trace) -> pd.DataFrame:
    """One row per recorded node, in id order: its parent, depth below the trace's
    root, column played (1-based; blank at the root; another game: the move's action
    id and its label), value for the player to move at the root (a number, another
    game's decided one in its unit, 1 a win and -1 a loss, and in words where a number
    does not say it: a proven result, a cut, no value), the alpha-beta window for the
    side to move, the other fields the algorithm recorded (blank where a node has
    none) and its flags. The per-node CSV
    download: every value readable, no internal sentinel. Integer values are read in
    NumPy; only the few nodes with words go through :func:`node_value` (a 2,000,000-node
    trace takes seconds, not minutes)."""
    import pandas as pd

    n, fields = trace.nodes, trace.fields
    root = n["parent"] < 0
    table = pd.DataFrame({"node": np.arange(len(trace))})
    table["parent"] = pd.array(n["parent"].astype(np.int64), dtype="Int64")
    table.loc[root, "parent"] = pd.NA
    table["depth"] = n["depth"].astype(np.int64) - int(n["depth"][0])
    if trace.is_connect4:
        table["column"] = pd.array(n["move"].astype(np.int64) + 1, dtype="Int64")
        table.loc[root, "column"] = pd.NA
    else:  # another game: the move's action id and its label where it was played
        table["move"] = pd.array(n["move"].astype(np.int64), dtype="Int64")
        table.loc[root, "move"] = pd.NA
        table["label"] = _labels(trace)
    table["value (root player)"], table["value in words"] = _node_values(trace)
    if trace.windowed:
        window = n["alpha"] != n["beta"]
        for f in ("alpha", "beta"):
            table[f"{f} (side to move)"] = _bounds(trace, n[f], window)
    for f, header in NODE_COLUMNS.items():
        if f in fields:
            table[header] = _field_column(f, n[f])
    names = {int(x): flag_text(int(x)) or None for x in np.unique(n["flags"])}
    table["flags"] = [names[int(x)] for x in n["flags"]]
    return table


def _labels(trace: Trace) -> list[str | None]:
    """Each node's move as another game writes it in its parent's state (None at the
    root)."""
    game, states = trace.rules(), node_states(trace)
    parents, moves = trace.nodes["parent"].tolist(), trace.nodes["move"].tolist()
    return [None] + [game.label(states[parents[i]], moves[i]) for i in range(1, len(trace))]


def _field_column(field: str, raw: np.ndarray) -> Any:
    """Recorded ``field`` of every node for the per-node table: integers, blank where
    not set, words (:func:`field_text`) where a number stands for a game over."""
    import pandas as pd

    wide = raw.astype(np.int64)
    col = pd.array(wide, dtype="Int64")
    is_set = field_is_set(field, raw)
    col[~is_set] = pd.NA
    over = is_set & (np.abs(wide) >= PROVEN)
    if not over.any():
        return col
    text = col.astype(object)  # words for those few: the column becomes text
    text[over] = [field_text(int(v)) for v in raw[over]]
    return text


def _node_values(trace: Trace) -> tuple[list[Any], list[str | None]]:
    """(value, words) of every node for the root player, as :func:`node_value` gives
    them; plain integer values (heuristic points, exact scores) are read in NumPy."""
    n = trace.nodes
    base = trace.kind.base
    if base not in ("heuristic", "exact"):
        found = [node_value(trace, i) for i in range(len(trace))]
        return [v.value for v in found], [v.text or None for v in found]
    raw = n["value"].astype(np.int64)
    signed = root_signs(trace) * raw  # for the root player: each node's side read once
    plain = (raw != int(NO_VALUE)) & (np.abs(signed) < PROVEN)
    values: list[Any] = signed.tolist()
    words: list[str | None] = [None] * len(trace)
    for i in np.flatnonzero(~plain).tolist():
        v = node_value(trace, i)
        values[i], words[i] = v.value, v.text or None
    return values, words


def _bounds(trace: Trace, raw: np.ndarray, window: np.ndarray) -> list[str | None]:
    """:func:`bound_text` of each node's ``raw`` bound where it searched a window."""
    out: list[str | None] = [None] * len(raw)
    if trace.kind.base == "user":
        for i in np.flatnonzero(window).tolist():
            out[i] = bound_text(trace, int(raw[i]))
        return out
    v = raw.astype(np.int64)
    plain = window & (np.abs(v) < PROVEN)
    text = v.astype(str)
    for i in np.flatnonzero(plain).tolist():
        out[i] = text[i]
    for i in np.flatnonzero(window & ~plain).tolist():
        out[i] = bound_text(trace, int(v[i]))
    return out
