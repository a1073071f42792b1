"""Inside a traced negamax or minimax: an evaluation that scores the board for one
player whoever its value is for (values taken from the wrong player), named from the
leaves of several recorded searches; correct searches never.

The searches here are written as a "columns as stacks" notebook writes them, unlike
the course searches (NumPy grids, bitboards, character grids): the board is a list of
seven columns, each a list of 'X' and 'O' from the bottom up, the evaluation counts
open lines of four (3, 9 and 27 points for one, two and three stones), alpha-beta for
the negamax, a ``maximizingPlayer`` flag for the minimax, depth 3. Each has one bug,
or none; the tests check the doctor's claims against the boards and the searches' own
code, re-run.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.checkup.battery import Probe
from treeviz.checkup.inside import inside
from treeviz.checkup.leaf_sides import MIN_LEAVES, leaves
from treeviz.checkup.node_tree import Tree
from treeviz.checkup.tree_bugs import CAUSES, NodeFinding, check_tree, check_trees
from treeviz.connect4.board import Position
from treeviz.trace.nodes import SearchResult

HEIGHT, WIDTH, DEPTH = 6, 7, 3
ORDER = (3, 2, 4, 1, 5, 0, 6)
WIN = 10_000
Cols = list[list[str]]


def columns_of(pos: Position) -> Cols:
    """``pos`` as seven stacks, bottom first."""
    rows = list(pos.rows())[::-1]  # bottom row first
    return [[row[c] for row in rows if row[c] is not None] for c in range(WIDTH)]


def grid(cols: Cols) -> list[list[str]]:
    """The stacks as a board grid, top row first (what the tracing reads)."""
    return [
        [cols[c][r] if r < len(cols[c]) else "." for c in range(WIDTH)]
        for r in reversed(range(HEIGHT))
    ]


def cell(cols: Cols, c: int, r: int) -> str:
    return cols[c][r] if 0 <= c < WIDTH and 0 <= r < len(cols[c]) else "."


def lines(cols: Cols) -> list[list[str]]:
    """Every line of four cells on the board."""
    out = []
    for c in range(WIDTH):
        for r in range(HEIGHT):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if 0 <= c + 3 * dc < WIDTH and 0 <= r + 3 * dr < HEIGHT:
                    out.append([cell(cols, c + i * dc, r + i * dr) for i in range(4)])
    return out


def has_four(cols: Cols, who: str) -> bool:
    return any(line.count(who) == 4 for line in lines(cols))


def score(cols: Cols, who: str) -> int:
    """Open lines of four: ``who``'s minus the opponent's."""
    other = "O" if who == "X" else "X"
    points = (0, 3, 9, 27, 0)
    total = 0
    for line in lines(cols):
        if other not in line:
            total += points[line.count(who)]
        if who not in line:
            total -= points[line.count(other)]
    return total


def drop(cols: Cols, c: int, who: str) -> Cols:
    new = [list(col) for col in cols]
    new[c].append(who)
    return new


def open_columns(cols: Cols) -> list[int]:
    return [c for c in ORDER if len(cols[c]) < HEIGHT]


Leaf = Callable[[Cols, str], int]  # (board, the player the value is for) -> points


def make_negamax(leaf: Leaf) -> Callable[..., float]:
    """A negamax with alpha-beta scoring its leaves by ``leaf``."""

    @treeviz.traced(position=lambda cols, *_: grid(cols))
    def negamax(cols: Cols, depth: int, alpha: float, beta: float, who: str) -> float:
        other = "O" if who == "X" else "X"
        if has_four(cols, other):
            return -(WIN + depth)
        moves = open_columns(cols)
        if not moves:
            return 0
        if depth == 0:
            return leaf(cols, who)
        best = -math.inf
        for c in moves:
            best = max(best, -negamax(drop(cols, c, who), depth - 1, -beta, -alpha, other))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    return negamax


def make_minimax(leaf: Leaf) -> Callable[..., float]:
    """A minimax with a maximizing flag; its values are for ``ai``, scored by ``leaf``."""

    @treeviz.traced(position=lambda cols, *_: grid(cols), maximizing="maximizingPlayer")
    def minimax(cols: Cols, depth: int, maximizingPlayer: bool, ai: str) -> float:
        human = "O" if ai == "X" else "X"
        if has_four(cols, ai):
            return WIN + depth
        if has_four(cols, human):
            return -(WIN + depth)
        moves = open_columns(cols)
        if not moves:
            return 0
        if depth == 0:
            return leaf(cols, ai)
        who = ai if maximizingPlayer else human
        values = [minimax(drop(cols, c, who), depth - 1, not maximizingPlayer, ai) for c in moves]
        return max(values) if maximizingPlayer else min(values)

    return minimax


correct_negamax = make_negamax(score)
x_negamax = make_negamax(lambda cols, who: score(cols, "X"))  # BUG: X's, whoever moves
correct_minimax = make_minimax(score)
x_minimax = make_minimax(lambda cols, ai: score(cols, "X"))  # BUG: X's, whoever is the AI


def search_negamax(negamax: Callable[..., float], pos: Position) -> None:
    negamax(columns_of(pos), DEPTH, -math.inf, math.inf, pos.side_to_move)


def search_minimax(minimax: Callable[..., float], pos: Position) -> None:
    minimax(columns_of(pos), DEPTH, True, pos.side_to_move)


def choose(search: Callable[[Position], None], pos: Position) -> int:
    """An agent: ``search`` of ``pos`` (recorded where a recording is on), answering
    the centre-most open column (the tests here read its trees only)."""
    search(pos)
    return 1 + open_columns(columns_of(pos))[0]


def choose_x_negamax(pos: Position) -> int:
    """An agent whose traced search is ``x_negamax`` (for the doctor, by file)."""
    return choose(lambda p: search_negamax(x_negamax, p), pos)


def choose_correct_negamax(pos: Position) -> int:
    return choose(lambda p: search_negamax(correct_negamax, p), pos)


def recorded(search: Callable[[Position], None], moves: str) -> SearchResult:
    """The search of ``moves`` recorded as the doctor records it (every call checked)."""
    with treeviz.recording(check=True) as rec:
        search(Position.from_moves(moves))
    return rec.result


# Positions without a four, X to move in the first three and O in the others
POSITIONS = ("4453", "3344", "2552", "445", "34435", "6217363")


def sign_finding(results: list[SearchResult]) -> NodeFinding | None:
    found = [f for f, _ in check_trees(results) if f.check == "sign"]
    return found[0] if found else None


def test_a_negamax_scoring_every_leaf_for_x_is_named_with_its_evidence() -> None:
    results = [recorded(lambda p: search_negamax(x_negamax, p), m) for m in POSITIONS]
    f = sign_finding(results)
    assert f is not None and f.cause == "wrong-player" and f.cause in CAUSES
    assert "for X whoever is to move" in f.text
    # the leaf named is one the search scored for O with X's points (its own code,
    # re-run), which the search really evaluated there, at its depth limit
    pos = Position.from_moves(f.node_moves)
    assert pos.side_to_move == "O" and len(f.line) == DEPTH
    assert pos.winner() is None and score(columns_of(pos), "X") == -score(columns_of(pos), "O")
    said = f.text.split("scored this leaf ")[1].split(" for O (to move)")[0]
    assert float(said) == score(columns_of(pos), "X") != 0


@pytest.mark.slow
def test_a_minimax_scoring_every_leaf_for_x_whoever_maximises_is_named() -> None:
    results = [recorded(lambda p: search_minimax(x_minimax, p), m) for m in POSITIONS]
    f = sign_finding(results)
    assert f is not None and f.cause == "wrong-player"
    assert "for X whoever maximises" in f.text and "where O maximises" in f.text
    # the leaf named is in a search where O is the AI (the maximiser, to move at its
    # root), and what the search returned there (its own code re-run) is X's score
    root = Position.from_moves(f.node_moves[: len(f.node_moves) - len(f.line)])
    pos = Position.from_moves(f.node_moves)
    assert root.side_to_move == "O" and len(f.line) == DEPTH and pos.winner() is None
    said = f.text.split("scored this leaf ")[1].split(" for O (the maximiser)")[0]
    assert float(said) == score(columns_of(pos), "X") != 0


def test_one_player_s_searches_alone_name_nothing() -> None:
    """Scored for X with X to move at every leaf (a negamax at depth 3 from O's
    positions): right for each of them, so no evidence of a player's side."""
    odd = [m for m in POSITIONS if len(m) % 2]
    results = [recorded(lambda p: search_negamax(x_negamax, p), m) for m in odd]
    assert sign_finding(results) is None


