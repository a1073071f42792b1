"""``show`` a position and list the ``agents``.

(Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from treeviz.cli import any_game
from treeviz.cli.common import add_position_args, print_json, read_position
from treeviz.connect4.notation import to_diagram


def cmd_show(args: argparse.Namespace) -> None:
    """Print a position: board, side to move, legal columns, status (or JSON)."""
    if args.rules is not None:
        any_game.cmd_show(args)
        return
    pos = read_position(args.position, args.first)
    if args.json:
        data = pos.to_dict() | {"legal": [c + 1 for c in pos.legal_moves()]}
        print_json(data)
        return
    print(to_diagram(pos))
    print(f"moves: {pos.moves_string() or '(none)'}")
    print(f"to move: {pos.side_to_move}")
    print(f"legal columns: {' '.join(str(c + 1) for c in pos.legal_moves()) or '-'}")
    print(f"status: {pos.status()}")


def cmd_agents(args: argparse.Namespace) -> None:
    """List every agent with its parameters (JSON, a Markdown table, or plain text)."""
    from treeviz.agents.contract import fields_table, markdown_table
    from treeviz.agents.registry import AGENTS

    if args.json:
        print_json([a.as_dict() for a in AGENTS.values()])
        return
    if args.markdown:
        print(markdown_table(AGENTS))
        return
    if args.fields:
        print(fields_table(AGENTS))
        return
    _listed(AGENTS.values())
    # the agents on other games are others of the same names, with their own settings
    # and defaults (alpha-beta to depth 4 where Connect 4's goes to 5): said, not implied
    from treeviz.agents.any_game.registry import GAME_AGENTS

    print("\nOn other games (--game), the agents and their defaults are these:")
    _listed(GAME_AGENTS.values())


def _listed(agents: Iterable[Any]) -> None:
    """Each agent's name and description, then a line per parameter: its default,
    what it means, what it takes."""
    from treeviz.settings import format_param

    for a in agents:
        print(f"{a.name}: {a.description}")
        for p in a.params:
            setting = f"{p.name}={format_param(p.default)}"
            print(f"    {setting:<26} {p.help} ({p.allowed()})")


def add_commands(sub: Any) -> None:
    """``show`` and ``agents``."""
    show = sub.add_parser("show", help="print a position")
    add_position_args(show)
    show.add_argument("--json", action="store_true")
    any_game.add_game_flag(show)
    show.set_defaults(func=cmd_show)

    ag = sub.add_parser("agents", help="list the agents and their parameters")
    ag.add_argument("--json", action="store_true")
    ag.add_argument(
        "--markdown",
        action="store_true",
        help="the agent table as Markdown (docs/reference/agents.md)",
    )
    ag.add_argument(
        "--fields",
        action="store_true",
        help="the node field table as Markdown (docs/reference/agents.md)",
    )
    ag.set_defaults(func=cmd_agents)
