"""The searches of ``examples/buggy/`` (written the way course notebooks write them,
one bug each) are each caught by the check their docstring names; the correct one
beside them gets no finding."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import EXAMPLES

from treeviz.checkup.battery import facts
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
    "one_sided_gameover": "misses-block",
    "own_stones_only": "misses-block",
    "win_any_depth": "misses-win",
    "wrong_side_leaves": "misses-win",
}


def test_every_buggy_file_is_listed() -> None:
    files = {p.stem for p in BUGGY.glob("*.py")} - {"correct_minimax"}
    assert files == set(EXPECTED)
    for name, check in EXPECTED.items():
        assert check in (BUGGY / f"{name}.py").read_text(), name  # its docstring names it


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_bug_is_found_by_its_check(name: str) -> None:
    result = checkup(f"{BUGGY / name}.py:choose", positions=5, depth=4)
    found = {f.check: f for f in result.findings}
    assert EXPECTED[name] in found, [f.text for f in result.findings]
    f = found[EXPECTED[name]]
    if name == "column_zero_dropped":  # column 1 is the answer it would not keep
        assert 0 in facts(Position.from_moves(f.moves)).wins
    if name == "wrong_side_leaves":  # values from the wrong side: one side fails
        assert f.sides["X"][0] == 0 < f.sides["O"][0] and "only as O" in f.text


@pytest.mark.slow
def test_the_correct_one_is_healthy() -> None:
    result = checkup(f"{BUGGY / 'correct_minimax'}.py:choose", positions=5, depth=4)
    assert result.healthy, [f.text for f in result.findings]
