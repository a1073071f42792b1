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

from treeviz.agents.user.evidence import Votes, inferred
from treeviz.agents.user.game_result import build_game_result, pooled
from treeviz.checkup.games.ask import Moves, Player, own, replay
from treeviz.checkup.games.inside import GameNodeFinding, check_game_tree
from treeviz.rules.base import StepGame
from treeviz.rules.connect4 import Connect4
from treeviz.rules.protocol import Game

Recording = Any  # treeviz.agents.user.instrument.Recording (imported where it records)

INSIDE = 10  # positions whose traced search is recorded and checked inside, at most
MORE = 5  # searches of earlier positions recorded, at most, to tell whose values they are


def inside(
    game: Game[Any], agent: Any, player: Player, positions: list[Moves]
) -> list[GameNodeFinding]:
    """For each check, the finding at the shortest position inside the recorded
    searches of ``agent``, asked as ``player`` asks it (within its time), on the first
    :data:`INSIDE` of ``positions``; none for a spec, for Connect 4, or for an agent
    that traces nothing. Whose view its values take, where inferred, is inferred from
    all these searches at once (:func:`~treeviz.agents.user.game_result.pooled`): one
    code, one view, though a single late position may not tell player 0's from player
    1's."""
    if not callable(agent) or isinstance(game, Connect4):
        return []
    searches = [(m, rec) for m in positions[:INSIDE] if (rec := record(game, player, m))]
    votes = pooled([rec.trace for _, rec in searches])
    if votes is not None and inferred(votes)[1] == "split":
        votes = _more_evidence(game, player, positions[:INSIDE], [r.trace for _, r in searches])
    best: dict[str, GameNodeFinding] = {}
    for moves, rec in searches:
        for f in recorded(game, rec, moves, votes):
            if f.check not in best or len(f.position) < len(best[f.check].position):
                best[f.check] = f
    return list(best.values())


def _more_evidence(
    game: Game[Any], player: Player, positions: list[Moves], traces: list[Any]
) -> Votes | None:
    """The evidence of ``traces`` with that of searches a move or two earlier in
    ``positions`` (at most :data:`MORE` of them, the later first: the smaller searches),
    until it tells player 0's view from player 1's: a late position's search, all its
    children alike, tells nothing."""
    earlier = {tuple(m[:k]) for m in positions for k in (len(m) - 1, len(m) - 2) if k >= 0}
    votes = pooled(traces)
    for moves in sorted(earlier - {tuple(m) for m in positions}, key=len, reverse=True)[:MORE]:
        rec = record(game, player, moves)
        traces = traces + ([rec.trace] if rec else [])
        votes = pooled(traces)
        if votes is not None and inferred(votes)[1] != "split":
            break
    return votes


def record(game: Game[Any], player: Player, moves: Moves) -> Recording | None:
    """The recording of the traced search of ``player`` (a person's function, as
    :func:`~treeviz.checkup.games.ask.player_of` asks it) of the position after
    ``moves``, its moves from the start of the game; None when it traced nothing or
    raised (a crash is the outside checks')."""
    from treeviz.agents.user.instrument import recording

    root = own(replay(game, moves))  # a copy of its own: the agent may change the one it gets
    try:
        with recording(root=root) as rec:
            player(replay(game, moves))
        return rec if rec.calls and rec.trace is not None else None
    except Exception:  # the person's code, too late, or a tree the recording could not make
        return None


def recorded(
    game: Game[Any], rec: Recording, moves: Moves, votes: Votes | None = None
) -> list[GameNodeFinding]:
    """The findings inside the recorded search ``rec`` of the position after ``moves``
    (their moves from the start of the game); where whose view its values take was
    inferred, it is inferred from ``votes`` (when given) instead of its own evidence."""
    trace = rec.trace
    if votes is not None and "perspective_votes" in trace.extra and isinstance(game, StepGame):
        trace = build_game_result(rec, game, votes=votes).trace
    flags = np.frombuffer(rec.maxi, np.int8)  # each call's maximizing flag (-1: none)
    found = check_game_tree(trace, game if trace.game == game.name else None, flags=flags)
    return [replace(f, moves=[*moves, *f.moves]) for f in found]  # from the game's start
