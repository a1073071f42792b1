"""The Analyze page before a search, as its first visitor gets it: each column's exact
score as a light Markdown table (no data grid to load), checked against a brute force
of the rules, and the agent's spec as inline code (no code block's highlighter)."""

from __future__ import annotations

import re

from conftest import app_test
from streamlit.testing.v1 import AppTest

from treeviz.connect4.board import Position
from treeviz.dashboard.pages.analyze.page import exact_rows

CELLS = re.compile(r"(?<!\\)\|")  # a bar that is not escaped ends a cell


def cells(row: str) -> list[str]:
    """A Markdown table row's cells, stripped."""
    return [c.strip() for c in CELLS.split(row.strip())[1:-1]]


def negamax(moves: str) -> int:
    """The score of the position after ``moves`` for the side to move, by the rules
    alone: a win with the n-th stone of the game scores (43 - n) // 2 for its winner,
    a full board 0, every line played out."""
    scores = [column_score(moves, c) for c in range(1, 8) if legal(moves, c)]
    return max(scores)


def legal(moves: str, col: int) -> bool:
    """Column ``col`` (1..7) has room after ``moves``."""
    return moves.count(str(col)) < 6


def column_score(moves: str, col: int) -> int:
    """The score of playing ``col`` after ``moves``, for the side that plays it."""
    after = Position.from_moves(moves + str(col))
    if after.winner() is not None:
        return (43 - len(moves + str(col)) + 1) // 2
    return 0 if after.is_full() else -negamax(moves + str(col))


def table_rows(at: AppTest) -> list[list[str]]:
    """The exact-score table's rows below its header, as cells."""
    table = next(m.value for m in at.main.markdown if m.value.startswith("| column"))
    return [cells(row) for row in table.splitlines()[2:]]


def test_the_exact_table_before_a_search_is_the_rules_brute_force() -> None:
    at = app_test()
    at.sidebar.selectbox(key="sample").set_value("nearly-full").run()
    assert not at.exception and not at.dataframe, "no data grid before a search"
    moves = at.session_state["position"].moves_string()
    rows = table_rows(at)
    assert [r[0] for r in rows] == [str(c) for c in range(1, 8)]
    for col, (_, score, words) in enumerate(rows, start=1):
        if legal(moves, col):
            assert int(score) == column_score(moves, col) and words, (col, score, words)
        else:
            assert (score, words) == ("", "full"), col


def test_the_agents_spec_is_inline_code_not_a_code_block() -> None:
    at = app_test()
    assert not at.exception and not at.sidebar.code
    agent = at.session_state["agent"]
    assert any(m.value == f"`{agent}`" for m in at.sidebar.markdown), agent


def test_a_bar_in_the_words_stays_in_its_cell() -> None:
    rows = exact_rows([3, None], ["wins | soon", "full"]).splitlines()
    assert cells(rows[0]) == ["column", "exact score", "in words"]
    assert [cells(r) for r in rows[2:]] == [["1", "3", r"wins \| soon"], ["2", "", "full"]]
