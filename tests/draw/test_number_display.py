"""Numbers of any size read in a few characters, and a person's search that scores a
win as 10**14 keeps its ordinary values readable: its wins say "win", its colour
scale goes by rank (the legend says so), so the small values keep distinct colours."""

from __future__ import annotations

import math
from functools import lru_cache

import pandas as pd
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from treeviz.agents.reasons import root_child
from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.dashboard.components.board_notes import notes_for
from treeviz.dashboard.components.numbers import column_label, ink_on
from treeviz.dashboard.components.results.charts import bar_options
from treeviz.dashboard.components.tables import readable, styled
from treeviz.draw.report import moves_html
from treeviz.draw.style import value_colour
from treeviz.draw.view import legend_stops, legend_title
from treeviz.exact.scores import solve
from treeviz.trace.analysis import move_table, move_table_text
from treeviz.trace.nodes import SearchResult, Trace
from treeviz.trace.numbers import number_text
from treeviz.trace.values import node_value, user_result

BIG_WIN = "tests/data/traced_big_win.py:choose"  # a win scored 10**14, a loss -10**14
WHITE = value_colour(0.0)


@lru_cache(maxsize=1)
def big_win_trace() -> Trace:
    """The traced search of ``4455``, where X has wins within its depth and other
    columns score a few heuristic points."""
    return search("4455", BIG_WIN).trace


@given(st.one_of(st.floats(allow_nan=False), st.integers(-(10**30), 10**30)))
def test_any_number_reads_in_nine_characters_and_keeps_its_size(v: float) -> None:
    text = number_text(v)
    assert len(text) <= 9, text
    if math.isfinite(v) and v != 0:  # the text reads back within 5% (2 digits)
        assert math.isclose(float(text), v, rel_tol=0.05), (v, text)
    assert column_label(v, "user") == text  # the board's labels say the same


def test_a_heuristic_value_that_equals_no_win_score_is_never_a_win() -> None:
    trace = big_win_trace()
    words = {node_value(trace, i).text for i in range(len(trace))}
    assert "win" in words
    for i in range(len(trace)):
        v = node_value(trace, i)
        if v.value is not None and abs(v.value) < 10**14:  # a bound says so before it
            assert v.text.removeprefix("≤ ").removeprefix("≥ ") == number_text(v.value)


def test_a_win_score_says_win_and_the_solver_agrees() -> None:
    """Every node labelled win or loss: the exact solver (an independent oracle) finds
    that result for the root player at its position."""
    trace = big_win_trace()
    checked = 0
    for i in range(len(trace)):
        text = node_value(trace, i).text
        if text in ("win", "loss") and checked < 40:
            pos = Position.from_moves(trace.root_moves + trace.path_moves(i))
            score = solve(pos)  # for the side to move there
            root_score = score if trace.nodes["depth"][i] % 2 == 0 else -score
            assert (root_score > 0) == (text == "win") and root_score != 0, (i, text, score)
            checked += 1
    assert checked > 0


def test_ordinary_values_keep_distinct_colours_beside_a_1e14_win() -> None:
    trace = big_win_trace()
    small: dict[float, str] = {}
    for i in range(len(trace)):
        v = node_value(trace, i)
        if v.value is not None and v.value != 0 and abs(v.value) < 100:
            small[v.value] = value_colour(v.scaled)
    assert len(small) >= 8
    assert WHITE not in small.values()
    assert len(set(small.values())) == len(small)  # one colour per value
    ranked = sorted(small)  # and in order: a larger value is bluer
    blues = [int(small[v][-2:], 16) - int(small[v][1:3], 16) for v in ranked]
    assert blues == sorted(blues)


def test_the_legend_says_its_scale_is_by_rank_and_reads_short() -> None:
    trace = big_win_trace()
    assert "by rank" in legend_title(trace)
    texts = [text for _, text in legend_stops(trace)]
    assert texts[0] == "loss" and texts[-1] == "win"
    assert all(len(t) <= 7 for t in texts), texts
    for fill, _ in legend_stops(trace):
        assert ink_on(fill)


