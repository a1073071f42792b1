"""``treeviz report``: an analysis or a game review as one self-contained HTML file.

(Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from treeviz.cli.any_game import add_game_flag, add_limit_flag
from treeviz.cli.common import agent_command, check_output, chosen_agent, read_position
from treeviz.errors import InvalidParameterError
from treeviz.safe_io import atomic_write
from treeviz.settings import (
    EXACT_SECONDS,
    EXPORT_MAX_NODES,
    GAME_ID,
    add_setting_flag,
    setting_of,
)
from treeviz.trace.numbers import count


def is_game(arg: str) -> bool:
    """A game file (``.json``) or an arena database, rather than a position."""
    from treeviz.cli.common import is_readable
    from treeviz.cli.games import is_database

    path = Path(arg)
    if not is_readable(path) or not path.is_file():
        return False
    return path.suffix == ".json" or is_database(path)


def cmd_report(args: argparse.Namespace) -> None:
    """Write the report of a search (a position) or of a game (a game file)."""
    if args.draw_depth is not None and args.draw_depth < 1:
        raise InvalidParameterError(f"--draw-depth {args.draw_depth}: at least 1 level")
    check_output(args.output, args.position)
    if args.rules is not None and not args.rules.isdigit():
        from treeviz.cli.any_game import report_html

        doc = report_html(args)
    else:
        doc = _review(args) if is_game(args.position) else _analysis(args)
    with atomic_write(args.output, "w", encoding="utf-8") as out:
        out.write(doc)
    print(f"wrote {args.output} ({count(len(doc.encode()) / 1024)} KB)", file=sys.stderr)


def _analysis(args: argparse.Namespace) -> str:
    from treeviz.agents.registry import search
    from treeviz.draw.report import analysis_report
    from treeviz.exact.scores import exact_scores
    from treeviz.trace.recorder import check_playable

    pos = read_position(args.position, args.first)
    check_playable(pos)
    res = search(pos, chosen_agent(args))
    return analysis_report(
        pos, res, exact=exact_scores(pos, setting_of(args, EXACT_SECONDS)), depth=args.draw_depth
    )


def _review(args: argparse.Namespace) -> str:
    from treeviz.cli.games import read_game
    from treeviz.draw.report import review_report
    from treeviz.judge.review import review

    game = read_game(args.position, GAME_ID.coerce(args.rules) if args.rules else None, args.first)
    rev = review(game.position, agent=None, seconds=setting_of(args, EXACT_SECONDS))
    return review_report(rev, (game.x, game.o))


def add_commands(sub: Any) -> None:
    """The ``report`` subcommand."""
    p = agent_command(
        sub,
        "report",
        text="one self-contained HTML file: a search's analysis "
        "(POSITION --agent SPEC) or a game's review (GAME.json)",
        func=cmd_report,
    )
    p.add_argument("-o", "--output", required=True, help="the HTML file to write")
    p.add_argument(
        "--draw-depth",
        type=int,
        help=f"levels of the tree drawn (default: as many as fit in {EXPORT_MAX_NODES:,} nodes)",
    )
    add_setting_flag(p, EXACT_SECONDS)
    add_game_flag(p, "a number: the game's id when GAME is an arena database; a name: ")
    add_limit_flag(p)
