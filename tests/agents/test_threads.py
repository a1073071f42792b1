"""Threads: a long search leaves the interpreter to other threads (the compiled kernels
release the GIL, so a dashboard server keeps answering other sessions while one
searches); traced searches recorded in many threads at once stay apart; a file agent
loaded by many threads at once is loaded once, whole."""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from conftest import EXAMPLES

import treeviz.exact.kernel as S
from treeviz.agents.user.instrument import recording, traced
from treeviz.agents.user.load import load
from treeviz.connect4.board import Position
from treeviz.connect4.tt_order import new_table
from treeviz.errors import InvalidParameterError
from treeviz.exact.book import book_arrays
from treeviz.trace.nodes import C_NODES, NO_PARENT
from treeviz.trace.recorder import Recorder


def test_another_thread_runs_while_the_solver_searches() -> None:
    pos = Position.from_moves("431776671")  # about 8 million nodes without the book
    rec = Recorder(1)
    table = new_table(pos.width * pos.height - pos.ply)
    book = book_arrays(pos.width, pos.height, enabled=False)
    out: list[int] = []

    def work() -> None:
        out.append(
            int(
                S.solve(
                    np.uint64(pos.current),
                    np.uint64(pos.mask),
                    pos.ply,
                    False,
                    pos.width,
                    pos.height,
                    NO_PARENT,
                    -1,
                    0,
                    rec.nodes,
                    rec.ctr,
                    table,
                    book,
                    S.NO_FLOOR,
                )
            )
        )

    worker = threading.Thread(target=work)
    worker.start()
    seen = set()
    while worker.is_alive():  # this loop only runs if the search released the GIL
        seen.add(int(rec.ctr[C_NODES]))
        time.sleep(0.005)
    worker.join()
    final = int(rec.ctr[C_NODES])
    assert out == [-2]
    assert any(0 < n < final for n in seen), "the main thread ran during the search"


# ------------------------------------------------ traced searches in many threads
@traced
def negamax(moves: str, depth: int) -> float:
    """A plain traced negamax over move strings (its leaves: the centre column's
    height, a number that differs between positions)."""
    pos = Position.from_moves(moves)
    if depth == 0 or pos.is_over():
        return float(pos.column_height(3) - pos.ply % 3)
    return max(-negamax(moves + str(c + 1), depth - 1) for c in pos.legal_moves())


ROOTS = ["", "4", "44", "4453", "1234", "7766", "3355", "12"]


def recorded(root: str, depth: int = 3) -> tuple[np.ndarray, int]:
    """The nodes and the call count of one recorded search of ``root``."""
    with recording() as rec:
        negamax(root, depth)
    return rec.trace.nodes, rec.calls


@contextlib.contextmanager
def switching_often() -> Iterator[None]:
    """Threads take turns every few microseconds: their calls interleave finely."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def test_recordings_in_many_threads_are_each_their_own_search() -> None:
    alone = {root: recorded(root) for root in ROOTS}
    # every recording is on before any search starts: they overlap by construction,
    # not by the scheduler's luck
    all_on = threading.Barrier(len(ROOTS))
    found: dict[str, tuple[np.ndarray, int]] = {}
    errors: list[BaseException] = []

    def work(root: str) -> None:
        try:
            with recording() as rec:
                all_on.wait(timeout=60)
                negamax(root, 3)
            found[root] = (rec.trace.nodes, rec.calls)
        except BaseException as exc:
            errors.append(exc)

    with switching_often():
        threads = [threading.Thread(target=work, args=(root,)) for root in ROOTS]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not errors, errors
    for root, (nodes, calls) in alone.items():
        assert calls == found[root][1] and np.array_equal(nodes, found[root][0]), root


def test_a_traced_call_outside_any_recording_just_runs_beside_one() -> None:
    expected = recorded("4453", 4)
    stop, running = threading.Event(), threading.Event()
    answers: list[float] = []
    errors: list[BaseException] = []

    def elsewhere() -> None:  # another session's plain call of the same function
        try:
            while not stop.is_set():
                answers.append(negamax("12", 2))
                running.set()
        except BaseException as exc:
            errors.append(exc)
            running.set()

    other = threading.Thread(target=elsewhere)
    with switching_often():
        other.start()
        running.wait()
        try:
            nodes, calls = recorded("4453", 4)
            during = len(answers)
            while len(answers) <= during and not errors:  # and it goes on after it
                time.sleep(0.001)
        finally:
            stop.set()
            other.join()
    assert not errors, errors
    assert len(answers) > during > 0 and len(set(answers)) == 1  # it ran during the recording
    assert calls == expected[1] and np.array_equal(nodes, expected[0])


def test_recordings_nest_in_no_thread_but_each_thread_has_its_own() -> None:
    inner: list[int] = []

    def other_thread() -> None:
        inner.append(len(recorded("44", 1)[0]))

    with recording() as rec:
        with pytest.raises(InvalidParameterError, match="already on"), recording():
            pass
        negamax("4", 1)
        worker = threading.Thread(target=other_thread)
        worker.start()
        worker.join()
    assert inner == [8] and len(rec.trace) == 8


@pytest.mark.slow
def test_sessions_running_a_traced_file_agent_at_once() -> None:
    """Six dashboard sessions searching with the example's traced minimax at once
    (four of them were refused: "a recording is already on")."""
    agent = load(f"{EXAMPLES / 'minimax_agent.py'}:choose")
    roots = [Position.from_moves(m) for m in ("", "4", "44", "4453", "3344", "1726")]
    alone = [agent.run(pos).trace.nodes for pos in roots]
    start = threading.Barrier(len(roots))
    found: dict[int, np.ndarray] = {}
    errors: list[BaseException] = []

    def session(i: int) -> None:
        start.wait()
        try:
            found[i] = agent.run(roots[i]).trace.nodes
        except BaseException as exc:
            errors.append(exc)

    with switching_often():
        threads = [threading.Thread(target=session, args=(i,)) for i in range(len(roots))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not errors, errors
    assert all(np.array_equal(found[i], nodes) for i, nodes in enumerate(alone))


SLOW_AGENT = """import time
time.sleep(0.5)  # a slow import: the module is half made meanwhile


def choose(pos):
    return 4
"""


def test_threads_loading_one_slow_file_agent_all_get_it(tmp_path: Path) -> None:
    path = tmp_path / "slow_agent_for_threads.py"
    path.write_text(SLOW_AGENT)
    start = threading.Barrier(6)
    moves: list[int] = []
    errors: list[BaseException] = []

    def work() -> None:
        start.wait()
        try:
            agent = load(f"{path}:choose")
            moves.append(agent.run(Position.from_moves("44")).move)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert moves == [4] * 6
