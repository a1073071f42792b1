"""A trace of another game: its game and root text, each node's state replayed from
the root, the path's labels, and the moves a cutoff left unsearched."""

from __future__ import annotations

import pytest

from treeviz.agents.any_game.registry import search_game
from treeviz.rules import load_game
from treeviz.trace.nodes import CUTOFF, TERMINAL, TT_HIT

GAME = load_game("tic_tac_toe")


def test_the_trace_names_its_game_and_its_root_in_the_games_text() -> None:
    trace = search_game(GAME, "x(1,1) o(0,0)", "minimax:depth=2").trace
    assert (trace.game, trace.root_moves, trace.width, trace.height) == (
        "tic_tac_toe",
        "x(1,1) o(0,0)",
        0,
        0,
    )


def test_each_nodes_state_and_path_read_back_through_the_game() -> None:
    res = search_game(GAME, "x(1,1)", "alphabeta:depth=3")
    trace = res.trace
    for node in range(len(trace)):
        path = trace.path_moves(node)
        by_text = GAME.from_text(f"{trace.root_moves} {path}")
        by_hand = GAME.from_text(trace.root_moves)
        for n in trace.path(node)[1:]:
            by_hand = GAME.play(by_hand, int(trace.nodes["move"][n]))
        assert GAME.key(trace.state(node)) == GAME.key(by_text) == GAME.key(by_hand)
        assert len(path.split()) == int(trace.nodes["depth"][node])


def test_a_cutoff_leaves_unsearched_exactly_the_moves_after_the_last_child() -> None:
    trace = search_game(GAME, "x(0,0)", "alphabeta:depth=4,ordering=false,tt=false").trace
    flags = trace.nodes["flags"]
    skipped = 0
    for node in range(len(trace)):
        kids = [int(trace.nodes["move"][k]) for k in trace.children(node)]
        left = trace.unsearched(node)
        if flags[node] & CUTOFF:
            legal = GAME.legal_moves(trace.state(node))
            assert left == legal[legal.index(kids[-1]) + 1 :]  # none: cut at the last
            skipped += len(left)
        elif kids or flags[node] & (TERMINAL | TT_HIT):
            assert left == []
    assert skipped > 0


def test_past_its_capacity_the_search_answers_the_same_and_says_truncated() -> None:
    whole = search_game(GAME, "x(1,1)", "solver")
    cut = search_game(GAME, "x(1,1)", "solver:capacity=40")
    assert (cut.move, cut.value) == (whole.move, whole.value)
    assert cut.trace.truncated and not whole.trace.truncated
    assert len(cut.trace) == 40 < cut.trace.counters["nodes"] == whole.trace.counters["nodes"]
    kept = cut.trace.nodes[["parent", "move", "depth"]]
    assert all(whole.trace.nodes[["parent", "move", "depth"]][:40] == kept)


def test_rows_say_at_most_only_where_the_window_cut_the_move() -> None:
    plain = search_game(GAME, "x(1,1)", "minimax:depth=4")
    pruned = search_game(GAME, "x(1,1)", "alphabeta:depth=4")
    assert all(row.text == "" for row in plain.moves)
    assert any(row.text for row in pruned.moves)
    for exact, row in zip(plain.moves, pruned.moves, strict=True):
        assert row.label == exact.label
        if row.text:  # an upper bound: at least the true value
            assert row.text.startswith("at most") and row.value >= exact.value
        else:
            assert row.value == exact.value


@pytest.mark.parametrize(
    "spec",
    ["alphabeta:depth=5,ordering=false,tt=false", "alphabeta:depth=5", "minimax:depth=4", "solver"],
)
def test_the_counts_of_leaves_cutoffs_and_hits_are_the_recorded_nodes_of_each_kind(
    spec: str,
) -> None:
    """Every node recorded: a leaf is a node without children that the table did not
    settle (a node searched through its children has one at least)."""
    trace = search_game(GAME, "x(1,1)", spec).trace
    flags, kids = trace.nodes["flags"], trace.child_counts()
    assert trace.counters["recorded"] == trace.counters["nodes"] == len(trace)
    assert trace.counters["leaves"] == int(((kids == 0) & (flags & TT_HIT == 0)).sum())
    assert trace.counters["tt_hits"] == int((flags & TT_HIT != 0).sum())
    assert trace.counters["cutoffs"] == int((flags & CUTOFF != 0).sum())
