"""Numbers as a person reads them in the dashboard's tables and labels: the numbers
themselves as :mod:`treeviz.trace.numbers` writes them everywhere (each value in its
own unit, shares as percentages, counts whole, missing values as a dash), and here
what only the page shows: labels over a board's columns, long seeds shortened, and
legend text that contrasts with its swatch. Pure functions (no Streamlit): the
downloads keep the machine numbers, only what is shown goes through here."""

from __future__ import annotations

import re
from typing import Any

from treeviz.draw.style import INK_DARK, INK_LIGHT
from treeviz.trace.kinds import ValueKind
from treeviz.trace.numbers import MISSING, missing, number_text, percent, value_with_unit
from treeviz.trace.numbers import count as count  # the pages read the formatter here
from treeviz.trace.numbers import seconds as seconds

agent_value = value_with_unit  # an agent's value in its own unit (Play's list of moves)

SEED_DIGITS = 6  # a seed longer than this is shown as its first and last digits
_SEED = re.compile(r"(seed=)(\d{" + str(SEED_DIGITS + 1) + r",})")


def short_seeds(spec: Any) -> str:
    """``spec`` with each long seed shortened to its ends (``seed=1234…7890``); the
    whole spec is in the downloads and tooltips. Blank when missing."""
    if missing(spec):
        return ""
    keep = SEED_DIGITS // 2
    return _SEED.sub(lambda m: f"{m[1]}{m[2][:keep]}…{m[2][-keep:]}", str(spec))


def ink_on(fill: str) -> str:
    """Black or white: whichever reads better on the colour ``fill`` (``#rrggbb``),
    by the WCAG relative luminance (white text only on dark swatches)."""
    r, g, b = (int(fill.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4))

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    # contrast with black (lum + 0.05) / 0.05 against white 1.05 / (lum + 0.05)
    return INK_DARK if (lum + 0.05) ** 2 > 0.05 * 1.05 else INK_LIGHT


def column_label(
    value: Any,
    kind: str | None,
    *,
    outcome: dict[str, Any] | None = None,
    bound: str = "",
    word: str | None = None,
) -> str:
    """An agent's value of one column, short enough to stand over a board's column:
    a proven result as ``W5``/``L4``/``D`` (won, lost in that many plies, drawn), a
    mean result or chance as a percentage, other numbers signed, a cut search's bound
    with ``≤``/``≥``; ``–`` for a column the agent did not look at. ``word``: what a
    person's win score reads as (``win``/``loss``:
    :func:`~treeviz.trace.values.user_result`), shown instead of its number, as the
    tree and its legend show it."""
    sign = {"upper": "≤", "lower": "≥"}.get(bound, "")
    if word and not outcome:
        return sign + word
    if outcome:
        result, plies = outcome.get("result"), outcome.get("plies")
        sign = {"upper": "≤", "lower": "≥"}.get(str(outcome.get("bound", "")), "")
        letter = {"win": "W", "loss": "L", "draw": "D"}.get(str(result), "?")
        return sign + (letter if letter == "D" or plies is None else f"{letter}{plies}")
    if missing(value):
        return MISSING
    base = ValueKind.parse(kind).base if kind else ""
    if base in ("win_rate", "probability"):
        return sign + percent(value)
    return sign + number_text(float(value))


def exact_label(score: int | None) -> str:
    """An exact score over a board's column: signed (``+2``, ``0``, ``-9``); ``–``
    for a full column."""
    if score is None:
        return MISSING
    return f"{score:+d}" if score else "0"
