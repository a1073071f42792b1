"""Tables for decision trees: CSV (or UCI ``.data``) text read into encoded columns.

A column named ``ID`` whose values are all different is a row id and is left out.
A column is numeric when every value parses as a finite number, else categorical
(values kept as text, including ``?``). The target is always categorical. A header
row is detected unless told: the first row is a header when none of its cells is a
number and none occurs again in its column (a lone row of words is a header; a data
row repeats values: UCI files such as ``connect-4.data`` have no header). The UCI
Connect-4 layout (42 cells of ``x``/``o``/``b`` and a class) gets its attribute
names ``a1``..``g6``.
"""

from __future__ import annotations

import csv
import io
import string
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from treeviz.connect4.board import DEFAULT_HEIGHT, DEFAULT_WIDTH
from treeviz.errors import TableError
from treeviz.safe_io import read_text_bounded
from treeviz.settings import TABLE_MAX_BYTES, show_path, show_value

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "id3"
BUNDLED = {  # small first: the dashboard opens the first
    "weather": "weather.csv",
    "restaurant": "restaurant.csv",
    "iris": "iris.csv",
    "connect-4": "connect-4.data",
}
# The UCI Connect-4 layout: a cell per attribute on the standard board, ``a1``..``g6``
# (column letter, then row from the bottom), column by column.
CONNECT4_COLUMNS = string.ascii_lowercase[:DEFAULT_WIDTH]
CONNECT4_NAMES = [f"{c}{r}" for c in CONNECT4_COLUMNS for r in range(1, DEFAULT_HEIGHT + 1)]


@dataclass
class Column:
    """One column: ``codes`` index ``levels`` (categorical) or ``values`` (numeric)."""

    name: str
    numeric: bool
    values: np.ndarray  # float64 when numeric, else int32 codes into levels
    levels: list[str] = field(default_factory=list)


@dataclass
class Table:
    """Feature columns and the target, each of ``rows`` entries."""

    name: str
    features: list[Column]
    target: Column
    rows: int
    ignored: list[str] = field(default_factory=list)

    @property
    def classes(self) -> list[str]:
        """The target's classes, sorted (their order breaks ties)."""
        return self.target.levels

    def subset(self, idx: np.ndarray) -> Table:
        """The rows ``idx`` (levels kept, so codes stay comparable)."""
        cols = [Column(c.name, c.numeric, c.values[idx], c.levels) for c in self.features]
        t = self.target
        target = Column(t.name, False, t.values[idx], t.levels)
        return Table(self.name, cols, target, len(idx), self.ignored)


def bundled_path(name: str) -> Path:
    """The file of a bundled data set (``connect-4``, ``restaurant``, ``weather``,
    ``iris``)."""
    if name not in BUNDLED:
        raise TableError(
            f"no bundled data set {show_value(name)}: choose one of {', '.join(BUNDLED)}"
        )
    return DATA_DIR / BUNDLED[name]


def read_table(
    path: str | Path,
    *,
    target: str | None = None,
    ignore: list[str] | None = None,
    header: bool | None = None,
) -> Table:
    """The table in the file ``path`` (see :func:`parse_table`)."""
    p = Path(path)
    try:
        text = read_text_bounded(p, TABLE_MAX_BYTES, f"table {show_path(path)}")
    except OSError as exc:
        raise TableError(f"cannot read {show_path(path)}: {exc.strerror}") from None
    return parse_table(text, name=p.name, target=target, ignore=ignore, header=header)


def parse_table(
    text: str,
    *,
    name: str = "table",
    target: str | None = None,
    ignore: list[str] | None = None,
    header: bool | None = None,
) -> Table:
    """Encode CSV ``text``: ``target`` (default: the last column) and the other
    columns but ``ignore`` as features; ``header`` None detects the header row.
    :class:`TableError` for ragged rows, unknown columns, an empty table or a target
    with one class."""
    cells = _cells(text, name)
    has_header = detect_header(cells) if header is None else header
    names = [str(c) for c in cells[0]] if has_header else default_names(cells)
    body = cells[1:] if has_header else cells
    if len(body) == 0:
        raise TableError(f"{show_path(name)} has a header but no rows")
    return _encode(name, names, body, target, ignore or [])


