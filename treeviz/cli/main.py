"""The ``treeviz`` command line: one module per command, assembled here.

Every user error (a typed :class:`TreevizError`, an unreadable file) becomes one line
on stderr and exit code 2; results go to stdout.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from treeviz.agents.stopping import forget_interrupt
from treeviz.cli import analyze, app, arena, export, games, id3, report, show, solve
from treeviz.errors import BatchError, SearchStopped, TreevizError

COMMANDS = (show, analyze, games, id3, arena, export, report, solve, app)  # in --help's order


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="treeviz", description="Why did this Connect 4 agent play that column?"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for module in COMMANDS:
        module.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit code (2 for bad input)."""
    args = build_parser().parse_args(argv)
    forget_interrupt()
    func: Callable[[argparse.Namespace], None] = args.func

    try:
        func(args)
    except (SearchStopped, KeyboardInterrupt) as exc:
        # an exception is always true: its text may be empty (a bare KeyboardInterrupt)
        print(f"treeviz: stopped: {str(exc) or 'Ctrl-C, before anything was kept'}",
              file=sys.stderr)  # fmt: skip
        return 130
    except BatchError:
        return 2
    except BrokenPipeError:
        # The reader left (``| head``): no traceback, and no second error when
        # Python flushes stdout at exit (the recipe of the ``signal`` docs).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except TreevizError as exc:
        print(f"treeviz: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"treeviz: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
