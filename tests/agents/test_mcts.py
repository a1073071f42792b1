"""MCTS: visit accounting, tactics, determinism and the solver's verdict."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import data_lines

from treeviz.agents.mcts.agent import reused_tree
from treeviz.agents.mcts.kernel import subtree_ids
from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.connect4.samples import load_sample
from treeviz.errors import InvalidParameterError
from treeviz.trace.nodes import PROVEN_DRAW
from treeviz.trace.values import node_value


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
    assert np.array_equal(a.trace.nodes, b.trace.nodes)
    assert a.trace.extra["log"] == b.trace.extra["log"]  # only the timings may differ
    assert a.moves == b.moves and a.pv == b.pv
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


def test_win_draw_loss_counts_and_log() -> None:
    res = search(
        Position.from_moves("4453"), "mcts", iterations=2000, seed=4, record_iterations=True
    )
    for m in res.moves:
        e = m.extra
        assert e["wins"] + e["draws"] + e["losses"] == e["visits"]
        assert e["q"] == pytest.approx((e["wins"] + 0.5 * e["draws"]) / e["visits"], abs=1e-5)
    log = np.array(res.trace.extra["log"])
    # a rollout from a leaf at depth d lasts at most the empty cells left there
    assert np.all(log[:, 2] <= 42 - 4 - log[:, 1]) and log[:, 2].max() > 0
    assert set(log[:, 3]) <= {0, 1, 2}


def test_solver_proofs_agree_with_the_exact_solver() -> None:
    cases = data_lines("end_analyze.txt")[:25]
    proven = 0
    for moves, scores in cases:
        res = search(Position.from_moves(moves), "mcts", iterations=20000, seed=1, solver=True)
        kids = {int(res.trace.nodes["move"][k]) + 1: int(k) for k in res.trace.children(0)}
        for m in res.moves:
            verdict = m.extra.get("proven", "")
            exact = scores[m.column - 1]
            if verdict:
                proven += 1
                assert verdict == ("won" if exact > 0 else "lost" if exact < 0 else "draw"), moves
                # the trace's node says the same, a proven draw included
                result = {"won": "win", "lost": "loss", "draw": "draw"}[verdict]
                assert m.outcome is not None and m.outcome["result"] == result
                seen = node_value(res.trace, kids[m.column]).outcome
                assert seen is not None and seen["result"] == result
                draw = res.trace.nodes["proven"][kids[m.column]] == PROVEN_DRAW
                assert draw == (verdict == "draw")
        if res.stats["root_proven"] == "won":
            assert scores[res.move - 1] > 0
    assert proven >= len(cases)  # the proofs are not vacuous


def test_solver_proves_the_root_and_stops_early() -> None:
    pos = load_sample("immediate-win").position()
    res = search(pos, "mcts", iterations=5000, solver=True)
    assert res.stats["root_proven"] == "won" and res.stats["iterations"] < 5000
    assert res.move - 1 in pos.winning_moves()


def test_reused_subtree_keeps_its_statistics() -> None:
    pos = Position.from_moves("4453")
    first = search(pos, "mcts", iterations=4000, seed=1)
    t = first.trace
    ours = t.children(0)[np.argmax(t.nodes["visits"][t.children(0)])]
    reply = t.children(ours)[np.argmax(t.nodes["visits"][t.children(ours)])]
    after = Position.from_moves(pos.moves_string() + t.path_moves(reply))
    kept = reused_tree(first, after, rule=False)
    assert kept is not None
    old = subtree_ids(t.nodes["parent"], int(reply))
    for name in ("visits", "value_sum", "move", "expanded_at", "proven"):
        assert np.array_equal(kept.nodes[name], t.nodes[name][old]), name
    assert np.array_equal(kept.nodes["depth"], t.nodes["depth"][old] - t.nodes["depth"][reply])
    again = search(after, "mcts", iterations=1000, seed=2, reuse=first)
    assert again.trace.nodes["visits"][0] == t.nodes["visits"][reply] + 1000
    assert again.trace.extra["reused_nodes"] == len(old)
    assert len(again.trace) >= len(old)
    # the reused nodes grow by exactly the visits that went through them
    grown = again.trace.nodes["visits"][: len(old)] - kept.nodes["visits"]
    assert np.all(grown >= 0)


def test_reuse_outside_the_tree() -> None:
    first = search(Position.from_moves("4453"), "mcts", iterations=200, seed=1)
    unseen = Position.from_moves("445311111")  # deeper than 200 iterations reach
    assert reused_tree(first, unseen, rule=False) is None
    assert search(unseen, "mcts", iterations=100, reuse=first).trace.extra["reused_nodes"] == 0
    with pytest.raises(InvalidParameterError, match="does not follow"):
        search(Position.from_moves("1"), "mcts", iterations=100, reuse=first)
    with pytest.raises(InvalidParameterError, match="earlier MCTS"):
        search(
            Position.from_moves("4453"),
            "mcts",
            iterations=100,
            reuse=search(Position.from_moves("4453"), "greedy"),
        )
