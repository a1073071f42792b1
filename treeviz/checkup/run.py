"""A checkup: the battery asked, every answer judged, each bug proved by its shortest
position, and the agent's strength reported apart.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from treeviz.checkup.ask import Answer, ask, ask_all
from treeviz.checkup.battery import PHASES, Probe, battery
from treeviz.checkup.causes import edge_kept, edge_words
from treeviz.checkup.checks import CHECKS, MOVE_CHECKS, NEEDS, beyond, judge, outcomes_of
from treeviz.checkup.findings import Finding, finding, in_order
from treeviz.checkup.horizon import measure
from treeviz.checkup.inside import inside
from treeviz.checkup.result import Checkup
from treeviz.checkup.sequence import fresh_runs
from treeviz.checkup.shrink import shrink, smaller
from treeviz.checkup.tree_bugs import NodeFinding
from treeviz.connect4.board import Position
from treeviz.errors import InvalidParameterError
from treeviz.settings import DOCTOR_POSITIONS, DOCTOR_SECONDS, show_value

if TYPE_CHECKING:
    from treeviz.agents.contract import AgentSpec

# a person's agent that states no horizon is judged on wins at once and blocks (its
# measured horizon is reported beside)
DEFAULT_HORIZON = 2
REASKED = 10  # positions asked again at the end, and move-order pairs, to judge history


def stated_horizon(agent: str | AgentSpec, depth: int | None) -> int | None:
    """How far ``agent`` says it sees: ``depth`` when given, else its declaration
    (ours); None for a person's agent given no ``depth`` (it declares nothing)."""
    from treeviz.agents.registry import get_agent, spec
    from treeviz.agents.user.load import is_user_head

    if depth is not None:
        return depth
    chosen = spec(agent)
    decl = None if is_user_head(chosen.name) else get_agent(chosen.name)
    if decl is None or (not decl.warmup and not decl.horizon):  # a person's, declaring none
        return None
    return decl.horizon_of(decl.settings_of(chosen))


def horizon_of(agent: str | AgentSpec, depth: int | None) -> int:
    """The plies ``agent``'s answers are judged within: its :func:`stated_horizon`,
    else :data:`DEFAULT_HORIZON`."""
    stated = stated_horizon(agent, depth)
    return DEFAULT_HORIZON if stated is None else stated


def doctor(
    agent: Any,
    *,
    positions: int = DOCTOR_POSITIONS,
    seconds: float = DOCTOR_SECONDS,
    depth: int | None = None,
    seed: int = 0,
    workers: int = 1,
    cluster: str | None = None,
    progress: bool = True,
) -> Checkup:
    """A checkup of ``agent``: a spec (``"mine.py:choose"``, ``"alphabeta:depth=4"``),
    an :class:`~treeviz.agents.contract.Agent`, or a plain function ``(Position) ->
    column`` (1-based) defined right here, in a notebook; ``depth`` is how far a
    person's agent looks (2 when not given). The result shows itself in a notebook and
    holds the findings as data (``.findings``, ``.as_dict()``). A function or an
    Agent is checked in this process; a spec may be spread over ``workers`` local
    processes or a Dask ``cluster``. ``progress`` shows a bar while it runs (in a
    notebook, a widget)."""
    name = _registered(agent)
    if name != agent and (workers != 1 or cluster is not None):
        raise InvalidParameterError(
            "a function or an Agent is checked in this process: "
            "give its spec (PATH.py:NAME) to spread the checkup "
            "over workers"
        )
    from tqdm.auto import tqdm

    with tqdm(unit="position", disable=not progress, desc="doctor") as bar:
        result = checkup(
            name,
            positions=positions,
            seconds=seconds,
            depth=depth,
            seed=seed,
            workers=workers,
            cluster=cluster,
            tick=ticking(bar),
            fresh=name == agent,
        )
    result.command = name == agent
    return result


def _registered(agent: Any) -> str:
    """The spec to ask ``agent`` by: a spec as it is; an Agent or a function registered
    under a name of its own (``your_NAME``, never one of ours)."""
    from treeviz.agents.contract import Agent
    from treeviz.agents.registry import register
    from treeviz.agents.user.load import function_agent

    if isinstance(agent, str):
        return agent
    if isinstance(agent, Agent):
        decl = agent
    elif callable(agent):
        decl = function_agent(getattr(agent, "__qualname__", "agent"), agent)
    else:
        raise InvalidParameterError(
            f"doctor() takes an agent spec, an Agent or a function "
            f"(Position) -> column, not the {type(agent).__name__} "
            f"{show_value(agent)}"
        )
    name = "your_" + re.sub(r"\W", "_", decl.name)
    register(dataclasses.replace(decl, name=name, warmup=False))
    return name


