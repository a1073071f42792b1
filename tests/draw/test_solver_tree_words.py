"""The solver's tree: its root carries its score (the exact solver's, checked apart),
and a column its parent searched more than once (the null-window passes) says which
visit it is, in its label and in words."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.draw.view import node_label, search_pass, short_label
from treeviz.exact.scores import solve
from treeviz.trace.values import node_value

MOVES = "4453"


def test_the_solvers_root_carries_its_exact_score() -> None:
    trace = search(MOVES, "solver").trace
    root = node_value(trace, 0)
    assert root.value == solve(Position.from_moves(MOVES))  # the side to move is the root's
    assert root.text != "not evaluated"
    assert short_label(trace, 0) == f"#0 root {root.value:+d}"


def test_a_repeated_column_says_its_visit() -> None:
    trace = search(MOVES, "solver").trace
    parent = trace.nodes["parent"]
    repeated = 0
    for p in np.unique(parent[parent >= 0]).tolist():
        kids = trace.children(p).tolist()
        times = Counter(int(trace.nodes["move"][k]) for k in kids)
        seen: Counter[int] = Counter()
        for k in kids:
            move = int(trace.nodes["move"][k])
            seen[move] += 1
            label = short_label(trace, k)
            if times[move] == 1:
                assert search_pass(trace, k) is None and "/" not in label
                continue
            repeated += 1
            visit = (seen[move], times[move])
            assert search_pass(trace, k) == visit
            assert re.match(rf"#{k} c{move + 1} \({visit[0]}/{visit[1]}\) ", label), label
            assert (
                f"visit {visit[0]} of {visit[1]}: column {move + 1} searched {visit[1]} times"
            ) in node_label(trace, k)
    assert repeated > 0
