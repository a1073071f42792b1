"""Searches that stop when asked: Ctrl-C, a deadline, or another thread.

A compiled search runs in a worker thread (the kernels release the interpreter lock),
while the calling thread waits in short steps: on Ctrl-C or at the deadline it sets the
counters' stop flag, which every kernel checks as it goes (per node or per iteration)
and unwinds from. On a terminal, a search running longer than a moment shows its
progress on stderr.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from treeviz.errors import SearchStopped
from treeviz.settings import PROGRESS_AFTER_S
from treeviz.trace.nodes import C_NODES, C_STOP

T = TypeVar("T")
POLL_S = 0.05  # the waiting caller looks at the deadline and the progress this often
# who watches hears at most this often: a search in slices of milliseconds (MCTS under a
# time limit) told it after each, 130-150 progress messages a second to a browser
TELL_EVERY_S = 0.2


Waiter = Callable[[float, int], None]  # (seconds so far, nodes so far); may raise to stop


@dataclass
class Watch:
    """A budget for the searches of a block, counted from the first one's start (not
    from waiting for compiled code), and who is told while they run."""

    budget_s: float | None
    on_wait: Waiter | None
    deadline: float | None = None
    started: float | None = None
    told: float = float("-inf")  # when ``on_wait`` was last called

    def deadline_now(self) -> float | None:
        """The block's deadline, fixed when its first search starts."""
        if self.started is None:
            self.started = time.monotonic()
        if self.budget_s is not None and self.deadline is None:
            self.deadline = self.started + self.budget_s
        return self.deadline

    def tell(self, since: float, nodes: int) -> None:
        """``on_wait`` with the seconds from ``since`` and ``nodes``, unless it was
        called less than :data:`TELL_EVERY_S` ago (or there is none)."""
        now = time.monotonic()
        if self.on_wait is None or now - self.told < TELL_EVERY_S:
            return
        self.told = now
        self.on_wait(now - since, nodes)


_WATCH: ContextVar[Watch | None] = ContextVar("treeviz_watch", default=None)
# Set by a Ctrl-C that stopped a search: the search reports what it found, and a
# command that runs many searches (a game, an arena) ends at its next check.
_INTERRUPTED = threading.Event()
# Set by every Ctrl-C that code of ours caught and acted on (a search stopped and
# reporting, the dashboard's server shutting down): a command that then ends normally
# was stopped as asked. A Ctrl-C seen but not acted on was swallowed by a library.
_ACTED_ON = threading.Event()


# Set by every Ctrl-C the command's handler sees, wherever it landed: one swallowed
# inside a library's callback (numba compiling a kernel before the search) still stops
# the next search that waits (:func:`run_stoppable`), which acts on it.
_SEEN = threading.Event()


def saw_ctrl_c() -> None:
    """Say that Ctrl-C was pressed (the command's signal handler calls this)."""
    _SEEN.set()


def acted_on_ctrl_c() -> None:
    """Say that the Ctrl-C just caught was acted on (see :func:`ctrl_c_was_acted_on`)."""
    _ACTED_ON.set()


def ctrl_c_was_acted_on() -> bool:
    """Whether a Ctrl-C since the command started was caught and acted on by our code."""
    return _ACTED_ON.is_set()


def stop_if_interrupted(what: str) -> None:
    """Raise :class:`SearchStopped` saying ``what`` when Ctrl-C stopped a search since
    the last check (and forget it: the next command starts afresh)."""
    if _INTERRUPTED.is_set():
        _INTERRUPTED.clear()
        raise SearchStopped(what)


_QUIET: ContextVar[bool] = ContextVar("treeviz_quiet", default=False)


@contextlib.contextmanager
def quietly() -> Iterator[None]:
    """Within the block, searches show no progress line (a warm-up run: not a search
    anyone asked for, and the terminal's line may be the compile notice's)."""
    token = _QUIET.set(True)
    try:
        yield
    finally:
        _QUIET.reset(token)


