"""The one number formatter's contract: each kind of number in one form wherever it is
shown (units, rounding, blanks, infinities, huge values), and the command line, the
HTML report and a game's moves saying one value the same way."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.cli.games import ply_line
from treeviz.draw.html import table_html
from treeviz.games.game import PlyRecord
from treeviz.trace.analysis import move_table_text
from treeviz.trace.numbers import (
    MISSING,
    cell,
    count,
    flag,
    missing,
    number_text,
    percent,
    seconds,
    value_cell,
    value_with_unit,
)

KINDS = ["exact", "exact:weak", "heuristic:window", "win_rate", "probability", "user"]
BLANKS = [None, float("nan"), pd.NA]


@pytest.mark.parametrize("blank", BLANKS)
def test_nothing_reads_as_one_dash_everywhere(blank: object) -> None:
    assert missing(blank)
    shown = {percent(blank), count(blank), seconds(blank), cell(blank)}
    shown |= {value_cell(blank, k) for k in KINDS} | {value_with_unit(blank, k) for k in KINDS}
    assert shown == {MISSING} and MISSING == "–"


def test_nan_is_no_number_not_an_infinity() -> None:
    assert number_text(float("nan")) == cell(float("nan")) == MISSING


def test_infinities_keep_their_sign() -> None:
    assert number_text(math.inf) == "+inf" and number_text(-math.inf) == "-inf"
    assert number_text(math.inf, signed=False) == "inf"
    assert value_cell(-math.inf, "heuristic:window") == "-inf"
    assert value_cell(math.inf, "user") == "+inf"
    assert count(math.inf) == seconds(math.inf) == "inf"


def test_each_value_is_said_in_its_own_unit() -> None:
    """Where no header states the unit (a game's moves, whose two agents may count in
    different ones): exact scores, points, a mean result, a chance."""
    assert value_with_unit(3, "exact") == "+3 exact"
    assert value_with_unit(-43, "heuristic:window") == "-43 pts"
    assert value_with_unit(0.623, "win_rate") == "62.3% mean result"
    assert value_with_unit(0.25, "probability") == "25.0%"
    assert value_with_unit(2.5, "user") == "+2.5" and value_with_unit(7.0, None) == "+7"


def test_signs_only_where_they_say_who_is_ahead() -> None:
    assert value_cell(3, "exact") == "+3" and value_cell(-2.0, "heuristic:window") == "-2"
    assert value_cell(0.623, "win_rate") == "62.3%" and value_cell(1 / 7, "probability") == "14.3%"


def test_rounding_to_what_can_be_told_apart() -> None:
    assert percent(0.5455) == "55%" and percent(0.5455, 1) == "54.5%" and percent(1) == "100%"
    assert count(121.5455) == "122" and count(1234567) == "1,234,567" and count(0) == "0"
    assert seconds(0.012345) == "0.0123" and seconds(2.5) == "2.5" and seconds(123.4) == "123"
    assert seconds(4321.2) == "4,321" and seconds(0) == "0"
    assert seconds(0.0004) == "0.0004" and seconds(1.2e-5) == "1.2e-5"  # never "0.000"
    assert flag(True) == cell(True) == "yes" and flag(False) == cell(False) == "no"
    assert cell(0.34567) == "0.346" and cell(12) == "12" and cell("text") == "text"


def test_huge_values_stay_short() -> None:
    assert count(1e20) == "1e20" and count(10**15) == "1e15"
    assert percent(1e10) == "1e12%"
    assert seconds(3.2e9) == "3.2e9"
    assert value_cell(1e14, "user") == "+1e14" and value_cell(-1e14, "user") == "-1e14"


@given(st.one_of(st.floats(), st.integers(-(10**30), 10**30), st.none()))
def test_every_number_reads_in_a_few_characters(v: float | None) -> None:
    """A count is exact (with separators) below a million billion, beyond any search's."""
    assert 0 < len(count(v)) <= len("-999,999,999,999,999"), (v, count(v))
    for text in (seconds(v), percent(v), *(value_cell(v, k) for k in KINDS)):
        assert 0 < len(text) <= 10, (v, text)


@given(st.floats(-1e14, 1e14, allow_nan=False))
def test_a_count_reads_back_whole(v: float) -> None:
    assert int(count(v).replace(",", "")) == round(v)


@given(st.floats(-1e4, 1e4, allow_nan=False))
def test_a_percentage_reads_back_to_its_decimal(fraction: float) -> None:
    text = percent(fraction, 1)
    assert text.endswith("%")
    assert abs(float(text[:-1]) - fraction * 100) <= 0.05 + 1e-9 * abs(fraction * 100)


@given(st.floats(1e-3, 1e6, exclude_max=True))
def test_a_duration_keeps_three_digits(v: float) -> None:
    read = float(seconds(v).replace(",", ""))
    assert math.isclose(read, v, rel_tol=5e-3) or abs(read - v) <= 0.5


# --- one value, one form, in every view --------------------------------------------------


def test_the_cli_table_and_the_report_say_a_win_rate_alike() -> None:
    res = search("4453", "mcts:iterations=200,seed=3")
    chosen = next(m for m in res.moves if m.column == res.move)
    shown = value_cell(chosen.value, res.trace.value_kind)
    assert shown.endswith("%")
    cli = move_table_text(res)
    html = table_html(
        [{"value": shown, "chosen": True}, {"value": None, "chosen": False}],
        [("value", "value"), ("chosen", "chosen")],
    )
    assert f" {shown} " in cli and f"<td>{shown}</td><td>yes</td>" in html
    assert f"<td>{MISSING}</td><td>no</td>" in html
    assert " yes " in cli and "True" not in cli


def test_a_game_line_says_each_agent_in_its_unit() -> None:
    rec = PlyRecord(3, "X", 4, 0.623, "win_rate", 0.012345, 1234, "mcts:iterations=500")
    assert ply_line(rec).endswith(
        "(mcts:iterations=500: value 62.3% mean result, 1,234 nodes, 0.0123 s)"
    )
    rec = PlyRecord(4, "O", 3, None, "heuristic:window", 0.5, 10, "alphabeta")
    assert f"value {MISSING}," in ply_line(rec)
