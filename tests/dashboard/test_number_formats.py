"""The formatting rules of the dashboard's tables and labels: units per column,
blank cells, percentages, rounding, short seeds, legible legend text."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.dashboard.components.numbers import (
    agent_value,
    column_label,
    count,
    exact_label,
    ink_on,
    missing,
    percent,
    seconds,
    short_seeds,
)
from treeviz.dashboard.components.tables import readable, styled
from treeviz.trace.analysis import move_table
from treeviz.trace.numbers import value_cell


@pytest.mark.parametrize("blank", [None, float("nan"), pd.NA, pd.NaT])
def test_missing_values_are_one_dash(blank: object) -> None:
    """A missing number reads as the formatter's dash everywhere (treeviz.trace.numbers);
    a missing spec is a blank (it is text, not a number)."""
    assert missing(blank)
    assert percent(blank) == count(blank) == seconds(blank) == "–"
    assert agent_value(blank, "win_rate") == agent_value(blank, "heuristic:window") == "–"
    assert short_seeds(blank) == ""


def test_fractions_and_counts_read_as_people_write_them() -> None:
    assert percent(0.5455) == "55%" and percent(0.5455, 1) == "54.5%" and percent(1) == "100%"
    assert count(121.5455) == "122" and count(1234567) == "1,234,567" and count(0) == "0"
    assert seconds(0.012345) == "0.0123" and seconds(123.4) == "123"


def test_each_agent_value_is_said_in_its_own_unit() -> None:
    """A table mixing agents (Play's moves) says each value's unit: never a bare 0.62
    beside -43; a mean result by its name, a draw counted half (not "62% wins")."""
    assert agent_value(0.62, "win_rate") == "62.0% mean result"
    assert agent_value(-43, "heuristic:window") == "-43 pts"
    assert agent_value(3, "exact") == "+3 exact" and agent_value(0, "exact") == "0 exact"
    assert agent_value(0.25, "probability") == "25.0%"
    assert agent_value(2.5, "user") == "+2.5" and agent_value(7.0, None) == "+7"


@pytest.mark.parametrize("zero", [0, 0.0, -0.0])
@pytest.mark.parametrize("kind", ["exact", "heuristic", "user"])
def test_zero_reads_alike_on_the_board_and_in_the_tables(zero: float, kind: str) -> None:
    """A draw (or an even position) has no side ahead: no sign, on the board's labels
    as in every table (the board wrote 0 and the tables +0)."""
    shown = {exact_label(0), column_label(zero, kind), value_cell(zero, kind)}
    assert shown == {"0"}, shown
    assert agent_value(zero, kind).split()[0] == "0"


@given(st.integers(0, 2**63 - 1))
def test_seeds_are_shortened_to_their_ends(seed: int) -> None:
    spec = f"mcts:iterations=200,seed={seed},c=1.4"
    short = short_seeds(spec)
    digits = str(seed)
    if len(digits) <= 6:
        assert short == spec
    else:
        assert short == f"mcts:iterations=200,seed={digits[:3]}…{digits[-3:]},c=1.4"
    assert len(short) <= len("mcts:iterations=200,seed=123…456,c=1.4")


def _contrast(a: str, b: str) -> float:
    def lum(c: str) -> float:
        rgb = [int(c[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@given(st.integers(0, 0xFFFFFF))
def test_legend_ink_is_the_more_legible_of_black_and_white(rgb: int) -> None:
    """WCAG contrast: the ink chosen is never worse than the other one, and at
    least 4.5:1 (AA for text) on any colour."""
    fill = f"#{rgb:06x}"
    ink = ink_on(fill)
    other = "#ffffff" if ink == "#000000" else "#000000"
    assert _contrast(ink, fill) >= _contrast(other, fill) - 1e-9
    assert _contrast(ink, fill) >= 4.5


def test_a_heuristic_column_holds_points_only() -> None:
    """Alpha-beta proves some columns won or lost at depth 4 in this position, and
    caps others at a win ("at best a win in 3 plies": cut off): those rows' scores
    are not put in the points column (blank there), their result is said in its own
    column; the other rows keep their points."""
    res = search(Position.from_moves("4455"), "alphabeta", depth=4)
    table = move_table(res)
    capped = table["at_best"].notna()
    assert capped.any() and (table.loc[capped, "outcome"] == "").all()
    proven = (table["outcome"] != "") | capped
    assert proven.any() and (~proven).any()
    shown = readable(table, res.trace.value_kind)
    points = shown["value (heuristic points)"]
    assert points[proven].isna().all()
    assert points[~proven].tolist() == table.loc[~proven, "value"].tolist()
    html = styled(shown).to_html()
    assert "None" not in html and "nan" not in html
    assert not math.isnan(float(points[~proven].iloc[0]))
