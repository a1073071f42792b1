"""What a loaded trace must hold so that every view can show it, checked once, at load.

The views (the tree and its labels, the per-move and per-node tables, the exports,
the judge's verdict and reasons, the replay) read a trace's value kind, parameters and
counters, its ``extra`` (the search's answer ``extra.result``, MCTS's iteration log
``extra.log``, a user search's number table ``extra.user_values``) and its node
columns. :func:`check_trace` checks each field they read for type, shape and range,
and everything else for plain JSON, so that a trace that loads draws everywhere; a
field that fails raises :class:`TraceFormatError` naming it (``trace field
'counters.nodes' must be a whole number at least 0, got 'many'``). The node columns
(:func:`check_nodes`) and the iteration log are checked with NumPy, a column at a
time, never node by node.

A registered agent's trace holds exactly the parameters the agent declares, each of
its declared type and range, and the value kind the declaration gives for them
(:func:`check_declared`). The registry lives in the layer above and hands itself to
:func:`use_agents`; a trace loaded before its agent was registered is checked when
the agent is first asked for it (:func:`check_late`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np

from treeviz.connect4.board import score_top
from treeviz.errors import InvalidParameterError
from treeviz.settings import TRACE_KIND_MAX_CHARS, Param
from treeviz.trace.extra import check_answer, check_log, user_table
from treeviz.trace.fieldcheck import (
    BOOL,
    COUNT,
    Kind,
    check_fields,
    is_number,
    is_text,
    plain,
    refuse,
)
from treeviz.trace.game_files import by_game_agent, check_game_answer, decided_beyond_win
from treeviz.trace.kinds import ValueKind, declared_kind
from treeviz.trace.nodes import (
    BOOK,
    INF,
    PROVEN_DRAW,
    PROVEN_LOSS,
    PROVEN_OPEN,
    PROVEN_WIN,
    WIN,
    Trace,
)
from treeviz.trace.values import KIND_TEXT, PROVEN

COUNTERS = {  # what recording writes; "nodes" and "truncated" are read by the views
    "nodes": COUNT,
    "recorded": COUNT,
    "cutoffs": COUNT,
    "tt_hits": COUNT,
    "leaves": COUNT,
    "time_s": Kind("number", lo=0),
    "truncated": BOOL,
    "capacity": Kind("whole", lo=1, null=True),
    "replay_of": COUNT,
    "left_out": COUNT,
}
PROVEN_VALUES = (PROVEN_LOSS, PROVEN_OPEN, PROVEN_WIN, PROVEN_DRAW)
ARRAYS = ("log", "user_values")  # extra's lists checked with NumPy, not item by item
CHECKED = "_declared_checked"  # in a loaded Trace's __dict__: checked against its agent


class Declared(Protocol):
    """What the checks need of an agent (:class:`treeviz.agents.contract.Agent`)."""

    @property
    def params(self) -> tuple[Param, ...]: ...

    def kind_of(self, params: Mapping[str, Any]) -> str: ...


_REGISTRY: list[Mapping[str, Declared]] = []


def use_agents(agents: Mapping[str, Declared]) -> None:
    """Check the traces of the agents in ``agents`` (kept as given: agents registered
    there later are checked too) against their declarations."""
    _REGISTRY[:] = [agents]


def declared(algorithm: str) -> Declared | None:
    """The registered agent named ``algorithm``, if any."""
    return _REGISTRY[0].get(algorithm) if _REGISTRY else None


def check_trace(trace: Trace) -> None:
    """Refuse ``trace`` (just built from a file, ``extra`` as written) unless every view
    can show it (see the module docs); :class:`TraceFormatError` names the field."""
    check_kind(trace.value_kind)
    # the declarations known here are Connect 4's agents' (treeviz.trace.game_files)
    compiled = trace.is_connect4 and not by_game_agent(trace)
    agent = declared(trace.algorithm) if compiled else None
    if agent is not None:
        check_declared(trace, agent)
    else:
        check_fields(trace.params, {}, path="params")
    trace.__dict__[CHECKED] = agent is not None
    check_fields(trace.counters, COUNTERS, path="counters", required=("nodes", "truncated"))
    plain({k: v for k, v in trace.extra.items() if k not in ARRAYS}, "extra")
    table = user_table(trace)
    if "log" in trace.extra:
        check_log(trace.extra["log"], len(trace))
    if "result" in trace.extra and trace.is_connect4:
        check_answer(trace, every_column=not by_game_agent(trace))
    elif "result" in trace.extra:
        check_game_answer(trace)
    check_nodes(trace, table)


def check_kind(kind: str) -> None:
    """A value kind :mod:`treeviz.trace.values` knows (``heuristic:<name>`` names any
    heuristic), of printable characters."""
    if not (
        len(kind) <= TRACE_KIND_MAX_CHARS
        and kind.isprintable()
        and ValueKind.parse(kind).base in KIND_TEXT
    ):
        refuse("value_kind", f"must be one of {', '.join(KIND_TEXT)} (heuristic:<name>)", kind)


def check_declared(trace: Trace, agent: Declared) -> None:
    """``trace.params`` are exactly ``agent``'s declared parameters, each of its type
    and within its range (never converted: a file holding ``"3"`` for a whole number is
    refused), and ``trace.value_kind`` the kind the agent gives them."""
    names = {p.name: p for p in agent.params}
    for key in trace.params:
        if key not in names:
            takes = ", ".join(names) or "none"
            refuse(f"params.{key}", f"is not a parameter of {trace.algorithm} (it takes {takes})")
    for p in agent.params:
        if p.name not in trace.params:
            refuse(f"params.{p.name}", "is missing")
        check_param(p, trace.params[p.name])
    kind = declared_kind(agent.kind_of(trace.params), trace.value_kind)
    if trace.value_kind != kind:
        refuse(
            "value_kind",
            f"must be {kind!r} for {trace.algorithm} with these params",
            trace.value_kind,
        )


def check_param(p: Param, value: Any) -> None:
    """``value`` is a value of parameter ``p`` as the search gives it (its type, in its
    range or choices, or null where ``p`` is optional)."""
    typed = (
        value is None
        or {
            "int": type(value) is int,
            "float": is_number(value),
            "bool": type(value) is bool,
            "str": is_text(value),
        }[p.type]
    )
    try:
        ok = typed and p.coerce(value) == value
    except InvalidParameterError:
        ok = False
    if not ok:
        refuse(f"params.{p.name}", f"must be {p.allowed()}", value)


def check_late(trace: Trace, agent: Declared) -> None:
    """Check a trace loaded before ``agent`` was registered against its declaration,
    once (traces made in this process, and those checked at load, are left alone)."""
    if trace.__dict__.get(CHECKED) is False:
        check_declared(trace, agent)
        trace.__dict__[CHECKED] = True


# --- node columns -------------------------------------------------------------------


def check_nodes(trace: Trace, table: np.ndarray | None) -> None:
    """The node columns the trace lists hold what their views compute with (the tree's
    shape and legality are checked as the nodes are read: :mod:`treeviz.trace.files`).
    Each column is reduced to its minimum and maximum first; a column out of range is
    searched for its first bad node only then."""
    n, fields = trace.nodes, trace.fields
    if int(n["depth"][0]) != 0:
        refuse("depth", "of node 0 (the root) must be 0", int(n["depth"][0]))
    width = trace.width
    ranges = {
        "flags": (0, 2 * BOOK - 1, "must use only the known flags (bits 0-6)"),
        "pruned": (0, (1 << width) - 1, f"must name columns 1-{width} only (bits 0-{width - 1})"),
        "visits": (0, None, "must be at least 0"),
        "expanded_at": (0, None, "must be at least 0"),
        "proven": (
            min(PROVEN_VALUES),
            max(PROVEN_VALUES),
            "must be one of -1 (lost), 0 (open), 1 (won), 2 (drawn)",
        ),
    }
    for field, (lo, hi, problem) in ranges.items():
        if field in fields:
            in_range(trace, field, n[field], lo=lo, hi=hi, problem=problem)
    if "value_sum" in fields:
        sums = n["value_sum"]
        first_bad(
            trace,
            "value_sum",
            (sums < 0) | (sums > n["visits"]),
            problem="must be between 0 and the node's visits",
        )
    check_values(trace, table)


def in_range(
    trace: Trace, field: str, column: np.ndarray, *, lo: int, hi: int | None, problem: str
) -> None:
    """Refuse the first node whose ``column`` value (of ``field``) is outside lo..hi."""
    if int(column.min()) < lo or (hi is not None and int(column.max()) > hi):
        bad = (column < lo) if hi is None else (column < lo) | (column > hi)
        first_bad(trace, field, bad, problem=problem)


def check_values(trace: Trace, table: np.ndarray | None) -> None:
    """Stored values in the range of the trace's value kind: ranks into the number
    table (``user``), exact scores (``exact``), heuristic points or wins and losses
    within the empty cells (``heuristic``); MCTS and the random agent store none.
    ``NO_VALUE`` (no value) is allowed everywhere: its absolute value overflows to a
    negative number in int32, below every bound."""
    base = trace.kind.base
    n = trace.nodes
    if base == "user":
        ranks = 0 if table is None else len(table)
        for field in ("value", "alpha", "beta"):
            if field in trace.fields:
                a = np.abs(n[field].astype(np.int64))  # NO_VALUE: 2**31, past INF
                first_bad(
                    trace,
                    field,
                    (a > ranks) & (a < INF),
                    problem=f"must be a rank into extra.user_values (at most {ranks}) or ±{INF}",
                )
        return
    if "value" not in trace.fields or base not in ("exact", "heuristic"):
        return
    a = np.abs(n["value"])
    if not trace.is_connect4:
        problem = f"must be heuristic points, or ±({WIN} - plies)"
        first_bad(trace, "value", decided_beyond_win(n["value"]), problem=problem)
        return
    cells = trace.width * trace.height
    if base == "exact":
        top = score_top(trace.width, trace.height)
        if int(a.max()) > top:
            first_bad(trace, "value", a > top, problem=f"must be an exact score in -{top}..{top}")
        return
    empty = cells - len(trace.root_moves)
    if int(a.max()) >= PROVEN:  # wins and losses: within the empty cells
        bad = (a >= PROVEN) & ((a > WIN) | (a < WIN - empty))
        first_bad(
            trace,
            "value",
            bad,
            problem=f"must be heuristic points, or ±({WIN} - plies) with plies at most {empty}",
        )


def first_bad(trace: Trace, field: str, bad: np.ndarray, *, problem: str) -> None:
    """Refuse the first node where ``bad`` holds, quoting its ``field``."""
    if bad.any():
        i = int(np.argmax(bad))
        refuse(field, f"of node {i} {problem}", trace.nodes[field][i].item())
