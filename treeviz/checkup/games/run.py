"""A checkup of an agent on any game, from outside: the battery asked, each reply
judged by the game's own rules, each failed check proved by the shortest position
found that still fails it (shrunk as Connect 4's doctor shrinks), in the game's text.

Checks: ``crash`` (the exception quoted), ``no-move``, ``illegal-move``, ``timeout``
(no answer within the time given: the shortest asked, not shrunk), ``mutation``
(the state it was given changed), ``misses-win`` (a win at once not taken: one ply of
lookahead), ``misses-block`` (a move after which the opponent wins at once, where
another move does not: two plies), ``history`` (a position answered otherwise when
asked again later, by an agent that answers it the same twice in a row). A check
needing more plies than the agent looks ahead is not judged.
"""

from __future__ import annotations

import html
from dataclasses import asdict, dataclass, field
from typing import Any

from treeviz.agents.contract import TO_THE_END
from treeviz.checkup.games.ask import Moves, Player, Reply, ask, player_of, replay
from treeviz.checkup.games.battery import Battery
from treeviz.checkup.games.facts import Facts
from treeviz.checkup.games.inside import GameNodeFinding
from treeviz.checkup.games.recorded import inside
from treeviz.checkup.games.words import finding_text, history_text
from treeviz.checkup.shrink import shrink
from treeviz.errors import InvalidParameterError
from treeviz.rules.protocol import Game
from treeviz.rules.registry import load_game
from treeviz.settings import DOCTOR_MAX_SECONDS, DOCTOR_SECONDS, show_value

FAILURES = ("crash", "no-move", "illegal-move", "timeout")
NEEDS = {"misses-win": 1, "misses-block": 2}  # plies of lookahead a check needs
CHECKS = (*FAILURES, "mutation", *NEEDS, "history")
DEFAULT_DEPTH = 2  # a person's agent that states none is judged on wins and blocks
POSITIONS = 20  # per kind, by default
REASKED = 10  # positions asked again at the end, to judge history


