"""A traced MCTS that returns each node's result for the player who moved into it
(course code: ``1 - result`` passed up, the UCT rule reading a child's wins as its
chooser's) is read so: its values for the root player put the column it chose on top,
as the same search returning results for the side to move does; the same search in
that other convention, and one returning the winner's number, keep the default."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from conftest import load_edited, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.connect4.board import Position
from treeviz.trace.analysis import move_table
from treeviz.trace.nodes import SearchResult
from treeviz.trace.values import read_as_words

FILE = Path(__file__).resolve().parents[1] / "data" / "agents" / "mcts_mover_reward.py"
# the same search returning each node's result for its side to move
TO_MOVE = (
    ("r = 1.0 - simulate(g, node.children[m], rng)", "r = simulate(g, node.children[m], rng)"),
    ("    return r\n", "    return 1.0 - r\n"),
)


def course(*edits: tuple[str, str], iterations: int = 1000) -> ModuleType:
    """The course file with ``edits`` (old, new) made to its text."""
    module = load_edited(FILE, edits)
    module.ITERATIONS = iterations
    return module


def analysed(module: ModuleType, pos: Position) -> tuple[SearchResult, int]:
    with treeviz.recording(pos) as rec:
        col = module.choose(pos.copy())
    return rec.result, col


@pytest.mark.slow
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 14))
def test_results_kept_for_the_mover_read_as_the_same_search_for_the_side_to_move(
    seed: int, plies: int
) -> None:
    """Before: the values were read for the side to move, reversed: the column the
    search chose showed the lowest value for the root player."""
    pos = random_position(seed, plies)
    mover, col = analysed(course(), pos)
    to_move, same_col = analysed(course(*TO_MOVE), pos)
    assert col == same_col  # the same search: the same tree, the same choice
    # read from the recording alone (no answer given): UCT's most visited column
    assert mover.move == to_move.move == col
    assert mover.trace.extra["perspective"]["player"] == "mover"
    assert "read as each node's result for the player who moved into it" in read_as_words(
        mover.trace.extra
    )
    assert "perspective" not in to_move.trace.extra
    a, b = move_table(mover), move_table(to_move)
    assert a["column"].tolist() == b["column"].tolist()
    # the two conventions' numbers differ by a constant (1 - r against r): the same
    # differences between columns, the same order
    legal = a["value"].notna().to_numpy()
    va, vb = a["value"].to_numpy()[legal], b["value"].to_numpy()[legal]
    assert np.allclose(np.diff(va), np.diff(vb)), (va, vb)
    chosen = int(a.loc[a["chosen"], "column"].iloc[0])
    assert chosen == col
    # UCT's most visited column is the best for the root player, or close to it
    assert a.loc[a["chosen"], "value"].iloc[0] >= np.median(va)


def test_the_mover_reading_matches_the_persons_own_win_rates() -> None:
    """The root's columns valued as the person's own nodes count their wins (the
    expansion's first result is counted by the person's node but made by no traced
    call: within one result of it)."""
    pos = Position.from_moves("4453")
    module = course(iterations=600)
    res, _ = analysed(module, pos)
    rows = {int(r.column): float(r.value) for r in move_table(res).itertuples()}
    root = module.Node(1 if pos.side_to_move == "X" else 2)
    rng = __import__("random").Random(12345)  # the file's own seed, run again
    grid = module.to_grid(pos)
    for _ in range(module.ITERATIONS):
        module.simulate(grid, root, rng)
    for move, child in root.children.items():
        own = child.wins / child.visits
        assert abs(rows[move + 1] - own) <= 1.0 / (child.visits - 1) + 1e-9, (move, own)


def test_winners_numbers_keep_the_default_reading() -> None:
    """Returns of 1 or 2 (the winner) are no one's results: not read for the mover."""
    module = course()
    module.SEARCH = module.simulate_winner
    res, _ = analysed(module, Position.from_moves("12163272"))
    assert "perspective" not in res.trace.extra
