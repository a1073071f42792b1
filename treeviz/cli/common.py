"""What the commands share: reading a position, the agent flags, the agent commands.

Agent and search modules are imported inside the functions that need them: loading
them (numba, the kernels) costs ~0.3 s, which ``show`` and ``--help`` should not pay.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from treeviz.connect4.board import Position
from treeviz.connect4.notation import parse_position
from treeviz.connect4.samples import load_sample, parse_sample
from treeviz.errors import InvalidPositionError, TreevizError
from treeviz.settings import DEFAULT_AGENT

SAMPLE_NAME = re.compile(r"[a-z][a-z0-9_-]*")  # sample slugs; move strings are digits

# Older spellings of generated flags, kept working.
FLAG_ALIASES = {"time_limit": ("--time",)}


def read_position(arg: str) -> Position:
    """A position from a CLI argument: ``-`` (stdin), a file, a sample name or text."""
    if arg == "-":
        return parse_position(sys.stdin.read())
    path = Path(arg)
    if is_file(path):
        text = path.read_text(encoding="utf-8", errors="replace")
        try:
            if text.startswith("name:"):
                return parse_sample(path.stem, text).position()
            return parse_position(text)
        except TreevizError as exc:
            # the message names the file, never quotes what is in it
            raise InvalidPositionError(
                f"file {arg!r} does not hold a position (a move string, a board diagram, "
                f"JSON or a sample file): {type(exc).__name__}"
            ) from None
    if SAMPLE_NAME.fullmatch(arg):
        return load_sample(arg).position()  # an unknown name raises, listing the samples
    return parse_position(arg)


def same_file(a: str, b: str) -> bool:
    """Whether two paths name one existing file."""
    try:
        return Path(b).exists() and Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def is_file(path: Path) -> bool:
    """Whether ``path`` names a file (a move string too long for a file name does not)."""
    try:
        return path.is_file()
    except OSError:
        return False


def search_params(args: argparse.Namespace) -> dict[str, Any]:
    """The parameter flags the user gave (others keep the spec's or the default)."""
    from treeviz.search import AGENTS

    names = {p.name for a in AGENTS.values() for p in a.params}
    return {n: getattr(args, n) for n in sorted(names) if getattr(args, n, None) is not None}


def add_param_flags(p: argparse.ArgumentParser) -> None:
    """One flag per declared parameter of every agent (same name, same meaning);
    values are checked by the declaration, so errors read the same as in a spec."""
    from treeviz.search import AGENTS
    from treeviz.search.contract import Param

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
            group.add_argument(*flags, dest=name, action=argparse.BooleanOptionalAction,
                               default=None, help=text)  # fmt: skip
        else:
            group.add_argument(*flags, dest=name, metavar=param.type.upper(), help=text)


def agent_command(
    sub: Any, name: str, text: str, func: Callable[[argparse.Namespace], None]
) -> argparse.ArgumentParser:
    """A subcommand running an agent on a position: the position, ``--agent SPEC``, one
    flag per declared parameter, and ``--json``."""
    p: argparse.ArgumentParser = sub.add_parser(name, help=text)
    p.add_argument("position")
    p.add_argument(
        "--agent", default=DEFAULT_AGENT.default,
        help="agent spec: NAME or NAME:key=value,... (e.g. mcts:iterations=500,c=2)",
    )  # fmt: skip
    add_param_flags(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=func)
    return p
