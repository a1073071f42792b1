"""A checkup: the battery asked, every answer judged, each bug proved by its shortest
position, and the agent's strength reported apart.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from treeviz.doctor.ask import Answer, ask, ask_all
from treeviz.doctor.battery import PHASES, Probe, battery
from treeviz.doctor.checks import CHECKS, beyond, judge, outcomes_of
from treeviz.doctor.findings import Finding, finding
from treeviz.doctor.shrink import shrink

DEFAULT_HORIZON = 2  # a person's agent that says nothing looks two plies ahead
REASKED = 20  # positions asked again at the end, to catch state kept between calls


@dataclass
class Checkup:
    """What the doctor found: ``findings`` (bugs, each proved by a position), and the
    agent's ``strength`` (accuracy against the exact scores by phase, misses beyond
    its horizon) for ``agent`` seen as looking ``horizon`` plies ahead, over
    ``positions`` positions."""

    agent: str
    horizon: int
    positions: int
    seed: int
    findings: list[Finding] = field(default_factory=list)
    strength: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def healthy(self) -> bool:
        """True when nothing was found."""
        return not self.findings

    def as_dict(self) -> dict[str, Any]:
        return {"agent": self.agent, "horizon": self.horizon, "positions": self.positions,
                "seed": self.seed, "healthy": self.healthy, "seconds": round(self.seconds, 2),
                "findings": [f.as_dict() for f in self.findings],
                "strength": self.strength}  # fmt: skip

    def text(self) -> str:
        """The checkup in words, as the command line prints it."""
        from treeviz.doctor.report import text

        return text(self)

    def _repr_html_(self) -> str:
        from treeviz.doctor.report import html

        return html(self)


def horizon_of(agent: str, depth: int | None) -> int:
    """How far ``agent`` sees: ``depth`` when given, else its declaration (ours), else
    :data:`DEFAULT_HORIZON` (a person's agent)."""
    from treeviz.agents.registry import get_agent, spec
    from treeviz.agents.user.load import is_user_head

    if depth is not None:
        return depth
    chosen = spec(agent)
    if is_user_head(chosen.name):
        return DEFAULT_HORIZON
    decl = get_agent(chosen.name)
    return decl.horizon_of(decl.validate(chosen.kwargs))


def checkup(
    agent: str,
    positions: int = 40,
    seconds: float = 2.0,
    depth: int | None = None,
    seed: int = 0,
    workers: int = 1,
    cluster: str | None = None,
    tick: Callable[[int, int], Any] | None = None,
) -> Checkup:
    """Check ``agent`` (a spec) on ``positions`` positions of each kind, at most
    ``seconds`` a move for a person's agent; ``tick(done, total)`` hears progress."""
    t0 = time.perf_counter()
    horizon = horizon_of(agent, depth)
    probes = battery(positions, seed)
    total = len(probes) + 3 * sum(bool(p.other) for p in probes) + 2 * REASKED
    done = [0]

    def step() -> None:
        done[0] += 1
        if tick is not None:
            tick(done[0], total)

    answers = ask_all(agent, [p.moves for p in probes], seconds, workers, cluster, step)
    result = Checkup(agent, horizon, len(probes), seed)
    result.findings = _findings(agent, seconds, horizon, answers, seed)
    history = _history(agent, seconds, probes, answers, step)
    if history is not None:
        result.findings.append(history)
    result.strength = strength(answers, horizon)
    result.seconds = time.perf_counter() - t0
    return result


def _findings(agent: str, seconds: float, horizon: int, answers: dict[str, Answer],
              seed: int) -> list[Finding]:  # fmt: skip
    """One finding per check that failed anywhere, proved by the shortest position."""
    failed: dict[str, list[Answer]] = {}
    applied: dict[str, list[str]] = {}
    for answer in answers.values():
        for j in judge(answer, horizon):
            if j.applies:
                applied.setdefault(j.check, []).append(answer.moves)
                if j.failed:
                    failed.setdefault(j.check, []).append(answer)
    out = []
    for check in CHECKS:
        if check in failed:
            shortest = _shrunk(agent, seconds, horizon, check,
                               min(failed[check], key=lambda a: len(a.moves)), seed)  # fmt: skip
            out.append(finding(check, shortest, failed[check], applied[check]))
    return out


def _shrunk(agent: str, seconds: float, horizon: int, check: str, answer: Answer,
            seed: int) -> Answer:  # fmt: skip
    """The answer on the shortest position found that still fails ``check``."""
    seen: dict[str, Answer] = {answer.moves: answer}

    def verdict(moves: str) -> Any:
        if moves not in seen:
            seen[moves] = ask(agent, moves, seconds)
        return next(j for j in judge(seen[moves], horizon) if j.check == check)

    def applies(moves: str) -> bool:
        if check in ("crash", "no-move", "illegal-move", "timeout"):
            return True
        probe = Answer(moves, 1)  # what applies depends on the position alone
        return next(j.applies for j in judge(probe, horizon) if j.check == check)

    best = shrink(answer.moves, applies, lambda m: verdict(m).failed, seed)
    return seen[best]


def _history(agent: str, seconds: float, probes: list[Probe], answers: dict[str, Answer],
             step: Callable[[], None]) -> Finding | None:  # fmt: skip
    """Different answers to one position: by two move orders, or asked again after
    other positions (in this process). An agent that answers differently when asked
    twice in a row is not deterministic: nothing to conclude from it."""
    failed: list[tuple[Answer, str, int | None]] = []
    of: list[str] = []

    def again(moves: str) -> tuple[Answer, bool]:
        one, two = ask(agent, moves, seconds), ask(agent, moves, seconds)
        step()
        step()
        return one, one.column == two.column and one.column is not None

    for p in probes[:REASKED]:
        later, steady = again(p.moves)
        first = answers[p.moves]
        if steady and first.column is not None:
            of.append(p.moves)
            if later.column != first.column:
                failed.append((first, p.moves, later.column))
    for p in (p for p in probes if p.other):
        one, steady = again(p.moves)
        moved = ask(agent, p.other, seconds)
        step()
        if steady and moved.column is not None:
            of.append(p.moves)
            if moved.column != one.column:
                failed.append((one, p.other, moved.column))
    if not failed:
        return None
    shortest, other, column = min(failed, key=lambda f: len(f[0].moves))
    return finding("history", shortest, [f[0] for f in failed], of, other, column)


def strength(answers: dict[str, Answer], horizon: int) -> dict[str, Any]:
    """Accuracy against the exact outcomes by phase (the share of answers that keep
    the best outcome), and the wins and blocks missed beyond the horizon."""
    by_phase: dict[str, list[int]] = {k: [0, 0] for k in PHASES}
    missed: dict[str, int] = {}
    for answer in answers.values():
        for check in beyond(answer, horizon):
            missed[check] = missed.get(check, 0) + 1
        found = outcomes_of(answer.moves) if answer.column is not None else None
        if found is None:
            continue
        phase = next(k for k, (lo, hi) in PHASES.items() if len(answer.moves) <= hi or k == "late")
        kept = dict(found).get((answer.column or 0) - 1) == max(o for _, o in found)
        by_phase[phase][0] += kept
        by_phase[phase][1] += 1
    return {"accuracy": {k: {"kept": v[0], "of": v[1]} for k, v in by_phase.items()},
            "beyond_horizon": missed}  # fmt: skip
