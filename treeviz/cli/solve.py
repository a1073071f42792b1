"""``solve``: exact scores of move strings, one line each.

Lines are answered in batches of what has arrived (a file gives thousands at a time, a
program asking line by line gets each answer at once), each batch in one compiled call
(:func:`~treeviz.exact.scores.solve_many`). With ``--workers N`` or ``--cluster`` the
batches go to Dask workers, answered in input order.

(Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from treeviz.cli import any_game
from treeviz.cli.common import CLUSTER_HELP
from treeviz.connect4.board import Position
from treeviz.errors import BatchError, InvalidPositionError, SearchStopped, TreevizError
from treeviz.safe_io import line_batches, stdin_bytes
from treeviz.settings import IN_FLIGHT_PER_WORKER, LINE_MAX_BYTES, show_value

HERE_LINES = 256  # lines a compiled call answers here: answers flow even when each is slow
SPREAD_LINES = 4096  # at most, lines a Dask task answers
TASK_SECONDS = 0.25  # what a Dask task should take: little overhead, even spread
# Answered line: (the output line or the error, whether it is an answer); None: skipped
Answer = tuple[str, bool] | None


@dataclass(frozen=True)
class SolveJob:
    """What to answer for each line (travels to Dask workers with each batch)."""

    weak: bool
    analyze: bool
    book: bool
    book_file: str | None
    skip_blank: bool  # blank lines on stdin are skipped, not the empty board


def cmd_solve(args: argparse.Namespace) -> None:
    """Exact scores, one line per position: the moves, then the score or each column's score."""
    from treeviz.arena.runner import check_workers
    from treeviz.exact.book import use_book_file

    if args.rules is not None:
        any_game.cmd_solve(args)
        return
    if args.book:
        use_book_file(args.book)
    check_workers(args.workers)
    job = SolveJob(args.weak, args.analyze, not args.no_book, args.book, not args.positions)
    batches = [args.positions] if args.positions else line_batches(stdin_bytes(), LINE_MAX_BYTES)
    local = args.workers == 1 and args.cluster is None
    answers = _here(batches, job) if local else _spread(batches, job, args.workers, args.cluster)
    where = "line" if job.skip_blank else "position"
    shown = sys.stderr.isatty() and not (job.skip_blank and sys.stdin.isatty())
    _write(answers, where, shown)


def _write(answers: Iterable[list[Answer]], where: str, progress: bool) -> None:
    """Print each batch's answers as they come, errors on stderr; a progress bar on a
    terminal when the input is not typed there."""
    from treeviz.arena.runner import progress_bar

    number = bad = 0
    with progress_bar(None, progress, "position") as bar:
        try:
            for answered in answers:
                for item in answered:
                    number += 1
                    if item is not None and item[1]:
                        sys.stdout.write(item[0] + "\n")
                    elif item is not None:  # report it, answer the other lines
                        bad += 1
                        sys.stdout.flush()
                        print(f"treeviz: error: {where} {number}: {item[0]}", file=sys.stderr)
                sys.stdout.flush()
                bar.update(len(answered))
        except (SearchStopped, KeyboardInterrupt):  # Ctrl-C ends the batch
            sys.stdout.flush()
            raise SearchStopped(
                f"solving was stopped after {where} {number:,}: the answers printed are complete"
            ) from None
    if bad:
        raise BatchError(f"{bad} of the positions could not be solved")


def _here(batches: Iterable[list[str]], job: SolveJob) -> Iterator[list[Answer]]:
    """Each batch answered in this process; Ctrl-C stops the batch running."""
    from treeviz.agents.stopping import run_stoppable
    from treeviz.trace.nodes import new_counters

    for batch in batches:
        for start in range(0, len(batch), HERE_LINES):
            lines = batch[start : start + HERE_LINES]
            ctr = new_counters()
            answered, stopped = run_stoppable(partial(answer_lines, lines, job, ctr), ctr)
            yield answered
            if stopped:
                raise SearchStopped("solving was stopped")


