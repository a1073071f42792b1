"""What if, in words that hold: a person's win score and a won game said as one
result, the first search's line called short only where it truly ends before its
horizon, no horizon promised for a person's agent, a node below the root named by its
moves, and units in the singular for one."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import EXAMPLES, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.judge.whatif import what_if
from treeviz.judge.whatif_worth import Worth, worth_words

BIG_WIN = "tests/data/traced_big_win.py:choose"  # a person's search: a win scores 10**14
USER = f"{EXAMPLES / 'minimax_agent.py'}:choose"


def test_a_persons_win_score_and_a_won_game_are_one_result() -> None:
    """X wins at once in column 1 after 223344 (the board says so); the person's
    search scored that column with its win score, 10**14 (re-run: its own table).
    The sentence says the two agree, naming both, instead of two unequal numbers."""
    assert Position.from_moves("2233441").winner() == "X"
    first = search("223344", BIG_WIN)
    assert next(m.value for m in first.moves if m.column == 1) == 10**14
    found = what_if(first, 1, agent=BIG_WIN)
    assert (
        "Value for the root player now: wins in 1 ply, exact +18; in the first "
        "search: a win (your search's win score +1e14): the same result."
    ) in found.text


def _depth_case(draw: Any) -> tuple[str, int, str, int]:
    pos = random_position(draw(st.integers(0, 10**6)), draw(st.integers(0, 24)))
    tt = draw(st.booleans())
    ordering = draw(st.sampled_from(["left", "centre"]))
    agent = f"alphabeta:tt={str(tt).lower()},ordering={ordering}"
    column = draw(st.sampled_from(pos.legal_moves())) + 1
    return agent, draw(st.integers(2, 4)), pos.moves_string(), column


@given(st.composite(_depth_case)())
@settings(max_examples=80, deadline=None)
def test_the_first_line_is_called_short_only_where_it_is(case: tuple[str, int, str, int]) -> None:
    """The first search's line for the forced column, played out on the board: where
    it reaches the horizon or a finished game, the sentence compares the two lines
    (it said the line 'goes only as far as the reply that cut it off' whenever the
    column was bounded, of a line running the full depth); it says the line ends
    before the horizon only where it does."""
    agent, depth, moves, column = case
    found = what_if(search(moves, agent, depth=depth), column)
    if found.forced is None:
        return
    pos = Position.from_moves(moves)
    for c in found.was:
        pos.play(c - 1)
    full = len(found.was) >= depth or pos.is_over()
    short = "ends before its horizon" in found.text
    assert short != full, (moves, agent, depth, column, found.was, found.text)
    if full and len(found.was) > 1:
        assert any(
            s in found.text
            for s in ("The line is unchanged", "The line changed", "The lines agree")
        )


def test_four_plies_of_alphabeta_are_not_called_cut_short() -> None:
    """The review's example: alpha-beta to depth 4 on 4453, column 7: the first
    search's line there runs the full four plies and is the new line."""
    found = what_if(search("4453", "alphabeta:depth=4"), 7)
    assert len(found.was) == 4 and found.was == found.now
    assert f"The line is unchanged: {''.join(map(str, found.now))}." in found.text


@pytest.mark.slow
def test_a_persons_agent_may_look_deeper_or_shallower() -> None:
    """A person's agent re-run from the forced position: treeviz does not know its
    horizon, so it says the new search may look deeper or shallower (a fixed-depth
    search looks one ply deeper below the column than the first did)."""
    found = what_if(search("4453", USER), 1, agent=USER)
    assert "may look deeper or shallower below this column than the first search did" in (
        found.text
    )
    assert "may not see as far" not in found.text


def test_a_node_below_the_root_is_named_by_its_moves() -> None:
    first = search("4453", "alphabeta:depth=3")
    node = int(first.trace.children(0)[0])
    move = first.trace.path_moves(node)
    found = what_if(first, 7, node=node)
    assert found.position.moves_string() == "4453" + move + "7"
    assert found.text.startswith(f"Forcing column 7 after the move {move} from the root:")


def test_one_point_is_singular() -> None:
    assert worth_words(Worth(-1), "heuristic") == "-1 point"
    assert worth_words(Worth(1, None, "upper"), "heuristic") == "at most +1 point"
    assert worth_words(Worth(-2), "heuristic") == "-2 points"