def ticking(bar: Any) -> Callable[[int, int], None]:
    """A :func:`checkup` ``tick`` that moves a tqdm ``bar`` (whose total it learns)."""

    def tick(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)

    return tick


def checkup(
    agent: str,
    *,
    positions: int = DOCTOR_POSITIONS,
    seconds: float = DOCTOR_SECONDS,
    depth: int | None = None,
    seed: int = 0,
    workers: int = 1,
    cluster: str | None = None,
    tick: Callable[[int, int], Any] | None = None,
    fresh: bool = True,
) -> Checkup:
    """Check ``agent`` (a spec) on ``positions`` positions of each kind, at most
    ``seconds`` a move for a person's agent; ``tick(done, total)`` hears progress.
    ``fresh``: its history is judged in new processes (False for an agent only this
    process knows: a notebook's function)."""
    t0 = time.perf_counter()
    stated = stated_horizon(agent, depth)
    horizon = DEFAULT_HORIZON if stated is None else stated
    probes = battery(positions, seed)
    pairs = min(REASKED, sum(bool(p.other) for p in probes))
    total = len(probes) + 4 * min(REASKED, len(probes)) + 4 * pairs
    done = [0]

    def step() -> None:
        done[0] += 1
        if tick is not None:
            tick(done[0], total)

    answers = ask_all(
        agent,
        [p.moves for p in probes],
        seconds=seconds,
        workers=workers,
        cluster=cluster,
        tick=step,
    )
    result = Checkup(agent, horizon, len(probes), seed)
    outside = _findings(agent, seconds, horizon, answers, seed)
    history, note = _history(agent, seconds, probes, fresh, step)
    if history is not None:
        outside.append(history)
    result.notes = [note] if note else []
    nodes, result.trees = inside(agent, seconds=seconds, probes=probes, findings=outside)
    _explain(outside, nodes, horizon)
    result.findings = in_order([*outside, *nodes])
    result.lookahead = measure(list(answers.values()), stated, horizon)
    result.strength = strength(answers, horizon)
    result.seconds = time.perf_counter() - t0
    return result


def _findings(
    agent: str, seconds: float, horizon: int, answers: dict[str, Answer], seed: int
) -> list[Finding]:
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
            shortest = _shrunk(
                agent, seconds, horizon, check, min(failed[check], key=lambda a: len(a.moves)), seed
            )
            out.append(finding(check, shortest, failed=failed[check], of=applied[check]))
    _name_edge(out, list(answers.values()))
    _under_full_board(out, failed)
    return out


def _under_full_board(found: list[Finding], failed: dict[str, list[Answer]]) -> None:
    """Put each finding whose every failure is an endgame the ``full-board`` finding
    counts (a block missed on a nearly full board, say) under it: the same answers,
    one bug."""
    root = next((f for f in found if f.cause == "full-board"), None)
    if root is None:
        return
    missed = {a.moves for a in failed[root.check]}
    for f in found:
        if f is not root and not f.cause and {a.moves for a in failed[f.check]} <= missed:
            f.under = root.check


def _name_edge(found: list[Finding], answers: list[Answer]) -> None:
    """Name ``best-outside-test`` on the first finding whose shortest answer is the edge
    column the answers keep to (:func:`~treeviz.checkup.causes.edge_kept`), and put
    the other such findings under it: one bug, its misses its symptoms."""
    if not found or (kept := edge_kept(answers)) is None:
        return
    pick = max if kept[0] == "rightmost" else min
    root: Finding | None = None
    for f in found:
        legal = Position.from_moves(f.moves).legal_moves()
        if f.cause or not legal or f.answered != pick(legal) + 1:
            continue
        if root is None:  # the cause, said once; the other misses are its symptoms
            root, f.cause = f, "best-outside-test"
            f.text += edge_words(*kept)
        else:
            f.under = root.check


