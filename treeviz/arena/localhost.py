"""A real Dask cluster on this machine: a ``dask scheduler`` process and ``dask worker``
processes, started the way they would be on many machines (used by the tests and the
benchmarks of ``--cluster``; each process in its own group so it can be killed)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

DASK = str(Path(sys.executable).with_name("dask"))


@contextlib.contextmanager
def localhost_cluster(workers: int = 2) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """``(address, worker processes)`` of a scheduler and ``workers`` single-threaded
    workers without nannies (a killed worker stays dead), stopped on exit."""
    from distributed import Client

    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    sched = _start("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard")
    procs = [
        _start("worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard")
        for _ in range(workers)
    ]
    try:
        with Client(address, timeout=60) as client:
            client.wait_for_workers(workers, timeout=120)
        yield address, procs
    finally:
        for proc in [*procs, sched]:
            kill(proc)


def kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill a process started here and its children, and reap it."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(*argv: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [DASK, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
