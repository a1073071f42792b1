"""Compare highlights only what a person would call a difference: two identical
searches mark nothing; a column one search chose and the other did not, or whose
values differ, is marked whole; wording and timings alone never are."""

from __future__ import annotations

from typing import Any

from treeviz.agents.registry import search
from treeviz.dashboard.pages.compare.page import (
    columns_differ,
    highlighted,
    joined_table,
    stats_differ,
    stats_table,
)


def marked_rows(styler: Any) -> set[int]:
    return {row for (row, _), style in styler._compute().ctx.items() if style}


def test_two_identical_searches_mark_nothing() -> None:
    results = [search("4453", "alphabeta:depth=4") for _ in range(2)]
    joined, stats = joined_table(results, None), stats_table(results)
    assert marked_rows(highlighted(joined, columns_differ(results))) == set()
    assert marked_rows(highlighted(stats, stats_differ(stats))) == set()  # timings aside


def test_the_same_values_in_other_words_are_not_marked() -> None:
    """Minimax and alpha-beta of one depth: the same values (alpha-beta's cut columns
    say "≤"), the same choice; only columns whose numbers differ are marked."""
    results = [search("44", "minimax:depth=3"), search("44", "alphabeta:depth=3")]
    a, b = (r.moves for r in results)
    differs = [x.value != y.value for x, y in zip(a, b, strict=True)]
    assert results[0].move == results[1].move
    joined = joined_table(results, None)
    got = marked_rows(highlighted(joined, columns_differ(results)))
    assert got == {i for i, d in enumerate(differs) if d}
    assert any(x.text != y.text and x.value == y.value for x, y in zip(a, b, strict=True))


def test_a_real_difference_is_marked_in_the_whole_row() -> None:
    results = [search("4453", "alphabeta:depth=2"), search("4453", "alphabeta:depth=5")]
    joined = joined_table(results, None)
    ctx = highlighted(joined, columns_differ(results))._compute().ctx
    a, b = (r.moves for r in results)
    for i, (x, y) in enumerate(zip(a, b, strict=True)):
        chosen = (x.column == results[0].move) != (y.column == results[1].move)
        if x.value != y.value or chosen:
            assert all(ctx.get((i, j)) for j in range(1, 5)), i  # both values and words
        else:
            assert not any(ctx.get((i, j)) for j in range(5)), i
    assert any(x.value != y.value for x, y in zip(a, b, strict=True))
    stats = stats_table(results)
    marked = {stats.index[r] for r in marked_rows(highlighted(stats, stats_differ(stats)))}
    assert "nodes searched" in marked and "time (s)" not in marked
