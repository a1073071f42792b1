"""Every search stops when asked: a time limit holds at any depth, and Ctrl-C ends a
run within moments with one line (exit 130) or with the answer found so far."""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import subprocess
import time
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from conftest import TREEVIZ

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.errors import SearchStopped
from treeviz.jit import NOTICE_TEXT


def test_a_time_limit_holds_at_depth_42() -> None:
    res = search(Position(), "alphabeta:depth=42,time_limit=0.5")
    assert res.stats["stopped"] and 1 <= res.stats["depth_reached"] < 42
    assert res.trace.params["time_limit"] == 0.5
    again = search(Position(), "alphabeta", depth=res.stats["depth_reached"], iterative=True)
    assert again.move == res.move and again.value == res.value  # the last finished pass


def interrupt(args: list[str], after_s: float = 3.0) -> subprocess.CompletedProcess[str]:
    """Run ``treeviz ARGS``, send Ctrl-C (SIGINT) after a moment, collect the outcome.
    A Ctrl-C that came while the command was still starting (a busy machine: loading
    takes seconds) is tried again, waiting longer: these tests are about what a search,
    a game or an arena keeps, and start-up has its own test."""
    for wait in (after_s, after_s * 3, after_s * 8):
        proc = subprocess.Popen(
            [*TREEVIZ, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        time.sleep(wait)  # let it get into the search (not a timing assertion)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        # the first run after an install says once that it compiles (a worker too)
        err = "".join(x for x in err.splitlines(True) if not x.startswith(NOTICE_TEXT))
        early = (
            "while starting",
            "before anything was kept",
            "while a library was busy",
            "before its first iteration",
        )
        if not any(words in err for words in early):
            break
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["analyze", "", "--agent", "minimax", "--depth", "42"],
        ["analyze", "", "--agent", "alphabeta", "--depth", "42", "--no-tt"],
        ["solve", "--no-book", "--analyze", ""],
    ],
)
def test_ctrl_c_stops_with_one_line(args: list[str]) -> None:
    done = interrupt(args)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.strip().count("\n") == 0
    assert done.stderr.startswith("treeviz: stopped")


@pytest.mark.slow
def test_ctrl_c_keeps_what_mcts_found() -> None:
    done = interrupt(["analyze", "4453", "--agent", "mcts:iterations=10000000", "--json"])
    assert done.returncode == 0 and "Traceback" not in done.stderr
    data = json.loads(done.stdout)
    assert data["stats"]["stopped"] and 0 < data["stats"]["iterations"] < 10_000_000
    assert 1 <= data["move"] <= 7


@pytest.mark.slow  # a command run and stopped in a process of its own: 4 s
def test_ctrl_c_kept_answer_says_it_was_stopped() -> None:
    """As text, the answer kept after Ctrl-C says it is not the whole search's (it
    read as a finished run: the full table, "truncated: False", nothing else)."""
    done = interrupt(["analyze", "4453", "--agent", "mcts:iterations=10000000"])
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "chosen column:" in done.stdout
    assert "stopped early (Ctrl-C" in done.stdout.splitlines()[-1]


@pytest.mark.slow
@pytest.mark.parametrize(
    "args, words",
    [
        (
            ["play", "mcts:iterations=300000", "mcts:iterations=300001"],
            "the game was stopped after",
        ),
        (
            [
                "arena",
                "mcts:iterations=20000",
                "mcts:iterations=20001",
                "--games",
                "40",
                "--db",
                "{db}",
            ],
            "games are stored in",
        ),
        (
            [
                "sweep",
                "mcts",
                "--grid",
                "iterations=20000,20001",
                "--against",
                "greedy",
                "--games",
                "40",
                "--db",
                "{db}",
            ],
            "games are stored in",
        ),
    ],
)
def test_ctrl_c_ends_the_whole_command(args: list[str], words: str, tmp_path: Path) -> None:
    """Not just the move being searched: one line saying what was kept, exit 130, and
    the stored games stay (fewer than asked for)."""
    db = tmp_path / "games.db"
    done = interrupt([a.replace("{db}", str(db)) for a in args])
    assert done.returncode == 130, done.stderr
    assert words in done.stderr and done.stderr.strip().count("\n") == 0, done.stderr
    if "--db" in args:
        with sqlite3.connect(db) as con:
            stored = con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        assert stored < 80 and f"{stored} games are stored" in done.stderr


@pytest.mark.slow
def test_ctrl_c_while_a_table_loads_says_so(tmp_path: Path) -> None:
    """``id3`` on a large table, interrupted while it reads and encodes: exit 130 and
    one line with words after "stopped:" (it printed nothing after it)."""
    table = tmp_path / "big.csv"
    rows = (f"{'xyz'[i % 3]}{i % 997},{i % 51},{'PQ'[i % 2]}" for i in range(600_000))
    table.write_text("a,b,label\n" + "\n".join(rows) + "\n")
    done = interrupt(["id3", str(table)], after_s=1.0)
    assert done.returncode == 130, done.stderr
    line = done.stderr.strip()
    assert line.count("\n") == 0 and line.startswith("treeviz: stopped: ")
    assert len(line) > len("treeviz: stopped: ") + 5, line


