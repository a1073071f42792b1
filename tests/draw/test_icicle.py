"""The icicle's layout from the trace arrays: subtree sizes against a brute-force
count, rectangles that nest and share their parent's width by subtree size, and the
rectangles drawn at a zoom: exactly those wide enough, whole levels."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.draw.icicle import icicle_data, layout, visible
from treeviz.draw.view import node_colour
from treeviz.trace.nodes import Trace, new_nodes, subtree_sizes_of

# a random tree: node i's parent is any earlier node (ids are creation order), its
# move any column
TREES = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 6)), min_size=0, max_size=120)


def trace_of(rows: list[tuple[int, int]]) -> Trace:
    n = len(rows) + 1
    nodes = new_nodes(n)
    nodes["parent"][0], nodes["move"][0] = -1, -1
    for i, (r, move) in enumerate(rows, start=1):
        p = r % i
        nodes["parent"][i], nodes["move"][i] = p, move
        nodes["depth"][i] = nodes["depth"][p] + 1
    return Trace("test", {}, "", 7, 6, nodes, ("parent", "move", "depth"), {})


def brute_sizes(parent: np.ndarray) -> list[int]:
    """Each node's subtree counted by climbing from every node to the root."""
    count = [0] * len(parent)
    for i in range(len(parent)):
        j = i
        while j >= 0:
            count[j] += 1
            j = int(parent[j])
    return count


@settings(max_examples=150, deadline=None)
@given(TREES)
def test_subtree_sizes_are_a_brute_force_count(rows: list[tuple[int, int]]) -> None:
    trace = trace_of(rows)
    assert subtree_sizes_of(trace.nodes["parent"]).tolist() == brute_sizes(trace.nodes["parent"])


@settings(max_examples=150, deadline=None)
@given(TREES)
def test_rectangles_nest_and_share_their_parents_width(rows: list[tuple[int, int]]) -> None:
    trace = trace_of(rows)
    lay, size = layout(trace), trace.subtree_sizes()
    assert lay.x0[0] == 0 and lay.w[0] == 1
    for p in range(len(trace)):
        kids = [int(k) for k in trace.children(p)]
        if not kids:
            continue
        placed = sorted(kids, key=lambda k: lay.x0[k])
        assert [int(trace.nodes["move"][k]) for k in placed] == sorted(
            int(trace.nodes["move"][k]) for k in kids
        )  # left to right by column
        assert np.isclose(sum(lay.w[k] for k in kids), lay.w[p])
        edge = lay.x0[p]
        for k in placed:  # side by side, inside the parent, no gap
            assert np.isclose(lay.x0[k], edge)
            assert np.isclose(lay.w[k] / lay.w[p], size[k] / (size[p] - 1))
            edge = lay.x0[k] + lay.w[k]
        assert np.isclose(edge, lay.x0[p] + lay.w[p])


def in_subtree(trace: Trace, node: int, root: int) -> bool:
    return root in trace.path(node)


@settings(max_examples=100, deadline=None)
@given(TREES, st.integers(0, 10**6), st.sampled_from([50.0, 300.0, 1000.0]), st.integers(1, 4))
def test_the_drawn_rectangles_are_those_wide_enough(
    rows: list[tuple[int, int]], pick: int, width: float, levels: int
) -> None:
    trace = trace_of(rows)
    root = pick % len(trace)
    lay, depth = layout(trace), trace.nodes["depth"]
    got = visible(trace, root, width_px=width, min_px=1.0, levels=levels, cap=10**6)
    wide = lay.w * width / lay.w[root] >= 1.0
    want = [
        i
        for i in range(len(trace))
        if in_subtree(trace, i, root) and depth[i] - depth[root] <= levels and wide[i]
    ]
    assert sorted(got.tolist()) == want
    assert list(depth[got]) == sorted(depth[got])  # level by level


def test_a_cap_keeps_whole_levels() -> None:
    trace = search("4453", "alphabeta:depth=4").trace
    depth = trace.nodes["depth"]
    every = visible(trace, 0, width_px=10**6, levels=4, cap=10**6)
    per_level = np.bincount(depth[every])
    cap = int(per_level[:3].sum()) + 1  # room for three levels and one node of the fourth
    got = visible(trace, 0, width_px=10**6, levels=4, cap=cap)
    assert len(got) == cap - 1 and depth[got].max() == 2


def test_icicle_data_is_relative_to_its_zoom() -> None:
    trace = search("4453", "mcts", iterations=400, seed=3).trace
    node = int(trace.children(0)[1])
    data = icicle_data(trace, node, selected=node)
    assert data["id"][0] == node and data["x"][0] == 0 and data["w"][0] == 1
    assert data["path"] == trace.path(node) and data["level"][0] == 0
    assert all(x >= 0 and x + w <= 1 + 1e-6 for x, w in zip(data["x"], data["w"], strict=True))
    assert data["size"][0] == int(trace.subtree_sizes()[node])
    assert data["label"][0] == str(int(trace.nodes["move"][node]) + 1)
    assert data["colour"] == [node_colour(trace, i) for i in data["id"]]  # as the tree
