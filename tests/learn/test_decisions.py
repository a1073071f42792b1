"""Predict the search, sized for a lesson: the default session asks only where the search
decides something, at most 20 questions, each a real decision by the trace's own record
(checked here from the trace's arrays and the visits the learner is shown, not by the
selection code), and its words about going on agree with the order the search uses."""

from __future__ import annotations

import re

import pytest
from conftest import random_position
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import get_agent
from treeviz.connect4.board import Position
from treeviz.connect4.tt_order import centre_order
from treeviz.errors import InvalidParameterError
from treeviz.learn.predict import predict
from treeviz.learn.questions import CUTOFF_Q, NEXT_CHILD, POP, UCT, VALUE, Question, view_trace
from treeviz.settings import LEARN_ASTAR_NODES, LEARN_DEPTH, LEARN_ITERATIONS
from treeviz.trace.nodes import CUTOFF, NO_VALUE, Trace
from treeviz.trace.values import node_value

LESSON = 20
SPECS = st.sampled_from(
    [
        "minimax:depth=3,ordering=centre,tt=false",
        "alphabeta:depth=3,ordering=left,tt=false",
        "alphabeta:depth=4,ordering=centre,tt=false",
        "alphabeta:depth=3,ordering=heuristic,tt=false",
        "mcts:iterations=60",
        "astar:max_nodes=80",
    ]
)


def is_decision(trace: Trace, q: Question) -> bool:
    """The oracle: whether the step ``q`` asks about changed what the search did, read
    from the recorded arrays (and, for UCT, the visits the learner sees)."""
    nodes = trace.nodes
    if q.kind == CUTOFF_Q:  # the node stopped right after this child, columns unsearched
        stopped = bool(nodes["flags"][q.node] & CUTOFF) and int(nodes["pruned"][q.node]) != 0
        last_kid = max(int(k) for k in trace.children(q.node))
        return stopped and q.before.nodes == int(last_descendant_end(trace, last_kid))
    if q.kind == VALUE:  # the parent's best child so far changes to this one
        p = int(nodes["parent"][q.node])
        if p < 0:
            return False
        mine = -int(nodes["value"][q.node])
        before = [
            -int(nodes["value"][k])
            for k in trace.children(p)
            if k < q.node and nodes["value"][k] != NO_VALUE
        ]
        return bool(before) and all(mine > v for v in before)
    if q.kind == UCT:  # not the child most visited so far
        shown = view_trace(trace, q.before).nodes["visits"]
        return int(shown[q.step]) < max(int(shown[int(k)]) for k, _ in q.choices)
    if q.kind == POP:  # not the frontier's oldest node
        return q.step != min(int(k) for k, _ in q.choices)
    return False


def last_descendant_end(trace: Trace, node: int) -> int:
    """One past the last node of ``node``'s subtree (ids are pre-order)."""
    parent = trace.nodes["parent"]
    end = node + 1
    inside = {node}
    while end < len(trace) and int(parent[end]) in inside:
        inside.add(end)
        end += 1
    return end


def run(spec: str, pos: Position, seed: int, *, every_step: bool) -> list[Question]:
    extra = f",seed={seed}" if spec.startswith("mcts") else ""
    try:
        return predict(pos, spec + extra, every_step=every_step).questions
    except InvalidParameterError:  # nothing decided (a forced position): no session
        return []


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(SPECS, st.integers(0, 10_000), st.integers(0, 12))
def test_the_default_session_asks_at_most_20_questions_all_decision_points(
    spec: str, seed: int, plies: int
) -> None:
    pos = random_position(seed, plies)
    every = run(spec, pos, seed, every_step=True)
    key = run(spec, pos, seed, every_step=False)
    if not every:
        return
    trace = predict(pos, spec + (f",seed={seed}" if "mcts" in spec else ""), every_step=True).trace
    decisions = [q for q in every if is_decision(trace, q)]
    assert len(key) <= LESSON
    assert len(key) == min(LESSON, len(decisions))  # none left out while there is room
    order = [(q.kind, q.node, q.step, q.before) for q in every]
    places = [order.index((q.kind, q.node, q.step, q.before)) for q in key]
    assert places == sorted(places)  # asked in the order the search met them
    for q in key:
        assert q.kind != NEXT_CHILD and is_decision(trace, q)
        if q.kind == VALUE:  # the answer is what the search recorded
            assert q.answer == node_value(trace, q.node).text
        if q.kind == CUTOFF_Q:
            assert q.answer == ("beta" if int(trace.nodes["depth"][q.node]) % 2 == 0 else "alpha")


@pytest.mark.parametrize("agent", ["alphabeta", "minimax", "mcts", "astar"])
def test_the_pages_default_search_of_each_agent_is_a_lesson(agent: str) -> None:
    """The page's defaults (position 4453, each setting at its default): 1 to 20
    questions (alpha-beta's default was 403)."""
    defaults = {
        "alphabeta": f"alphabeta:depth={LEARN_DEPTH.default},ordering="
        f"{get_agent('alphabeta').param('ordering').default},tt=false",
        "minimax": f"minimax:depth={LEARN_DEPTH.default},ordering="
        f"{get_agent('minimax').param('ordering').default},tt=false",
        "mcts": f"mcts:iterations={LEARN_ITERATIONS.default}",
        "astar": f"astar:max_nodes={LEARN_ASTAR_NODES.default}",
    }
    session = predict("4453", defaults[agent])
    assert 1 <= len(session.questions) <= LESSON
    every = predict("4453", defaults[agent], every_step=True)
    assert len(every.questions) >= len(session.questions)


@pytest.mark.parametrize("ordering", ["left", "centre", "heuristic"])
def test_going_on_names_the_columns_left_and_the_order_the_search_takes_them(
    ordering: str,
) -> None:
    """After "does it stop?" answered no, the words name the columns still to search
    as a set and the order rule; the next child the trace shows is the first of them
    by that rule (it said "goes on to 1, 2, 3, 5, 6, 7" and then asked for centre order)."""
    session = predict("4453", f"alphabeta:depth=3,ordering={ordering},tt=false", every_step=True)
    trace = session.trace
    rule = {"left": "left to right", "centre": "centre first", "heuristic": "best heuristic"}
    order = {"left": list(range(7)), "centre": [int(c) for c in centre_order(7)]}
    gone_on = [q for q in session.questions if q.kind == CUTOFF_Q and q.answer == "no"]
    assert gone_on
    for q in gone_on:
        named = re.search(r"not searched yet \(([\d, ]+)\)", q.why)
        assert named is not None and rule[ordering] in q.why, q.why
        left = [int(c) - 1 for c in named.group(1).split(", ")]
        assert left == sorted(left)  # a set, ascending: it claims no order
        nxt = [k for k in trace.children(q.node) if k >= q.before.nodes]
        if nxt and ordering in order:
            assert int(trace.nodes["move"][nxt[0]]) == min(left, key=order[ordering].index)
        assert not re.search(r"goes on to \d", q.why)
