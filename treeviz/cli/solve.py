"""``solve``: exact scores of move strings, one line each.

(Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from typing import Any

from treeviz.connect4.board import Position
from treeviz.errors import BatchError, InvalidPositionError, SearchStopped, TreevizError
from treeviz.reading import read_line_bounded, stdin_bytes
from treeviz.settings import LINE_MAX_BYTES


def cmd_solve(args: argparse.Namespace) -> None:
    """Exact scores, one line per position: the moves, then the score or each column's score."""
    from treeviz.connect4.book import use_book_file

    if args.book:
        use_book_file(args.book)
    book = not args.no_book
    from_stdin = not args.positions
    lines = args.positions or _stdin_lines()
    bad = 0
    for number, raw in enumerate(lines, 1):
        moves = raw.strip()
        if not moves and from_stdin:
            continue  # a blank line on stdin
        try:
            print(f"{moves} {_solve_line(moves, args, book)}", flush=True)
        except SearchStopped:
            raise  # Ctrl-C ends the batch
        except TreevizError as exc:  # report it, answer the other lines
            bad += 1
            where = f"line {number}" if from_stdin else f"position {number}"
            print(f"treeviz: error: {where}: {exc}", file=sys.stderr)
    if bad:
        raise BatchError(f"{bad} of the positions could not be solved")


def _solve_line(moves: str, args: argparse.Namespace, book: bool) -> str:
    """The answer for one move string: its score, or each column's (Ctrl-C stops)."""
    from functools import partial

    from treeviz.search.common import Recorder
    from treeviz.search.solver import FULL_COLUMN, column_scores, solve
    from treeviz.search.stopping import run_stoppable

    pos = Position.from_moves(moves)
    if pos.is_over():
        raise InvalidPositionError(
            f"the game in {moves!r} is over ({pos.status()}): there is no score to find"
        )
    rec = Recorder(1)
    work: Callable[[], Any] = (
        partial(column_scores, pos, args.weak, rec, None, book)
        if args.analyze
        else partial(solve, pos, args.weak, book, None, rec)
    )
    answer, stopped = run_stoppable(work, rec.ctr)
    if stopped:
        raise SearchStopped(f"solving {moves!r} was stopped")
    if isinstance(answer, list):
        return " ".join(str(FULL_COLUMN if s is None else s) for s in answer)
    return str(answer)


def add_commands(sub: Any) -> None:
    """``solve``."""
    so = sub.add_parser(
        "solve", help="exact scores (one move string per line on stdin if none given)"
    )
    so.add_argument("positions", nargs="*", help="move strings ('' for the empty board)")
    so.add_argument("--analyze", action="store_true", help="score every column")
    so.add_argument("--weak", action="store_true", help="win/draw/loss only")
    so.add_argument("--no-book", action="store_true", help="search instead of the opening book")
    so.add_argument("--book", metavar="FILE", help="an opening book file (default: installed)")
    so.set_defaults(func=cmd_solve)


def _stdin_lines() -> Iterator[str]:
    """Standard input's lines, each at most ``LINE_MAX_BYTES`` (a longer one, such as
    ``/dev/zero``'s, ends the batch with one line instead of filling memory)."""
    number = 0
    while (line := read_line_bounded(stdin_bytes(), LINE_MAX_BYTES,
                                     f"line {number + 1}")) is not None:  # fmt: skip
        number += 1
        yield line
