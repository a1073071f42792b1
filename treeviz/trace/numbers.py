"""Numbers as a person reads them: the one formatter behind every table, label and line
that shows a search's values, points, shares, counts or times. The command line, the
HTML reports, the notebooks and the dashboard call it; the machine numbers stay in the
traces, the JSON and the downloads.

Where the views printed one value in different ways, the form kept, and why:

- **Nothing** (None, NaN, pandas' NA) is :data:`MISSING`, ``–``, in a cell as in a
  sentence. The command line wrote ``-``, which reads as a minus sign beside signed
  values; the HTML report and the dashboard left a blank, a hole in aligned text that
  says nothing in a sentence ("accuracy "); a NaN in a report's cell read ``-inf``.
  The board's labels already wrote ``–``.
- **A flag** is ``yes`` or ``no`` (the command line wrote ``True``/``False``, the report a
  blank for no, which reads as missing).
- **A share of a whole or a mean of results** (a chance of being chosen, a share of
  visits, an accuracy, MCTS's mean result Q: all 0..1) is a percentage
  (:func:`percent`), with one decimal in a value's cell, as the page's tables and the
  what-if's sentences showed them: the command line's and the report's tables wrote
  ``0.623``, and the page's list of a game's moves ``62% wins``, which called a draw
  half a win, and then ``62.3% win rate``, which named a mean where a draw counts a
  half by the wins alone (``62.3% mean result`` now).
  Where a label names Q (the tree, an MCTS reason), the number is Q's own, 0..1.
- **Any other number**: :func:`number_text`, at most nine characters and within 5%
  whatever its size, ``+inf``/``-inf`` for an infinity; signed where the sign says who
  is ahead (:func:`value_cell`), with its unit where no header states one
  (:func:`value_with_unit`).
- **A count** is whole, with thousands separators (:func:`count`).
- **A duration** is in seconds, to what can be told apart (:func:`seconds`): the command
  line wrote three decimals (a quick search took ``0.000`` s) and the arena's table
  milliseconds, the page three significant digits.
"""

from __future__ import annotations

import math
from typing import Any

from treeviz.trace.kinds import RESULTS_KIND, ValueKind

MISSING = "–"  # no value: an en dash, never taken for a minus sign
SIGNED_KINDS = frozenset({"exact", "heuristic", "user"})  # values whose sign says who is ahead
SHARE_KINDS = frozenset({"probability", "win_rate"})  # values in 0..1: percentages
# said after a value: MCTS's is a mean result (a win 1, a draw 0.5), not a share of wins
UNITS = {"exact": "exact", "heuristic": "pts", "win_rate": "mean result"}
COMPACT_FROM = 1e6  # number_text writes powers of ten from here (and below 1e-3)


def missing(value: Any) -> bool:
    """Whether ``value`` stands for nothing: None, NaN or pandas' NA."""
    if value is None:
        return True
    try:
        return bool(value != value)  # NaN and NA are not equal to themselves
    except (TypeError, ValueError):  # NA's comparison is NA, whose truth is an error
        return True


def number_text(v: float, *, signed: bool = True) -> str:
    """A number as a person reads it, at most 9 characters for any magnitude and within
    5% of it: ``0``, ``+7``, ``+0.343``, ``+0.00118``, ``+10006`` (10005.5), ``+1.2e14`` (a
    million or more, and below a thousandth, in powers of ten), ``+inf``; NaN is
    :data:`MISSING`. ``signed=False`` leaves a positive number's ``+`` out (a table's
    count). Full precision stays in the trace and the downloads."""
    if math.isnan(v):
        return MISSING
    if math.isinf(v):
        text = "+inf" if v > 0 else "-inf"
    elif v == 0:
        text = "0"  # no side is ahead at zero: unsigned, as the board's labels write it
    elif v == int(v) and abs(v) < COMPACT_FROM:
        text = f"{int(v):+d}"
    elif abs(v) >= COMPACT_FROM or abs(v) < 1e-3:
        mantissa, _, power = f"{v:+.2g}".partition("e")  # +1e+14 -> +1e14
        if power and math.isinf(float(f"{mantissa}e{power}")):  # 1.75e308 rounds past
            mantissa = f"{v:+.3e}"[:5]  # the largest float: cut to 3 digits, not round
        text = f"{mantissa}e{int(power)}" if power else mantissa
    else:
        text = f"{v:+.3g}" if abs(v) < 1 else f"{v:+.4g}" if abs(v) < 1e3 else f"{v:+.0f}"
    return text if signed else text.removeprefix("+")


