"""MCTS: visit accounting, tactics, determinism and the solver's verdict."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import data_lines

from treeviz.board import Position
from treeviz.errors import InvalidParameterError
from treeviz.samples import load_sample
from treeviz.search import search


def test_visits_add_up_and_q_stays_in_range() -> None:
    res = search(Position.from_moves("4453"), "mcts", iterations=3000, seed=3)
    t = res.trace
    kids0 = t.children(0)
    assert int(t.nodes["visits"][kids0].sum()) == 3000 == int(t.nodes["visits"][0])
    for i in range(len(t)):
        kids = t.children(i)
        if len(kids):
            # a node's first visit is its own expansion, every later one goes to a child
            assert t.nodes["visits"][i] == 1 + t.nodes["visits"][kids].sum() or i == 0
    q = t.nodes["value_sum"] / t.nodes["visits"]
    assert np.all((q >= 0) & (q <= 1))
    assert sum(m.extra.get("visits", 0) for m in res.moves) == 3000


@pytest.mark.parametrize("rule", [True, False])
def test_takes_a_win_and_blocks_a_loss(rule: bool) -> None:
    win = load_sample("immediate-win").position()
    assert search(win, "mcts", iterations=5000, rule=rule).move - 1 in win.winning_moves()
    block = load_sample("must-block").position()
    res = search(block, "mcts", iterations=5000, rule=rule, seed=2)
    after = block.copy()
    after.play(res.move - 1)
    assert not after.winning_moves()


def test_same_seed_same_trace() -> None:
    pos = Position.from_moves("4453")
    a = search(pos, "mcts", iterations=2000, seed=9, record_iterations=True)
    b = search(pos, "mcts", iterations=2000, seed=9, record_iterations=True)
    assert np.array_equal(a.trace.nodes, b.trace.nodes) and a.trace.extra == b.trace.extra
    assert len(a.trace.extra["log"]) == 2000


@pytest.mark.slow
def test_finds_the_single_winning_column_in_endgames() -> None:
    cases = [(m, s) for m, s in data_lines("end_analyze.txt") if sum(x > 0 for x in s) == 1][:40]
    hits = 0
    for moves, scores in cases:
        res = search(Position.from_moves(moves), "mcts", iterations=20000, seed=1)
        hits += scores[res.move - 1] > 0
    assert hits >= 0.9 * len(cases)


@pytest.mark.parametrize(
    "params",
    [{"c": -1}, {"iterations": None}, {"iterations": 100, "capacity": 50}, {"final": "best"}],
)
def test_bad_parameters(params: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(InvalidParameterError):
        search(Position(), "mcts", **params)
