"""A pruned stub in a replay appears only once its cutoff has happened: the moves a
node pruned are known when the search has finished that node's last searched child,
that is when every node the search created below it is among the nodes replayed."""

from __future__ import annotations

import numpy as np
import pytest

from treeviz.agents.registry import search
from treeviz.draw.view import select
from treeviz.trace.replay import steps, trace_at

BIG_WIN = "tests/data/traced_big_win.py:choose"


def last_below(parent: np.ndarray, node: int) -> int:
    """The largest id among ``node`` and every node under it, by walking each node's
    parents up (an oracle apart from the replay's own)."""
    last = node
    for i in range(node + 1, len(parent)):
        up = i
        while up > node:
            up = int(parent[up])
        if up == node:
            last = i
    return last


@pytest.mark.parametrize(("moves", "agent"), [("4453", "alphabeta:depth=4"), ("4455", BIG_WIN)])
def test_a_stub_appears_only_after_its_cutoff(moves: str, agent: str) -> None:
    trace = search(moves, agent).trace
    parent = trace.nodes["parent"].astype(np.int64)
    cut = {int(i) for i in np.flatnonzero(trace.nodes["pruned"])}
    assert cut
    done = {i: last_below(parent, i) for i in cut}
    seen: set[int] = set()
    for n in steps(trace, 60).tolist():
        stubs = set(select(trace_at(trace, n), max_depth=None).stubs)
        assert stubs == {i for i in cut if done[i] < n}, n  # not before, and not missing after
        seen |= stubs
    assert seen == cut
