"""Asking an agent for its move, in this process or spread over Dask workers: every
answer is a column or a typed failure (crash, no move, illegal move, timeout), never
an exception.

:func:`ask` is a plain function of plain values, so Dask ships it to its workers as
it ships the arena's games (:func:`treeviz.arena.runner.dask_client`); a person's
agent file goes to a cluster's workers with it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from treeviz.connect4.board import Position
from treeviz.errors import (
    AgentCrashError,
    AgentIllegalMoveError,
    AgentNoMoveError,
    AgentTimeoutError,
    UserAgentError,
)
from treeviz.settings import IN_FLIGHT_PER_WORKER

if TYPE_CHECKING:
    from treeviz.agents.contract import AgentSpec

FAILURES = {  # the typed failures, by the name the doctor's checks give them
    AgentTimeoutError: "timeout",
    AgentNoMoveError: "no-move",
    AgentIllegalMoveError: "illegal-move",
    AgentCrashError: "crash",
}


@dataclass(frozen=True)
class Answer:
    """An agent's answer to ``moves``: its ``column`` (1-based), or None with the
    ``failure`` (``crash``, ``no-move``, ``illegal-move``, ``timeout``), its ``text``,
    for a crash the exception's type (``error``) and where in the person's code it
    was raised (``where``, ``file.py:12``); ``seconds`` it took."""

    moves: str
    column: int | None
    failure: str = ""
    text: str = ""
    error: str = ""
    where: str = ""
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def ask(agent: str | AgentSpec, moves: str, seconds: float) -> Answer:
    """``agent``'s move on the position after ``moves``, a person's agent given at most
    ``seconds`` (:mod:`treeviz.agents.deadline`). ``agent``: a spec, or its text (a
    fresh process's question: parsed here, where loading the person's file can fail
    as an answer)."""
    from treeviz.agents.deadline import move_limit
    from treeviz.agents.registry import search

    pos = Position.from_moves(moves)
    t0 = time.perf_counter()
    try:
        with move_limit(seconds):
            res = search(pos, agent)
    except UserAgentError as exc:
        took = time.perf_counter() - t0
        kind = next((name for cls, name in FAILURES.items() if isinstance(exc, cls)), "crash")
        return Answer(
            moves, None, kind, str(exc), getattr(exc, "error", ""), getattr(exc, "where", ""), took
        )
    return Answer(moves, res.move, seconds=time.perf_counter() - t0)


def ask_all(
    agent: str | AgentSpec,
    moves: list[str],
    *,
    seconds: float,
    workers: int = 1,
    cluster: str | None = None,
    tick: Callable[[], Any] | None = None,
) -> dict[str, Answer]:
    """The agent's answer to each move string, by move string: here, in order, with one
    worker and no cluster; else on Dask (``workers`` local processes, or the scheduler
    at ``cluster``). ``tick()`` is called as each answer arrives (a progress bar).
    The spec is parsed here once, and goes whole to every question and worker."""
    from treeviz.agents.registry import spec

    out: dict[str, Answer] = {}
    for answer in _answers(spec(agent), moves, seconds, workers, cluster):
        out[answer.moves] = answer
        if tick is not None:
            tick()
    return out


def _answers(
    agent: AgentSpec, moves: list[str], seconds: float, workers: int, cluster: str | None
) -> Iterator[Answer]:
    if workers == 1 and cluster is None:
        yield from (ask(agent, m, seconds) for m in moves)
        return
    from distributed import as_completed

    from treeviz.arena.runner import dask_client, ship_agents

    with dask_client(workers, cluster) as client:
        if cluster is not None:  # a cluster's workers may not see this machine's files
            ship_agents(client, [str(agent)], set())  # by the file its text names
        todo = iter(moves)
        window = IN_FLIGHT_PER_WORKER * max(workers, len(client.scheduler_info()["workers"]))
        first = [m for _, m in zip(range(window), todo, strict=False)]  # (range first: zip
        # would pull one move string too many from todo and drop it)
        running = as_completed([client.submit(ask, agent, m, seconds, pure=False) for m in first])
        try:
            for fut in running:
                yield fut.result()
                nxt = next(todo, None)
                if nxt is not None:
                    running.add(client.submit(ask, agent, nxt, seconds, pure=False))
        finally:
            client.cancel(list(running.futures))
