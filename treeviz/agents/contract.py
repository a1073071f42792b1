"""The agent contract: what an agent declares once, and the spec strings built on it.

An :class:`Agent` names itself, says in one line what it does, declares its
parameters (:class:`Param`: type, default, range or choices, help) and the kind of
value its per-column rows and trace nodes carry. Everything else is derived from that
declaration: validation (:meth:`Agent.validate`), spec strings
(:class:`AgentSpec`, ``mcts:iterations=500,c=2``), the CLI flags, the dashboard's
widgets and the agent table of docs/reference/agents.md.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from treeviz.agents.reasons import ReasonsFn, generic_reasons
from treeviz.agents.stopping import quietly
from treeviz.connect4.board import Position
from treeviz.errors import InvalidParameterError
from treeviz.jit import announcing
from treeviz.settings import Param, format_param, show_value
from treeviz.trace.kinds import declared_kind

if TYPE_CHECKING:
    from treeviz.trace.nodes import SearchResult, Trace

Runner = Callable[..., "SearchResult"]
TO_THE_END = 10**9  # a horizon past the last move of any board
# the names of the agents declared outside the agents on any game (Connect 4's, whose
# positions are columns): one named with another game gets an error that says so
CONNECT4_ONLY: set[str] = set()


@dataclass(frozen=True)
class Agent:
    """An agent's declaration: everything treeviz knows about it, in one place.

    ``run(position, **params)`` receives every declared parameter, validated (plus
    ``reuse`` where the agent continues an earlier result); ``value_kind`` names the
    units of its values and may name parameters in braces (``heuristic:{heuristic}``);
    ``sources`` says which seeds it comes from. ``fields``: each node field it writes
    and what it means (the docs' field table is made from these; views read a trace
    by its fields, :mod:`treeviz.trace.reading`); ``reasons``, the sentences the judge
    gives behind a choice; ``quick``, settings of a tiny run (warm-up, tests);
    ``warmup`` False for agents that run a person's code or program, which runs only
    when asked; ``horizon``, how many plies ahead it sees every outcome with its
    settings (a number, or a function of the validated parameters): within it, a
    missed win, block or endgame result is a bug, beyond it a matter of strength
    (the doctor, :mod:`treeviz.checkup`)."""

    name: str
    description: str
    params: tuple[Param, ...]
    run: Runner
    value_kind: str | Callable[[Mapping[str, Any]], str]
    sources: str = ""
    runtime: tuple[str, ...] = field(default=())  # keyword inputs that are not settings
    quick: Mapping[str, Any] = field(default_factory=dict)
    fields: Mapping[str, str] = field(default_factory=dict)
    reasons: ReasonsFn = generic_reasons
    warmup: bool = True  # run once before the first timed search (not a person's code)
    horizon: int | Callable[[Mapping[str, Any]], int] = 0

    def __post_init__(self) -> None:
        # a name one table of agents lacks may be declared in the other (Connect 4's,
        # the agents on any game's): its error then says where the agent plays
        if not _any_game(self):
            CONNECT4_ONLY.add(self.name)

    def param(self, key: str) -> Param:
        """The declared parameter ``key``; :class:`InvalidParameterError` otherwise."""
        for p in self.params:
            if p.name == key:
                return p
        names = ", ".join(p.name for p in self.params) or "none"
        raise InvalidParameterError(
            f"agent {self.name!r} has no parameter {show_value(key)}; it takes {names}"
        )

    def validate(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every declared parameter: the given ones checked and converted, the rest at
        their defaults, in declaration order."""
        for key in given:
            self.param(key)
        return {
            p.name: p.coerce(given[p.name]) if p.name in given else p.default for p in self.params
        }

    def settings_of(self, chosen: AgentSpec) -> dict[str, Any]:
        """Every declared parameter as ``chosen`` sets it, the rest at their defaults, in
        declaration order: :meth:`validate` for a spec, whose values were checked when
        it was made (:func:`make_spec`, :func:`parse_spec`) and are not checked again."""
        given = chosen.kwargs
        return {p.name: given.get(p.name, p.default) for p in self.params}

    def horizon_of(self, params: Mapping[str, Any]) -> int:
        """The plies ahead a search with ``params`` sees every outcome of."""
        if callable(self.horizon):
            return int(self.horizon(params))
        return self.horizon

    def kind_of(self, params: Mapping[str, Any]) -> str:
        """The value kind of a search with ``params`` (e.g. ``heuristic:window``)."""
        if callable(self.value_kind):
            return self.value_kind(params)
        return self.value_kind.format(**params)

    def as_dict(self) -> dict[str, Any]:
        """The JSON form of ``treeviz agents --json``."""
        return {
            "name": self.name,
            "description": self.description,
            "value_kind": self.kind_of(self.validate({})),
            "params": [p.as_dict() for p in self.params],
        }


