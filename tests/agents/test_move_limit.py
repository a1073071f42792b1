"""A person's Python agent in a game answers within the per-move limit of an engine
(``TREEVIZ_ENGINE_SECONDS``) or loses by forfeit; the worker thread that ran it is asked
to stop, and one that will not does not keep the command from ending."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path

import pytest
from conftest import run_process

from treeviz.agents.deadline import within
from treeviz.arena.store import Store
from treeviz.errors import UserAgentError

SLOW = """import time


def spin(pos):
    while True:
        pass


def stubborn(pos):
    while True:
        try:
            time.sleep(0.01)
        except BaseException:
            pass
"""


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    path = tmp_path / "slow_agents.py"
    path.write_text(SLOW)
    return path


def treeviz_cli(*argv: str, seconds: str = "0.3") -> subprocess.CompletedProcess[str]:
    """``treeviz ARGV`` in a process of its own, with a per-move limit of ``seconds``
    (a process: if the limit failed, the test fails by its timeout, not by hanging)."""
    env = {**os.environ, "TREEVIZ_ENGINE_SECONDS": seconds}
    return run_process(*argv, env=env, timeout=120)


@pytest.mark.slow
def test_a_function_that_never_answers_forfeits_its_games(mine: Path, tmp_path: Path) -> None:
    """Within TREEVIZ_ENGINE_SECONDS, as an engine that says nothing: the arena goes
    on, and ``play`` says so in one line."""
    spin, db = f"{mine}:spin", str(tmp_path / "a.db")
    done = treeviz_cli("arena", spin, "random", "--games", "2", "--db", db, "--ply-seconds", "0")
    assert done.returncode == 0, done.stderr
    with Store(db, create=False) as s:
        games = s.games()
    assert len(games) == 2 and all(g.spec_of_forfeit == spin for g in games)
    assert all(
        "gave no answer" in g.forfeit["reason"] and "within 0.3 s" in g.forfeit["reason"]
        for g in games
    )
    done = treeviz_cli("play", spin, "random")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "gave no answer on the empty board within 0.3 s" in done.stderr


def test_a_move_past_its_limit_stops_its_worker() -> None:
    """The caller hears at the limit; the worker, a Python loop, stops at its next
    instruction (a thread cannot be killed: it is asked to stop)."""

    def spin() -> None:
        while True:
            pass

    t0 = time.monotonic()
    with pytest.raises(UserAgentError, match="too late"):
        within(0.2, spin, "too late")
    assert time.monotonic() - t0 < 5
    deadline = time.monotonic() + 5
    while any(t.name == "treeviz-user-move" for t in threading.enumerate()):
        assert time.monotonic() < deadline, "the worker runs on"
        time.sleep(0.01)
    assert within(1.0, lambda: 42, "too late") == 42
    with pytest.raises(ZeroDivisionError):
        within(1.0, lambda: 1 / 0, "too late")


def test_a_worker_that_will_not_stop_does_not_keep_the_command(mine: Path) -> None:
    """A loop that swallows every exception cannot be stopped; it is a daemon thread,
    so the command still ends when its game does."""
    done = treeviz_cli("play", f"{mine}:stubborn", "random")
    assert done.returncode == 2 and "gave no answer" in done.stderr, done.stderr
