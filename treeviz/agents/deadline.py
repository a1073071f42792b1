"""A time limit per move for a person's own agents.

A command-line engine (``cmd:``) is asked with a timeout always
(:mod:`treeviz.agents.user.engine`). A person's Python code (a function or a declared
agent in their file or module) gets the same limit, ``TREEVIZ_ENGINE_SECONDS``, inside
:func:`move_limit`: the game loop opens it around each move, so an agent that never
answers loses its game by forfeit, as a crashing engine does, and an arena goes on.
Outside it (``analyze``, ``search()`` in a notebook) the code runs as it is, in the
caller's thread, and Ctrl-C stops it.

A Python thread cannot be killed. Under a limit the code runs in a daemon worker
thread (with a copy of the caller's context) while the caller waits; past the limit
the caller gets :class:`~treeviz.errors.AgentTimeoutError` at once, and the worker is
asked to stop by an exception raised inside it (CPython's
``PyThreadState_SetAsyncExc``): a Python loop stops at its next instruction, code
blocked in C (a sleep, a read) once that returns.
Code that catches every exception, or never returns from C, runs on in the background
until the process ends; its answer is dropped, and what it traces goes to its own
recording (recordings are per thread), never to another search's.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import threading
from collections.abc import Callable, Iterator
from contextvars import ContextVar, copy_context
from typing import Any, TypeVar

from treeviz.errors import AgentTimeoutError, InvalidParameterError
from treeviz.settings import ENGINE_SECONDS

T = TypeVar("T")

_LIMIT: ContextVar[float | None] = ContextVar("treeviz_move_limit", default=None)


def seconds() -> float:
    """How long a person's agent may think per move (``TREEVIZ_ENGINE_SECONDS``, 10 s
    by default); :class:`InvalidParameterError` for a value that is not a positive
    number."""
    text = os.environ.get("TREEVIZ_ENGINE_SECONDS", "")
    try:
        value = float(text) if text else ENGINE_SECONDS
    except ValueError:
        raise InvalidParameterError(f"TREEVIZ_ENGINE_SECONDS={text!r} is not a number") from None
    if not 0 < value < 1e6:
        raise InvalidParameterError(f"TREEVIZ_ENGINE_SECONDS={text!r}: a positive number")
    return value


def current_limit() -> float:
    """The seconds a move may take here: an enclosing :func:`move_limit`'s, else
    :func:`seconds` (a command-line engine is always asked with a timeout)."""
    limit = _LIMIT.get()
    return seconds() if limit is None else limit


@contextlib.contextmanager
def move_limit(limit: float | None = None) -> Iterator[None]:
    """Within the block, a person's Python agent answers within ``limit`` seconds
    (default :func:`seconds`) or raises :class:`~treeviz.errors.AgentTimeoutError` (see
    the module docs)."""
    token = _LIMIT.set(seconds() if limit is None else limit)
    try:
        yield
    finally:
        _LIMIT.reset(token)


def limited(head: str, run: Callable[..., T]) -> Callable[..., T]:
    """``run`` (an agent's runner, ``(position, **params)``) answering within the limit
    of an enclosing :func:`move_limit`, if any; ``head`` names the agent in the error."""

    def run_limited(pos: Any, **params: Any) -> T:
        limit = _LIMIT.get()
        if limit is None:
            return run(pos, **params)
        moves = pos.moves_string()
        where = repr(moves) if moves else "the empty board"
        late = f"{head} gave no answer on {where} within {limit:g} s"
        return within(limit, lambda: run(pos, **params), late)

    return run_limited


class _Abandoned(BaseException):
    """Raised inside a worker whose answer came too late. A BaseException, so that
    ``except Exception`` in the person's code does not keep it running."""


def within(limit: float, fn: Callable[[], T], late: str) -> T:
    """``fn()`` run in a worker thread: its result or its exception, or
    :class:`~treeviz.errors.AgentTimeoutError` saying ``late`` when it takes longer than ``limit``
    seconds (the worker is then asked to stop, see the module docs)."""
    box: list[tuple[bool, Any]] = []
    done = threading.Event()
    context = copy_context()  # the caller's settings (a search budget, a Stop) hold there

    def work() -> None:
        try:
            try:
                box.append((True, context.run(fn)))
            except BaseException as exc:  # handed to the caller; a thread must not print it
                box.append((False, exc))
            finally:
                done.set()
        except _Abandoned:  # the stop arrived as the answer did: nothing to say
            pass

    worker = threading.Thread(target=work, name="treeviz-user-move", daemon=True)
    worker.start()
    try:
        finished = done.wait(limit)
    finally:
        if not done.is_set():  # too late, or Ctrl-C while waiting
            _stop(worker)
    if not finished:
        raise AgentTimeoutError(late)
    ok, value = box[0]
    if ok:
        return value
    raise value


def _stop(worker: threading.Thread) -> None:
    """Ask ``worker`` to stop: :class:`_Abandoned` is raised in it at its next Python
    instruction."""
    if worker.ident is not None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(
            ctypes.c_ulong(worker.ident), ctypes.py_object(_Abandoned)
        )
