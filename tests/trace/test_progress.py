"""MCTS's search progress from its iteration log: the final counts equal the tree the
kernel backed up, and the settle iteration equals a replay of the log by hand."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.trace.progress import search_progress, settled_iteration


@pytest.mark.parametrize("moves, seed", [("4453", 3), ("", 7), ("44444322", 1)])
def test_final_counts_are_the_kernels(moves: str, seed: int) -> None:
    """After the last iteration, each root column's visits and mean result are the
    ones the search backed up into the tree (its own bookkeeping, not the log)."""
    res = search(Position.from_moves(moves), "mcts", iterations=600, seed=seed,
                 record_iterations=True)  # fmt: skip
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


def test_settle_on_a_real_search() -> None:
    res = search(Position.from_moves("4453"), "mcts", iterations=800, seed=5,
                 record_iterations=True)  # fmt: skip
    found = search_progress(res.trace)
    assert found is not None
    assert found.settled == replayed_settle(found.visits)
    assert 1 <= found.settled <= found.iterations
