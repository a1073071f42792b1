"""The ``treeviz`` command line: show, analyze and solve positions.

Every user error (a typed :class:`TreevizError`, an unreadable file) becomes one line
on stderr and exit code 2; results go to stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from treeviz.board import Position
from treeviz.errors import InvalidParameterError, InvalidPositionError, TreevizError
from treeviz.notation import parse_position, to_diagram
from treeviz.samples import load_sample, parse_sample

MAX_DPI = 2400
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


def _same_file(a: str, b: str) -> bool:
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


def cmd_show(args: argparse.Namespace) -> None:
    """Print a position: board, side to move, legal columns, status (or JSON)."""
    pos = read_position(args.position)
    if args.json:
        data = pos.to_dict() | {"legal": [c + 1 for c in pos.legal_moves()]}
        print(json.dumps(data))
        return
    print(to_diagram(pos))
    print(f"moves: {pos.moves_string() or '(none)'}")
    print(f"to move: {pos.side_to_move}")
    print(f"legal columns: {' '.join(str(c + 1) for c in pos.legal_moves()) or '-'}")
    print(f"status: {pos.status()}")


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


def cmd_analyze(args: argparse.Namespace) -> None:
    """Run an agent, print its choice and per-column table, optionally save the trace."""
    from treeviz.analysis import move_table_text
    from treeviz.search import search, spec
    from treeviz.trace_io import save

    pos = read_position(args.position)
    chosen = spec(args.agent, **search_params(args))
    res = search(pos, chosen)
    if args.trace:
        save(res.trace, args.trace)
    if args.export:
        from treeviz.export import export

        export(res.trace, args.export, args.format, export_options(args))
    if args.json:
        print(json.dumps(res.as_dict() | {"spec": str(chosen)}))
        return
    from treeviz.values import kind_text

    print(to_diagram(pos))
    print(f"agent: {chosen}  to move: {pos.side_to_move}  chosen column: {res.move}")
    print(f"values: {kind_text(res.trace.value_kind)}")
    print(move_table_text(res))
    print(f"pv: {' '.join(map(str, res.pv))}")
    s = res.stats
    print(
        f"nodes: {s['nodes']}  cutoffs: {s['cutoffs']}  tt hits: {s['tt_hits']}  "
        f"time: {s['time_s']:.3f}s  truncated: {s['truncated']}"
    )


def cmd_explain(args: argparse.Namespace) -> None:
    """Run an agent and judge its choice against the exact scores, in words."""
    from treeviz.explain import explain
    from treeviz.search import spec

    pos = read_position(args.position)
    chosen = spec(args.agent, **search_params(args))
    out = explain(pos, str(chosen), seconds=args.exact_seconds)
    if args.json:
        print(json.dumps(out.as_dict()))
        return
    print(to_diagram(pos))
    print(f"[{out.verdict.cls}] {out.text}")
    for reason in out.reasons:
        print(f"  - {reason.text}")


def cmd_agents(args: argparse.Namespace) -> None:
    """List every agent with its parameters (JSON, a README table, or plain text)."""
    from treeviz.search import AGENTS
    from treeviz.search.contract import format_param, markdown_table

    if args.json:
        print(json.dumps([a.as_dict() for a in AGENTS.values()]))
        return
    if args.markdown:
        print(markdown_table(AGENTS))
        return
    for a in AGENTS.values():
        print(f"{a.name}: {a.description}")
        for p in a.params:
            setting = f"{p.name}={format_param(p.default)}"
            print(f"    {setting:<26} {p.help} ({p.allowed()})")


def export_options(args: argparse.Namespace) -> Any:
    """The :class:`ExportOptions` of the export flags."""
    from treeviz.export import ExportOptions

    if args.top is not None and args.top < 1:
        raise InvalidParameterError(f"--top {args.top}: at least 1 child per node")
    if not (math.isfinite(args.dpi) and 1 <= args.dpi <= MAX_DPI):
        raise InvalidParameterError(f"--dpi {args.dpi}: a resolution in 1-{MAX_DPI}")
    depth = None if args.depth_view is not None and args.depth_view < 0 else args.depth_view
    return ExportOptions(
        root=args.root, depth=depth, top_k=args.top, stubs=not args.no_stubs,
        boards=args.boards, dpi=args.dpi,
    )  # fmt: skip


def cmd_export(args: argparse.Namespace) -> None:
    """Write a saved trace as a diagram, table or trace file."""
    from treeviz.export import export
    from treeviz.trace_io import load

    if _same_file(args.trace, args.output):
        raise InvalidParameterError(
            f"-o {args.output!r} is the trace being read: write to another file"
        )
    kind = export(load(args.trace), args.output, args.format, export_options(args))
    print(f"wrote {args.output} ({kind})")


def add_export_flags(p: argparse.ArgumentParser) -> None:
    """The selection and rendering flags shared by ``export`` and ``analyze --export``."""
    # Checked by the exporter (its error lists the formats): importing it here would
    # load pandas and Graphviz for every command.
    p.add_argument("--format", help="svg, png, pdf, dot, graphml, csv or json (default: "
                   "from the file suffix)")  # fmt: skip
    p.add_argument("--root", type=int, default=0, help="trace node id to start from")
    p.add_argument(
        "--view-depth" if p.prog.endswith("analyze") else "--depth",
        dest="depth_view", type=int, default=3, help="levels drawn below the root (-1: all)",
    )  # fmt: skip
    p.add_argument("--top", type=int, help="at most K children per node (rest: +N more)")
    p.add_argument("--boards", action="store_true", help="small boards in nodes (<=50 nodes)")
    p.add_argument("--no-stubs", action="store_true", help="leave pruned moves out")
    p.add_argument("--dpi", type=float, default=96.0, help="PNG resolution")


def cmd_solve(args: argparse.Namespace) -> None:
    """Exact scores, one line per position: the moves, then the score or each column's score."""
    from treeviz.book import use_book_file
    from treeviz.search.stopping import SearchStopped

    if args.book:
        use_book_file(args.book)
    book = not args.no_book
    from_stdin = not args.positions
    lines = args.positions or (ln.rstrip("\n") for ln in sys.stdin)
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
    from treeviz.search.stopping import SearchStopped, run_stoppable

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