def test_the_doctor_names_it_from_the_trees_it_records() -> None:
    """Through :func:`inside`, as the doctor runs it: the agent loaded from this file."""
    probes = [Probe(m, f"kind {i}") for i, m in enumerate(POSITIONS)]
    found, trees = inside(
        f"{Path(__file__)}:choose_x_negamax", seconds=30.0, probes=probes, findings=[]
    )
    (f,) = [f for f in found if f.check == "sign"]
    assert f.cause == "wrong-player" and trees["sign"].root_moves in POSITIONS
    found, _ = inside(
        f"{Path(__file__)}:choose_correct_negamax", seconds=30.0, probes=probes, findings=[]
    )
    assert not found


def positions(seed: int, plies: list[int]) -> list[str]:
    """Unfinished positions after random moves, ``plies`` of them each."""
    import random

    rng, out = random.Random(seed), []
    for n in plies:
        while True:
            pos = Position()
            for _ in range(n):
                if pos.is_over():
                    break
                pos.play(rng.choice(pos.legal_moves()))
            if not pos.is_over():
                out.append("".join(str(c + 1) for c in pos.history))
                break
    return out


def enough(results: list[SearchResult]) -> bool:
    """Whether the trees hold the leaves the check needs of both owners (so a
    correct search that passes was judged, not let off)."""
    samples = [s for r in results if (s := leaves(Tree(r.trace))) is not None]
    return all(sum(int(s.of(o).sum()) for s in samples) >= MIN_LEAVES for o in "XO")


CORRECT = (
    lambda p: search_negamax(correct_negamax, p),
    lambda p: search_minimax(correct_minimax, p),
)


def no_sign_finding(results: list[SearchResult]) -> bool:
    return not check_trees(results) and not [
        f for r in results for f in check_tree(r) if f.check == "sign"
    ]


@pytest.mark.slow
def test_correct_searches_are_judged_and_pass() -> None:
    """On the positions where the buggy ones are named: evidence enough, no finding."""
    for search in CORRECT:
        results = [recorded(search, m) for m in POSITIONS]
        assert enough(results) and no_sign_finding(results)


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.lists(st.integers(2, 22), min_size=4, max_size=4))
def test_correct_searches_get_no_finding(seed: int, plies: list[int]) -> None:
    plies = [p - p % 2 + i % 2 for i, p in enumerate(plies)]  # both sides to move
    for search in CORRECT:
        assert no_sign_finding([recorded(search, m) for m in positions(seed, plies)])
