"""The inside checks of a checkup on any game: a person's function whose search is
traced (``treeviz.traced``) is asked again on a few positions with a recording on,
and each recorded tree is checked inside (:mod:`.inside`). An agent with no traced
search records nothing and gets no inside finding; Connect 4's traced searches are
the Connect 4 doctor's (``treeviz doctor`` without ``--game``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from treeviz.checkup.games.ask import Moves, Player, own, replay
from treeviz.checkup.games.inside import GameNodeFinding, check_game_tree
from treeviz.rules.connect4 import Connect4
from treeviz.rules.protocol import Game

INSIDE = 10  # positions whose traced search is recorded and checked inside, at most


def inside(
    game: Game[Any], agent: Any, player: Player, positions: list[Moves]
) -> list[GameNodeFinding]:
    """For each check, the finding at the shortest position inside the recorded
    searches of ``agent``, asked as ``player`` asks it (within its time), on the first
    :data:`INSIDE` of ``positions``; none for a spec, for Connect 4, or for an agent
    that traces nothing."""
    if not callable(agent) or isinstance(game, Connect4):
        return []
    best: dict[str, GameNodeFinding] = {}
    for moves in positions[:INSIDE]:
        for f in recorded(game, player, moves):
            if f.check not in best or len(f.position) < len(best[f.check].position):
                best[f.check] = f
    return list(best.values())


def recorded(game: Game[Any], player: Player, moves: Moves) -> list[GameNodeFinding]:
    """The findings inside the recorded search of ``player`` (a person's function, as
    :func:`~treeviz.checkup.games.ask.player_of` asks it) of the position after ``moves``,
    their moves from the start of the game (none when it traced nothing or raised: a
    crash is the outside checks')."""
    from treeviz.agents.user.instrument import recording

    root = own(replay(game, moves))  # a copy of its own: the agent may change the one it gets
    try:
        with recording(root=root) as rec:
            player(replay(game, moves))
        trace = rec.trace if rec.calls else None
    except Exception:  # the person's code, too late, or a tree the recording could not make
        return []
    if trace is None:
        return []
    flags = np.frombuffer(rec.maxi, np.int8)  # each call's maximizing flag (-1: none)
    found = check_game_tree(trace, game if trace.game == game.name else None, flags=flags)
    return [replace(f, moves=[*moves, *f.moves]) for f in found]  # from the game's start
