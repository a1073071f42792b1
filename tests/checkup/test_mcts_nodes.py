"""The checks for searches that count visits, on course-style MCTS with one bug each
(``buggy_mcts``) and on the correct example MCTS: the expected node is found from the
searches' own node objects, not from the trace."""

from __future__ import annotations

import re
from typing import Any

import buggy_mcts as bm
import pytest

import treeviz
from treeviz.checkup.node_tree import Tree
from treeviz.checkup.perspective import judge
from treeviz.checkup.tree_bugs import check_tree, read_as_movers

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


@pytest.mark.slow
@pytest.mark.parametrize("moves", POSITIONS)
def test_the_example_mcts_counts_its_visits_right(moves: str) -> None:
    for seed in (0, 1):
        result = bm.search(m.descend, moves, 300, seed)
        assert "user_visits" in result.trace.extra
        assert check_tree(result) == []


def test_without_visits_nothing_is_recorded_nor_judged() -> None:
    import treeviz

    plain = treeviz.traced(
        m.descend.__wrapped__, position=lambda node: node.board, value=lambda r: 2 * r - 1
    )
    saved, m.descend = m.descend, plain  # the recursion calls the module's name
    try:
        result = bm.search(plain, "4453", 100)
    finally:
        m.descend = saved
    assert "user_visits" not in result.trace.extra and findings(result, "visits") == []


def test_a_visits_accessor_that_gives_no_count_is_an_error() -> None:
    import treeviz
    from treeviz.errors import UserAgentError

    bad = treeviz.traced(
        m.descend.__wrapped__,
        position=lambda node: node.board,
        value=lambda r: 2 * r - 1,
        visits=lambda node: "many",
    )
    saved, m.descend = m.descend, bad
    try:
        with pytest.raises(UserAgentError, match="visits="):
            bm.search(bad, "4453", 5)
    finally:
        m.descend = saved


def mean_for_parent(child: Any) -> float:
    """A child's mean result as its parent's player to move reads it (the searches
    below return results for the player to move at the node called)."""
    return 1.0 - child.wins / child.visits if child.visits else float("nan")


@pytest.mark.parametrize("moves", ["2252576", "131475", "64632436374443522122213755656"])
def test_results_for_the_root_player_at_every_level_are_named(moves: str) -> None:
    bm.ROOT_PLAYER[0] = 1 if len(moves) % 2 == 0 else 2
    result = bm.search(bm.root_view, moves, 300)
    (found,) = findings(result, "perspective")
    # the root player's nodes (even depths) keep results for the right player; the
    # opponent's choices below follow the root player's results, and the node named is
    # one where a child's mean says the reverse of its exact outcome for the mover
    assert len(found.line) % 2 == 0 and "at even depths below the root" in found.text
    node = bm.ORDER[found.node]
    fours = [c for c in node.children.values() if c.visits and m.winner(c.board)]
    others = [c for c in node.children.values() if c.visits and not m.winner(c.board)]
    if "makes four" in found.text:  # a win now read as worse than another column
        assert any(mean_for_parent(f) < mean_for_parent(o) for f in fours for o in others)


@pytest.mark.parametrize("moves", ["131475", "3344553"])
def test_values_for_the_mover_everywhere_are_read_so(moves: str) -> None:
    """Results kept for the player who moved into each node, at every level: the
    search's own convention, read so (no finding); read for the player to move they
    were reversed at every level, which the doctor called the wrong player's."""
    result = bm.search(bm.mover_values, moves, 300)
    assert findings(result, "perspective") == []
    # the recording reads them so itself (its visits say so): the trace's means agree
    # with the exact outcomes, and the numbers as returned, read for the player to
    # move, are reversed at both parities
    assert result.trace.extra["perspective"]["player"] == "mover"
    assert judge(Tree(result.trace)) is None
    verdict = judge(Tree(read_as_movers(result.trace)))
    assert verdict is not None
    assert verdict.everywhere or all(r > a for a, r in verdict.counts.values())


@treeviz.traced(position=lambda node: node.board, visits=lambda node: node.visits)
@bm.logged
def root_view_results(node: Any) -> float:
    """``buggy_mcts.root_view`` returning its results as they are, in 0..1 (no
    ``value=``): the course notebooks' own numbers."""
    return bm.root_view_step(node, root_view_results)


QUOTED = re.compile(r"column (\d) \((?:[a-z ]+, )?mean ([-+]?[0-9.]+)\)")


@pytest.mark.parametrize("moves", [pytest.param("2252576", marks=pytest.mark.slow), "131475"])
def test_means_in_0_1_are_quoted_as_results_for_the_parent(moves: str) -> None:
    """A search whose results are in 0..1 credits the root player at every level: the
    finding quotes each child's mean as the doctor reads it for the parent's side to
    move, a result in 0..1 (``1 - r`` across a ply, not ``-r``), written without a sign,
    each equal to one less the mean of what the person's own node object counted."""
    bm.ROOT_PLAYER[0] = 1 if len(moves) % 2 == 0 else 2
    result = bm.search(root_view_results, moves, 300)
    assert result.trace.value_kind == "user:results"
    (found,) = findings(result, "perspective")
    node = bm.ORDER[found.node]
    quoted = QUOTED.findall(found.text.split(". Over the tree")[0])
    assert len(quoted) == 2, found.text
    for col, mean in quoted:
        child = node.children[int(col) - 1]
        assert not mean.startswith(("+", "-")) and 0 <= float(mean) <= 1, found.text
        assert float(mean) == round(1 - child.wins / child.visits, 3), (col, found.text)