@dataclass
class GameFinding:
    """``check`` failed on ``count`` of the ``of`` positions it applies to; ``moves``
    (action ids) and ``position`` (the game's text) are the shortest exposing one,
    ``answered`` the label of the agent's move there (None: it gave none), ``text``
    the sentence that says it all, with the crash's ``where`` in the person's code."""

    check: str
    moves: list[int]
    position: str
    answered: str | None
    count: int
    of: int
    text: str
    where: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class GameCheckup:
    """The findings of a checkup on ``game``: seen from outside (in :data:`CHECKS`
    order) and ``inside`` its traced search; the notes on what was not judged."""

    game: str
    agent: str
    depth: int
    positions: int
    findings: list[GameFinding] = field(default_factory=list)
    inside: list[GameNodeFinding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def healthy(self) -> bool:
        return not self.findings and not self.inside

    def text(self) -> str:
        head = f"doctor: {self.agent} on {self.game}, {self.positions} positions, " + (
            "judged to the end of the game"
            if self.depth >= TO_THE_END
            else f"judged within {self.depth} plies"
        )
        lines = [head, *(f"- {f.check}: {f.text}" for f in self.findings)]
        lines += [f"- {f.check} (inside its search): {f.text}" for f in self.inside]
        if self.healthy:
            lines.append("no bug found")
        return "\n".join([*lines, *(f"note: {n}" for n in self.notes)])

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        """The checkup in a notebook: its heading line, then each finding, then the
        notes, as :meth:`text` says them."""
        head, *rest = self.text().splitlines()
        items = "".join(f"<li>{html.escape(line.removeprefix('- '))}</li>" for line in rest)
        return f"<p><b>{html.escape(head)}</b></p><ul>{items}</ul>"


def failed(reply: Reply, found: Facts, depth: int) -> list[str]:
    """The checks ``reply`` fails, on a position with these facts."""
    out = [reply.failure] if reply.failure else []
    out += ["mutation"] if reply.changed else []
    if reply.move is None:
        return out
    if depth >= NEEDS["misses-win"] and found.wins and reply.move not in found.wins:
        out.append("misses-win")
    if depth >= NEEDS["misses-block"] and found.must_block and reply.move in found.losing:
        out.append("misses-block")
    return out


def applies(check: str, found: Facts, depth: int) -> bool:
    """Whether ``check`` is judged on a position with these facts."""
    if check == "misses-win":
        return bool(found.wins) and depth >= NEEDS[check]
    if check == "misses-block":
        return found.must_block and depth >= NEEDS[check]
    return True


def check_game(
    game: Game[Any] | str,
    agent: Any,
    *,
    positions: int = POSITIONS,
    depth: int | None = None,
    seconds: float = DOCTOR_SECONDS,
    seed: int = 0,
) -> GameCheckup:
    """A checkup of ``agent`` on ``game`` (a game or a name :func:`load_game` reads):
    ``agent`` a function of the game's own state returning its move, or a spec of the
    agents on any game (see :mod:`treeviz.checkup.games.ask`). ``positions`` per kind;
    ``depth`` the plies it looks ahead (a spec's own depth, else 2); ``seconds`` a
    function's time for a move (past it: a ``timeout`` finding). A person's
    traced search (``treeviz.traced``) is also checked inside (``.inside``). Raises
    :class:`InvalidParameterError` quoting a bad number or spec, :class:`GameError` an
    unknown game."""
    rules = load_game(game) if isinstance(game, str) else game
    if not 1 <= positions <= 1_000:
        raise InvalidParameterError(f"positions {show_value(positions)}: from 1 to 1000 per kind")
    horizon = depth_of(agent, depth)
    if not 0 < seconds <= DOCTOR_MAX_SECONDS:
        raise InvalidParameterError(
            f"seconds {show_value(seconds)}: more than 0, at most {DOCTOR_MAX_SECONDS:g}"
        )
    player = player_of(rules, agent, seconds)
    battery = Battery(rules)
    asked = battery.positions(positions, seed)
    replies = [ask(rules, player, m) for m in asked]
    name = agent if isinstance(agent, str) else getattr(agent, "__qualname__", "agent")
    result = GameCheckup(rules.name, str(name), horizon, len(asked))
    result.findings = judged(rules, player, battery, replies, horizon, seed)
    history, note = history_of(rules, player, replies[:REASKED])
    result.findings += [history] if history else []
    result.notes += [note] if note else []
    answered = [r.moves for r in replies if r.failure != "timeout"]
    result.inside = inside(rules, agent, player, answered)
    return result


def depth_of(agent: Any, depth: int | None) -> int:
    """The plies ``agent``'s replies are judged within: ``depth`` when given, else a
    spec's declared horizon, else :data:`DEFAULT_DEPTH`."""
    if depth is not None:
        if depth < 0:
            raise InvalidParameterError(f"depth {show_value(depth)}: from 0 (plies ahead)")
        return depth
    if callable(agent):
        return DEFAULT_DEPTH
    from treeviz.agents.any_game.registry import GAME_AGENTS, game_spec

    spec = game_spec(agent)
    decl = GAME_AGENTS[spec.name]
    return int(decl.horizon_of(decl.settings_of(spec)))


def judged(
    game: Game[Any], player: Player, battery: Battery, replies: list[Reply], depth: int, seed: int
) -> list[GameFinding]:
    """One finding per check failed anywhere, proved by its shortest position."""
    failing: dict[str, list[Reply]] = {}
    of: dict[str, int] = {}
    for reply in replies:
        found = battery.facts(reply.moves)
        for check in CHECKS:
            of[check] = of.get(check, 0) + applies(check, found, depth)
        for check in failed(reply, found, depth):
            failing.setdefault(check, []).append(reply)
    out = []
    for check in CHECKS:
        if check in failing:
            reply = min(failing[check], key=lambda r: len(r.moves))
            if check != "timeout":  # each ask of a shrink could take the whole limit
                reply = shrunk(game, player, battery, check, reply, depth, seed)
            out.append(make_finding(game, battery, check, reply, len(failing[check]), of[check]))
    return out


def shrunk(
    game: Game[Any],
    player: Player,
    battery: Battery,
    check: str,
    reply: Reply,
    depth: int,
    seed: int,
) -> Reply:
    """The reply on the shortest position found that still fails ``check``."""
    seen = {reply.moves: reply}

    def fails(moves: Moves) -> bool:
        if moves not in seen:
            seen[moves] = ask(game, player, moves)
        return check in failed(seen[moves], battery.facts(moves), depth)

    best = shrink(
        reply.moves,
        lambda m: applies(check, battery.facts(m), depth),
        fails,
        smaller=battery.smaller,
        seed=seed,
    )
    return seen[best]


def make_finding(
    game: Game[Any], battery: Battery, check: str, reply: Reply, count: int, of: int
) -> GameFinding:
    state = replay(game, reply.moves)
    answered = None if reply.move is None else game.label(state, reply.move)
    text = finding_text(game, check, reply, battery.facts(reply.moves))
    return GameFinding(
        check,
        list(reply.moves),
        game.to_text(state),
        answered,
        count,
        of,
        f"{text} ({count} of {of} positions it applies to)",
        reply.where,
    )


def history_of(
    game: Game[Any], player: Player, first: list[Reply]
) -> tuple[GameFinding | None, str]:
    """Positions answered otherwise when asked again after all the others: judged only
    when each is answered the same twice in a row (an agent that answers at random
    says nothing about what it keeps between calls). The finding, or a note."""
    again = [(ask(game, player, r.moves), ask(game, player, r.moves)) for r in first]
    if any(a.move != b.move for a, b in again):
        return None, "its answers to a position vary when asked twice in a row: history not judged"
    changed = [(r, a) for r, (a, _) in zip(first, again, strict=True) if r.move != a.move]
    changed = [(r, a) for r, a in changed if r.move is not None and a.move is not None]
    if not changed:
        return None, ""
    before, after = min(changed, key=lambda p: len(p[0].moves))
    state = replay(game, before.moves)
    text = history_text(game, before, after)
    return GameFinding(
        "history",
        list(before.moves),
        game.to_text(state),
        game.label(state, after.move) if after.move is not None else None,
        len(changed),
        len(first),
        f"{text} ({len(changed)} of {len(first)} positions asked again)",
    ), ""
