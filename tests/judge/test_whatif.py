"""What if: forcing a column values the position after it as the same agent did, turned
to the root player's view, for every kind of agent (a person's one too); the
depth-limited ones' horizon: ``test_whatif_horizon.py``."""

from __future__ import annotations

import pytest
from conftest import EXAMPLES, QUICK

import treeviz
from treeviz.agents.registry import search
from treeviz.errors import IllegalMoveError, InvalidMoveError
from treeviz.judge.whatif import what_if

MOVES = "4453"
USER = f"{EXAMPLES / 'minimax_agent.py'}:choose"


def test_mcts_keeps_its_budget_and_says_its_means_are_estimates() -> None:
    """MCTS searches the forced position with the first search's iterations and seed;
    the value is the mean result of all its playouts there (read from the root of an
    independent run), against the first search's mean over the playouts through that
    column, and the sentence says both are random estimates, with the counts."""
    agent = QUICK["mcts"]
    first = search(MOVES, agent)
    row = next(m for m in first.moves if m.column == 1)
    found = what_if(first, 1)
    again = search(MOVES + "1", agent)
    root = again.trace.nodes[0]
    mean_for_x = 1.0 - float(root["value_sum"]) / float(root["visits"])  # O moves there
    assert found.forced is not None and found.forced.stats["iterations"] == 300
    assert found.after == pytest.approx(1.0 - mean_for_x)
    assert found.before == pytest.approx(row.value, abs=1e-6)  # the row is rounded
    assert found.after != found.before
    assert "with the first search's budget (300 iterations, seed 2)" in found.text
    assert (
        "Both are mean results of random playouts, so they may differ by chance: "
        f"{row.extra['visits']} of the first search's 300 iterations went through this "
        "column, while every iteration of the new search starts after it"
    ) in found.text
    # the mean as the tables show it: a percentage with one decimal
    assert f"a mean result of {found.after:.1%}" in found.text


@pytest.mark.slow
def test_a_persons_agent_runs_again_and_its_horizon_is_not_claimed() -> None:
    """A person's agent: its own search of the forced position (the person's code run
    again), turned to the root player; treeviz says it does not know how far it looks."""
    first = search(MOVES, USER)
    found = what_if(first, 1, agent=USER)
    again = search(MOVES + "1", USER)
    assert found.forced is not None and found.forced.move == again.move
    assert found.now == [1, *again.pv] and found.after == -float(again.value or 0)
    assert "treeviz does not know how far this agent looks ahead" in found.text


def test_random_states_no_values() -> None:
    first = search(MOVES, QUICK["random"])
    found = what_if(first, 2)
    assert found.after is None and found.before is None
    assert "states no values, only chances" in found.text


def test_the_solvers_what_if_is_the_exact_score() -> None:
    """The solver forced into each column gives that column's exact score, known
    from the first search's own per-column rows (an answer from outside the
    what-if: the root search of every column)."""
    first = search("444444", "solver")
    for col in (1, 2, 3, 5, 6, 7):  # column 4 is full
        found = what_if(first, col)
        assert found.after == found.before == next(m.value for m in first.moves if m.column == col)
        assert "the same as in the first search" in found.text


def test_what_if_at_a_node_below_the_root() -> None:
    """At a node two plies down, the forced position is three plies below the root:
    searched to depth 4 - 3 = 1 (the first search's horizon there), the other side's
    value, negated (plain minimax to depth 1 as the oracle)."""
    first = search(MOVES, "alphabeta:depth=4")
    node = int(first.trace.children(int(first.trace.children(0)[0]))[0])
    path = first.trace.path_moves(node)
    found = what_if(first, 4, node=node)
    again = search(MOVES + path + "4", "minimax:depth=1")
    assert found.forced is not None and found.forced.trace.root_moves == MOVES + path + "4"
    assert found.forced.trace.params["depth"] == 1
    assert found.after == -float(again.value or 0)
    assert f"Forcing column 4 after the moves {path} from the root:" in found.text
    assert "less the 3 plies to it" in found.text


def test_the_line_that_changed_is_named() -> None:
    first = search(MOVES, "minimax:depth=3")
    found = what_if(first, 1)
    part = next(i for i, (a, b) in enumerate(zip(found.was, found.now, strict=False)) if a != b)
    assert f"The line changed at move {part + 1}" in found.text
    assert found.was[:part] == found.now[:part] and found.was[0] == 1


def test_public_api() -> None:
    first = treeviz.search(MOVES, "greedy")
    assert treeviz.what_if(first, 2).column == 2


@pytest.mark.parametrize(
    "column, node, error, words",
    [
        (8, 0, InvalidMoveError, "column 8 is out of range 1-7"),
        (0, 0, InvalidMoveError, "column 0 is out of range"),
        (3, 999999, InvalidMoveError, "node 999999 is not in this trace"),
        (4, 0, IllegalMoveError, "column 4 is full in '444444'"),
    ],
)
def test_bad_input_is_refused_in_words(column: int, node: int, error: type, words: str) -> None:
    first = search("444444", "greedy")
    with pytest.raises(error, match=words):
        what_if(first, column, node=node)
