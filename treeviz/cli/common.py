"""What the commands share: reading a position, the agent flags, the agent commands.

Agent and search modules are imported inside the functions that need them: loading
them (numba, the kernels) costs ~0.3 s, which ``show`` and ``--help`` should not pay.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from treeviz.connect4.board import Position
from treeviz.connect4.grid import BoardReading
from treeviz.connect4.notation import read_position_text
from treeviz.connect4.samples import load_sample, parse_sample
from treeviz.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidParameterError,
    InvalidPositionError,
    TreevizError,
)
from treeviz.safe_io import read_text_bounded
from treeviz.settings import DEFAULT_AGENT, POSITION_MAX_BYTES, show_path

if TYPE_CHECKING:
    from treeviz.agents.contract import AgentSpec

SAMPLE_NAME = re.compile(r"[a-z][a-z0-9_-]*")  # sample slugs; move strings are digits

# What a file's text was, in words (its content is never quoted: it may be anything).
WHAT_WENT_WRONG = {
    InvalidMoveError: "a character that is not a column, or a column off the board",
    IllegalMoveError: "a move into a full column or after the game ended",
    InvalidPositionError: "a board no game can reach, or no board at all",
}

# Older spellings of generated flags, kept working.
FLAG_ALIASES = {"time_limit": ("--time",)}


def read_position(arg: str, first: str | None = None) -> Position:
    """A position from a CLI argument: ``-`` (stdin), a file, a sample name or text;
    ``first`` is ``--first`` (which symbol of a board moved first). How a board was
    read, where it could have been read otherwise, goes to stderr as notes."""
    reading = _read_position(arg, first)
    for note in reading.notes("add --first {first}"):
        print(f"note: {note[:1].lower()}{note[1:]}", file=sys.stderr)  # after "note:"
    return reading.position


def _read_position(arg: str, first: str | None) -> BoardReading:
    """:func:`read_position`'s reading, before its notes are said."""
    if arg == "-":
        text = read_text_bounded("-", POSITION_MAX_BYTES, "standard input")
        return read_position_text(text, first=first)
    path = Path(arg)
    if is_readable(path):
        text = read_text_bounded(path, POSITION_MAX_BYTES, f"file {show_path(arg)}")
        try:
            if text.startswith("name:"):
                return BoardReading(parse_sample(path.stem, text).position())
            return read_position_text(text, first=first)
        except InvalidParameterError:
            raise  # --first, not the file, is wrong: it quotes only the flag
        except TreevizError as exc:
            # the message names the file, never quotes what is in it
            raise InvalidPositionError(
                f"file {show_path(arg)} does not hold a position (a move string, a board diagram, "
                f"JSON or a sample file): {WHAT_WENT_WRONG.get(type(exc), 'unreadable')}"
            ) from None
    if SAMPLE_NAME.fullmatch(arg):
        return BoardReading(load_sample(arg).position())  # an unknown name lists the samples
    if looks_like_path(arg):
        where = "is a directory" if path.is_dir() else "does not exist"
        raise InvalidPositionError(
            f"{show_path(arg)} {where}: give a move string, a sample name, "
            "a position file or - for stdin"
        )
    return read_position_text(arg, first=first)


def add_position_args(
    p: argparse.ArgumentParser, name: str = "position", text: str | None = None
) -> None:
    """The position argument of a command (``name``, its help ``text``) and ``--first``."""
    p.add_argument(
        name,
        help=text
        or "the position: Connect 4's move string (4453: its columns, 1-7), sample "
        "name, .txt file, or - for a board on stdin (any printed board: rows of 0 1 2, X "
        "O, NumPy arrays)",
    )
    add_first_flag(p)


def add_first_flag(p: argparse.ArgumentParser) -> None:
    """``--first``, which :func:`read_position` takes (its notes name it)."""
    p.add_argument(
        "--first",
        metavar="SYMBOL",
        help="for a board whose stone counts are equal, when both colourings are legal: the "
        "symbol of the player who moved first, 1 or 2 (X or O); without it the board's "
        "first symbol (1, X) moved first, and a note says so",
    )


