"""Searches that stop when asked: Ctrl-C, a deadline, or another thread.

A compiled search runs in a worker thread (the kernels release the interpreter lock),
while the calling thread waits in short steps: on Ctrl-C or at the deadline it sets the
counters' stop flag, which every kernel checks as it goes (per node or per iteration)
and unwinds from. On a terminal, a search running longer than a moment shows its
progress on stderr.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import numpy as np

from treeviz.errors import TreevizError
from treeviz.trace import C_NODES, C_STOP

T = TypeVar("T")
POLL_S = 0.05
PROGRESS_AFTER_S = 1.0


class SearchStopped(TreevizError):
    """A search was stopped before it had anything to report."""


def run_stoppable(
    call: Callable[[], T], ctr: np.ndarray, deadline: float | None = None
) -> tuple[T, bool]:
    """``call()`` (a search writing its counters to ``ctr``), stopped at ``deadline``
    (``time.monotonic()`` seconds) or on Ctrl-C; returns its result and whether it was
    stopped. Exceptions of the search are raised here."""
    box: dict[str, object] = {}
    done = threading.Event()

    def work() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # handed to the waiting thread
            box["error"] = exc
        finally:
            done.set()

    worker = threading.Thread(target=work, name="treeviz-search", daemon=True)
    start = time.monotonic()
    worker.start()
    shown = False
    # Waited on an event, not Thread.join: a join interrupted by Ctrl-C can report the
    # thread finished while it still runs.
    while not done.is_set():
        try:
            done.wait(POLL_S)
        except KeyboardInterrupt:
            ctr[C_STOP] = 1
            continue
        if deadline is not None and time.monotonic() >= deadline:
            ctr[C_STOP] = 1
        shown = _progress(ctr, start) or shown
    worker.join()
    if shown:
        print(file=sys.stderr)
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["value"], bool(ctr[C_STOP])  # type: ignore[return-value]


def _progress(ctr: np.ndarray, start: float) -> bool:
    """One updated line on a terminal once a search has run a while."""
    elapsed = time.monotonic() - start
    if elapsed < PROGRESS_AFTER_S or not sys.stderr.isatty():
        return False
    nodes = int(ctr[C_NODES])
    print(f"\rsearching: {nodes:,} nodes, {elapsed:.1f} s (Ctrl-C stops)", end="",
          file=sys.stderr, flush=True)  # fmt: skip
    return True


def deadline_of(time_limit: float | None) -> float | None:
    """The monotonic deadline of a ``time_limit`` in seconds from now (None: none)."""
    return None if time_limit is None else time.monotonic() + time_limit
