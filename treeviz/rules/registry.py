"""Games by name: Connect 4 (ours, always there) and OpenSpiel's (with the ``games``
extra), each registered name with the parameters it starts with.

A registered name alone loads its default (``"hex"`` is a 5 x 5 board); a name with
parameters (``"hex(board_size=7)"``) or any other OpenSpiel game that qualifies
(``"pentago"``) goes to OpenSpiel as written. Connect 4 takes ``width`` and ``height``.
"""

from __future__ import annotations

import re
from typing import Any

from treeviz.errors import GameError, InvalidPositionError
from treeviz.rules.connect4 import Connect4
from treeviz.rules.protocol import Game
from treeviz.rules.spiel import SpielGame
from treeviz.settings import show_value

CONNECT4 = "connect4"
# name -> what OpenSpiel loads for it: the small boards keep exhaustive play quick
SPIEL_DEFAULTS = {
    "tic_tac_toe": "tic_tac_toe",
    "nim": "nim",  # heaps 1 3 5 7, misère (who takes the last token loses)
    "othello": "othello",
    "breakthrough": "breakthrough(rows=6,columns=6)",
    "hex": "hex(board_size=5)",
    "checkers": "checkers",
    "clobber": "clobber",  # 5 rows x 6 columns
    "mnk": "mnk(m=5,n=5,k=4)",  # four in a row on 5 x 5 (OpenSpiel's default is 15 x 15)
}
GAMES = (CONNECT4, *SPIEL_DEFAULTS)
CONNECT4_SPEC = re.compile(r"connect4\((?P<args>[^()]*)\)")
SIZE_ARG = re.compile(r"\s*(width|height)\s*=\s*(\d+)\s*")


def connect4(spec: str) -> Connect4:
    """Connect 4 of ``"connect4"`` or ``"connect4(width=6,height=5)"``."""
    if spec == CONNECT4:
        return Connect4()
    match = CONNECT4_SPEC.fullmatch(spec)
    if match is None:
        raise GameError(f"{show_value(spec)} is not connect4(width=N,height=N)")
    size: dict[str, Any] = {}
    for arg in match.group("args").split(","):
        found = SIZE_ARG.fullmatch(arg)
        if found is None:
            raise GameError(f"{show_value(arg)} is not width=N or height=N in {show_value(spec)}")
        size[found.group(1)] = int(found.group(2))
    try:
        return Connect4(**size)
    except InvalidPositionError as exc:
        raise GameError(f"{exc} in {show_value(spec)}") from None


def load_game(spec: str) -> Game[Any]:
    """The game ``spec`` names (see the module docstring). Raises :class:`GameError`
    quoting ``spec`` for a name no one knows, bad parameters, a game that is not
    two-player zero-sum deterministic with perfect information, or OpenSpiel missing."""
    name = spec.strip()
    if name == CONNECT4 or name.startswith(CONNECT4 + "("):
        return connect4(name)
    return SpielGame(SPIEL_DEFAULTS.get(name, name))
