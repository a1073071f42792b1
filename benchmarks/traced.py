"""Recording cost of traced searches written the way course notebooks write them.

Run: ``.venv/bin/python benchmarks/traced.py``. Side by side in one run, medians of
``REPEATS``: each example search undecorated and recorded (the trace built too), and
their ratio (goal: at most 1.5x):

- ``examples/minimax_agent.py``: minimax with alpha-beta over a list-of-lists board;
- ``examples/mcts_agent.py``: a recursive MCTS over a NumPy board;
- a lean negamax over move strings (the cheapest call a person writes: the worst case
  for the recorder's share).

Then the memory of a recording of about a million calls, per call, against the
trace's 57 bytes a node.
"""

from __future__ import annotations

import math
import resource
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from timing import median_time

import treeviz

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
import mcts_agent
import minimax_agent

REPEATS = 5


@contextmanager
def undecorated(module: ModuleType, name: str) -> Iterator[None]:
    """The module's traced function replaced by the plain one (its recursion calls the
    module's name)."""
    traced = getattr(module, name)
    setattr(module, name, traced.__wrapped__)
    try:
        yield
    finally:
        setattr(module, name, traced)


def compare(label: str, module: ModuleType, name: str, run: Callable[[], Any]) -> None:
    """Time ``run`` undecorated and recorded; print calls, medians and the ratio."""

    def plain() -> None:
        with undecorated(module, name):
            run()

    def recorded() -> None:
        with treeviz.recording() as rec:
            run()
        rec.result  # noqa: B018  # the trace is built too

    with treeviz.recording() as rec:
        run()
    a, b = median_time(plain, REPEATS), median_time(recorded, REPEATS)
    print(
        f"{label:34}: {rec.calls:8,} calls, plain {a:.3f} s, recorded {b:.3f} s, ratio {b / a:.2f}x"
    )


def minimax_run(moves: str) -> Callable[[], Any]:
    board = minimax_agent.to_board(treeviz.Position.from_moves(moves))
    return lambda: minimax_agent.minimax(board, 5, -math.inf, math.inf, True)


def mcts_run(moves: str) -> Callable[[], Any]:
    pos = treeviz.Position.from_moves(moves)

    def run() -> None:
        mcts_agent.random.seed(0)
        root = mcts_agent.Node(mcts_agent.to_board(pos), 1 if pos.side_to_move == "X" else 2)
        for _ in range(300):
            mcts_agent.descend(root)

    return run


@treeviz.traced
def lean(moves: str, depth: int) -> int:
    """A negamax over move strings with a cheap static value: a call costs little."""
    if depth == 0:
        return len(moves) % 3 - 1
    return max(-lean(moves + c, depth - 1) for c in "1234567")


def memory(depth: int) -> None:
    """Peak memory of recording one lean search of ~1M calls, per call."""
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with treeviz.recording(capacity=2_000_000) as rec:
        lean("", depth)
    during = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    trace = rec.trace
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kib = 1024
    print(
        f"recording {rec.calls:,} calls: {(during - base) * kib / rec.calls:.0f} bytes a call "
        f"while recording, {(after - base) * kib / rec.calls:.0f} with the trace built "
        f"({trace.nodes.itemsize} bytes a node in the trace)"
    )


def main() -> None:
    for moves in ("", "4453", "444333"):
        compare(
            f"minimax_agent, depth 5, {moves or 'empty'!r}",
            minimax_agent,
            "minimax",
            minimax_run(moves),
        )
    for moves in ("", "4453"):
        compare(
            f"mcts_agent, 300 iterations, {moves or 'empty'!r}",
            mcts_agent,
            "descend",
            mcts_run(moves),
        )
    compare("lean negamax on strings, depth 5", sys.modules[__name__], "lean", lambda: lean("", 5))
    memory(7)


if __name__ == "__main__":
    main()