def _cells(text: str, name: str) -> np.ndarray:
    """Every field of the CSV ``text``, stripped, as a 2-D array of strings; blank
    lines skipped; :class:`TableError` naming the first ragged line."""
    text = text.removeprefix("\ufeff")  # a byte-order mark (spreadsheet exports) is no name
    csv.field_size_limit(TABLE_MAX_BYTES)  # one cell may be as long as a table may be
    try:
        stripped = (list(map(str.strip, r)) for r in csv.reader(io.StringIO(text)))
        rows = [r for r in stripped if any(r)]
    except csv.Error as exc:
        raise TableError(f"{show_path(name)} is not CSV: {exc}") from None
    if not rows:
        raise TableError(f"{show_path(name)} is empty: no rows to learn from")
    width = len(rows[0])
    lengths = np.fromiter((len(r) for r in rows), dtype=np.int64, count=len(rows))
    bad = np.flatnonzero(lengths != width)
    if len(bad):
        line = int(bad[0])
        raise TableError(
            f"{show_path(name)} row {line + 1} has {lengths[line]} fields; row 1 has {width}"
        )
    # Python strings, not fixed-width unicode: one long cell would make every cell of
    # the table that wide (a 131,000-character cell asked for 976 GiB)
    cells = np.empty((len(rows), width), dtype=object)
    cells[:] = rows
    return cells


def column_names(
    text: str, *, name: str = "table", header: bool | None = None, sample: int = 2000
) -> list[str]:
    """The column names of CSV ``text`` (header detected on its first ``sample`` rows),
    to offer before the whole table is read."""
    head = "\n".join(text.splitlines()[:sample])
    cells = _cells(head, name)
    has_header = detect_header(cells) if header is None else header
    return [str(c) for c in cells[0]] if has_header else default_names(cells)


def detect_header(cells: np.ndarray) -> bool:
    """Whether the first row names the columns (see the module docs)."""
    first, rest = cells[0], cells[1:]
    if any(_number(c) is not None for c in first):
        return False
    # A lone row of names is a header without data (reported as such, not as
    # a one-class target).
    return not (rest == first).any()


def default_names(cells: np.ndarray) -> list[str]:
    """``a1``..``g6``, ``class`` for the UCI Connect-4 layout, else ``col1``..``colN``."""
    width, n = cells.shape[1], len(CONNECT4_NAMES)
    if width == n + 1 and set(np.unique(cells[:, :n]).tolist()) <= {"x", "o", "b"}:
        return [*CONNECT4_NAMES, "class"]
    return [f"col{i}" for i in range(1, width + 1)]


def _number(text: str) -> float | None:
    try:
        x = float(text)
    except ValueError:
        return None
    return x if np.isfinite(x) else None


def _encode(
    name: str, names: list[str], body: np.ndarray, target: str | None, ignore: list[str]
) -> Table:
    if len(set(names)) != len(names):
        raise TableError(f"{show_path(name)} has repeated column names: {names}")
    for col in [*ignore, *([target] if target else [])]:
        if col not in names:
            raise TableError(
                f"{show_path(name)} has no column {show_value(col)}; its columns: "
                f"{', '.join(names)}"
            )
    tname = target or names[-1]
    if tname in ignore:
        raise TableError(f"{show_value(tname)} is the target and cannot be ignored")
    tcol = _categorical(tname, body[:, names.index(tname)])
    if len(tcol.levels) < 2:
        raise TableError(
            f"target {show_value(tname)} of {show_path(name)} has one class "
            f"({show_value(tcol.levels[0])}): nothing to learn"
        )
    ignore = ignore + [n for j, n in enumerate(names) if _row_id(n, body[:, j], tname, ignore)]
    features = [
        _column(n, body[:, j]) for j, n in enumerate(names) if n != tname and n not in ignore
    ]
    if not features:
        raise TableError(f"{show_path(name)} has no feature columns left besides the target")
    return Table(name, features, tcol, len(body), ignore)


def _row_id(name: str, raw: np.ndarray, target: str, ignore: list[str]) -> bool:
    """A column named ``ID`` with a different value in every row: a row id, which
    would split the table into one leaf per row. Left out unless it is the target."""
    if name.lower() != "id" or name == target or name in ignore:
        return False
    return len(set(raw.tolist())) == len(raw)


def _column(name: str, raw: np.ndarray) -> Column:
    try:
        nums = raw.astype(np.float64)  # every cell a number, or ValueError
    except ValueError:
        return _categorical(name, raw)
    if not np.isfinite(nums).all():
        return _categorical(name, raw)
    return Column(name, True, nums)


def _categorical(name: str, raw: np.ndarray) -> Column:
    """Codes into the sorted distinct values. A dictionary, not ``np.unique``: sorting
    a million Python strings to find a handful of levels took a second a column."""
    cells = raw.tolist()
    levels = sorted(set(cells))
    code = {v: i for i, v in enumerate(levels)}
    codes = np.fromiter(map(code.__getitem__, cells), dtype=np.int32, count=len(cells))
    return Column(name, False, codes, [str(v) for v in levels])