def percent(fraction: Any, digits: int = 0) -> str:
    """``fraction`` (of a whole: 0..1) as a percentage with ``digits`` decimals,
    ``0.5455`` -> ``55%``; :data:`MISSING` when missing; ten thousand times the whole
    or more (a million percent) in :func:`number_text`'s powers of ten."""
    if missing(fraction):
        return MISSING
    v = float(fraction) * 100
    if not math.isfinite(v) or abs(v) >= COMPACT_FROM:
        return number_text(v, signed=False) + "%"
    return f"{v:.{digits}f}%"


def count(value: Any) -> str:
    """A count or a mean of counts (nodes per move): whole, with thousands separators,
    ``121.5455`` -> ``122``; :data:`MISSING` when missing; past a million billion (no
    search's count) in :func:`number_text`'s powers of ten."""
    if missing(value):
        return MISSING
    v = float(value)
    if not math.isfinite(v) or abs(v) >= 1e15:
        return number_text(v, signed=False)
    return f"{round(v):,}"


def seconds(value: Any) -> str:
    """A duration in seconds (the unit is said by the caller) to what a person can tell
    apart: three significant digits below 10 s (``0.0123``), whole seconds with
    thousands separators above; below a millisecond and from a million seconds in
    :func:`number_text`'s powers of ten; :data:`MISSING` when missing."""
    if missing(value):
        return MISSING
    v = float(value)
    if v == 0 or not math.isfinite(v) or not 1e-3 <= abs(v) < COMPACT_FROM:
        return number_text(v, signed=False)
    return f"{v:.3g}" if abs(v) < 10 else f"{v:,.0f}"


def flag(value: Any) -> str:
    """A yes/no fact as a word: ``yes`` or ``no``."""
    return "yes" if value else "no"


def cell(value: Any) -> str:
    """Any table cell as a person reads it: :data:`MISSING` when missing, a flag as
    :func:`flag`, a float as :func:`number_text` unsigned (any magnitude in a few
    characters), anything else as its text."""
    if missing(value):
        return MISSING
    if isinstance(value, bool):
        return flag(value)
    if isinstance(value, float):
        return number_text(value, signed=False)
    return str(value)


def value_cell(value: Any, kind: str) -> str:
    """An agent's value in a column whose header states its unit, for a trace of value
    ``kind``: a chance or a mean result as a percentage with one decimal (``62.3%``),
    other values as :func:`number_text`, signed where the sign says which player is
    ahead (``+3``, ``-1e14``); :data:`MISSING` when missing."""
    if missing(value):
        return MISSING
    base = ValueKind.parse(kind).base
    if base in SHARE_KINDS:
        return percent(value, 1)
    return number_text(float(value), signed=base in SIGNED_KINDS and kind != RESULTS_KIND)


def value_with_unit(value: Any, kind: str | None) -> str:
    """An agent's value where no header states its unit (a table mixing agents, a
    game's moves): :func:`value_cell` followed by its unit, ``+3 exact``, ``-43 pts``,
    ``62.3% mean result``, ``25.0%`` (a chance); a person's search's number as it is;
    :data:`MISSING` when missing (a person's move)."""
    if missing(value):
        return MISSING
    if not kind:
        return number_text(float(value))
    unit = UNITS.get(ValueKind.parse(kind).base)
    text = value_cell(value, kind)
    return f"{text} {unit}" if unit else text