def test_ctrl_c_between_two_searches_says_what_the_game_kept() -> None:
    """Ctrl-C that lands outside a search (between moves: printing, bookkeeping) ends
    the game with the moves played, as one inside a search does (it said "before
    anything was kept", now and then, in the command's test above)."""
    from treeviz.errors import SearchStopped
    from treeviz.games.game import AgentPlayer, Game, play

    class Interrupted(AgentPlayer):
        def choose(self, pos: Position, ply: int) -> Any:
            if ply == 3:
                raise KeyboardInterrupt
            return super().choose(pos, ply)

    game = Game("greedy", "greedy")
    try:
        play(Interrupted("greedy", 1), AgentPlayer("greedy", 2), game)
    except SearchStopped as exc:
        said = str(exc)
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C between two searches escaped the game")
    assert re.search(r"stopped after 2 moves \(\d\d\)", said) and len(game.moves) == 2


def test_a_ctrl_c_swallowed_by_a_library_is_still_a_stop(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Ctrl-C that lands in a library's callback (numba compiling, through llvmlite's
    ctypes) is swallowed there, and the library then fails with an error of its own:
    the command says it stopped, in one line, exit 130, and Ctrl-C works as before
    afterwards."""
    import os

    import treeviz.cli.doctor as doctor
    from treeviz.cli.main import main

    def busy_library(args: object) -> None:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(1)  # the signal is handled here (not a timing assertion)
        except KeyboardInterrupt:
            pass  # swallowed, as a ctypes callback does
        raise RuntimeError("no compiled object yet")

    monkeypatch.setattr(doctor, "cmd_doctor", busy_library)
    handler = signal.getsignal(signal.SIGINT)
    assert main(["doctor", "random"]) == 130
    err = capsys.readouterr().err
    assert err.startswith("treeviz: stopped: ") and err.count("\n") == 1
    assert signal.getsignal(signal.SIGINT) is handler

    def swallowed_then_done(args: object) -> int:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(1)
        except KeyboardInterrupt:
            pass  # swallowed, and the library goes on as if nothing came
        print("the whole answer")
        return 0

    monkeypatch.setattr(doctor, "cmd_doctor", swallowed_then_done)
    assert main(["doctor", "random"]) == 130  # not 0: a script must see it was stopped
    out, err = capsys.readouterr()
    assert out == "the whole answer\n" and err.startswith("treeviz: stopped: Ctrl-C was lost")

    def broken(args: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(doctor, "cmd_doctor", broken)
    with pytest.raises(RuntimeError):  # without a Ctrl-C, an error is an error
        main(["doctor", "random"])


def test_a_watcher_sees_a_sliced_search_as_one() -> None:
    """MCTS under a time limit searches in slices, each a compiled call of its own: the
    watcher's seconds count from the first slice's start, so a page's progress bar
    (shown past 0.3 s) grows instead of restarting at each slice."""
    from treeviz.agents.stopping import TELL_EVERY_S, watching

    seen: list[tuple[float, int]] = []
    with watching(60.0, lambda elapsed, nodes: seen.append((elapsed, nodes))):
        res = search(Position.from_moves("4453"), "mcts:iterations=none,time_limit=0.5")
    slices = sum(1 for (_, a), (_, b) in pairwise(seen) if b > a)
    assert res.stats["iterations"] > 1 and slices > 1
    assert all(b[0] >= a[0] for a, b in pairwise(seen)), seen[:5]
    # told at most every TELL_EVERY_S, not after every slice of milliseconds (a page
    # was sent 150 progress messages a second)
    assert all(b[0] - a[0] >= TELL_EVERY_S for a, b in pairwise(seen)), seen[:5]


def test_a_ctrl_c_lost_in_a_library_stops_the_next_search() -> None:
    """Ctrl-C pressed while numba compiled a kernel in the main thread was swallowed
    in llvmlite's callback (``Exception ignored on calling ctypes callback``): the
    MCTS that followed ran its ten million iterations. The handler's note of it now
    stops the next search before it starts, which says so (the command's one line)."""
    from treeviz.agents.stopping import ctrl_c_was_acted_on, forget_interrupt, saw_ctrl_c

    pos = Position.from_moves("4453")
    forget_interrupt()
    saw_ctrl_c()  # what the command's handler does before its exception is lost
    try:
        with pytest.raises(SearchStopped, match="before its first iteration"):
            search(pos, "mcts:iterations=10000000")
        assert ctrl_c_was_acted_on()
    finally:
        forget_interrupt()
    again = search(pos, "mcts:iterations=3000")  # the next command starts afresh
    assert not again.stats.get("stopped") and again.stats["iterations"] == 3000
