"""Playing arena tasks: in this process, on local worker processes, or on a Dask
cluster, each game one task, each result stored the moment it arrives.

Dask ``distributed`` does the scheduling: ``LocalCluster`` for ``workers`` local
processes (one thread each: the search kernels hold the GIL), or a ``Client`` on an
existing scheduler's address. Results stream back through ``as_completed``; a worker
that dies has its unfinished games re-run by the scheduler on other workers, and
finished games are already in the database.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from treeviz.arena.store import Store
from treeviz.arena.tasks import GameTask, play_task
from treeviz.errors import ClusterError, InvalidParameterError
from treeviz.settings import (
    ARENA_MAX_WORKERS,
    CLUSTER_CONNECT_SECONDS,
    CLUSTER_GREETING_MAX_BYTES,
    CLUSTER_PROBE_SECONDS,
    IN_FLIGHT_PER_WORKER,
    show_value,
)

OnGame = Callable[[dict[str, Any]], Any]  # told each stored game; a true answer stops


def play_all(
    tasks: Iterable[GameTask],
    store: Store,
    *,
    workers: int = 1,
    cluster: str | None = None,
    on_game: OnGame | None = None,
    progress: bool = False,
    in_process: bool | None = None,
    total: int | None = None,
) -> int:
    """Play the tasks whose games are not stored yet and store each as it finishes;
    returns how many were played. ``on_game`` returning True stops the run (the games
    still being played are dropped, the stored ones stay). One local worker plays in
    this process unless ``in_process`` is False. ``tasks`` is read as games are
    handed out (``total`` of them, for the progress bar)."""
    check_workers(workers)
    stored = store.keys()
    done = 0
    with progress_bar(total, progress) as bar:

        def unstored() -> Iterator[GameTask]:
            for task in tasks:
                if task.key in stored:
                    bar.update(1)  # played by an earlier run of the same command
                else:
                    yield task

        here = in_process if in_process is not None else (workers == 1 and cluster is None)
        for game in _results(unstored(), workers, cluster, here):
            if store.add(game) is not None:
                done += 1
            bar.update(1)
            if on_game is not None and on_game(game):
                break
    return done


def check_workers(workers: int) -> None:
    """Refuse a number of local workers out of range, naming the flag."""
    if not 1 <= workers <= ARENA_MAX_WORKERS:
        raise InvalidParameterError(f"--workers {workers}: from 1 to {ARENA_MAX_WORKERS}")


@contextlib.contextmanager
def progress_bar(total: int | None, show: bool, unit: str = "game") -> Iterator[Any]:
    """A terminal progress bar (how many done, rate, ETA) on stderr, or a silent one."""
    from tqdm import tqdm

    with tqdm(
        total=total,
        unit=unit,
        file=sys.stderr,
        disable=not (show and sys.stderr.isatty()),
        dynamic_ncols=True,
    ) as bar:
        yield bar


def _results(
    todo: Iterator[GameTask], workers: int, cluster: str | None, here: bool
) -> Iterator[dict[str, Any]]:
    """Each task's game as it finishes (any order); ``here``: in this process. Dask
    gets a window of games per worker at a time, topped up as games finish, so memory
    does not grow with the number of games asked for."""
    first = next(todo, None)
    if first is None:
        return
    todo = itertools.chain([first], todo)
    if here:
        yield from map(play_task, todo)
        return
    from distributed import as_completed

    with dask_client(workers, cluster) as client:
        window = IN_FLIGHT_PER_WORKER * max(workers, len(client.scheduler_info()["workers"]))
        sent: set[str] = set()

        def submit(task: GameTask) -> Any:
            if cluster is not None:  # a cluster's workers may not see this machine's files
                ship_agents(client, (task.x, task.o), sent)
            return client.submit(play_task, task, pure=False)

        running = as_completed([submit(t) for t in itertools.islice(todo, window)])
        try:
            for fut in running:
                yield _result(fut, cluster)
                nxt = next(todo, None)
                if nxt is not None:
                    running.add(submit(nxt))
        finally:
            client.cancel(list(running.futures))


def ship_agents(client: Any, specs: Iterable[str], sent: set[str]) -> None:
    """Upload the files of the user agents ``specs`` name to every worker, once (the
    paths in ``sent`` are skipped, and added): a worker that cannot read the path
    imports the uploaded copy instead."""
    from treeviz.agents.user.load import agent_file

    for text in specs:
        path = agent_file(text)
        if path is not None and path not in sent:
            client.upload_file(path)
            sent.add(path)


def _result(fut: Any, cluster: str | None) -> dict[str, Any]:
    """A finished future's game; a game that killed workers again and again is an
    error naming where."""
    from distributed import KilledWorker

    try:
        out: dict[str, Any] = fut.result()
    except KilledWorker as exc:
        where = f"the cluster at {show_value(cluster)}" if cluster else "the local workers"
        raise ClusterError(f"a game was lost: workers of {where} kept dying ({exc})") from None
    return out


@contextlib.contextmanager
def dask_client(workers: int = 1, cluster: str | None = None) -> Iterator[Any]:
    """A Dask client: on ``workers`` new local processes, or on the scheduler at
    ``cluster`` (failing within ``CLUSTER_CONNECT_SECONDS`` when it cannot be reached)."""
    from distributed import Client, LocalCluster

    if cluster is None:
        with _sigint_ignored():
            # this machine only: a visitor's Run must open no port to the network
            # (":0" bound Dask's diagnostics page on every interface); a free port, as a
            # fixed one may be taken on a shared machine
            local = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address="127.0.0.1:0",
                # a game's error reaches this process as its task's exception; what
                # the workers log is their connections, and Ctrl-C (or a loaded
                # machine) could close the scheduler before a worker's last heartbeat,
                # which logged a traceback at ERROR under the command's one line
                silence_logs=logging.CRITICAL,
            )
        with local, Client(local) as client:
            yield client
        return
    check_scheduler(cluster)
    try:
        client = Client(cluster, timeout=CLUSTER_CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise ClusterError(
            f"cannot reach the Dask cluster at {show_value(cluster)}: {exc}"
        ) from None
    with client:
        yield client


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ignore Ctrl-C while local workers start, so they inherit the ignoring: a
    terminal's Ctrl-C reaches every process of the command, and the workers filled
    the screen with tracebacks; this process stops them when it ends. Only the main
    thread may change signal handlers (the dashboard runs arenas on session threads,
    where no terminal sends Ctrl-C anyway)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def check_scheduler(address: str) -> None:
    """Refuse, within ``CLUSTER_PROBE_SECONDS``, an address that is not a Dask scheduler. A
    scheduler speaks first over TCP: its greeting starts with the message's length as
    8 little-endian bytes. A web server says nothing until asked (Dask then waited on
    it), and any other service's first bytes read as an absurd length (one made Dask
    ask for 3 EiB). Addresses of other transports are left to Dask."""
    scheme, _, rest = address.partition("://")
    host, _, port = rest.rpartition(":")
    if scheme != "tcp" or not port.isdigit():
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port)), CLUSTER_PROBE_SECONDS) as s:
            s.settimeout(CLUSTER_PROBE_SECONDS)
            head = _recv_exactly(s, 8)
    except (OSError, ValueError) as exc:
        raise ClusterError(
            f"cannot reach the Dask cluster at {show_value(address)}: {exc}"
        ) from None
    if head is None:
        raise ClusterError(
            f"{show_value(address)} is not a Dask scheduler: it said nothing within "
            f"{CLUSTER_PROBE_SECONDS:g} s"
        )
    if not 0 < int.from_bytes(head, "little") <= CLUSTER_GREETING_MAX_BYTES:
        raise ClusterError(f"{show_value(address)} is not a Dask scheduler: it answered {head!r}")


def _recv_exactly(s: socket.socket, n: int) -> bytes | None:
    """``n`` bytes from ``s``, or None when it closes or stays silent first."""
    data = b""
    while len(data) < n:
        try:
            chunk = s.recv(n - len(data))
        except TimeoutError:
            return None
        if not chunk:
            return None
        data += chunk
    return data
