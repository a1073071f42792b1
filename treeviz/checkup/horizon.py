"""How far an agent looks, measured from its answers rather than taken on trust.

Each position of the battery that tests a horizon (:func:`~.checks.levels`: a win at
once, a threat to block, a forced win in 3 or 5 plies, a forced loss in 4) counts at
its level: right or not. A correct search that looks ``k`` plies ahead gets every
position of every level up to ``k`` right; beyond, only what chance or its heuristic
finds. The measured horizon is therefore the deepest level up to which every position
was right: a search of depth ``d`` measures at least ``d`` (more only by luck on every
position of a deeper level), and one that misses even one position of a level is not
a correct search that looks that far. A stated horizon (``--depth``, an agent's own
declaration) is checked against it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from treeviz.checkup.ask import Answer
from treeviz.checkup.checks import LEVELS, levels
from treeviz.trace.values import plies


@dataclass
class Horizon:
    """The measured horizon: ``levels`` maps plies ``k`` to ``[right, of]`` (the
    positions of that level answered right, and asked); ``measured`` the deepest
    level up to which every one was right (0: not even wins at once); ``stated`` the
    plies the agent says it looks (None: it says nothing); ``judged`` the plies its
    answers are judged within (the stated horizon, or the default for an agent that
    states none)."""

    levels: dict[int, list[int]] = field(default_factory=dict)
    measured: int = 0  # (a level no position tested is skipped)
    stated: int | None = None
    judged: int = 0

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["levels"] = {str(k): v for k, v in self.levels.items()}
        return out

    @property
    def disagrees(self) -> bool:
        """The agent states a horizon and missed a position of a level within it."""
        return self.stated is not None and any(
            r < n for k, (r, n) in self.levels.items() if k <= self.stated
        )


def measure(answers: list[Answer], stated: int | None, judged: int) -> Horizon:
    """The :class:`Horizon` of the agent that gave ``answers``."""
    counts = {k: [0, 0] for k in LEVELS}
    for answer in answers:
        for k, right in levels(answer).items():
            counts[k][0] += right
            counts[k][1] += 1
    measured = 0
    for k in LEVELS:  # a level no position tested neither counts nor stops the count
        if counts[k][0] < counts[k][1]:
            break
        measured = k if counts[k][1] else measured
    return Horizon({k: v for k, v in counts.items() if v[1]}, measured, stated, judged)


def level_words(h: Horizon) -> str:
    """Each level's count: ``wins in 1 ply taken in 12 of 12, ...; losses in 2 plies
    avoided in 30 of 30, ...``."""
    wins = [f"in {plies(k)} {r} of {n}" for k, (r, n) in h.levels.items() if k % 2]
    losses = [f"in {plies(k)} {r} of {n}" for k, (r, n) in h.levels.items() if not k % 2]
    parts = []
    if wins:
        parts.append("forced wins taken: " + ", ".join(wins))
    if losses:
        parts.append("forced losses avoided: " + ", ".join(losses))
    return "; ".join(parts) or "no position tested a horizon"


def verdict_words(h: Horizon) -> str:
    """The measured horizon in a sentence, and how it compares with the stated one."""
    if h.measured == max(LEVELS):
        seen = (
            f"every forced win up to {plies(h.measured)} taken and loss avoided, the deepest tested"
        )
    elif h.measured:
        seen = (
            f"every forced win within {plies(h.measured)} taken and loss avoided; "
            f"at {plies(h.measured + 1)} not every one"
        )
    else:
        seen = "not every win at once taken"
    if h.stated is None:
        return (
            f"measured horizon {plies(h.measured)} ({seen}); it states none, so its "
            f"answers are judged within {plies(h.judged)} (give --depth to have them "
            "judged as far as it looks)"
        )
    said = (
        "the end of the game it states it sees"
        if h.stated >= 1_000
        else f"the {plies(h.stated)} it states"
    )
    if h.disagrees:
        return (
            f"measured horizon {plies(h.measured)} ({seen}), less than {said}: the "
            "misses within its stated horizon are bugs, below"
        )
    if h.measured > h.stated:
        return (
            f"measured horizon {plies(h.measured)} ({seen}), more than {said} (a "
            "heuristic or chance can take every one of a level)"
        )
    return f"measured horizon {plies(h.measured)} ({seen}), consistent with {said}"
