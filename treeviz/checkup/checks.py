"""The doctor's checks of one answer: which apply to a position, and which failed.

A check applies only where a correct search of the agent's horizon cannot go wrong:
a win at once needs one ply of lookahead, a block two, a forced win in 3 or 5 plies
three or five, a forced loss in 4 plies four (:mod:`.tactics`), an endgame as many
plies as there are empty cells. Outside its horizon a miss is a matter of strength (reported
apart, :mod:`treeviz.checkup.strength`), never a finding.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from treeviz.checkup.ask import Answer
from treeviz.checkup.battery import Facts, facts, outcomes
from treeviz.checkup.tactics import Tactics, tactics
from treeviz.connect4.board import Position

FAILURE_CHECKS = ("crash", "no-move", "illegal-move", "timeout")
# the horizon's checks by the plies of lookahead each needs: a win at once, a block, a
# forced win in 3, a forced loss in 4, a forced win in 5
LEVELS = {
    1: "misses-win",
    2: "misses-block",
    3: "misses-win-3",
    4: "walks-into-loss-4",
    5: "misses-win-5",
}
MOVE_CHECKS = (*LEVELS.values(), "endgame")
CHECKS = (*FAILURE_CHECKS, *MOVE_CHECKS, "history")
NEEDS = {check: k for k, check in LEVELS.items()}  # plies of lookahead a check needs


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


@lru_cache(maxsize=4096)
def tactics_of(moves: str) -> Tactics:
    """:func:`~treeviz.checkup.tactics.tactics` of the position after ``moves``, cached."""
    return tactics(Position.from_moves(moves))


def right_columns(moves: str, k: int) -> frozenset[int] | None:
    """The columns (0-based) a search that looks ``k`` plies ahead plays after
    ``moves``, when the position tests that horizon (level ``k`` of :data:`LEVELS`),
    else None: with a win at once, the wins (1); with a threat to block and a choice,
    the columns that stop it (2); with the shortest forced win in 3 or 5 plies, the
    columns that win so (3, 5); with no win, some columns losing in 4 plies (none
    sooner) and some not, the others (4)."""
    if k == 1:
        f = facts_of(moves)
        return f.wins or None
    if k == 2:
        f = facts_of(moves)
        return f.safe if f.must_block else None
    t = tactics_of(moves)
    return t.right(k) if t.kind() == k else None


def levels(answer: Answer) -> dict[int, bool]:
    """The horizons (plies) the position of ``answer`` tests, each with whether the
    answer was right there (a column given: else none)."""
    if answer.column is None:
        return {}
    out = {}
    for k in LEVELS:
        right = right_columns(answer.moves, k)
        if right is not None:
            out[k] = answer.column - 1 in right
    return out


def judge(answer: Answer, horizon: int) -> list[Judged]:
    """Every check of :data:`CHECKS` but ``history`` on ``answer``, for an agent that
    sees ``horizon`` plies ahead."""
    out = [Judged(c, True, answer.failure == c) for c in FAILURE_CHECKS]
    if answer.column is None:
        return out
    tested = levels(answer)
    for k, check in LEVELS.items():
        out.append(Judged(check, k in tested and horizon >= k, not tested.get(k, True)))
    out.append(_endgame(answer.moves, answer.column - 1, horizon))
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
    """The horizon checks ``answer`` fails beyond the agent's horizon (strength): a
    win it could have forced, a loss it walked into, with too short a lookahead."""
    return [LEVELS[k] for k, right in levels(answer).items() if k > horizon and not right]
