"""Replay: the trace after its first n nodes is a valid trace; a value appears exactly
when its subtree is complete; MCTS visits recounted from the log end at the final ones."""

from __future__ import annotations

import numpy as np
import pytest

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.trace.files import dumps, loads
from treeviz.trace.nodes import NO_VALUE
from treeviz.trace.replay import last_descendant, steps, trace_at


def brute_last_descendant(parent: np.ndarray) -> np.ndarray:
    end = np.arange(len(parent))
    for i in range(len(parent) - 1, 0, -1):
        end[parent[i]] = max(end[parent[i]], end[i])
    return end


@pytest.mark.parametrize("agent", ["alphabeta:depth=4", "minimax:depth=3", "solver"])
def test_values_appear_when_their_subtree_is_done(agent: str) -> None:
    moves = "4453" if agent != "solver" else "7672442332673175715127135532"
    trace = search(Position.from_moves(moves), agent).trace
    end = brute_last_descendant(trace.nodes["parent"].astype(np.int64))
    assert np.array_equal(last_descendant(trace), end)
    for n in steps(trace, 25):
        at = trace_at(trace, int(n))
        assert len(at) == n and loads(dumps(at)).nodes.shape == at.nodes.shape
        shown = at.nodes["value"] != NO_VALUE
        done = end[: int(n)] < n
        recorded = trace.nodes["value"][: int(n)] != NO_VALUE
        assert np.array_equal(shown, recorded & (done | (n == len(trace))))


def test_mcts_visits_grow_to_the_final_counts() -> None:
    spec = "mcts:iterations=400,seed=3,record_iterations=true"
    trace = search(Position.from_moves("4453"), spec).trace
    cut = steps(trace, 40)
    roots = [int(trace_at(trace, int(n)).nodes["visits"][0]) for n in cut]
    assert roots == sorted(roots) and roots[-1] == int(trace.nodes["visits"][0])
    assert roots[0] < roots[-1], "the visits grow as the replay goes"
    final = trace_at(trace, len(trace))
    assert np.array_equal(final.nodes["visits"], trace.nodes["visits"])
    assert np.allclose(final.nodes["value_sum"], trace.nodes["value_sum"], atol=1e-3)
    for n in cut:  # a parent has been visited at least as often as its children together
        at = trace_at(trace, int(n))
        parent = at.nodes["parent"][1:].astype(np.int64)
        kids = np.bincount(parent, weights=at.nodes["visits"][1:], minlength=len(at))
        assert np.all(at.nodes["visits"] >= kids)


def test_steps_are_bounded_and_end_with_the_whole_trace() -> None:
    trace = search(Position(), "mcts:iterations=3000,seed=1").trace
    cut = steps(trace)
    assert len(cut) <= 200 and cut[-1] == len(trace) and np.all(np.diff(cut) > 0)


def test_a_user_search_replays_with_its_own_numbers() -> None:
    """A replay keeps the table a user search's values stand for (they are ranks into
    ``extra.user_values``: without it a replayed node's value raised an IndexError)."""
    import math

    import treeviz
    from treeviz.trace.values import node_value

    @treeviz.traced
    def negamax(moves: str, depth: int) -> float:
        if depth == 0:
            return {"1": 1e14, "3": 0.25}.get(moves[-1], 7.0)
        return max(
            -negamax(moves + str(c + 1), depth - 1)
            for c in Position.from_moves(moves).legal_moves()
        )

    with treeviz.recording() as rec:
        negamax("4453", 2)
    trace = rec.trace
    for n in steps(trace, 5):
        at = trace_at(trace, int(n))
        values = [node_value(at, i).value for i in range(len(at))]
        assert all(v is None or math.isfinite(v) for v in values)
    assert [node_value(at, i) for i in range(len(at))] == [
        node_value(trace, i) for i in range(len(trace))
    ]


def test_a_node_keeps_its_colour_from_step_to_step() -> None:
    """A value known at a step is coloured as in the whole trace, and the legend is
    the whole trace's: the colour scale is the whole search's, not the values known
    so far (a node's colour changed as larger values appeared)."""
    from treeviz.draw.view import legend_stops
    from treeviz.trace.values import node_value

    trace = search(Position.from_moves("4453"), "minimax:depth=3").trace  # its range grows
    for n in steps(trace, 12)[1:-1]:
        at = trace_at(trace, int(n))
        known = np.flatnonzero(at.nodes["value"] != NO_VALUE)
        assert len(known) > 0 and legend_stops(at) == legend_stops(trace)
        for i in known:
            assert node_value(at, int(i)).scaled == node_value(trace, int(i)).scaled


@pytest.mark.parametrize("agent", ["alphabeta", "mcts:iterations=300", "minimax:depth=3"])
def test_a_step_s_children_are_its_own_nodes_children(agent: str) -> None:
    """The trace at a step lists each node's children as its own nodes say (a brute
    force over its parent column), though its index is taken from the whole trace's."""
    trace = search(Position.from_moves("4453"), agent).trace
    for n in [1, 2, len(trace) // 3, len(trace) - 1, len(trace)]:
        at = trace_at(trace, n)
        parent = at.nodes["parent"]
        for node in range(n):
            expected = np.flatnonzero(parent[1:] == node) + 1  # ids in order, by parent
            assert at.children(node).tolist() == expected.tolist(), (agent, n, node)
