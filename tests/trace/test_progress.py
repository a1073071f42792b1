"""MCTS's search progress from its iteration log: the final counts equal the tree the
kernel backed up, and the settle iteration equals a replay of the log by hand."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.trace.nodes import Trace
from treeviz.trace.progress import search_progress, settled_iteration


@pytest.mark.parametrize("moves, seed", [("4453", 3), ("", 7), ("44444322", 1)])
def test_final_counts_are_the_kernels(moves: str, seed: int) -> None:
    """After the last iteration, each root column's visits and mean result are the
    ones the search backed up into the tree (its own bookkeeping, not the log)."""
    res = search(
        Position.from_moves(moves), "mcts", iterations=600, seed=seed, record_iterations=True
    )
    found = search_progress(res.trace)
    assert found is not None
    assert found.iterations == res.stats["iterations"]
    nodes = res.trace.nodes
    for child in res.trace.children(0):
        col = int(nodes["move"][child])
        assert found.visits[-1, col] == nodes["visits"][child]
        q = float(nodes["value_sum"][child]) / int(nodes["visits"][child])
        assert found.mean[-1, col] == pytest.approx(q, abs=1e-5)
    assert found.leader + 1 == res.move


def test_no_log_no_progress() -> None:
    res = search(Position.from_moves("4453"), "mcts", iterations=100, seed=1)
    assert search_progress(res.trace) is None
    assert search_progress(search("4453", "alphabeta:depth=2").trace) is None


def replayed_settle(visits: np.ndarray) -> int:
    """The settle iteration by hand: walk the iterations, remember when the leader
    last changed (ties to the lowest column)."""
    since, last = 0, None
    for i, row in enumerate(visits.tolist()):
        if not any(row):
            since, last = 0, None
            continue
        lead = row.index(max(row))
        if lead != last:
            since, last = i + 1, lead
    return since


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-1, 3), min_size=1, max_size=60))
def test_settle_is_the_last_change_of_leader(picks: list[int]) -> None:
    """Any sequence of visits (-1: an iteration that visited no column)."""
    hits = np.zeros((len(picks), 4), np.int64)
    for i, c in enumerate(picks):
        if c >= 0:
            hits[i, c] = 1
    visits = np.cumsum(hits, axis=0)
    assert settled_iteration(visits) == replayed_settle(visits)


def replay_the_log(trace: Trace) -> tuple[list[list[int]], int]:
    """Each root column's visits after every iteration and the settle iteration, by
    climbing from each logged leaf to the root child it hangs under, one row at a
    time (no arrays shared with the code under test)."""
    parent, move = trace.nodes["parent"], trace.nodes["move"]
    counts, rows = [0] * 7, []
    for leaf, *_ in trace.extra["log"]:
        node = int(leaf)
        while node > 0 and parent[node] != 0:
            node = int(parent[node])
        if node > 0:
            counts[int(move[node])] += 1
        rows.append(list(counts))
    return rows, replayed_settle(np.array(rows))


@pytest.mark.parametrize("seed", [5, 6])
def test_settle_on_a_real_search(seed: int) -> None:
    res = search(
        Position.from_moves("4453"), "mcts", iterations=800, seed=seed, record_iterations=True
    )
    found = search_progress(res.trace)
    assert found is not None
    rows, settled = replay_the_log(res.trace)
    assert found.visits.tolist() == rows
    assert found.settled == settled and 1 <= settled <= found.iterations
