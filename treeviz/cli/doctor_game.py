"""``doctor --game NAME AGENT``: the doctor on another game than Connect 4, for one of
the agents on any game (``alphabeta:depth=2``) or a person's function of the game's
state (``PATH.py:NAME``, ``module:NAME``), asked in this process within
``--seconds`` a move.

Exit codes as ``doctor``'s: 0 when nothing is found, 1 when something is, 2 on bad
input. (Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
from typing import Any

from treeviz.cli.common import print_json
from treeviz.errors import InvalidParameterError

FOUND = 1  # something found, as ``doctor`` says it
ONLY_CONNECT4 = ("cluster", "trace")  # flags --game does not take (nor --workers but 1)


def cmd_doctor_game(args: argparse.Namespace) -> int:
    """Run the checkup on ``--game``'s game, print it (words or JSON); 1 when
    something was found."""
    from treeviz.checkup.games.run import check_game
    from treeviz.cli.any_game import rules_of

    _refuse(args)
    game = rules_of(args)
    result = check_game(
        game,
        _agent(args.agent),
        positions=args.positions,
        depth=args.depth,
        seconds=args.seconds,
        seed=args.seed,
    )
    result.agent = args.agent
    if args.json:
        print_json(result.as_dict())
    else:
        print(result.text())
    return 0 if result.healthy else FOUND


def _agent(spec: str) -> Any:
    """A person's function (``PATH.py:NAME``, ``module:NAME``) loaded, else the spec of
    an agent on any game as it is (checked by the checkup)."""
    from treeviz.agents.any_game.registry import GAME_AGENTS
    from treeviz.agents.user.load import function_of, is_user_head

    head = spec.split(":", 1)[0]
    if head in GAME_AGENTS or not is_user_head(spec):
        return spec
    return function_of(spec)


def _refuse(args: argparse.Namespace) -> None:
    """The flags of Connect 4's doctor that ``--game`` does not take, named in one
    line (numbers out of range are ``doctor``'s to refuse)."""
    given = [f"--{name}" for name in ONLY_CONNECT4 if getattr(args, name) is not None]
    given += ["--workers"] if args.workers != 1 else []
    if given:
        raise InvalidParameterError(
            f"{', '.join(given)} with --game {args.rules!r}: another game's doctor asks "
            "the agent in this process and saves no trees"
        )