def forget_interrupt() -> None:
    """Start a command afresh (an earlier Ctrl-C in this process no longer counts)."""
    _INTERRUPTED.clear()
    _ACTED_ON.clear()
    _SEEN.clear()


@contextlib.contextmanager
def watching(budget_s: float | None = None, on_wait: Waiter | None = None) -> Iterator[None]:
    """Within the block, searches stop ``budget_s`` seconds after the first one starts,
    and ``on_wait`` is called while one runs, at most every :data:`TELL_EVERY_S`
    seconds, with the seconds since the block's first search started (an agent that
    searches in slices, as MCTS does, is one search to its watcher): to show progress,
    or to stop it by raising (the search is stopped and waited for, and the exception
    goes on)."""
    token = _WATCH.set(Watch(budget_s, on_wait))
    try:
        yield
    finally:
        _WATCH.reset(token)


def run_stoppable(
    call: Callable[[], T], ctr: np.ndarray, deadline: float | None = None
) -> tuple[T, bool]:
    """``call()`` (a search writing its counters to ``ctr``), stopped at ``deadline``
    (``time.monotonic()`` seconds; the earlier of it and :func:`watching`'s) or on
    Ctrl-C; returns its result and whether it was stopped. Exceptions of the search are
    raised here."""
    watch = _WATCH.get()
    outer = watch.deadline_now() if watch else None
    since = watch.started if watch and watch.started is not None else time.monotonic()
    if outer is not None:
        deadline = outer if deadline is None else min(deadline, outer)
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
    if deadline is not None and start >= deadline:
        # over before it starts: stopped however quick the search, not only when it
        # outlasts the first look at the clock (a pass of 7 nodes never did)
        ctr[C_STOP] = 1
    if _pending():
        _stop_for_ctrl_c(ctr)
    worker.start()
    shown = False
    # Waited on an event, not Thread.join: a join interrupted by Ctrl-C can report the
    # thread finished while it still runs.
    while not done.is_set():
        try:
            done.wait(POLL_S)
            asked = _pending()
        except KeyboardInterrupt:
            asked = True
        if asked:
            _stop_for_ctrl_c(ctr)
            continue
        if deadline is not None and time.monotonic() >= deadline:
            ctr[C_STOP] = 1
        shown = _progress(ctr, start) or shown
        if watch is not None:
            try:
                watch.tell(since, int(ctr[C_NODES]))
            except BaseException:
                ctr[C_STOP] = 1  # the caller gives up: stop the search, then let it go
                done.wait()
                raise
    worker.join()
    if shown:
        print(file=sys.stderr)
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["value"], bool(ctr[C_STOP])  # type: ignore[return-value]


def _pending() -> bool:
    """Whether a Ctrl-C already pressed asks the search under way to stop: one lost in
    a library before any search acted on it (numba compiling in the main thread), or
    one that stopped a search and that the command has not yet acted on
    (:func:`stop_if_interrupted`): a warm-up search must not use it up."""
    return _SEEN.is_set() and (not _ACTED_ON.is_set() or _INTERRUPTED.is_set())


def _stop_for_ctrl_c(ctr: np.ndarray) -> None:
    """Stop the search writing ``ctr`` for a Ctrl-C, and say it was acted on."""
    ctr[C_STOP] = 1
    _INTERRUPTED.set()
    _ACTED_ON.set()


def _progress(ctr: np.ndarray, start: float) -> bool:
    """One updated line on a terminal once a search has run a while."""
    elapsed = time.monotonic() - start
    if elapsed < PROGRESS_AFTER_S or _QUIET.get() or not sys.stderr.isatty():
        return False
    nodes = int(ctr[C_NODES])
    print(
        f"\rsearching: {nodes:,} nodes, {elapsed:.1f} s (Ctrl-C stops)",
        end="",
        file=sys.stderr,
        flush=True,
    )
    return True


def deadline_of(time_limit: float | None) -> float | None:
    """The monotonic deadline of a ``time_limit`` in seconds from now (None: none)."""
    return None if time_limit is None else time.monotonic() + time_limit