def _spread(
    batches: Iterable[list[str]], job: SolveJob, workers: int, cluster: str | None
) -> Iterator[list[Answer]]:
    """The lines answered by Dask workers, a few tasks in flight per worker, yielded in
    input order (memory does not grow with the input). Tasks start at one line and are
    then sized to take about ``TASK_SECONDS`` at the pace measured so far: slow lines
    spread one by one, fast ones in thousands (few tasks, little overhead)."""
    from treeviz.arena.runner import dask_client

    lines = itertools.chain.from_iterable(batches)
    size = 1
    with dask_client(workers, cluster) as client:
        window = IN_FLIGHT_PER_WORKER * max(workers, len(client.scheduler_info()["workers"]))
        pending: deque[Any] = deque()
        try:
            while True:
                while len(pending) < window and (chunk := list(itertools.islice(lines, size))):
                    pending.append(client.submit(timed_answers, chunk, job, pure=False))
                if not pending:
                    return
                answered, seconds = pending.popleft().result()
                size = _task_size(seconds / max(1, len(answered)))
                yield answered
        finally:
            client.cancel(list(pending))


def _task_size(seconds_per_line: float) -> int:
    """Lines a task gets so that it takes about ``TASK_SECONDS``."""
    return int(min(SPREAD_LINES, max(1.0, TASK_SECONDS / max(seconds_per_line, 1e-9))))


def timed_answers(lines: list[str], job: SolveJob) -> tuple[list[Answer], float]:
    """:func:`answer_lines` on a worker, with the seconds it took."""
    start = time.perf_counter()
    answered = answer_lines(lines, job)
    return answered, time.perf_counter() - start


def answer_lines(lines: list[str], job: SolveJob, ctr: np.ndarray | None = None) -> list[Answer]:
    """Each line's answer (``moves score`` or ``moves s1 ... s7``) or error, in order;
    when ``ctr``'s stop flag ends the solving early, the answered prefix."""
    from treeviz.exact.book import use_book_file
    from treeviz.trace.nodes import new_counters

    if job.book_file:  # on a worker: the book the command was given
        use_book_file(job.book_file)
    ctr = new_counters() if ctr is None else ctr
    parsed = [_parse(line, job.skip_blank) for line in lines]
    positions = [p for p in parsed if isinstance(p, Position)]
    values = iter(_values(positions, job, ctr))
    out: list[Answer] = []
    for line, item in zip(lines, parsed, strict=True):
        if isinstance(item, Position):
            value = next(values, None)
            if value is None:
                break  # stopped before this one
            out.append((f"{line.strip()} {value}", True))
        else:
            out.append(None if item is None else (item, False))
    return out


def _parse(line: str, skip_blank: bool) -> Position | str | None:
    """The position a line names, the error it gets, or None for a skipped blank line."""
    moves = line.strip()
    if not moves and skip_blank:
        return None
    try:
        pos = Position.from_moves(moves)
        if pos.is_over():
            raise InvalidPositionError(
                f"the game in {show_value(moves)} is over ({pos.status()}): there is no score "
                "to find"
            )
    except TreevizError as exc:
        return str(exc)
    return pos


def _values(positions: list[Position], job: SolveJob, ctr: np.ndarray) -> list[str]:
    """Each position's answer as text, a prefix when stopped."""
    from treeviz.exact.scores import FULL_COLUMN, column_scores, solve_many
    from treeviz.trace.nodes import C_STOP
    from treeviz.trace.recorder import Recorder

    if not job.analyze:
        return [str(s) for s in solve_many(positions, weak=job.weak, book=job.book, ctr=ctr)]
    out = []
    rec = Recorder(1)
    rec.ctr = ctr
    for pos in positions:
        scores = column_scores(pos, weak=job.weak, rec=rec, table=None, book=job.book)
        if ctr[C_STOP]:
            break
        out.append(" ".join(str(FULL_COLUMN if s is None else s) for s in scores))
    return out


def add_commands(sub: Any) -> None:
    """``solve``."""
    so = sub.add_parser(
        "solve",
        help="exact values: Connect 4's scores (one move string per line on stdin if none "
        "given), another game's results with --game",
    )
    so.add_argument(
        "positions",
        nargs="*",
        help="Connect 4's move strings (4453; '' for the empty board), or with --game "
        "that game's moves by label",
    )
    so.add_argument("--analyze", action="store_true", help="score every column (Connect 4)")
    so.add_argument("--weak", action="store_true", help="win/draw/loss only")
    so.add_argument("--no-book", action="store_true", help="search instead of the opening book")
    so.add_argument("--book", metavar="FILE", help="an opening book file (default: installed)")
    any_game.add_game_flag(so, "(positions as arguments; none: the start) ")
    where = so.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=int, default=1, help="local worker processes (large inputs: one per core)"
    )
    where.add_argument("--cluster", metavar="tcp://HOST:PORT", help=CLUSTER_HELP)
    so.set_defaults(func=cmd_solve)
