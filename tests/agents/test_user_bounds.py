"""A person's alpha-beta (course style: a maximizing flag, fail-hard cuts, the root loop
narrowing alpha) shows a value its window cut off as the bound it is: ``≤ 0`` where
the column is worth at most 0, not ``0``. Every node's and every column's words are
checked against the same search without pruning (the oracle: a full-width minimax
over the person's own evaluation, written here), and the reasons' "but" against the
solver's exact scores."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from conftest import load_file, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.agents.user.reasons import user_reasons
from treeviz.connect4.board import Position
from treeviz.exact.scores import column_scores
from treeviz.judge.whatif_worth import node_worth
from treeviz.trace.nodes import SearchResult
from treeviz.trace.values import node_value

FILE = Path(__file__).resolve().parents[1] / "data" / "agents" / "fail_hard_alphabeta.py"


def recorded(module: ModuleType, pos: Position) -> SearchResult:
    with treeviz.recording(pos) as rec:
        module.choose(pos.copy())
    return rec.result


def full_width(module: ModuleType):  # type: ignore[no-untyped-def]
    """Minimax without pruning over the person's evaluation and rules (memoised):
    the value of a board, ``depth`` plies to go, for the person's AI player."""

    @cache
    def value(cells: tuple[tuple[str, ...], ...], depth: int, maxing: bool) -> float:
        board = [list(row) for row in cells]
        if module.winning(board, module.AI):
            return 1000
        if module.winning(board, module.HUMAN):
            return -1000
        cols = module.valid_columns(board)
        if depth == 0 or not cols:
            return module.score(board, module.AI)
        piece = module.AI if maxing else module.HUMAN
        kids = [value(freeze(module.drop(board, c, piece)), depth - 1, not maxing) for c in cols]
        return max(kids) if maxing else min(kids)

    return value


def freeze(board: list[list[str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(row) for row in board)


def holds(mark: str, shown: float, truth: float) -> bool:
    """Whether the words ``mark`` (``≤``, ``≥`` or none) and number ``shown`` are true
    of the value ``truth``."""
    if mark == "≤":
        return truth <= shown
    if mark == "≥":
        return truth >= shown
    return truth == shown


@pytest.mark.slow
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 12))
def test_every_node_says_what_the_full_width_search_finds(seed: int, plies: int) -> None:
    """Before: every column after the first read 0 in the root's table (fail-hard: a
    column that failed low returns alpha), as if each were worth exactly 0."""
    pos = random_position(seed, plies)
    module = load_file(FILE)
    res = recorded(module, pos)
    trace = res.trace
    truth = full_width(module)
    root = module.grid_of(pos)
    marks = set()
    for i in range(1, len(trace)):
        board, maxing = root, True
        for col in trace.path_moves(i):
            board = module.drop(board, int(col) - 1, module.AI if maxing else module.HUMAN)
            maxing = not maxing
        depth = module.DEPTH - int(trace.nodes["depth"][i])
        shown = node_value(trace, i)
        assert shown.value is not None
        mark = shown.text[0] if shown.text[:1] in ("≤", "≥") else ""
        exact = truth(freeze(board), depth, maxing)
        assert holds(mark, shown.value, exact), (i, trace.path_moves(i), shown, exact)
        worth = node_worth(trace, i)  # the what-if's reading of it: the same bound
        assert {"upper": "≤", "lower": "≥"}.get(worth.bound, "") == mark
        marks.add(mark)
    for m in res.moves:
        if m.value is None:
            continue
        board = module.drop(root, m.column - 1, module.AI)
        exact = truth(freeze(board), module.DEPTH - 1, False)
        mark = {"upper": "≤", "lower": "≥"}.get(m.extra["bound"], "")
        assert holds(mark, m.value, exact), (m, exact)
        assert m.text.startswith(mark)
    assert "" in marks


@pytest.mark.slow
def test_the_roots_table_says_at_most_where_a_column_failed_low() -> None:
    """At ``4453`` the first column searched sets alpha to 0; every other column fails
    low and returns 0: at most 0, each worth less in the full-width search."""
    pos = Position.from_moves("4453")
    module = load_file(FILE)
    res = recorded(module, pos)
    truth = full_width(module)
    cut = [m for m in res.moves if m.extra.get("bound") == "upper"]
    assert len(cut) >= 3
    root = module.grid_of(pos)
    below = [
        m
        for m in cut
        if truth(freeze(module.drop(root, m.column - 1, module.AI)), module.DEPTH - 1, False)
        < m.value
    ]
    assert below, "some column is worth less than its bound"
    assert all(m.text.startswith("≤ ") and "upper bound" in m.text for m in cut)


def test_but_is_said_only_where_a_bound_contradicts_the_exact_score() -> None:
    """A column worth at most 0 that loses is no contradiction: "but" only where the
    value (from the side the bound allows) and the solver's score disagree."""
    pos = Position.from_moves("4453")
    module = load_file(FILE)
    res = recorded(module, pos)
    exact = column_scores(pos)
    bounds = {m.column: m.extra.get("bound", "exact") for m in res.moves}
    said = 0
    for reason in user_reasons(pos, res, exact):
        found = re.search(r"scores column (\d) at (at most |at least )?(-?[0-9.]+)", reason.text)
        if found is None:
            continue
        column, at, value = int(found.group(1)), found.group(2) or "", float(found.group(3))
        score = exact[column - 1]
        assert score is not None
        assert at == {"upper": "at most ", "lower": "at least "}.get(bounds[column], "")
        opposed = (value > 0 > score and at != "at most ") or (
            value < 0 < score and at != "at least "
        )
        assert (", but" in reason.text) == opposed, reason.text
        said += 1
    assert said  # the chosen column, worse than the best, is always set beside its score
