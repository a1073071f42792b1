"""Inside a traced MCTS: the selection rule, the final choice and the tree's growth
named as causes, from the recorded order of calls.

The searches here are written as a lecture's "MCTS with tables" writes them, unlike
``buggy_mcts`` (node objects on a NumPy board): positions are move strings, and the
statistics live in dictionaries keyed by them (``N``, ``W``, ``kids``). ``simulate(s)``
is one iteration below ``s`` and returns its result for the player to move there
(+1 a win, -1 a loss, 0 a draw). Each test's search has one bug, or none; the tests
check the doctor's claims against the search's own tables (what it chose, how often
it visited), not against the doctor's output.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

import treeviz
from treeviz.checkup.tree_bugs import CAUSES, NodeFinding, check_tree
from treeviz.connect4.board import Position

Score = Callable[[float, int, int], float]  # (mean, parent visits, child visits) -> score


def uct(mean: float, big: int, n: int) -> float:
    return mean + math.sqrt(2) * math.sqrt(math.log(big) / n)


@dataclass
class Tables:
    """One search: the tables, the rule and the seeded generator."""

    score: Score = uct
    grow: bool = True  # False: the bug that never expands below the root
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    N: dict[str, int] = field(default_factory=dict)
    W: dict[str, float] = field(default_factory=dict)  # for the player who moved into s
    kids: dict[str, list[str]] = field(default_factory=dict)
    root: str = ""

    def rollout(self, s: str) -> float:
        pos = Position.from_moves(s)
        me = pos.side_to_move
        while pos.winner() is None and not pos.is_full():
            pos.push(self.rng.choice(pos.legal_moves()))
        return 0.0 if pos.winner() is None else 1.0 if pos.winner() == me else -1.0

    def select(self, s: str) -> str:
        untried = [k for k in self.kids[s] if self.N.get(k, 0) == 0]
        if untried:
            return self.rng.choice(untried)
        return max(
            self.kids[s], key=lambda k: self.score(self.W[k] / self.N[k], self.N[s], self.N[k])
        )


SEARCH: list[Tables] = []  # the search under way (the traced function reads it)


@treeviz.traced
def simulate(s: str) -> float:
    t = SEARCH[-1]
    pos = Position.from_moves(s)
    if pos.winner() is not None:
        result = -1.0  # the player who moved into s made four
    elif pos.is_full():
        result = 0.0
    elif t.N.get(s, 0) == 0 or (not t.grow and s != t.root):  # BUG when not grow
        result = t.rollout(s)
    else:
        if s not in t.kids:
            t.kids[s] = [s + str(c + 1) for c in pos.legal_moves()]
        child = t.select(s)
        result = -simulate(child)
        t.W[child] = t.W.get(child, 0.0) + result
    t.N[s] = t.N.get(s, 0) + 1
    return result


def search(
    moves: str,
    *,
    score: Score = uct,
    grow: bool = True,
    by_mean: bool = False,
    iterations: int = 400,
    seed: int = 0,
) -> tuple[Tables, list[NodeFinding]]:
    """The search of ``moves`` recorded as the doctor records it (checked, the
    answer given), its tables and the node findings."""
    t = Tables(score=score, grow=grow, rng=random.Random(seed), root=moves)
    SEARCH.append(t)
    try:
        with treeviz.recording(check=True) as rec:
            for _ in range(iterations):
                simulate(moves)
            kids = t.kids[moves]
            key = (lambda k: t.W[k] / t.N[k]) if by_mean else (lambda k: t.N[k])  # BUG: mean
            rec.forced = int(max(kids, key=key)[-1]) - 1  # the agent's answer (0-based)
            result = rec.result
    finally:
        SEARCH.pop()
    return t, check_tree(result)


def cause(found: list[NodeFinding], check: str) -> NodeFinding:
    (f,) = [f for f in found if f.check == check]
    assert f.cause in CAUSES
    return f


POSITIONS = ("", "4453", "3344553")


@pytest.mark.parametrize("moves", POSITIONS)
def test_an_exploration_term_without_the_log_is_named(moves: str) -> None:
    t, found = search(moves, score=lambda mean, big, n: mean + math.sqrt(big / n))
    f = cause(found, "selection")
    assert f.cause == "uct-no-log"
    s = f.node_moves  # a node whose every column the search tried, then chose among
    assert s in t.kids and all(t.N.get(k, 0) > 0 for k in t.kids[s])


@pytest.mark.parametrize("moves", POSITIONS)
def test_an_exploitation_term_with_the_wrong_sign_is_named(moves: str) -> None:
    _, found = search(moves, score=lambda mean, big, n: -mean + math.sqrt(2 * math.log(big) / n))
    assert cause(found, "selection").cause == "uct-sign"


@pytest.mark.parametrize("moves", POSITIONS)
def test_a_constant_of_the_wrong_scale_is_named_with_its_size(moves: str) -> None:
    _, found = search(moves, score=lambda mean, big, n: mean + 100 * math.sqrt(math.log(big) / n))
    f = cause(found, "selection")
    assert f.cause == "uct-constant"
    assert "from -1 to +1" in f.text  # the results' range, as the search returns them


@pytest.mark.parametrize("moves", POSITIONS)
def test_a_final_move_by_mean_is_named_where_it_is_not_the_most_visited(moves: str) -> None:
    t, found = search(moves, by_mean=True, iterations=150)
    kids = t.kids[moves]
    by_mean = max(kids, key=lambda k: t.W[k] / t.N[k])
    if t.N[by_mean] == max(t.N[k] for k in kids):  # the two agree: nothing to see
        assert not [f for f in found if f.check == "final"]
        return
    f = cause(found, "final")
    assert f.cause == "mean-choice" and f"column {by_mean[-1]} " in f.text


@pytest.mark.parametrize("moves", POSITIONS)
def test_a_tree_that_never_grows_below_the_root_is_named(moves: str) -> None:
    t, found = search(moves, grow=False, iterations=200)
    assert all(len(s) <= len(moves) + 1 for s in t.N)  # the tables agree: depth 1 only
    f = cause(found, "growth")
    assert f.cause == "root-only" and len(f.line) == 1


# Two empty cells: after either of the root's moves, every move ends the game (the
# board full, or a four), so a search that scores those endings where it sees them
# calls nothing below the root, and has grown as far as there was to grow.
NO_ROOM = "7463763237165752677163122413415556144425"


def test_a_tree_with_no_room_below_the_root_is_not_named() -> None:
    pos = Position.from_moves(NO_ROOM)
    for col in pos.legal_moves():  # by the rules: every reply below the root ends it
        child = pos.copy()
        child.push(col)
        for reply in child.legal_moves():
            after = child.copy()
            after.push(reply)
            assert after.is_over()
    t, found = search(NO_ROOM, grow=False, iterations=200)
    assert max(len(s) for s in t.N) == len(NO_ROOM) + 1  # nothing called below depth 1
    assert not [f for f in found if f.check == "growth"]


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("moves", [*POSITIONS, "131475"])
def test_a_correct_uct_search_gets_none_of_these(moves: str, seed: int) -> None:
    _, found = search(moves, seed=seed, iterations=300)
    assert found == []


@pytest.mark.parametrize("c", [0.5, 1.0, 2.0])
def test_a_sensible_constant_is_not_a_cause(c: float) -> None:
    _, found = search("4453", score=lambda mean, big, n: mean + c * math.sqrt(math.log(big) / n))
    assert found == []