def _explain(outside: list[Finding], nodes: list[NodeFinding], horizon: int) -> None:
    """Put each miss seen outside under the finding inside whose proved cause accounts
    for it: a board the search changes and does not restore (every answer after it is
    searched on a wrong board) any move check's; a full board not scored as a draw an
    endgame's; the depth limit tested before the end of the game a win or loss in
    exactly ``horizon`` plies (the four made by the last move searched is scored by the
    evaluation: what such a search cannot see). A miss no such cause accounts for keeps
    the finding seen outside it was put under (its answers are that finding's)."""

    def accounts(n: NodeFinding, f: Finding) -> bool:
        if n.cause == "board-mutated" or n.check == "mutation":
            return f.check in MOVE_CHECKS
        if n.cause == "full-board":
            return f.check == "endgame"
        return n.cause == "end-at-horizon" and NEEDS.get(f.check) == horizon

    for f in outside:
        f.under = next((n.check for n in nodes if accounts(n, f)), f.under)


def _shrunk(
    agent: str, seconds: float, horizon: int, check: str, answer: Answer, seed: int
) -> Answer:
    """The answer on the shortest position found that still fails ``check``."""
    seen: dict[str, Answer] = {answer.moves: answer}

    def fails(moves: str) -> bool:
        """Whether the answer to ``moves`` fails ``check``: one that failed otherwise
        (a timeout, a crash: no column to judge) does not fail this check."""
        if moves not in seen:
            seen[moves] = ask(agent, moves, seconds)
        return any(j.failed for j in judge(seen[moves], horizon) if j.check == check)

    def applies(moves: str) -> bool:
        if check in ("crash", "no-move", "illegal-move", "timeout"):
            return True
        probe = Answer(moves, 1)  # what applies depends on the position alone
        return next(j.applies for j in judge(probe, horizon) if j.check == check)

    best = shrink(answer.moves, applies, fails, smaller=smaller, seed=seed)
    return seen[best]


def _history(
    agent: str, seconds: float, probes: list[Probe], fresh: bool, step: Callable[[], None]
) -> tuple[Finding | None, str]:
    """Different answers to one position: right after the position before it (as in a
    game the agent plays on both sides) against when asked among unrelated ones, or
    reached by two move orders. Each sequence goes to a fresh process (``fresh``: the
    agent has a spec a new process can load), the first one twice: only an agent whose
    two runs agree is judged (one that answers at random says nothing about its
    history). Returns the finding, if any, and a note when history was not judged."""
    again = [p.moves for p in probes[:REASKED]]
    pairs = [(p.moves, p.other) for p in probes if p.other][:REASKED]
    apart = again + [m for pair in pairs for m in pair]
    in_game = [m for moves in again for m in (moves[:-1], moves)]
    if fresh:
        one, two, game = fresh_runs(agent, seconds, [apart, apart, in_game])
    else:  # a function or an Agent of this process: asked here, one after the other
        one, two, game = ([ask(agent, m, seconds) for m in seq] for seq in (apart, apart, in_game))
    for _ in range(2 * len(apart) + len(in_game)):
        step()
    # an answer missing in one run (its time ran out on a busy machine) is no answer
    # that varies: only two answers to the same position are compared
    if any(
        a.column != b.column
        for a, b in zip(one, two, strict=True)
        if None not in (a.column, b.column)
    ):
        return None, "its answers vary from run to run: history not judged"
    k = len(again)
    failed: list[tuple[Answer, str, int | None]] = []
    of: list[str] = []
    for first, then in zip(one[:k], game[1::2], strict=True):
        if first.column is not None and then.column is not None:
            of.append(first.moves)
            if first.column != then.column:
                failed.append((first, first.moves, then.column))
    for a, b in zip(one[k::2], one[k + 1 :: 2], strict=True):
        if a.column is not None and b.column is not None:
            of.append(a.moves)
            if a.column != b.column:
                failed.append((a, b.moves, b.column))
    if not failed:
        return None, ""
    shortest, other, column = min(failed, key=lambda f: len(f[0].moves))
    return finding(
        "history", shortest, failed=[f[0] for f in failed], of=of, other=other, other_answer=column
    ), ""


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
    return {
        "accuracy": {k: {"kept": v[0], "of": v[1]} for k, v in by_phase.items()},
        "beyond_horizon": missed,
    }
