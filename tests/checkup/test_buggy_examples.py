"""The searches of ``examples/buggy/`` (written the way course notebooks write them,
one bug each) are each caught by the check their docstring names; the correct one
beside them gets no finding."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from conftest import EXAMPLES

from treeviz.checkup.battery import facts
from treeviz.checkup.result import Checkup
from treeviz.checkup.run import checkup
from treeviz.connect4.board import Position

BUGGY = Path(EXAMPLES) / "buggy"
EXPECTED = {  # file -> the check that must find its bug
    "column_zero_dropped": "misses-win",
    "full_board_loss": "endgame",
    "growing_floor": "misses-block",
    "leaky_state": "history",
    "mcts_no_backprop": "misses-win",
    "mcts_side_not_reset": "misses-win",
    "mcts_wrong_player": "misses-block",
    "one_sided_gameover": "misses-block",
    "own_stones_only": "misses-block",
    "win_any_depth": "misses-win",
    "wrong_side_leaves": "misses-win",
}


@cache
def doctored(name: str) -> Checkup:
    """The doctor's run on ``examples/buggy/<name>.py`` (5 positions of each kind, a
    stated depth of 4), made once in a process: a file's tests read the same run (this
    file runs on one worker, conftest's ``SHARED``)."""
    return checkup(f"{BUGGY / name}.py:choose", positions=5, depth=4)


def test_every_buggy_file_is_listed() -> None:
    files = {p.stem for p in BUGGY.glob("*.py")} - {"correct_minimax"}
    assert files == set(EXPECTED)
    for name, check in EXPECTED.items():
        assert check in (BUGGY / f"{name}.py").read_text(), name  # its docstring names it


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_bug_is_found_by_its_check(name: str) -> None:
    result = doctored(name)
    found = {f.check: f for f in result.findings}
    assert EXPECTED[name] in found, [f.text for f in result.findings]
    f = found[EXPECTED[name]]
    if name == "column_zero_dropped":  # column 1 is the answer it would not keep
        assert 0 in facts(Position.from_moves(f.moves)).wins
    if name == "wrong_side_leaves":  # values from the wrong side: one side fails
        assert f.sides["X"][0] == 0 < f.sides["O"][0] and "only as O" in f.text


INSIDE = {
    "full_board_loss": "terminal",
    "own_stones_only": "turn",
    "wrong_side_leaves": "sign",
    "mcts_wrong_player": "perspective",
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(INSIDE))
def test_inside_the_traced_search_the_node_is_named(name: str, tmp_path: Path) -> None:
    """The node check names a node of the recorded tree, and ``--trace`` saves that
    tree: the node is in it, at the position the finding says."""
    from treeviz.cli.main import main
    from treeviz.trace.files import load

    spec = f"{BUGGY / name}.py:choose"
    result = doctored(name)
    found = {n.check: n for n in result.inside}
    assert INSIDE[name] in found, [n.text for n in result.inside]
    n = found[INSIDE[name]]
    trace = result.trees[INSIDE[name]]
    assert trace.path_moves(n.node) == "".join(map(str, n.line))  # the node is in it
    root = trace.position()
    root_moves = root.moves_string()
    assert n.node_moves == root_moves + trace.path_moves(n.node)
    assert main(["doctor", spec, "--positions", "5", "--depth", "4", "--trace", str(tmp_path)]) == 1
    saved = load(tmp_path / f"{INSIDE[name]}.json")  # a trace file treeviz reads back
    assert n.node < len(saved) <= len(trace)
    assert saved.path_moves(n.node) == trace.path_moves(n.node)


@pytest.mark.slow
def test_the_correct_one_is_healthy() -> None:
    result = doctored("correct_minimax")
    assert result.healthy, [f.text for f in result.findings]