@dataclass(frozen=True)
class AgentSpec:
    """An agent with its settings: ``name`` and the parameters given (converted, in
    declaration order). ``str(spec)`` is ``name:key=value,...`` and parses back to an
    equal spec.

    A spec is made from text or values once, at the edge (a flag, a widget, a file,
    the Python API: :func:`parse_spec`, :func:`make_spec`), which checks it against
    the agent's declaration and marks it ``checked``; from there it is passed whole
    and nothing checks it again. A spec built by hand is unchecked: the registry's
    ``spec()`` checks it before it runs (``checked`` takes no part in equality)."""

    name: str
    params: tuple[tuple[str, Any], ...] = ()
    checked: bool = field(default=False, compare=False, repr=False)

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={format_param(v)}" for k, v in self.params)

    @property
    def kwargs(self) -> dict[str, Any]:
        """The given parameters as keyword arguments."""
        return dict(self.params)


def split_spec(text: str, agents: Mapping[str, Agent]) -> tuple[str, str]:
    """(agent, settings) of a spec: ``name:settings`` for a built-in, ``WHERE:NAME``
    (a file or module and a name in it) then ``:settings`` for a user agent, and the
    whole text for ``cmd:COMMAND`` (see :mod:`treeviz.agents.user.load`)."""
    t = text.strip()
    if t.startswith("cmd:"):
        return t, ""
    head, sep, rest = t.partition(":")
    head = head.strip()
    if head in agents or not sep:
        return head, rest
    name, _, settings = rest.partition(":")
    if name.strip().isidentifier():
        return f"{head}:{name.strip()}", settings
    return head, rest


def file_hint(name: str) -> str:
    """What to add to an unknown agent's error when it names a Python file alone."""
    return f", or name its function: {name}:NAME" if name.endswith(".py") else ""


def _any_game(agent: Agent) -> bool:
    """Whether ``agent`` is one of the agents on any game (declared in their package)."""
    return getattr(agent.run, "__module__", "").startswith("treeviz.agents.any_game")


