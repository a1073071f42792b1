"""The checks for searches that count visits, on course-style MCTS with one bug each
(``buggy_mcts``) and on the correct example MCTS: the expected node is found from the
searches' own node objects, not from the trace."""

from __future__ import annotations

from typing import Any

import buggy_mcts as bm
import pytest

from treeviz.checkup.nodes import check_tree

POSITIONS = ("", "4453", "131475", "3344553", "64632436374443522122213755656113711765")


def parents() -> dict[int, tuple[int, int]]:
    """Node id -> (parent id, 1-based column), from the logged node objects."""
    ids = {id(node): i for i, node in enumerate(bm.ORDER)}
    out = {}
    for i, node in enumerate(bm.ORDER):
        for col, child in node.children.items():
            if id(child) in ids:
                out[ids[id(child)]] = (i, col + 1)
    return out


def line(node: int) -> tuple[int, ...]:
    up = parents()
    cols = []
    while node in up:
        node, col = up[node]
        cols.append(col)
    return tuple(reversed(cols))


def first_miscounted() -> int:
    """The first logged node whose visits are not its called children's sum or one
    more (all calls go down to a child in these searches)."""
    called = {id(node) for node in bm.ORDER}
    for i, node in enumerate(bm.ORDER):
        kids = [c.visits for c in node.children.values() if id(c) in called]
        if kids and not sum(kids) <= node.visits <= sum(kids) + 1:
            return i
    raise AssertionError("the bug never showed: pick another position")


def findings(result: Any, check: str) -> list[Any]:
    return [f for f in check_tree(result) if f.check == check]


@pytest.mark.parametrize("moves", ["131475", "3344553"])
def test_a_finished_game_counted_twice_is_named_at_its_parent(moves: str) -> None:
    result = bm.search(bm.ends_counted_twice, moves, 300)
    (found,) = findings(result, "visits")
    node = first_miscounted()
    assert found.node == node and found.line == line(node)
    assert "fewer than its children's" in found.text
    assert any(m.winner(child.board) for child in bm.ORDER[node].children.values())


@pytest.mark.parametrize("moves", ["", "4453"])
def test_an_expansion_never_counted_is_named(moves: str) -> None:
    result = bm.search(bm.expansion_uncounted, moves, 200)
    (found,) = findings(result, "visits")
    assert found.node == first_miscounted() == 0
    assert "more than its children's" in found.text


m = bm.m


@pytest.mark.parametrize("moves", POSITIONS)
def test_the_example_mcts_counts_its_visits_right(moves: str) -> None:
    for seed in (0, 1):
        result = bm.search(m.descend, moves, 300, seed)
        assert "user_visits" in result.trace.extra
        assert check_tree(result) == []


def test_without_visits_nothing_is_recorded_nor_judged() -> None:
    import treeviz

    plain = treeviz.traced(m.descend.__wrapped__, position=lambda node: node.board,
                           value=lambda r: 2 * r - 1)  # fmt: skip
    saved, m.descend = m.descend, plain  # the recursion calls the module's name
    try:
        result = bm.search(plain, "4453", 100)
    finally:
        m.descend = saved
    assert "user_visits" not in result.trace.extra and findings(result, "visits") == []


def test_a_visits_accessor_that_gives_no_count_is_an_error() -> None:
    import treeviz
    from treeviz.errors import UserAgentError

    bad = treeviz.traced(m.descend.__wrapped__, position=lambda node: node.board,
                         value=lambda r: 2 * r - 1, visits=lambda node: "many")  # fmt: skip
    saved, m.descend = m.descend, bad
    try:
        with pytest.raises(UserAgentError, match="visits="):
            bm.search(bad, "4453", 5)
    finally:
        m.descend = saved
