"""``doctor``: a checkup of an agent, ours or a person's, for bugs in its search.

Exit codes: 0 when nothing is found, 1 when something is, 2 on bad input.
(Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from treeviz.cli.common import CLUSTER_HELP, print_json
from treeviz.errors import InvalidParameterError
from treeviz.rules.registry import GAMES
from treeviz.settings import (
    DOCTOR_MAX_POSITIONS,
    DOCTOR_MAX_SECONDS,
    DOCTOR_POSITIONS,
    DOCTOR_SECONDS,
)

FOUND = 1  # the exit code of a checkup that found something (as grep's "matched")


def cmd_doctor(args: argparse.Namespace) -> int:
    """Run the checkup, print it (words or JSON); 1 when something was found. With
    ``--game``, another game's doctor (:mod:`treeviz.cli.doctor_game`)."""
    args.seconds = DOCTOR_SECONDS if args.seconds is None else args.seconds
    _check(args)
    if args.rules is not None:
        from treeviz.cli.doctor_game import cmd_doctor_game

        return cmd_doctor_game(args)
    from treeviz.arena.runner import check_workers, progress_bar
    from treeviz.checkup.run import checkup, ticking

    check_workers(args.workers)
    with progress_bar(None, sys.stderr.isatty() and not args.json, "position") as bar:
        result = checkup(
            args.agent,
            positions=args.positions,
            seconds=args.seconds,
            depth=args.depth,
            seed=args.seed,
            workers=args.workers,
            cluster=args.cluster,
            tick=ticking(bar),
        )
    if args.trace and result.inside:
        _save_trees(result, Path(args.trace))
    if args.json:
        print_json(result.as_dict())
    else:
        print(result.text())
    return 0 if result.healthy else FOUND


def _save_trees(result: Any, folder: Path) -> None:
    """Each tree that shows a node finding as ``FOLDER/<check>.json`` (a trace file:
    ``treeviz show``, the dashboard's Explore a trace); said on stderr, with the node."""
    from treeviz.checkup.inside import readable
    from treeviz.trace.files import save

    folder.mkdir(parents=True, exist_ok=True)
    for n in result.inside:
        trace = readable(result.trees[n.check], n.node)
        if trace is None:
            print(
                f"treeviz doctor: the tree showing {n.check} leaves the game's rules "
                "before its node: not saved",
                file=sys.stderr,
            )
            continue
        path = folder / f"{n.check}.json"
        save(trace, path)
        print(
            f"treeviz doctor: the tree showing {n.check} is in {path} (node {n.node})",
            file=sys.stderr,
        )


def _check(args: argparse.Namespace) -> None:
    """Refuse numbers out of range, naming the flag."""
    if not 1 <= args.positions <= DOCTOR_MAX_POSITIONS:
        raise InvalidParameterError(
            f"--positions {args.positions}: from 1 to {DOCTOR_MAX_POSITIONS} per kind"
        )
    if not 0 < args.seconds <= DOCTOR_MAX_SECONDS:
        raise InvalidParameterError(
            f"--seconds {args.seconds:g}: more than 0, at most {DOCTOR_MAX_SECONDS:g}"
        )
    if args.depth is not None and not 0 <= args.depth <= 1_000:
        raise InvalidParameterError(f"--depth {args.depth}: from 0 (plies ahead)")


def add_commands(sub: Any) -> None:
    """``doctor``."""
    d = sub.add_parser(
        "doctor",
        help="a checkup of an agent: bugs in its search, each "
        "proved by the shortest position that shows it",
    )
    d.add_argument(
        "agent",
        help="an agent spec: ours (alphabeta:depth=4), PATH.py:NAME, module:NAME or cmd:COMMAND",
    )
    d.add_argument(
        "--positions",
        type=int,
        default=DOCTOR_POSITIONS,
        help=f"positions per kind (default {DOCTOR_POSITIONS})",
    )
    d.add_argument(
        "--seconds",
        type=float,
        help=f"time a person's agent may take per move (default {DOCTOR_SECONDS:g})",
    )
    d.add_argument(
        "--depth",
        type=int,
        help="plies the agent says it looks ahead: its "
        "answers are judged within them, and the horizon the doctor measures is "
        "checked against them (a person's agent: wins at once and blocks when "
        "not given; ours state their own)",
    )
    d.add_argument("--seed", type=int, default=0, help="the battery's seed (default 0)")
    d.add_argument(
        "--game",
        dest="rules",
        metavar="NAME",
        help="check the agent on another game (" + ", ".join(GAMES[1:]) + ", or any "
        "suitable OpenSpiel game with its parameters): AGENT is then an agent on any game "
        "(alphabeta:depth=2) or a function of the game's state (PATH.py:NAME); wins at "
        "once, losses in one, crashes, illegal moves, timeouts, a changed state and "
        "history, and inside a traced search. Connect 4's --workers, --cluster and --trace "
        "are not taken",
    )
    d.add_argument("--json", action="store_true", help="the checkup as JSON")
    d.add_argument(
        "--trace",
        metavar="DIR",
        help="save the recorded tree showing each bug "
        "found inside a traced search, as DIR/CHECK.json",
    )
    where = d.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1, help="local worker processes")
    where.add_argument("--cluster", metavar="tcp://HOST:PORT", help=CLUSTER_HELP)
    d.set_defaults(func=cmd_doctor)
