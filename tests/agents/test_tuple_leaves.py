"""A negamax returning ``(column, score)`` whose leaves give ``-1`` (or None) for the
column they do not have, and the same search returning ``(score, column)``: the
scores are read as the values, however the numbers look (``-1`` is no column; a
search scoring every position 0 holds nothing else). The oracle is the person's own
function run again without treeviz, at every recorded node."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from conftest import load_edited, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.connect4.board import Position
from treeviz.trace.nodes import SearchResult
from treeviz.trace.values import node_value

FILE = Path(__file__).resolve().parents[1] / "data" / "agents" / "column_score_negamax.py"
STYLES = {
    "(column, score), leaves -1": (),
    "(column, score), leaves None": (
        ("        return -1, -50", "        return None, -50"),
        ("        return -1, evaluate(board)", "        return None, evaluate(board)"),
    ),
    "(score, column)": (
        ("        return -1, -50", "        return -50, -1"),
        ("        return -1, evaluate(board)", "        return evaluate(board), -1"),
        ("        _, score = negamax(", "        score, _ = negamax("),
        ("    return best_col, best\n", "    return best, best_col\n"),
        (
            "    col, _ = negamax(board_from(pos), DEPTH)",
            "    _, col = negamax(board_from(pos), DEPTH)",
        ),
    ),
    # no evaluation: every unfinished position 0, no four within reach of the root
    "(column, score), every score 0": (("    return centre.count", "    return 0 * centre.count"),),
}


def recorded(module: ModuleType, pos: Position) -> tuple[SearchResult, int]:
    with treeviz.recording(pos) as rec:
        col = module.choose(pos.copy())
    return rec.result, col


def own_score(module: ModuleType, board: list[list[str]], depth: int, style: str) -> float:
    """The score the person's function returns for ``board`` (for its side to move)."""
    ret = module.negamax(board, depth)
    return float(ret[0] if style == "(score, column)" else ret[1])


@pytest.mark.slow
@pytest.mark.parametrize("style", list(STYLES))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 10))
def test_every_node_reads_the_score_the_persons_code_returns(
    style: str, seed: int, plies: int
) -> None:
    """Before: with ``-1`` at the leaves, or every score 0, the columns were read as the
    values (every column of the empty board -3, the best column of its child)."""
    pos = random_position(seed, plies)
    module = load_edited(FILE, STYLES[style])
    res, col = recorded(module, pos)
    trace = res.trace
    assert res.move == col  # the recording's answer, read from the tuples, is the code's
    root = module.board_from(pos)
    for i in range(1, len(trace)):
        board = root
        for move in trace.path_moves(i):
            board = module.play(board, int(move) - 1)
        depth = int(trace.nodes["depth"][i])
        own = own_score(module, board, module.DEPTH - depth, style)
        for_root = own if depth % 2 == 0 else -own
        assert node_value(trace, i).value == for_root, (i, trace.path_moves(i), own)
