"""A traced search whose numbers are results in 0..1 (1 a win, 0.5 a draw, 0 a loss,
handed up as ``1 - r``), as course MCTS writes them: every node reads, for the root
player, as the person's own nodes count their results (``1 - r`` for the other side,
not ``-r``), in both conventions (results for the side to move, for the mover); the
words said against the exact scores compare each result with a draw's 0.5."""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from conftest import load_edited, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.agents.registry import search
from treeviz.agents.user.reasons import user_reasons
from treeviz.agents.user.scale import RESULTS_CENTRE, results_centre
from treeviz.checkup.tree_bugs import check_tree
from treeviz.connect4.board import Position
from treeviz.exact.scores import column_scores
from treeviz.trace import files
from treeviz.trace.kinds import RESULTS_KIND
from treeviz.trace.nodes import SearchResult
from treeviz.trace.values import kind_text, node_value

FILE = Path(__file__).resolve().parents[1] / "data" / "agents" / "mcts_mover_reward.py"
# the same search returning each node's result for its side to move
TO_MOVE = (
    ("r = 1.0 - simulate(g, node.children[m], rng)", "r = simulate(g, node.children[m], rng)"),
    ("    return r\n", "    return 1.0 - r\n"),
)
CONVENTIONS = {"mover": (), "side to move": TO_MOVE}


def course(edits: tuple[tuple[str, str], ...], iterations: int) -> ModuleType:
    module = load_edited(FILE, edits)
    module.ITERATIONS = iterations
    return module


def recorded(module: ModuleType, pos: Position) -> SearchResult:
    with treeviz.recording(pos) as rec:
        module.choose(pos.copy())
    return rec.result


def own_tree(module: ModuleType, pos: Position) -> object:
    """The person's own root node after the same iterations, run without treeviz."""
    root = module.Node(1 if pos.side_to_move == "X" else 2)
    rng = random.Random(12345)  # the file's own seed
    grid = module.to_grid(pos)
    for _ in range(module.ITERATIONS):
        module.simulate(grid, root, rng)
    return root


@pytest.mark.parametrize("convention", list(CONVENTIONS))
@pytest.mark.parametrize("moves", ["4453", "", "1216327"])
def test_every_node_reads_as_the_persons_own_results(convention: str, moves: str) -> None:
    """Before: a node two plies down (its mover the root player's opponent) showed
    ``-r`` for the root player, a negative number the search never returned; now
    ``1 - r``. The oracle is the person's own nodes (their wins over their visits,
    for the player who moved into each), within one result: the expansion's first
    result is counted by the person's node but made by no traced call."""
    pos = Position.from_moves(moves)
    module = course(CONVENTIONS[convention], iterations=500)
    res = recorded(module, pos)
    trace = res.trace
    assert trace.value_kind == RESULTS_KIND
    assert "0.5 a draw" in kind_text(trace.value_kind)
    root = own_tree(module, pos)
    checked = 0
    for i in range(1, len(trace)):
        node = root
        for col in trace.path_moves(i):
            node = node.children[int(col) - 1]
        if node.visits < 3:
            continue
        own = node.wins / node.visits  # for the player who moved into it
        depth = int(trace.nodes["depth"][i])
        for_root = own if depth % 2 == 1 else 1.0 - own
        shown = node_value(trace, i).value
        assert shown is not None and 0.0 <= shown <= 1.0, (i, shown)
        assert abs(shown - for_root) <= 1.0 / (node.visits - 1) + 1e-9, (i, depth, shown, own)
        checked += depth >= 2
    assert checked >= 10  # the nodes two plies and more down were compared


def test_both_conventions_show_the_same_numbers() -> None:
    """The same search in the two conventions: the same tree, the same numbers for the
    root player (before, the side to move's read ``r - 1`` where the mover's read ``r``)."""
    pos = Position.from_moves("4453")
    a = recorded(course((), 400), pos)
    b = recorded(course(TO_MOVE, 400), pos)
    assert len(a.trace) == len(b.trace)
    va = [node_value(a.trace, i).value for i in range(len(a.trace))]
    vb = [node_value(b.trace, i).value for i in range(len(b.trace))]
    assert np.allclose(np.asarray(va[1:], float), np.asarray(vb[1:], float))
    assert [m.value for m in a.moves] == pytest.approx([m.value for m in b.moves])


def test_reasons_say_but_only_where_the_result_and_the_exact_score_disagree() -> None:
    """ "scores column c at v, but it loses": said only where ``v`` is on the other side
    of a draw's 0.5 from the column's exact score (the solver, the oracle). Before,
    every losing column was "but" (0.3 is above 0)."""
    pos = Position.from_moves("12163272")
    res = recorded(course((), 600), pos)
    exact = column_scores(pos)
    scores = dict(enumerate(exact, start=1))
    said = 0
    for reason in user_reasons(pos, res, exact):
        found = re.search(r"scores column (\d) at ([0-9.]+)", reason.text)
        if found is None:
            continue
        column, value = int(found.group(1)), float(found.group(2))
        score = scores[column]
        assert score is not None
        opposed = (value - RESULTS_CENTRE) * score < 0
        assert (", but" in reason.text) == opposed, reason.text
        said += 1
    assert said


