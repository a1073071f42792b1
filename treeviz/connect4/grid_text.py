"""Board text as notebooks print it, cut into rows of cells for :mod:`treeviz.connect4.grid`.

A line is a row. Cells are separated by spaces (``0 0 1 2 0 0 0``, ``. X O . . . .``),
by bars (``|X|O| | | | | |``, where a space is an empty cell; ``| - X O - - - - |``;
``| X | O | - |``) or by nothing (``..XO...``). Text with brackets is a printed array:
each innermost ``[...]`` is a row, whatever the lines (NumPy's ``[[0. 0. 1. ...]``,
a Python list ``[[0, 1, 2, ...], [...]]``, ``array([...])``, quoted cells ``'X'``).
Numbers lose a zero fraction (``1.`` and ``1.0`` are ``1``).

Ignored: blank lines, frame lines (``=====``, ``# ------- #``, ``+---+``, a rule of
dashes longer than a row can be) and a column-number line (``0 1 2 ... w-1`` or
``1 2 ... w``, spaced or not): a row of cells never counts up to 3, so a line of
``0 1 2`` cells is a row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from treeviz.connect4.board import MAX_WIDTH, MIN_SIDE
from treeviz.errors import InvalidPositionError
from treeviz.settings import show_value

_FRAME_CHARS = set("=#+-|: ")
_BRACKETED = re.compile(r"\[([^\[\]]*)\]")
_TOKEN = re.compile(r"'[^']*'|\"[^\"]*\"|[^\s,]+")
_NUMBER = re.compile(r"(-?\d+)\.0*")  # NumPy's ``1.``, Python's ``1.0``


@dataclass(frozen=True)
class TextRow:
    """One row read from text: its cells and the text it came from (quoted in errors)."""

    cells: list[str]
    line: str


def text_rows(text: str) -> list[TextRow]:
    """The rows of a board written as text (see the module docs), top line first;
    :class:`InvalidPositionError` quoting the text when it holds no row, or the line
    that cannot be cut into cells."""
    if "[" in text:
        rows = [TextRow(_tokens(body), f"[{body.strip()}]") for body in _BRACKETED.findall(text)]
    else:
        rows = [
            TextRow(cells, line.strip())
            for line in text.splitlines()
            if (cells := _line_cells(line)) is not None
        ]
    if not rows:
        raise InvalidPositionError(f"no board rows found in {show_value(text.strip())}")
    for row in rows:
        if any(len(c) > 1 and not c.lstrip("-").isdigit() for c in row.cells):
            raise InvalidPositionError(
                f"cannot read the board line {show_value(row.line)}: "
                "expected one symbol or number per cell"
            )
    return rows


def _tokens(body: str) -> list[str]:
    """The cells of one bracketed row: words split at spaces and commas, quotes removed."""
    return [_plain(t[1:-1] if t[0] in "'\"" else t) for t in _TOKEN.findall(body)]


def _plain(cell: str) -> str:
    """A cell as the grid reader knows it: ``1.`` and ``1.0`` as ``1``."""
    number = _NUMBER.fullmatch(cell)
    return number.group(1) if number else cell


def _line_cells(line: str) -> list[str] | None:
    """The cells of a diagram line, or ``None`` when the line is decoration."""
    text = line.strip()
    if not text or _is_column_numbers(text):
        return None
    if "=" in text or text[0] in "#+":
        return None  # frame line
    cells = [_plain(c) for c in _split(text)]
    if set(text) <= _FRAME_CHARS and len(cells) > MAX_WIDTH:
        return None  # a long rule of dashes
    return cells


def _split(text: str) -> list[str]:
    """A line cut into cells: at bars when there are bars between cells (a space
    between bars is an empty cell), else at spaces, else one character each."""
    inner = text[1:] if text.startswith("|") else text
    inner = inner[:-1] if inner.endswith("|") else inner
    if "|" in inner:
        return [c.strip() for c in inner.split("|")]
    inner = inner.strip()
    return inner.split() if " " in inner or "\t" in inner else list(inner)


def _is_column_numbers(text: str) -> bool:
    """Whether a line numbers the columns: 0..w-1 or 1..w, at least as many as the
    narrowest board has, spaced or not."""
    words = text.split() if " " in text or "\t" in text else list(text)
    if len(words) < MIN_SIDE or not all(w.isdigit() for w in words):
        return False
    start = int(words[0])
    return start in (0, 1) and [int(w) for w in words] == list(range(start, start + len(words)))
