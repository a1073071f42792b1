"""The ``treeviz`` command line: one module per command, assembled here.

Every user error (a typed :class:`TreevizError`, an unreadable file) becomes one line
on stderr and exit code 2; results go to stdout.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import NoReturn

from treeviz.errors import BatchError, SearchStopped, TreevizError
from treeviz.settings import ERROR_LINE_CHARS, show_path

STOPPED = "treeviz: stopped: "
# Set by every Ctrl-C this command receives. A Ctrl-C that lands inside a library's
# callback (numba compiling a kernel, through llvmlite's ctypes) is swallowed there and
# leaves the library to fail with an error of its own, or to go on as if nothing came:
# with this set, that error is the Ctrl-C's doing, said as a stop, not shown as a
# traceback, and a command that ends normally after a Ctrl-C no code of ours acted on
# (``stopping.ctrl_c_was_acted_on``) ends as stopped too.
_SIGINT = threading.Event()


def _on_sigint(signum: int, frame: object) -> None:
    from treeviz.agents.stopping import saw_ctrl_c  # loaded before this is installed

    _SIGINT.set()
    saw_ctrl_c()
    raise KeyboardInterrupt


class OneLineParser(argparse.ArgumentParser):
    """A parser whose usage errors are one line, as every other error of the command
    (argparse printed its usage first: three lines for an unknown flag); ``--help``
    still shows the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"treeviz: error: {message}\n")


def takes_game(commands: Mapping[str, argparse.ArgumentParser]) -> list[str]:
    """The commands that take ``--game``, read from their parsers."""
    return [n for n, p in commands.items() if any(a.dest == "rules" for a in p._actions)]


def unrecognized(command: str, extra: list[str], served: list[str]) -> str:
    """argparse's words for flags ``command`` does not take; for ``--game``, which
    commands take it (a command that plays Connect 4 only does not)."""
    said = f"unrecognized arguments: {' '.join(extra)}"
    if "--game" in extra or any(e.startswith("--game=") for e in extra):
        said += f" ({command} plays Connect 4 only; {', '.join(served)} take --game)"
    return said


def _parsers() -> tuple[argparse.ArgumentParser, Mapping[str, argparse.ArgumentParser]]:
    """The argument parser and each subcommand's, by name."""
    # imported here, inside main's guard: a Ctrl-C while they load (a second on a busy
    # machine) is one line, not a traceback
    from treeviz.cli import (
        analyze,
        app,
        arena,
        doctor,
        export,
        games,
        id3,
        puzzles,
        report,
        show,
        solve,
    )
    from treeviz.rules.registry import GAMES

    parser = OneLineParser(
        prog="treeviz",
        description="Why did this search agent play that move? Connect 4 by default "
        "(a move is a column: 4453), another game with --game.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for module in (
        show,
        analyze,
        games,
        puzzles,
        doctor,
        id3,
        arena,
        export,
        report,
        solve,
        app,
    ):  # --help's order
        module.add_commands(sub)
    # named from the parsers themselves: a list written by hand left doctor out
    served = takes_game(sub.choices)
    parser.epilog = (
        f"Other games: {', '.join(served[:-1])} and {served[-1]} take --game NAME "
        f"({', '.join(GAMES)})."
    )
    return parser, sub.choices


def dashed_values(commands: Mapping[str, argparse.ArgumentParser], argv: list[str]) -> list[str]:
    """``--sprt -1,-1`` as ``--sprt=-1,-1``. argparse takes a word starting with '-'
    for an option unless it is a plain negative number (``-1``), so a flag's value such
    as ``-inf``, ``-1,-1`` or ``-1e3`` was refused ("expected one argument"). After an
    option that takes a value, a word starting with a single '-' that is not one of the
    command's options is that value; ``--`` ends the options, as in argparse."""
    name = next((w for w in argv if not w.startswith("-")), None)
    command = commands.get(name) if name is not None else None
    if command is None:
        return argv
    # argparse lists a parser's options only in a private attribute
    actions = command._actions
    takes_value = {o for a in actions if a.nargs is None for o in a.option_strings}
    short = {o for a in actions for o in a.option_strings if not o.startswith("--")}
    out: list[str] = []
    for i, word in enumerate(argv):
        if word == "--":
            return out + argv[i:]
        after = out[-1] if out else ""
        dashed = word.startswith("-") and not word.startswith("--") and len(word) > 1
        if after in takes_value and dashed and word[:2] not in short:
            out[-1] = f"{after}={word}"
        else:
            out.append(word)
    return out


def error_line(text: str) -> str:
    """A message as one line of at most ``ERROR_LINE_CHARS`` characters. Values quoted
    in our messages are cut where they are quoted (``show_value``); this is the last
    guard, for text from elsewhere (the system's, a library's)."""
    line = " ".join(text.split())
    if len(line) > ERROR_LINE_CHARS:
        line = f"{line[:ERROR_LINE_CHARS]}... ({len(line):,} characters)"
    return line


def os_error_text(exc: OSError) -> str:
    """An OSError in words, the path it names shortened (``File name too long`` came
    with the whole 60,000-character name)."""
    if exc.strerror is None or exc.filename is None:
        return str(exc)
    paths = [show_path(p) for p in (exc.filename, exc.filename2) if p is not None]
    return f"{exc.strerror}: {' -> '.join(paths)}"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit code (2 for bad input, 130 for Ctrl-C)."""
    try:
        parser, commands = _parsers()
        from treeviz.agents.stopping import ctrl_c_was_acted_on, forget_interrupt
    except KeyboardInterrupt:  # while the commands load, before any of them ran
        print(f"{STOPPED}Ctrl-C while starting, before anything was done", file=sys.stderr)
        return 130
    given = dashed_values(commands, list(sys.argv[1:] if argv is None else argv))
    args, extra = parser.parse_known_args(given)
    if extra:
        parser.error(unrecognized(args.command, extra, takes_game(commands)))
    forget_interrupt()
    func: Callable[[argparse.Namespace], int | None] = args.func

    main_thread = threading.current_thread() is threading.main_thread()
    before = signal.signal(signal.SIGINT, _on_sigint) if main_thread else None
    try:
        code = func(args)
        if _SIGINT.is_set() and not ctrl_c_was_acted_on():
            # swallowed where it landed (see _SIGINT): the person asked to stop, and
            # a script must not take this run for one left alone
            raise KeyboardInterrupt(
                "Ctrl-C was lost inside a library that was busy; the command ran on to its end"
            )
    except (SearchStopped, KeyboardInterrupt) as exc:
        # an exception is always true: its text may be empty (a bare KeyboardInterrupt)
        print(
            f"{STOPPED}{error_line(str(exc)) or 'Ctrl-C, before anything was kept'}",
            file=sys.stderr,
        )
        return 130
    except BatchError:
        return 2
    except BrokenPipeError:
        # The reader left (``| head``): no traceback, and no second error when
        # Python flushes stdout at exit (the recipe of the ``signal`` docs).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except TreevizError as exc:
        print(f"treeviz: error: {error_line(str(exc))}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"treeviz: error: {error_line(os_error_text(exc))}", file=sys.stderr)
        return 2
    except Exception:
        if not _SIGINT.is_set():
            raise
        print(
            f"{STOPPED}Ctrl-C while a library was busy (what was done before it is kept)",
            file=sys.stderr,
        )
        return 130
    finally:
        _SIGINT.clear()
        if main_thread:
            signal.signal(signal.SIGINT, before)
    return code or 0  # a command's own exit code (the doctor's 1: something found)


if __name__ == "__main__":
    sys.exit(main())
