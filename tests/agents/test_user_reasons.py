"""A person's agent's reasons, checked against the exact solver: a column's value is
set against its truth with "but" only where the two disagree, and the value a line
backs up is said to come from where it came from (a four, a full board, the
evaluation)."""

from __future__ import annotations

import re

import pytest

import treeviz
from treeviz.agents.reasons import root_child
from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.exact.scores import solve
from treeviz.trace.values import node_value

BIG_WIN = "tests/data/traced_big_win.py:choose"  # a win scored 10**14, a loss -10**14
POSITIONS = ("445566", "4455", "3344", "4453", "44", "3352")
SCORES = re.compile(r"^your search scores column (\d)")


def contradicts(tree_text: str, value: float, score: int) -> bool:
    """The test's own rule: a win (loss) the solver does not find, or a number whose
    sign is the other of the exact score's."""
    if tree_text in ("win", "loss"):
        return score == 0 or (score > 0) != (tree_text == "win")
    return value * score < 0


@pytest.mark.parametrize("moves", POSITIONS)
def test_but_only_where_the_search_and_the_solver_disagree(moves: str) -> None:
    res = search(moves, BIG_WIN)
    pos = Position.from_moves(moves)
    said = 0
    for reason in treeviz.explain(res).reasons:
        found = SCORES.match(reason.text)
        if not found:
            continue
        column = int(found[1])
        row = next(m for m in res.moves if m.column == column)
        assert row.value is not None
        after = pos.copy()
        after.play(column - 1)
        score = -solve(after)  # for the player choosing the column
        tree = node_value(res.trace, root_child(res.trace, column)).text  # the tree's word
        wrong = contradicts(tree, row.value, score)
        assert (", but it " in reason.text) == wrong, (moves, reason.text, score)
        if tree in ("win", "loss"):
            assert f"as a {tree} (" in reason.text
            assert (", and it is: it " in reason.text) == (not wrong), reason.text
        said += 1
    assert said or moves in ("44", "3352")


@pytest.mark.parametrize("moves", POSITIONS)
def test_the_backed_up_value_comes_from_a_four_only_where_one_is(moves: str) -> None:
    """The line's last position: a four there is named as such (the search's win
    check), never as what the evaluation gave; without one, the evaluation gave it."""
    res = search(moves, BIG_WIN)
    line = next(
        (r for r in treeviz.explain(res).reasons if r.text.startswith("it backed up")), None
    )
    if line is None:
        return
    assert line.node is not None
    leaf = Position.from_moves(moves + res.trace.path_moves(line.node))
    winner = leaf.winner()
    if winner is not None:
        assert f"where {winner} has four in a row" in line.text
        assert "evaluation" not in line.text
    else:
        assert "where your evaluation gave" in line.text
    assert "backed up win" not in line.text and "backed up loss" not in line.text