def parse_spec(text: str, agents: Mapping[str, Agent]) -> AgentSpec:
    """``name`` or ``name:key=value,key=value`` checked against the declaration;
    :class:`InvalidParameterError` quoting the spec and naming what is wrong (an agent
    of Connect 4's alone named among the agents on any game: that it plays Connect 4
    only)."""
    name, rest = split_spec(text, agents)
    if name not in agents:
        if name in CONNECT4_ONLY and all(_any_game(a) for a in agents.values()):
            raise InvalidParameterError(
                f"agent {show_value(name)} in {show_value(text)} plays Connect 4 only: on "
                f"another game choose one of {', '.join(agents)}"
            )
        raise InvalidParameterError(
            f"unknown agent {show_value(name)} in {show_value(text)}: choose one of "
            f"{', '.join(agents)}{file_hint(name)}"
        )
    agent = agents[name]
    given: dict[str, Any] = {}
    for item in filter(None, (s.strip() for s in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise InvalidParameterError(
                f"{show_value(item)} in agent spec {show_value(text)} is not key=value"
            )
        key = key.strip()
        if key in given:
            raise InvalidParameterError(f"{key} is given twice in agent spec {show_value(text)}")
        try:
            given[key] = agent.param(key).coerce(value)
        except InvalidParameterError as exc:
            raise InvalidParameterError(f"{exc} (in agent spec {show_value(text)})") from None
    return _spec(agent, given)


def make_spec(agent: Agent, given: Mapping[str, Any], base: AgentSpec | None = None) -> AgentSpec:
    """The spec of ``agent`` with ``given`` parameters (values or their text, as a
    widget or a flag gives them) checked and converted, set on top of ``base``'s (a
    checked spec of ``agent``, whose values are not checked again);
    :class:`InvalidParameterError` names the first unknown key, else the first bad
    value in declaration order."""
    for key in given:
        agent.param(key)
    converted = {p.name: p.coerce(given[p.name]) for p in agent.params if p.name in given}
    return _spec(agent, (base.kwargs if base is not None else {}) | converted)


def _spec(agent: Agent, valid: Mapping[str, Any]) -> AgentSpec:
    """The checked spec of ``agent`` with ``valid`` (converted) parameters, in
    declaration order."""
    return AgentSpec(
        agent.name, tuple((p.name, valid[p.name]) for p in agent.params if p.name in valid), True
    )


NEARLY_FULL = "76724423326731757151271355323125166645"  # 4 cells left: every agent is fast
_WARM: set[str] = set()
_LOCK = threading.RLock()  # a search waits (untimed) while another thread warms its agent;
# re-entrant: an agent may search with another agent (a user's declared agent does)


def warm(agent: Agent) -> None:
    """Run ``agent`` once with its defaults on a nearly full board (once per process)."""
    if agent.name in _WARM or not agent.warmup:
        return
    with _LOCK:
        if agent.name not in _WARM:
            with announcing(), quietly():  # the first run after an install compiles
                agent.run(Position.from_moves(NEARLY_FULL), **agent.validate(agent.quick))
            _WARM.add(agent.name)


def run_agent(agent: Agent, pos: Position, chosen: AgentSpec, **runtime: Any) -> SearchResult:
    """Run ``agent`` on ``pos`` with the settings of ``chosen`` (a checked spec of
    ``agent``: :meth:`Agent.settings_of`); the trace records the value kind and every
    parameter's value."""
    for key in runtime:
        if key not in agent.runtime:
            agent.param(key)  # raises: not a parameter of this agent
    params = agent.settings_of(chosen)
    warm(agent)  # compiled code loaded before the clock starts: time_s is search time
    res = agent.run(pos, **params, **runtime)
    finish_trace(agent, res.trace, params)
    return res


def finish_trace(agent: Agent, trace: Trace, params: Mapping[str, Any]) -> None:
    """The trace's ``params`` become exactly the declared parameters as given (so its
    spec parses back to the same search); anything else an agent wrote there is a fact
    of the run and moves to ``extra``. The name and value kind come from the
    declaration (a user's agent may delegate to another agent's search)."""
    facts = {k: v for k, v in trace.params.items() if k not in params}
    trace.algorithm = agent.name
    trace.params = dict(params)
    trace.extra.update(facts)
    trace.value_kind = declared_kind(agent.kind_of(params), trace.value_kind)


def markdown_table(agents: Mapping[str, Agent]) -> str:
    """The docs' agent table: name, what it does, its parameters with defaults."""
    lines = ["| agent | what it does | values | parameters (default) |", "|---|---|---|---|"]
    for a in agents.values():
        params = ", ".join(f"`{p.name}` ({format_param(p.default)})" for p in a.params)
        kind = a.kind_of(a.validate({}))
        lines.append(f"| `{a.name}` | {a.description} | `{kind}` | {params} |")
    return "\n".join(lines)


def fields_table(agents: Mapping[str, Agent]) -> str:
    """The docs' table of what each agent writes in a trace's nodes."""
    lines = ["| agent | node field | what it holds |", "|---|---|---|"]
    for a in agents.values():
        for name, meaning in a.fields.items():
            lines.append(f"| `{a.name}` | `{name}` | {meaning} |")
    return "\n".join(lines)
