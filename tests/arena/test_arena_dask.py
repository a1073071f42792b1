"""Arena games on real Dask schedulers and workers on localhost: the same games as in
this process, streamed back and stored; a worker killed mid-run loses nothing."""

from __future__ import annotations

import http.server
import os
import signal
import socketserver
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from treeviz.arena import run_arena
from treeviz.arena.localhost import kill
from treeviz.arena.store import ArenaDatabaseError, Store
from treeviz.cli.main import main

SPECS = ["random", "alphabeta:depth=3"]


def results(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The players' rows without their timings (which differ from run to run)."""
    return [{k: v for k, v in p.items() if k != "time_per_move"} for p in report["players"]]


def count(db: Path) -> int:
    """Games stored so far (0 before the file or its tables exist)."""
    try:
        return len(stored(db))
    except ArenaDatabaseError:
        return 0


def stored(db: Path) -> dict[str, str]:
    with Store(db, create=False) as s:
        games = s.games()
    keys = [g.key for g in games]
    assert len(keys) == len(set(keys))
    return {g.key: g.moves for g in games}


@pytest.mark.slow
def test_local_workers_play_the_same_games_as_this_process(tmp_path: Path) -> None:
    here = run_arena(SPECS, 6, db=str(tmp_path / "here.db"), seed=3, ply_seconds=0)
    there = run_arena(SPECS, 6, db=str(tmp_path / "there.db"), seed=3, ply_seconds=0, workers=2)
    assert stored(tmp_path / "here.db") == stored(tmp_path / "there.db")
    assert results(here) == results(there)


@pytest.mark.slow
def test_cluster_arena_meets_the_bar_and_reads_back(
    cluster: tuple[str, Any], tmp_path: Path, capsys: Any
) -> None:
    """The issue's check: 20 games on the cluster, alphabeta scores at least 0.9, and
    the database alone reports the same 20 games."""
    import json

    address, _ = cluster
    db = str(tmp_path / "c.db")
    argv = ["arena", *SPECS, "--games", "20", "--cluster", address, "--db", db, "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    strong = next(p for p in out["players"] if p["spec"] == SPECS[1])
    assert out["games"] == 20 and strong["score"] >= 0.9
    assert main(["arena", "--db", db, "--json"]) == 0
    back = json.loads(capsys.readouterr().out)
    assert back["games"] == 20 and back["players"] == out["players"]
    local = tmp_path / "local.db"
    run_arena(SPECS, 20, db=str(local), ply_seconds=0)
    assert stored(local) == stored(Path(db))  # the cluster played the very same games


@pytest.mark.slow
def test_a_dead_worker_loses_no_game(cluster: tuple[str, Any], tmp_path: Path) -> None:
    address, workers = cluster
    victim = workers[0]
    done: list[float] = []

    def kill_first_worker(game: dict[str, Any]) -> None:
        done.append(time.monotonic())
        if len(done) == 1:
            kill(victim)  # its game under way is re-run on the other worker

    db = tmp_path / "k.db"
    specs = ["mcts:iterations=1000", "alphabeta:depth=3"]  # long enough to die mid-game
    out = run_arena(
        specs, 6, db=str(db), seed=9, cluster=address, ply_seconds=0, on_game=kill_first_worker
    )
    assert victim.poll() is not None  # it really died
    assert out["games"] == 6 and len(stored(db)) == 6
    reference = tmp_path / "ref.db"
    run_arena(specs, 6, db=str(reference), seed=9, ply_seconds=0)
    assert stored(reference) == stored(db)


GAMES = 48


def _as_a_terminal() -> None:
    """In the child before it runs: Ctrl-C delivered and handled as a shell's command
    has it (this test process's threads may block or ignore it, and a child inherits
    both: the command then never saw the signal in a full run)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
def test_ctrl_c_on_two_workers_then_the_same_command_finishes(tmp_path: Path) -> None:
    """The CLI as a user runs it: interrupted with Ctrl-C once some games are stored,
    it exits 130; the same command again plays only the rest, no game twice."""
    db = tmp_path / "i.db"
    # games enough that the run cannot end between the third stored game and the signal
    # (16 all finished first on a quiet machine, now and then)
    argv = [
        str(Path(sys.executable).with_name("treeviz")),
        "arena",
        "mcts:iterations=500",
        "alphabeta:depth=3",
        "--games",
        str(GAMES),
        "--workers",
        "2",
        "--db",
        str(db),
    ]
    first = subprocess.Popen(
        argv,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_as_a_terminal,
    )
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and count(db) < 3:
        time.sleep(0.2)
    os.killpg(first.pid, signal.SIGINT)  # as a terminal does: to every process of it
    _, err = first.communicate(timeout=120)
    assert first.returncode == 130, err
    text = err.decode()
    assert text.count("\n") == 1 and "games are stored in" in text, text  # no worker noise
    kept = stored(db)
    assert 3 <= len(kept) < GAMES
    assert subprocess.run(argv, capture_output=True, timeout=600).returncode == 0
    after = stored(db)
    assert len(after) == GAMES and all(after[k] == v for k, v in kept.items())


class _Silent(socketserver.BaseRequestHandler):
    def handle(self) -> None:  # a web server's manners: nothing until asked
        self.request.recv(1024)


class _Banner(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        self.request.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")


@pytest.mark.slow
@pytest.mark.parametrize(
    "handler, words",
    [
        (http.server.SimpleHTTPRequestHandler, "it said nothing within 2 s"),
        (_Silent, "it said nothing within 2 s"),
        (_Banner, "it answered b'SSH-2.0-'"),
    ],
)
def test_a_cluster_address_that_is_not_a_scheduler_is_one_line(
    handler: Any, words: str, capsys: Any
) -> None:
    """A web server made Dask ask for 3 EiB, another service hung it: refused by what
    the address says (or does not say) first, before Dask connects."""
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        address = f"tcp://127.0.0.1:{server.server_address[1]}"
        code = main(["arena", "random", "greedy", "--games", "2", "--cluster", address])
        server.shutdown()
    err = capsys.readouterr().err
    assert code == 2 and "is not a Dask scheduler" in err and words in err, err
    assert err.count("\n") == 1


LISTENING = """
import sys
from treeviz.arena.runner import dask_client
with dask_client(workers=2) as client:
    info = client.scheduler_info()
    print(" ".join([info["address"], *info["workers"]]), flush=True)
    sys.stdin.readline()
"""


@pytest.mark.slow
def test_local_workers_listen_on_this_machine_only() -> None:
    """A Run on local worker processes opens no port beyond loopback (a visitor's
    click opened Dask's diagnostics page on every interface): the cluster in a process
    of its own, every socket it and its children listen on read from the system."""
    import psutil

    proc = subprocess.Popen(
        [sys.executable, "-c", LISTENING], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        addresses = (proc.stdout.readline() if proc.stdout else "").split()
        family = [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(True)]
        listening = {
            c.laddr.ip
            for p in family
            for c in p.net_connections()
            if c.status == psutil.CONN_LISTEN
        }
    finally:
        proc.communicate("\n", timeout=60)
    assert len(addresses) == 3 and all(a.startswith("tcp://127.0.0.1:") for a in addresses)
    assert listening == {"127.0.0.1"}, listening
