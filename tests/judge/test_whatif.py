"""What if: forcing a column gives the agent's own search of the child position,
turned to the root player's view, for every agent (a person's one too)."""

from __future__ import annotations

import pytest
from conftest import EXAMPLES, QUICK

import treeviz
from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.errors import IllegalMoveError, InvalidMoveError
from treeviz.judge.whatif import what_if

MOVES = "4453"
SPECS = [*QUICK.values(), f"{EXAMPLES / 'minimax_agent.py'}:choose"]


def other_side(value: float, kind: str) -> float:
    """The convention: a win rate is 1 - v for the other side, any score -v."""
    return 1.0 - value if kind == "win_rate" else -value


@pytest.mark.parametrize("agent", SPECS)
def test_forced_value_is_the_agents_search_of_the_child(agent: str) -> None:
    first = search(MOVES, agent)
    col = next(c for c in range(1, 8) if c != first.move)
    found = what_if(first, col, agent=agent)
    child = Position.from_moves(MOVES + str(col))
    again = search(child, agent)
    assert found.forced.move == again.move and found.now == [col, *again.pv]
    kind = first.trace.kind.base
    if kind == "probability":  # the random agent states chances, not values
        assert found.after is None and "states no values" in found.text
        return
    own = again.value if again.value is not None else next(
        m.value for m in again.moves if m.column == again.move)  # fmt: skip
    assert found.after == pytest.approx(other_side(float(own), kind))
    row = next(m for m in first.moves if m.column == col)
    assert found.before == row.value
    assert f"Forcing column {col}" in found.text


def test_the_solvers_what_if_is_the_exact_score() -> None:
    """The solver forced into each column gives that column's exact score, known
    from the first search's own per-column rows (an answer from outside the
    what-if: the root search of every column)."""
    first = search("444444", "solver")
    for col in (1, 2, 3, 5, 6, 7):  # column 4 is full
        found = what_if(first, col)
        assert found.after == found.before == next(m.value for m in first.moves
                                                   if m.column == col)  # fmt: skip
        assert "the same as in the first search" in found.text


def test_what_if_at_a_node_below_the_root() -> None:
    """At a node two plies down, the forced position is three plies below the root:
    the value is the other side's, negated."""
    first = search(MOVES, "alphabeta:depth=4")
    node = int(first.trace.children(int(first.trace.children(0)[0]))[0])
    path = first.trace.path_moves(node)
    found = what_if(first, 4, node=node)
    again = search(MOVES + path + "4", "alphabeta:depth=4")
    assert found.forced.trace.root_moves == MOVES + path + "4"
    assert found.after == -again.value
    assert f"after {path}" in found.text


def test_the_line_that_changed_is_named() -> None:
    first = search(MOVES, "minimax:depth=3")
    found = what_if(first, 1)
    part = next(i for i, (a, b) in enumerate(zip(found.was, found.now, strict=False))
                if a != b)  # fmt: skip
    assert f"The line changed at move {part + 1}" in found.text
    assert found.was[:part] == found.now[:part] and found.was[0] == 1


def test_public_api() -> None:
    first = treeviz.search(MOVES, "greedy")
    assert treeviz.what_if(first, 2).column == 2


@pytest.mark.parametrize(
    "column, node, error, words",
    [(8, 0, InvalidMoveError, "column 8 is out of range 1-7"),
     (0, 0, InvalidMoveError, "column 0 is out of range"),
     (3, 999999, InvalidMoveError, "node 999999 is not in this trace"),
     (4, 0, IllegalMoveError, "column 4 is full in '444444'")],
)  # fmt: skip
def test_bad_input_is_refused_in_words(column: int, node: int, error: type, words: str) -> None:
    first = search("444444", "greedy")
    with pytest.raises(error, match=words):
        what_if(first, column, node=node)