def looks_like_path(arg: str) -> bool:
    """Whether ``arg`` is meant as a path: a folder separator or a file suffix (a move
    string has neither)."""
    return os.sep in arg or "/" in arg or Path(arg).suffix.lower() in (".txt", ".json")


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one existing file: the same device and inode, so a hard
    link or a symbolic link to the input counts as the input."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def check_output(output: str | Path, *inputs: str | Path) -> None:
    """Refuse to write ``output`` over one of ``inputs``, or where no file can be
    written (a directory, a missing folder): before any work, so nothing is lost."""
    out = Path(output)
    for source in inputs:
        if same_file(source, out):
            raise InvalidParameterError(
                f"{show_path(output)} is the file being read "
                f"({show_path(source)}): write to another"
            )
    if out.is_dir():
        raise InvalidParameterError(f"{show_path(output)} is a directory: name a file to write")
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise InvalidParameterError(
            f"cannot write {show_path(output)}: no writable folder {show_path(folder)}"
        )


def is_readable(path: Path) -> bool:
    """Whether ``path`` names something to read: a file, a pipe or a device (read with
    a cap), not a folder."""
    try:
        return path.exists() and not path.is_dir()
    except OSError:
        return False


def print_json(data: Any) -> None:
    """``data`` as one line of JSON on stdout (``--json``). JSON has no infinities or
    NaN (Python writes ``Infinity``, which JSON readers refuse): a non-finite number is
    null, the "no number" every ``--json`` output uses; ``allow_nan=False`` makes one
    that slipped past fail loudly rather than print invalid JSON."""
    print(json.dumps(finite_only(data), allow_nan=False))


def finite_only(data: Any) -> Any:
    """``data`` (dicts, lists, tuples and scalars) with every non-finite float as None."""
    if isinstance(data, float):
        return data if math.isfinite(data) else None
    if isinstance(data, dict):
        return {k: finite_only(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [finite_only(v) for v in data]
    return data


def chosen_agent(args: argparse.Namespace) -> AgentSpec:
    """The agent a command runs: ``--agent SPEC`` with the parameter flags given set on
    top, parsed and checked here, once; the command passes the spec on whole."""
    from treeviz.agents.registry import spec

    return spec(args.agent, **search_params(args))


def search_params(args: argparse.Namespace) -> dict[str, Any]:
    """The parameter flags the user gave (others keep the spec's or the default)."""
    from treeviz.agents.registry import AGENTS

    names = {p.name for a in AGENTS.values() for p in a.params}
    return {n: getattr(args, n) for n in sorted(names) if getattr(args, n, None) is not None}


def add_param_flags(p: argparse.ArgumentParser) -> None:
    """One flag per declared parameter of every agent (same name, same meaning);
    values are checked by the declaration, so errors read the same as in a spec."""
    from treeviz.agents.contract import Param
    from treeviz.agents.registry import AGENTS

    seen: dict[str, list[str]] = {}
    decl: dict[str, Param] = {}
    for agent in AGENTS.values():
        for param in agent.params:
            seen.setdefault(param.name, []).append(agent.name)
            decl.setdefault(param.name, param)
    group = p.add_argument_group("agent parameters (also settable in the spec)")
    for name, param in decl.items():
        flags = ["--" + name.replace("_", "-"), *FLAG_ALIASES.get(name, ())]
        text = f"{param.help} [{', '.join(seen[name])}]"
        if param.type == "bool":
            group.add_argument(
                *flags, dest=name, action=argparse.BooleanOptionalAction, default=None, help=text
            )
        else:
            group.add_argument(*flags, dest=name, metavar=param.type.upper(), help=text)


def agent_command(
    sub: Any, name: str, *, text: str, func: Callable[[argparse.Namespace], None]
) -> argparse.ArgumentParser:
    """A subcommand running an agent on a position: the position and ``--first``,
    ``--agent SPEC``, one flag per declared parameter, and ``--json``."""
    p: argparse.ArgumentParser = sub.add_parser(name, help=text)
    add_position_args(p)
    p.add_argument(
        "--agent",
        default=DEFAULT_AGENT.default,
        help="agent spec: NAME or NAME:key=value,... (e.g. mcts:iterations=500,c=2)",
    )
    add_param_flags(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=func)
    return p


# Said wherever a scheduler's address is taken: Dask unpickles what it receives.
CLUSTER_HELP = (
    "a Dask scheduler you trust: Dask unpickles what it receives, so a hostile "
    "scheduler runs code on this machine"
)