class BatchError(TreevizError):
    """Some lines of a batch failed; each was reported on its own line already, so
    :func:`main` only sets the exit code."""


def agent_command(
    sub: Any, name: str, text: str, func: Callable[[argparse.Namespace], None]
) -> argparse.ArgumentParser:
    """A subcommand running an agent on a position: the position, ``--agent SPEC``, one
    flag per declared parameter, and ``--json``."""
    p: argparse.ArgumentParser = sub.add_parser(name, help=text)
    p.add_argument("position")
    p.add_argument(
        "--agent", default="alphabeta",
        help="agent spec: NAME or NAME:key=value,... (e.g. mcts:iterations=500,c=2)",
    )  # fmt: skip
    add_param_flags(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=func)
    return p


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="treeviz", description="Why did this Connect 4 agent play that column?"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    show = sub.add_parser("show", help="print a position")
    show.add_argument(
        "position", help="move string, sample name, .txt file, or - for a diagram on stdin"
    )
    show.add_argument("--json", action="store_true")
    show.set_defaults(func=cmd_show)

    ag = sub.add_parser("agents", help="list the agents and their parameters")
    ag.add_argument("--json", action="store_true")
    ag.add_argument("--markdown", action="store_true", help="the README's agent table")
    ag.set_defaults(func=cmd_agents)

    an = agent_command(sub, "analyze", "run an agent and explain its choice", cmd_analyze)
    an.add_argument("--trace", help="write the trace JSON here (.json or .json.gz)")
    an.add_argument("--export", help="also write a diagram/table/trace (format from suffix)")
    add_export_flags(an)

    xp = agent_command(sub, "explain", "judge an agent's choice against the exact scores",
                       cmd_explain)  # fmt: skip
    xp.add_argument("--exact-seconds", type=float, default=2.0,
                    help="time budget for the exact scores (no verdict past it)")  # fmt: skip

    from treeviz.cli_games import add_game_commands

    add_game_commands(sub)
    from treeviz.cli_id3 import add_id3_command

    add_id3_command(sub)
    from treeviz.cli_arena import add_arena_commands

    add_arena_commands(sub)

    ex = sub.add_parser("export", help="draw a saved trace: svg png pdf dot graphml csv json")
    ex.add_argument("trace", help="trace file (.json or .json.gz)")
    ex.add_argument("-o", "--output", required=True, help="file to write")
    add_export_flags(ex)
    ex.set_defaults(func=cmd_export)

    so = sub.add_parser(
        "solve", help="exact scores (one move string per line on stdin if none given)"
    )
    so.add_argument("positions", nargs="*", help="move strings ('' for the empty board)")
    so.add_argument("--analyze", action="store_true", help="score every column")
    so.add_argument("--weak", action="store_true", help="win/draw/loss only")
    so.add_argument("--no-book", action="store_true", help="search instead of the opening book")
    so.add_argument("--book", metavar="FILE", help="an opening book file (default: installed)")
    so.set_defaults(func=cmd_solve)

    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit code (2 for bad input)."""
    args = build_parser().parse_args(argv)
    func: Callable[[argparse.Namespace], None] = args.func
    from treeviz.search.stopping import SearchStopped

    try:
        func(args)
    except (SearchStopped, KeyboardInterrupt) as exc:
        print(f"treeviz: stopped: {exc or 'interrupted'}", file=sys.stderr)
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
