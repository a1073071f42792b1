"""Predict the search: every question's answer is the step the trace recorded, checked
here against the rules of each search (taken from outside the question code: the
ordering, minimax's max/min, the alpha-beta window, UCT, A*'s lowest f)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from conftest import random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.connect4.board import Position
from treeviz.connect4.tt_order import centre_order
from treeviz.errors import InvalidParameterError
from treeviz.learn.predict import predict, session_of
from treeviz.learn.questions import (
    CUTOFF_Q,
    NEXT_CHILD,
    POP,
    UCT,
    VALUE,
    Question,
    Session,
    mark,
    view_trace,
)
from treeviz.trace.nodes import CUTOFF, NO_VALUE
from treeviz.trace.values import node_value

SPECS = st.sampled_from(
    [
        "minimax:depth=2,ordering=left,tt=false",
        "minimax:depth=3,ordering=centre,tt=false",
        "alphabeta:depth=3,ordering=left,tt=false",
        "alphabeta:depth=4,ordering=centre,tt=false",
        "alphabeta:depth=3,ordering=heuristic,tt=false",
        "mcts:iterations=40",
        "astar:max_nodes=60",
    ]
)


def full_marks(session: Session) -> None:
    """Answer every question with its recorded step: all right, one streak."""
    n = len(session.questions)
    while not session.done:
        assert session.answer(session.current.answer).right
    assert (session.score, session.answered, session.best_streak) == (n, n, n)


@settings(max_examples=12, deadline=None)
@given(SPECS, st.integers(0, 10_000), st.integers(0, 10))
def test_the_recorded_steps_score_full_marks_and_others_are_wrong_with_a_reason(
    spec: str, seed: int, plies: int
) -> None:
    pos = random_position(seed, plies)
    extra = f",seed={seed}" if spec.startswith("mcts") else ""
    session = predict(pos, spec + extra, every_step=True)
    for q in session.questions:
        wrong = [k for k, _ in q.choices if k != q.answer]
        assert len(q.choices) >= 2 and q.answer in dict(q.choices)
        assert q.step < q.then.nodes  # the step is drawn once answered
        if q.kind in (NEXT_CHILD, UCT, POP):  # the child searched, selected, popped
            step_col = str(int(session.trace.nodes["move"][q.step]) + 1)
            assert q.answer == (step_col if q.kind == NEXT_CHILD else str(q.step))
        if wrong:
            verdict = mark(q, wrong[seed % len(wrong)])
            assert not verdict.right and verdict.reason and verdict.answer == q.label(q.answer)
    full_marks(session)


def kind(session: Session, name: str) -> list[Question]:
    """The questions of one kind."""
    return [q for q in session.questions if q.kind == name]


@pytest.mark.parametrize("ordering", ["left", "centre"])
def test_the_next_child_follows_the_ordering(ordering: str) -> None:
    session = predict("4453", f"alphabeta:depth=3,ordering={ordering},tt=false", every_step=True)
    order = list(range(7)) if ordering == "left" else [int(c) for c in centre_order(7)]
    for q in kind(session, NEXT_CHILD):
        offered = [int(k) - 1 for k, _ in q.choices]
        assert int(q.answer) - 1 == min(offered, key=order.index)


def test_a_value_is_the_max_or_min_of_the_childrens() -> None:
    session = predict("4453", "minimax:depth=3,ordering=left,tt=false", every_step=True)
    trace = session.trace
    for q in kind(session, VALUE):
        kids = trace.children(q.node)
        sign = 1 if int(trace.nodes["depth"][q.node]) % 2 == 0 else -1  # root player's view
        vals = [-sign * int(trace.nodes["value"][k]) for k in kids]
        best = max(vals) if sign == 1 else min(vals)  # the root player maximizes
        assert sign * int(trace.nodes["value"][q.node]) == best
        assert q.answer == node_value(trace, q.node).text


def test_a_cutoff_comes_exactly_when_alpha_reaches_beta() -> None:
    """Replay the window at each node from the values that came back, as the textbook
    does (root player's view), and compare with the question's answer."""
    session = predict("3344", "alphabeta:depth=4,ordering=left,tt=false", every_step=True)
    trace = session.trace
    cuts = kind(session, CUTOFF_Q)
    assert any(q.answer != "no" for q in cuts) and any(q.answer == "no" for q in cuts)
    for q in cuts:
        p = q.node
        returned = [k for k in trace.children(p) if k < q.before.nodes]
        vals = [-int(trace.nodes["value"][k]) for k in returned]  # for the mover at p
        alpha = max(int(trace.nodes["alpha"][p]), max(vals))
        closed = alpha >= int(trace.nodes["beta"][p])
        assert (q.answer != "no") == closed
        if closed:
            assert trace.nodes["flags"][p] & CUTOFF
            assert q.answer == ("beta" if int(trace.nodes["depth"][p]) % 2 == 0 else "alpha")


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 8))
def test_uct_answers_are_the_highest_uct_recomputed_from_the_recorded_visits(
    seed: int, plies: int
) -> None:
    """The replay's UCT values choose the recorded child (the kernel's own choice)."""
    pos = random_position(seed, plies)
    session = predict(pos, f"mcts:iterations=60,seed={seed}", every_step=True)
    uct_is_highest(session)


def test_uct_of_a_search_that_reused_a_tree_counts_the_reused_visits() -> None:
    spec = "mcts:iterations=300,seed=5,record_iterations=true"
    first = treeviz.search("4453", spec)
    reused = treeviz.search("44534", spec, reuse=first).trace
    assert reused.extra["reused_nodes"] > 1
    session = session_of(reused, every_step=True)
    assert kind(session, UCT)
    uct_is_highest(session)


def uct_is_highest(session: Session) -> None:
    """Every UCT question's answer is the child of highest UCT as the learner is shown
    the visits (newest on ties)."""
    trace = session.trace
    c = float(trace.params["c"])
    for q in kind(session, UCT):
        shown = view_trace(trace, q.before)
        n_p = int(shown.nodes["visits"][q.node])
        kids = [int(k) for k, _ in q.choices]
        uct = {
            k: shown.nodes["value_sum"][k] / shown.nodes["visits"][k]
            + c * math.sqrt(math.log(n_p) / shown.nodes["visits"][k])
            for k in kids
        }
        top = max(uct.values())
        assert int(q.answer) == max(k for k in kids if uct[k] == top)  # newest on ties


def test_a_star_pops_the_lowest_f_of_the_frontier() -> None:
    session = predict("", "astar:max_nodes=120", every_step=True)
    trace = session.trace
    pops = kind(session, POP)
    assert len(pops) >= 5
    for q in pops:
        offered = [int(k) for k, _ in q.choices]
        assert int(q.answer) == min(offered, key=lambda i: (int(trace.nodes["f"][i]), i))
        assert all(trace.nodes["order"][i] == -1 or trace.nodes["order"][i] >= 0 for i in offered)


def test_the_tree_hides_what_the_search_had_not_found() -> None:
    session = predict("4453", "alphabeta:depth=3,ordering=left,tt=false", every_step=True)
    for q in kind(session, VALUE)[:5] + kind(session, CUTOFF_Q)[:5]:
        shown = view_trace(session.trace, q.before)
        assert len(shown) == q.before.nodes
        for i in q.before.no_value:
            assert shown.nodes["value"][i] == NO_VALUE
        for i in q.before.no_cut:
            assert not shown.nodes["flags"][i] & CUTOFF and not shown.nodes["pruned"][i]
        after = view_trace(session.trace, q.then)
        if q.kind == VALUE:
            assert after.nodes["value"][q.node] == session.trace.nodes["value"][q.node]


def test_a_persons_traced_search_can_be_predicted() -> None:
    @treeviz.traced(alpha="alpha", beta="beta")
    def negamax(pos: Position, depth: int, alpha: float, beta: float) -> float:
        if depth == 0 or pos.is_over():
            return float(len(pos.moves_string()) % 5 - 2 + pos.moves_string().count("4"))
        best = -math.inf
        for c in pos.legal_moves():
            child = pos.copy()
            child.play(c)
            best = max(best, -negamax(child, depth - 1, -beta, -max(alpha, best)))
            if best >= beta:
                break
        return best

    with treeviz.recording() as rec:
        negamax(Position.from_moves("4453"), 2, -math.inf, math.inf)
    session = session_of(rec.trace, every_step=True)
    assert {q.kind for q in session.questions} >= {NEXT_CHILD, VALUE}
    full_marks(session)


def test_bad_requests_raise_typed_errors_quoting_them() -> None:
    with pytest.raises(InvalidParameterError, match="'solver'"):
        predict("4453", "solver")
    session = predict("4453", "minimax:depth=2,tt=false", every_step=True)
    with pytest.raises(InvalidParameterError, match="'9'"):
        mark(session.current, "9")
    assert np.all(session.trace.nodes["depth"] <= 2)


def test_a_persons_agent_that_traces_its_search_can_be_predicted_by_its_spec() -> None:
    traced = Path(__file__).resolve().parents[1] / "data" / "traced_full_board.py"
    session = predict("4453", f"{traced}:choose", every_step=True)
    assert session.trace.value_kind == "user"
    assert {q.kind for q in session.questions} == {NEXT_CHILD, VALUE}
    full_marks(session)