def test_the_scale_needs_its_own_evidence() -> None:
    """Results in 0..1 only where the numbers say so: all within 0..1, some strictly
    between, the fours 0 or 1; a win-or-nothing search (0 and 1 only), a four valued
    -1 or 0.3, or a number past 1 keep the default."""
    mean = np.array([0.4, 0.7, 0.0, 1.0])
    none = (np.full(4, -np.inf), np.full(4, np.inf))
    four = np.array([False, False, True, False])
    once, means = np.ones(4, np.int32), np.array([5, 3, 1, 1], np.int32)
    assert results_centre(mean, none, four=four, visits=once) == RESULTS_CENTRE
    assert results_centre(mean, none, four=np.zeros(4, bool), visits=means) == RESULTS_CENTRE
    assert results_centre(mean, none, four=np.zeros(4, bool), visits=once) == 0.0
    assert results_centre(np.array([0.0, 1.0, 0.0, 1.0]), none, four=four, visits=means) == 0.0
    assert results_centre(np.array([0.4, 0.7, 0.3, 1.0]), none, four=four, visits=means) == 0.0
    assert results_centre(np.array([0.4, 0.7, -1.0, 1.0]), none, four=four, visits=means) == 0.0
    assert results_centre(np.array([0.4, 1.5, 0.0, 1.0]), none, four=four, visits=means) == 0.0


def test_a_trace_file_keeps_the_results_reading(tmp_path: Path) -> None:
    """Saved and opened again (JSON and .npz), a recording of results in 0..1 reads
    the same: the kind a person's search declares (``user``) allows its reading."""
    pos = Position.from_moves("4453")
    recordings = (search(pos, f"{FILE}:choose"), recorded(course((), 200), pos))
    for res, path in zip(recordings, (tmp_path / "t.json", tmp_path / "t.npz"), strict=True):
        files.save(res.trace, path)
        again = files.load(path)
        assert again.value_kind == RESULTS_KIND
        assert [node_value(again, i) for i in range(len(again))] == [
            node_value(res.trace, i) for i in range(len(res.trace))
        ]


NEGAMAX = Path(__file__).resolve().parents[1] / "data" / "agents" / "negamax_results.py"


@pytest.mark.slow
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 6))
def test_a_negamax_on_results_reads_so_with_no_four_in_reach(seed: int, plies: int) -> None:
    """A negamax on results three plies deep from early positions reaches no four: its
    backups (the best of ``1 - r``) show the scale. Before, the empty board's columns
    read -0.5 and -0.55, where the search's own results for X are 0.5 and 0.45. The
    oracle: the person's function run again at every node."""
    pos = random_position(seed, plies)
    module = load_edited(NEGAMAX, ())
    with treeviz.recording(pos) as rec:
        module.choose(pos.copy())
    trace = rec.result.trace
    assert trace.value_kind == RESULTS_KIND
    root, me = module.grid(pos), pos.side_to_move
    for i in range(1, len(trace)):
        board, piece = root, me
        for col in trace.path_moves(i):
            board = module.drop(board, int(col) - 1, piece)
            piece = "O" if piece == "X" else "X"
        depth = int(trace.nodes["depth"][i])
        own = module.negamax(board, module.DEPTH - depth, piece)  # for its side to move
        for_root = own if depth % 2 == 0 else 1 - own
        shown = node_value(trace, i).value
        assert shown is not None and abs(shown - for_root) < 1e-9, (i, shown, own)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(2, 20))
def test_the_doctor_finds_nothing_in_a_correct_negamax_on_results(seed: int, plies: int) -> None:
    """Before: ``backup`` ("the largest of its children's values negated, -0.45 ... but
    it returned +0.55", where 1 - 0.45 is right) and ``terminal`` ("scored 0 for X,
    the value of a draw": 0 is a loss here) on a correct search."""
    pos = random_position(seed, plies)
    with treeviz.recording(pos, check=True) as rec:
        load_edited(NEGAMAX, ()).choose(pos.copy())
    assert check_tree(rec.result) == []


def test_the_same_negamax_with_its_results_not_turned_is_named() -> None:
    """``max(negamax(...))`` for ``max(1 - negamax(...))``: each level keeps its
    child's result as its own, named in the numbers the search returned."""
    edits = (("    return max(1 - negamax(", "    return max(negamax("),)
    pos = Position.from_moves("4453")
    with treeviz.recording(pos, check=True) as rec:
        load_edited(NEGAMAX, edits).choose(pos.copy())
    found = check_tree(rec.result)
    assert found, "the unturned results are named"
    said = " ".join(f.text for f in found)
    # every value quoted is a number the search returned or took: a result in 0..1
    assert "turned (1 - r)" in said  # not "negated": on this scale 1 - r is the turn
    quoted = [float(x) for x in re.findall(r"[-+]?\d+\.\d+", said)]
    assert quoted and all(0.0 <= x <= 1.0 for x in quoted), said
