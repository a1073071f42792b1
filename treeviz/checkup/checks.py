"""The doctor's checks of one answer: which apply to a position, and which failed.

A check applies only where a correct search of the agent's horizon cannot go wrong:
a win at once needs one ply of lookahead, a block two, an endgame as many plies as
there are empty cells. Outside its horizon a miss is a matter of strength (reported
apart, :mod:`treeviz.checkup.strength`), never a finding.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from treeviz.checkup.ask import Answer
from treeviz.checkup.battery import Facts, facts, outcomes
from treeviz.connect4.board import Position

FAILURE_CHECKS = ("crash", "no-move", "illegal-move", "timeout")
MOVE_CHECKS = ("misses-win", "misses-block", "endgame")
CHECKS = (*FAILURE_CHECKS, *MOVE_CHECKS, "history")
NEEDS = {"misses-win": 1, "misses-block": 2}  # plies of lookahead a check needs


@dataclass(frozen=True)
class Judged:
    """One check on one position: whether it ``applies`` (a correct search of the
    agent's horizon gets it right) and whether the answer ``failed`` it."""

    check: str
    applies: bool
    failed: bool


@lru_cache(maxsize=4096)
def facts_of(moves: str) -> Facts:
    """:func:`~treeviz.checkup.battery.facts` of the position after ``moves``, cached."""
    return facts(Position.from_moves(moves))


@lru_cache(maxsize=4096)
def outcomes_of(moves: str) -> tuple[tuple[int, int], ...] | None:
    """The exact outcome of each legal column after ``moves`` (1 win, 0 draw, -1 loss)
    as sorted pairs, cached; None when the solver does not finish quickly."""
    found = outcomes(Position.from_moves(moves))
    return None if found is None else tuple(sorted(found.items()))


def judge(answer: Answer, horizon: int) -> list[Judged]:
    """Every check of :data:`CHECKS` but ``history`` on ``answer``, for an agent that
    sees ``horizon`` plies ahead."""
    out = [Judged(c, True, answer.failure == c) for c in FAILURE_CHECKS]
    if answer.column is None:
        return out
    col, f = answer.column - 1, facts_of(answer.moves)
    out.append(Judged("misses-win", bool(f.wins) and horizon >= NEEDS["misses-win"],
                      col not in f.wins))  # fmt: skip
    out.append(Judged("misses-block", f.must_block and horizon >= NEEDS["misses-block"],
                      col in f.unsafe))  # fmt: skip
    out.append(_endgame(answer.moves, col, horizon))
    return out


def _endgame(moves: str, col: int, horizon: int) -> Judged:
    """Within the horizon (no more empty cells than it looks ahead), a column whose
    exact outcome is worse than the best one is a bug."""
    pos = Position.from_moves(moves)
    if pos.width * pos.height - pos.ply > horizon:
        return Judged("endgame", False, False)
    found = outcomes_of(moves)
    if found is None or len({o for _, o in found}) < 2:
        return Judged("endgame", False, False)
    best = max(o for _, o in found)
    return Judged("endgame", True, dict(found).get(col, best) < best)


def beyond(answer: Answer, horizon: int) -> list[str]:
    """The move checks ``answer`` misses beyond the agent's horizon (strength): a win
    it could have taken, a block it let through, with too short a lookahead."""
    if answer.column is None:
        return []
    col, f = answer.column - 1, facts_of(answer.moves)
    out = []
    if f.wins and horizon < NEEDS["misses-win"] and col not in f.wins:
        out.append("misses-win")
    if f.must_block and horizon < NEEDS["misses-block"] and col in f.unsafe:
        out.append("misses-block")
    return out