@pytest.mark.parametrize("agent", ["alphabeta:depth=3", "minimax:depth=2"])
def test_other_agents_keep_their_proportional_legend(agent: str) -> None:
    trace = search("4453", agent).trace
    assert "by rank" not in legend_title(trace)


# --- one reading of a win score in every view ------------------------------------------

BIG_WIN_POSITIONS = ("445566", "4455", "4453")


@lru_cache(maxsize=4)
def big_win_result(moves: str) -> SearchResult:
    return search(moves, BIG_WIN)


@pytest.mark.parametrize("moves", BIG_WIN_POSITIONS)
def test_a_win_score_reads_alike_in_the_tree_the_board_and_the_table(moves: str) -> None:
    """Each column's value reads as its tree node reads (the tree and legend's rule):
    "win"/"loss" over the board and in the table's words, its number signed in the
    value column (the CLI's, the page's and the report's)."""
    res = big_win_result(moves)
    trace, kind = res.trace, res.trace.value_kind
    pos = Position.from_moves(moves)
    over_board = notes_for(pos, None, res).agent
    assert over_board is not None
    cli = move_table_text(res)
    page = styled(readable(move_table(res), kind), kind=kind).to_string()
    report = moves_html(res, None)
    words_seen = 0
    for m in res.moves:
        assert m.value is not None
        tree = node_value(trace, root_child(trace, m.column)).text  # as the tree labels it
        shown = number_text(m.value)
        assert over_board[m.column - 1] == (tree if tree in ("win", "loss") else shown)
        if tree in ("win", "loss"):
            assert m.text == f"a {tree} (your search's {tree} score {shown})"
            words_seen += 1
        else:
            assert m.text == shown
        assert shown[0] in "+-" or m.value == 0
        for table in (cli, page, report):
            assert f" {shown} " in table.replace("<td>", " ").replace("</td>", " ")
    assert words_seen or moves == "4453"


def test_a_win_word_is_a_win_for_the_solver() -> None:
    """The columns whose words say a win (or a loss) are one for the exact solver."""
    for moves in BIG_WIN_POSITIONS:
        res = big_win_result(moves)
        pos = Position.from_moves(moves)
        for m in res.moves:
            word = user_result(res.trace, m.value)
            if word is None:
                continue
            after = pos.copy()
            after.play(m.column - 1)
            score = -solve(after)  # for the player who chose the column
            assert (score > 0) if word == "win" else (score < 0), (moves, m.column, score)


@given(st.lists(st.one_of(st.none(), st.floats(-1e30, 1e30)), min_size=1, max_size=9))
@example([9.99999999999996e23, 7.191370839628787e-300])  # the small bar underflows: 0
def test_bar_ticks_read_short_and_each_bar_says_its_value(values: list[float | None]) -> None:
    """A bar chart's axis needs no more than a few characters a tick: values of a
    million or more are drawn in a power of ten that the axis names, and each bar's
    tooltip gives its value as the tables read it."""
    labels = pd.Series(range(1, len(values) + 1))
    opts = bar_options(labels, pd.Series(values, dtype=float))
    unit_name = opts["yAxis"].get("name", "×1")
    unit = float(unit_name.removeprefix("×"))
    points = opts["series"][0]["data"]
    # A bar is drawn to a billionth of the tallest bar: a value that much smaller
    # divides by the axis's power of ten into the floats' underflow, and draws as 0.
    extent = max((abs(v) for v in values if v is not None), default=0.0)
    for v, p in zip(values, points, strict=True):
        if v is None:
            assert p is None
            continue
        drawn = p["value"] if isinstance(p, dict) else p
        assert abs(drawn) < 1e6  # an axis of at most six digits a tick
        assert math.isclose(drawn * unit, v, rel_tol=1e-9, abs_tol=1e-9 * extent)
        if unit > 1:
            assert p["tooltip"]["formatter"].endswith(number_text(v))
