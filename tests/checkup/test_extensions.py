"""The doctor on searches that look past their depth limit where a line is forcing (a
quiescence on wins at once, a forced-move extension), written as course code by
someone who had not read these tests (``tests/data/agents/``), and on a memo table
that forgets the depth it searched: the extensions are correct and get no finding,
the memo's stale value is named, each claim checked by the rules, the exact solver or
the person's code run again."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from conftest import load_file, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.checkup.node_tree import Tree
from treeviz.checkup.tree_bugs import NodeFinding, check_tree
from treeviz.connect4.board import Position
from treeviz.exact.scores import solve
from treeviz.trace.values import score_outcome

AGENTS = Path(__file__).resolve().parents[1] / "data" / "agents"


def load(name: str) -> ModuleType:
    """A fresh copy of the course file ``name`` (its tables empty)."""
    return load_file(AGENTS / f"{name}.py")


def recorded(module: ModuleType, pos: Position) -> tuple[Tree, list[NodeFinding]]:
    with treeviz.recording(pos, check=True) as rec:
        module.choose(pos.copy())
    return Tree(rec.result.trace), check_tree(rec.result)


# ---------------------------------------------------------------------- forced block
def test_a_forced_block_past_the_horizon_is_no_cutoff() -> None:
    """Before: ``cutoff`` at a node past the depth limit that played only the block
    ("left columns 1, 3, 4, 5, 6 and 7 unsearched, but its window was still open")."""
    forced = load("forced_block")
    tree, found = recorded(forced, Position.from_moves("553336"))
    assert found == []
    # the search did leave columns at nodes past its depth limit, each a block
    past = np.flatnonzero((tree.depth >= forced.DEPTH) & (tree.kids == 1))
    assert len(past)
    for k in past.tolist():
        (child,) = tree.trace.children(k)
        col, pos = int(tree.move[child]), tree.position(k)
        for other in set(pos.legal_moves()) - {col}:  # any other move loses at once
            after = pos.copy()
            after.play(other)
            assert col in after.winning_moves()


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(6, 26))
def test_forced_block_and_quiescence_searches_get_no_finding(seed: int, plies: int) -> None:
    pos = random_position(seed, plies)
    quiet = load("quiescence_win")
    quiet.CAP = 2  # uncapped, a few positions take minutes
    for module in (load("forced_block"), quiet):
        assert recorded(module, pos)[1] == [], (module.__name__, pos.moves_string())


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 40))
def test_must_block_is_where_every_other_move_lets_a_four_in(seed: int, plies: int) -> None:
    """The oracle is the rules: a column must be blocked when, whatever else the side
    to move plays, the opponent then wins at once there."""
    pos = random_position(seed, plies)
    legal = pos.legal_moves()
    if len(legal) < 2 or pos.can_win_next():
        return
    threatened = set()
    for col in legal:
        for other in set(legal) - {col}:
            after = pos.copy()
            after.play(other)
            if col in after.winning_moves():
                threatened.add(col)
    assert set(pos.must_block()) == threatened


# ---------------------------------------------------------------------- quiescence
@pytest.mark.slow
def test_an_uncapped_quiescence_is_no_stale_memo() -> None:
    """Before: ``memo-depth`` ("11 plies above the depth limit ... a stored value") at a
    leaf at the depth limit: the deepest leaves were the quiescence's, and the search
    has no table."""
    quiet = load("quiescence_win")
    tree, found = recorded(quiet, Position.from_moves("11274312555346447"))
    assert found == []
    assert tree.horizon > quiet.DEPTH and tree.limit == quiet.DEPTH
    # every leaf at the depth limit is the person's evaluation, run again
    at = tree.leaf & ~tree.terminal & (tree.depth == quiet.DEPTH)
    assert at.sum() > 50
    for k in np.flatnonzero(at).tolist():
        assert tree.value[k] == quiet.evaluate(tree.position(k))


# ---------------------------------------------------------------------- memo
def test_a_value_stored_by_a_shallower_search_is_named() -> None:
    """The table kept a one-ply look at a child; the five-ply search reads it back
    where a forced result lies within the plies it had left."""
    memo = load("memo_without_depth")
    pos = Position.from_moves("5531355")
    child = pos.copy()
    child.play(2)
    memo.negamax(child, 1)  # the quick look, into the shared table
    tree, found = recorded(memo, pos)
    (f,) = [f for f in found if f.check == "memo"]
    assert f.cause == "memo-depth" and tree.limit == tree.horizon == memo.DEPTH
    named = Position.from_moves(f.node_moves)
    assert named == child
    # the value is the one-ply look's (the person's code, a fresh table) ...
    fresh = load("memo_without_depth")
    assert f"returned {fresh.negamax(named.copy(), 1):+d}" in f.text
    # ... and the exact outcome is decided within the plies left
    out = score_outcome(solve(named), named.ply, width=7, height=6)
    assert out["result"] != "draw" and out["plies"] < memo.DEPTH - len(f.line)


# ---------------------------------------------------------------------- MCTS rewards
@pytest.mark.slow
def test_an_mcts_returning_the_movers_reward_is_no_wrong_player() -> None:
    """Its results are kept for the player who moved into each node, as its UCT rule
    reads them: before, ``perspective`` said they were "credited to the wrong player
    at every other level" (at ``4453``) or at every level."""
    mcts = load("mcts_mover_reward")
    mcts.ITERATIONS = 1500
    for moves in ("4453", "12163272"):
        pos = Position.from_moves(moves)
        tree, found = recorded(mcts, pos)
        assert not tree.once and found == [], (moves, found)
    # the search is right where the rules settle it: a win at once is taken
    pos = Position.from_moves("445566")
    assert mcts.choose(pos.copy()) - 1 in pos.winning_moves()


def test_results_credited_to_the_wrong_player_every_other_level_are_still_named(
    tmp_path: Path,
) -> None:
    """The same search with the flip on the way up forgotten (``r = simulate(...)``):
    each node keeps its child's mover's result, the wrong player's at every other
    level."""
    source = (AGENTS / "mcts_mover_reward.py").read_text()
    flipped = "r = 1.0 - simulate(g, node.children[m], rng)"
    assert flipped in source
    buggy = tmp_path / "mcts_unflipped.py"
    buggy.write_text(source.replace(flipped, "r = simulate(g, node.children[m], rng)"))
    mcts = load_file(buggy)
    mcts.ITERATIONS = 1500
    found = recorded(mcts, Position.from_moves("4453"))[1]
    assert [f.cause for f in found if f.check == "perspective"] == ["wrong-player"], found


def test_an_mcts_returning_the_winners_number_gets_no_finding_on_its_means() -> None:
    """Its calls return 1 or 2, the winner, and each node credits the player who
    moved into it: before, ``perspective`` said its results were "credited to the
    wrong player at every other level", reading averages of player numbers as
    means."""
    mcts = load("mcts_mover_reward")
    mcts.ITERATIONS, mcts.SEARCH = 1500, mcts.simulate_winner
    tree, found = recorded(mcts, Position.from_moves("12163272"))
    assert found == []
    fours = np.flatnonzero(tree.four & tree.leaf)
    assert len(fours) >= 3 and set(tree.value[fours].tolist()) == {1.0, 2.0}
    # its own statistics rank the root's children by their exact outcomes where
    # those differ: a win kept over a loss
    pos = Position.from_moves("445566")
    assert mcts.choose(pos.copy()) - 1 in pos.winning_moves()
