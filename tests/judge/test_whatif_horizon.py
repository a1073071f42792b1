"""What if, like with like: a depth-limited agent values the forced position to the
horizon the first search saw it at, checked against an independent oracle (plain
minimax without pruning, or the heuristic itself at the horizon), and a bound is said
as a bound."""

from __future__ import annotations

from typing import Any

from conftest import random_position
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.connect4.heuristics import evaluate
from treeviz.judge.whatif import what_if
from treeviz.judge.whatif_worth import Worth, worth_words

ORACLE = "minimax:ordering=left,tt=false"  # every move searched: no bounds, no table


def oracle(pos: Position, left: int, heuristic: str) -> float:
    """``pos`` for its side to move: the finished game's exact score, minimax to depth
    ``left``, or at ``left`` 0 the heuristic."""
    if pos.is_over():  # the player who just moved won (22 - their stones), or a draw
        stones = (pos.ply + 1) // 2
        return 0 if pos.winner() is None else -(pos.width * pos.height // 2 + 1 - stones)
    if left <= 0:
        return evaluate(pos, heuristic)
    value = search(pos, ORACLE, depth=left, heuristic=heuristic).value
    assert value is not None
    return value


@st.composite
def cases(draw: Any) -> tuple[str, int, str, str, int]:
    """(agent, depth, heuristic, moves, column): a random unfinished position, a
    depth-limited agent with random settings, a legal column."""
    pos = random_position(draw(st.integers(0, 10**6)), draw(st.integers(0, 30)))
    agent = draw(st.sampled_from(["minimax", "alphabeta"]))
    options = {
        "ordering": draw(st.sampled_from(["left", "centre", "heuristic"])),
        "tt": draw(st.booleans()),
    }
    if agent == "alphabeta":
        options["iterative"] = draw(st.booleans())
    text = agent + ":" + ",".join(f"{k}={str(v).lower()}" for k, v in options.items())
    depth = draw(st.integers(1, 4))
    heuristic = draw(st.sampled_from(["window", "centre"]))
    column = draw(st.sampled_from(pos.legal_moves())) + 1
    return text, depth, heuristic, pos.moves_string(), column


@given(cases())
@settings(max_examples=120, deadline=None)
def test_what_if_is_minimax_one_ply_shallower(case: tuple[str, int, str, str, int]) -> None:
    """At the root of a search to depth d, forcing a column is worth minus plain
    minimax of the forced position to depth d - 1 (its heuristic at d = 1); where the
    first search knew the column's value exactly, it is that value; where it knew a
    bound, the new value keeps within it and the sentence says 'at most'."""
    agent, depth, heuristic, moves, column = case
    first = search(moves, agent, depth=depth, heuristic=heuristic)
    found = what_if(first, column)
    child = Position.from_moves(moves + str(column))
    assert found.after == -oracle(child, depth - 1, heuristic)
    if found.first.bound == "exact":
        assert found.after == found.before and "the same as in the first search" in found.text
    else:  # only an alpha-beta cutoff leaves a root column bounded, from above
        row = next(m for m in first.moves if m.column == column)
        assert row.extra["bound"] == found.first.bound == "upper"
        said = worth_words(found.first, "heuristic")
        assert "at most" in said and f"in the first search: {said} (it was cut off" in found.text
        assert found.after is not None and found.before is not None
        if (found.first.outcome is None) == (found.again.outcome is None):  # one scale
            assert found.after <= found.before


@st.composite
def below_root(draw: Any) -> tuple[str, int, str, int, int]:
    """(agent, depth, moves, node, column): a node of a search not yet at its horizon
    where the game goes on, and a legal column there."""
    pos = random_position(draw(st.integers(0, 10**6)), draw(st.integers(0, 24)))
    agent = draw(st.sampled_from(["minimax:ordering=left", "alphabeta"]))
    depth = draw(st.integers(2, 4))
    trace = search(pos, agent, depth=depth).trace
    inner = [
        i
        for i in range(1, len(trace))
        if trace.nodes["depth"][i] < depth
        and not Position.from_moves(pos.moves_string() + trace.path_moves(i)).is_over()
    ]
    node = draw(st.sampled_from(inner or [0]))
    at = Position.from_moves(pos.moves_string() + trace.path_moves(node))
    column = draw(st.sampled_from(at.legal_moves())) + 1
    return agent, depth, pos.moves_string(), node, column


@given(below_root())
@settings(max_examples=60, deadline=None)
def test_what_if_below_the_root_keeps_the_horizon(case: tuple[str, int, str, int, int]) -> None:
    """Forced at a node k plies down, the position is searched to depth d - (k + 1),
    and its value turned to the root player (negated when the forced position's side
    to move is the root player's opponent)."""
    agent, depth, moves, node, column = case
    first = search(moves, agent, depth=depth)
    found = what_if(first, column, node=node)
    plies = int(first.trace.nodes["depth"][node]) + 1
    forced = Position.from_moves(moves + first.trace.path_moves(node) + str(column))
    own = oracle(forced, depth - plies, "window")
    assert found.after == (-own if plies % 2 else own)


def test_the_issues_example_reads_as_a_bound() -> None:
    """``4453``, alpha-beta to depth 4, column 1: the first search cut it off at 'at
    most' a bound; forced, it is searched to depth 3 and keeps within that bound, below
    the agent's own choice."""
    first = search("4453", "alphabeta:depth=4")
    row = next(m for m in first.moves if m.column == 1)
    assert row.extra["bound"] == "upper"
    found = what_if(first, 1)
    assert found.forced is not None and found.forced.trace.params["depth"] == 3
    assert found.after == -oracle(Position.from_moves("44531"), 3, "window")
    assert row.value is not None and found.after is not None
    assert found.after <= row.value < first.value  # type: ignore[operator]
    assert f"in the first search: at most {row.value:+d} points (it was cut off there" in found.text
    assert "searched the position after it to depth 3" in found.text


def test_a_lower_bound_says_at_least() -> None:
    """A node whose reply the root player's opponent cut off (it failed low for the
    opponent) is a lower bound for the root player: 'at least', and why."""
    first = search("4453", "alphabeta:depth=4")
    trace = first.trace
    found = None
    for node in (int(k) for k in trace.children(0)):
        for column in (int(trace.nodes["move"][g]) + 1 for g in trace.children(node)):
            w = what_if(first, column, node=node)
            if w.first.bound == "lower":
                found = w
                break
        if found:
            break
    assert found is not None
    assert "in the first search: at least" in found.text and "cut off" in found.text
    assert found.after is not None and found.before is not None
    assert (
        found.first.outcome is not None
        or found.again.outcome is not None
        or found.after >= found.before
    )


def test_at_the_horizon_the_value_is_the_static_evaluation() -> None:
    """A node one ply above the horizon: the forced position is a leaf of the first
    search, valued by the heuristic (and not searched); greedy looks one ply: every
    column is its leaf."""
    first = search("4453", "alphabeta:depth=2")
    node = int(first.trace.children(0)[0])
    found = what_if(first, 4, node=node)
    forced = Position.from_moves("4453" + first.trace.path_moves(node) + "4")
    assert found.forced is None and found.after == evaluate(forced)  # two plies: X again
    assert "is on the first search's horizon of 2 plies" in found.text
    assert "static evaluation" in found.text
    greedy = search("4453", "greedy")
    for col in range(1, 8):
        w = what_if(greedy, col)
        assert w.after == -evaluate(Position.from_moves("4453" + str(col))) == w.before


def test_a_column_that_wins_is_valued_not_refused() -> None:
    """Forcing a column that wins at once: the game is over, worth the win's exact
    score (22 - the winner's stones), the first search's own row."""
    first = search("445566", "alphabeta:depth=4")
    found = what_if(first, 3)
    assert found.forced is None and found.after == 22 - 4 == found.before
    assert "X wins with it" in found.text and "wins in 1 ply, exact +18" in found.text


def test_a_search_stopped_by_its_time_limit_keeps_its_reached_depth() -> None:
    """Iterative deepening stopped by a time limit: the horizon is the depth its last
    finished pass reached, not the depth asked (here the first search is made to
    have stopped after depth 2)."""
    first = search("4453", "alphabeta:depth=2,iterative=true")
    first.stats.update(depth_reached=2)
    first.trace.params.update(depth=6, time_limit=0.5)
    found = what_if(first, 3)
    assert found.forced is not None and found.forced.trace.params["depth"] == 1
    assert found.forced.trace.params["time_limit"] is None
    assert "(the depth its last finished pass reached, of 6)" in found.text
    assert found.after == -oracle(Position.from_moves("44533"), 1, "window")


def test_words_of_a_bounded_win() -> None:
    """A win only bounded from above reads 'at best', never as a win."""
    cap = Worth(17, {"result": "win", "plies": 3, "score": 17}, "upper")
    assert worth_words(cap, "heuristic") == "at most +17: at best a win in 3 plies"
