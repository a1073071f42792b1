"""Every field a view reads is checked when a trace is loaded: a crafted file is either
refused with a :class:`TraceFormatError` naming the field, or it shows in every view
(the tree and its labels, the dashboard's tables and node panel, the per-move table,
the judge's verdict and reasons, every export, the replay) without an exception."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from conftest import EXAMPLES, npz_of, record_odd_negamax
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.dashboard.components.node_tables import children_table, node_facts
from treeviz.dashboard.components.results.replay import root_columns
from treeviz.dashboard.components.tables import readable, stat_words, styled
from treeviz.dashboard.components.tree_data import tree_entries
from treeviz.dashboard.components.tree_selection import legend_html, selection_for
from treeviz.dashboard.server.cache import exact_meanings
from treeviz.draw.export import ExportOptions, export_bytes
from treeviz.draw.html import tree_payload
from treeviz.draw.notebook import trace_html
from treeviz.draw.report import analysis_report
from treeviz.draw.view import select, selection_graph, short_label, walk
from treeviz.errors import TraceFormatError
from treeviz.exact.scores import exact_scores
from treeviz.judge.verdict import explain
from treeviz.trace.analysis import (
    cutoffs_below,
    depth_profile,
    effective_branching,
    move_table,
    move_table_text,
    node_table,
    result_of,
)
from treeviz.trace.files import dumps, header, loads, npz_bytes
from treeviz.trace.nodes import Trace
from treeviz.trace.reading import share_over_time
from treeviz.trace.replay import steps, trace_at

ROOT = "4453"
AGENT_SPECS = {
    "random": "random:seed=3",
    "greedy": "greedy",
    "astar": "astar:max_nodes=60",
    "minimax": "minimax:depth=2",
    "alphabeta": "alphabeta:depth=3",
    "mcts": "mcts:iterations=60,seed=2,solver=true,record_iterations=true",
    "solver": "solver",
}


def traced_negamax() -> Trace:
    """A person's own search, recorded: numbers of every size, ±inf among them."""
    return record_odd_negamax(ROOT, 2).trace


def traced_minimax() -> Trace:
    """The example's alpha-beta minimax, recorded: windows and cutoffs in user values."""
    sys.path.insert(0, str(EXAMPLES))
    import minimax_agent as mm

    with treeviz.recording() as rec:
        mm.minimax(mm.to_board(Position.from_moves(ROOT)), 2, -math.inf, math.inf, True)
    return rec.trace


class Saved(dict[str, dict[str, Any]]):
    """Saved traces by name, as JSON (named, not printed, in a failing example)."""

    def __repr__(self) -> str:
        return f"<saved traces {', '.join(self)}>"


@pytest.fixture(scope="module")
def bases() -> Saved:
    """Saved traces of every built-in agent and of two traced searches, as JSON."""
    traces = {
        name: search(Position.from_moves(ROOT), spec).trace for name, spec in AGENT_SPECS.items()
    }
    traces["traced-negamax"] = traced_negamax()
    traces["traced-minimax"] = traced_minimax()
    return Saved({name: json.loads(dumps(t)) for name, t in traces.items()})


@pytest.fixture(scope="module")
def exact() -> list[int | None]:
    scores = exact_scores(Position.from_moves(ROOT), 60)
    assert scores is not None
    return scores


# --- every view ------------------------------------------------------------------------


def show_everywhere(trace: Trace, exact: list[int | None] | None) -> None:
    """Everything a loaded trace goes through; any exception fails the caller."""
    draw_tree(trace)
    dashboard_tree(trace)
    for fmt in ("dot", "graphml", "csv", "json", "npz"):
        export_bytes(trace, fmt, ExportOptions(depth=None))
    assert loads(dumps(trace)) == trace and loads(npz_bytes(trace)) == trace  # saved again
    node_table(trace)
    depth_profile(trace)
    effective_branching(trace)
    cutoffs_below(trace)
    replay(trace)
    share_over_time(trace)
    trace_html(trace)
    if "result" in trace.extra:
        answer(trace, exact)
    else:
        with pytest.raises(TraceFormatError, match=r"no extra\.result"):
            result_of(trace)


def draw_tree(trace: Trace) -> None:
    """The one walker and the backends built on it."""
    for depth, top in ((None, None), (2, 2)):
        sel = select(trace, 0, max_depth=depth, top_k=top, max_nodes=300)
        walk(sel)
        selection_graph(sel)
    export_bytes(trace, "dot", ExportOptions(depth=2, boards=True))
    tree_payload(trace)


def dashboard_tree(trace: Trace) -> None:
    """The dashboard's tree, its legend, and the node panel of every node."""
    sel = selection_for(trace, 0, depth=3, top_k=None)
    tree_entries(sel)
    legend_html(trace)
    for node in range(min(len(trace), 200)):
        node_facts(trace, node)
        short_label(trace, node)
    for node in {0, *trace.children(0)[:3].tolist()}:
        children_table(trace, node)


def replay(trace: Trace) -> None:
    """The replay at a few steps, with the agent's own recount (MCTS: the log)."""
    for n in steps(trace, 4):
        at = trace_at(trace, int(n))
        select(at, 0, max_depth=3, top_k=None, max_nodes=300)
        root_columns(at)


def answer(trace: Trace, exact: list[int | None] | None) -> None:
    """The per-move table, statistics, verdict and reasons, and the HTML report."""
    res = result_of(trace)
    pos = trace.position()
    if exact is None or trace.root_moves != ROOT:  # any scores for a changed root
        exact = [0 if pos.can_play(c) else None for c in range(trace.width)]
    move_table_text(res)
    styled(readable(move_table(res, exact, exact_meanings(pos, exact)))).to_html()
    stat_words(res)
    s = res.stats  # the statistics panel's numbers
    f"{s['nodes']:,} {s['time_s']:.3f} {s['nodes_per_s'] or 0:,}"
    for scores in (exact, None):
        explain(pos, result=res, exact=scores, seconds=0)
    analysis_report(pos, res, exact=exact, depth=3)


# --- hostile variants -------------------------------------------------------------------

HOSTILE: list[Any] = [
    "x",
    "",
    "+inf",
    "\x00",
    "\ud800",
    "a\nb",
    "<b>&'\"</b>",
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    7,
    2**31,
    -(2**31) - 1,
    10**30,
    0.5,
    -0.5,
    1e300,
    math.nan,
    math.inf,
    -math.inf,
    [],
    [1],
    [[1, 2]],
    [None],
    {},
    {"a": 1},
]
FIELD = re.compile(r"trace field '([^']+)'")


def paths(doc: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every member of ``doc`` (of a long list: the list and a few items)."""
    out = [at]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, (*at, k))
    elif isinstance(doc, list):
        picks = range(len(doc)) if len(doc) <= 8 else sorted({0, 1, 2, len(doc) // 2, len(doc) - 1})
        for i in picks:
            out += paths(doc[i], (*at, i))
    return out


def mutated(doc: dict[str, Any], path: tuple[Any, ...], how: str, value: Any) -> Any:
    """A copy of ``doc`` with the member at ``path`` replaced by ``value``, deleted,
    renamed ``value`` (an object's member, ``value`` a string), nudged by ``value`` (a
    number), or (a list) grown or shortened."""
    new = json.loads(json.dumps(doc))
    if not path:
        return value if how == "replace" else new
    *up, last = path
    parent = new
    for key in up:
        parent = parent[key]
    here = parent[last]
    if how == "delete":
        del parent[last]
    elif how == "rename" and isinstance(parent, dict) and isinstance(value, str):
        parent[value] = parent.pop(last)
    elif how == "nudge" and type(here) is int and type(value) is int:
        parent[last] = here + value
    elif how == "grow" and isinstance(here, list):
        here.append(here[-1] if here and value is None else value)
    elif how == "shrink" and isinstance(here, list) and here:
        here.pop()
    else:
        parent[last] = value
    return new


variants = st.tuples(
    st.sampled_from(["replace", "replace", "delete", "rename", "nudge", "grow", "shrink"]),
    st.sampled_from(HOSTILE) | st.integers(-3, 3) | st.integers(-(2**33), 2**33),
)


BASES = [*AGENT_SPECS, "traced-negamax", "traced-minimax"]  # the saved traces, by name


# 400 crafted traces in all, as many of each saved trace (one test of each, so that
# workers share them: 18 s of CPU on one worker before)
@pytest.mark.slow
@pytest.mark.parametrize("name", BASES)
@given(data=st.data())
@settings(
    max_examples=-(-400 // len(BASES)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
def test_a_crafted_trace_is_refused_by_name_or_shows_everywhere(
    bases: Saved, exact: list[int | None], name: str, data: st.DataObject
) -> None:
    doc = bases[name]
    path = data.draw(st.sampled_from(paths(doc)), label="field")
    how, value = data.draw(variants, label="change")
    raw = json.dumps(mutated(doc, path, how, value))
    try:
        trace = loads(raw, "t.json")
    except TraceFormatError as exc:
        assert FIELD.search(str(exc)), f"the error names no field: {exc}"
        return
    show_everywhere(trace, exact)


@pytest.mark.parametrize("name", BASES)
def test_every_saved_trace_shows_everywhere(
    bases: Saved, exact: list[int | None], name: str
) -> None:
    trace = loads(json.dumps(bases[name]))
    show_everywhere(trace, exact)
    assert loads(npz_bytes(trace)) == trace


# --- npz members -------------------------------------------------------------------------

COLUMN_VARIANTS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "0-d": lambda c: np.array(c[0]),
    "2-d": lambda c: np.stack([c, c]),
    "empty": lambda c: c[:0],
    "one short": lambda c: c[:-1],
    "float": lambda c: c.astype(np.float64) + 0.5,
    "nan": lambda c: np.full(len(c), np.nan),
    "inf": lambda c: np.full(len(c), np.inf),
    "bool": lambda c: c.astype(bool),
    "complex": lambda c: c.astype(np.complex128),
    "bytes": lambda c: c.astype("S4"),
    "big": lambda c: c.astype(np.int64) + 2**40,
    "negative": lambda c: c.astype(np.int64) - 5,
    "uint64": lambda c: c.astype(np.uint64),
    "float16": lambda c: (c.astype(np.float64) % 1000).astype(np.float16),
    "structured": lambda c: np.zeros(len(c), dtype=[("a", np.int32)]),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["alphabeta", "mcts", "solver", "traced-minimax"])
@pytest.mark.parametrize("variant", list(COLUMN_VARIANTS))
def test_a_crafted_npz_column_is_refused_by_name_or_shows_everywhere(
    bases: Saved, exact: list[int | None], name: str, variant: str
) -> None:
    trace = loads(json.dumps(bases[name]))
    meta = header(trace)
    for field in trace.fields:
        columns = {f: trace.nodes[f].copy() for f in trace.fields}
        columns[field] = COLUMN_VARIANTS[variant](columns[field])
        try:
            back = loads(npz_of(columns, json.dumps(meta).encode()), "t.npz")
        except TraceFormatError as exc:
            assert FIELD.search(str(exc)) or "not a plain array" in str(exc), str(exc)
            continue
        show_everywhere(back, exact)


# --- the cases a hostile probe found ------------------------------------------------------


GONE = object()  # refused(): delete the member


def refused(doc: dict[str, Any], *changes: tuple[str, Any]) -> str:
    """The message refusing ``doc`` with each member at a dotted path (list items by
    their index) set to a value, or deleted (:data:`GONE`); fails when it loads."""
    data = json.loads(json.dumps(doc))
    for path, value in changes:
        *up, last = [int(k) if k.isdigit() else k for k in path.split(".")]
        parent = data
        for key in up:
            parent = parent[key]
        if value is GONE:
            del parent[last]
        else:
            parent[last] = value
    with pytest.raises(TraceFormatError) as caught:
        loads(json.dumps(data), "t.json")
    return str(caught.value)


def test_a_user_value_kind_needs_its_number_table(bases: Saved) -> None:
    """Its values are ranks into ``extra.user_values``: without it a view failed with
    an IndexError."""
    missing = "trace field 'extra.user_values' is missing"
    assert missing in refused(bases["traced-minimax"], ("extra.user_values", GONE))
    not_one = (("algorithm", "mine"), ("value_kind", "user"), ("params", {}))
    assert missing in refused(bases["alphabeta"], *not_one)
    short = refused(bases["traced-minimax"], ("extra.user_values", [1.0]))
    assert "trace field 'value' of node" in short and "rank into extra.user_values" in short


def test_mcts_proven_is_one_of_its_four_values(bases: Saved) -> None:
    msg = refused(bases["mcts"], ("nodes.proven.1", 7))
    assert "trace field 'proven' of node 1 must be one of" in msg and "got 7" in msg


def test_params_of_a_registered_agent_are_its_declared_ones(bases: Saved) -> None:
    ab = bases["alphabeta"]
    msg = refused(ab, ("params.depth", "x"))
    assert "trace field 'params.depth' must be an integer in 1..42" in msg and "'x'" in msg
    assert "'params.depth' must be" in refused(ab, ("params.depth", 3.0))  # never converted
    assert "'params.depth' is missing" in refused(ab, ("params.depth", GONE))
    assert "'params.colour' is not a parameter of alphabeta" in refused(
        ab, ("params.colour", "red")
    )
    assert "'params.c' must be a number in 0..100" in refused(bases["mcts"], ("params.c", "abc"))
    kind = refused(ab, ("params.heuristic", "centre"))
    assert "trace field 'value_kind' must be 'heuristic:centre'" in kind
    # an agent not registered here: plain JSON scalars, nothing more
    assert "'params.depth'" in refused(bases["traced-minimax"], ("params.depth", [1]))


def test_counters_nodes_is_a_whole_number(bases: Saved) -> None:
    msg = refused(bases["greedy"], ("counters.nodes", "many"))
    assert "trace field 'counters.nodes' must be a whole number" in msg and "'many'" in msg
    gone = refused(bases["greedy"], ("counters.nodes", GONE))
    assert "trace field 'counters.nodes' is missing" in gone


def test_a_malformed_iteration_log_is_refused(bases: Saved) -> None:
    assert bases["mcts"]["extra"]["log"], "the MCTS trace records its iterations"
    bad_rows = {
        "three numbers": [1, 2, 3],
        "a word": ["a", 1, 0, 2],
        "a leaf beyond the nodes": [10**6, 1, 0, 2],
        "a negative depth": [1, -1, 0, 2],
        "a result of 3": [1, 1, 0, 3],
        "a fraction": [1, 1, 0.5, 2],
        "not a list": 5,
    }
    for what, row in bad_rows.items():
        assert "trace field 'extra.log[3]'" in refused(bases["mcts"], ("extra.log.3", row)), what
    assert "trace field 'extra.log' must be a list" in refused(
        bases["mcts"], ("extra.log", {"rows": 1})
    )
    gone = refused(bases["mcts"], ("extra.result.stats.iterations", GONE))
    assert "'extra.result.stats.iterations' is missing (the trace has an iteration log)" in gone


def test_a_row_outcome_is_a_proven_result(bases: Saved) -> None:
    row = "extra.result.moves.2"
    msg = refused(bases["solver"], (f"{row}.outcome", "x"))
    assert "trace field 'extra.result.moves[2].outcome' must be an object, got 'x'" in msg
    odd = refused(bases["solver"], (f"{row}.outcome.result", "maybe"))
    assert "'extra.result.moves[2].outcome.result' must be one of" in odd
    half = refused(bases["solver"], (f"{row}.outcome.score", None))
    assert "must give both plies and score, or neither" in half


def test_the_answer_fits_the_position(bases: Saved) -> None:
    """The chosen column can be played, one row per column, a full column has no value
    (the verdict and the greedy reasons read the chosen row and play each column)."""
    full = bases["solver"] | {"root_moves": "444444"}  # column 4 full, the tree replaced
    full["nodes"] = {f: v[:1] for f, v in bases["solver"]["nodes"].items()}
    rows = full["extra"]["result"]["moves"]
    assert "must be a column that can be played" in refused(full, ("extra.result.move", 4))
    assert rows[3]["value"] is not None
    assert "must be null: column 4 is full" in refused(full, ("extra.result.move", 3))
    assert "must hold one row per column (7)" in refused(
        bases["greedy"], ("extra.result.moves", rows[:6])
    )
    assert "'extra.result.moves[1].column' must be 2" in refused(
        bases["greedy"], ("extra.result.moves.1.column", 3)
    )


def test_non_finite_numbers_in_extra_are_refused(bases: Saved) -> None:
    """The README says plain JSON numbers only: NaN and Infinity parse in Python's JSON
    but are not numbers a view can show."""
    for path, value, named in (
        ("extra.note", math.inf, "extra.note"),
        ("extra.deep", {"list": [1, math.nan]}, "extra.deep.list[1]"),
        ("extra.result.stats.time_s", math.nan, "extra.result.stats.time_s"),
        ("extra.result.moves.0.value", -math.inf, "extra.result.moves[0].value"),
        ("counters.time_s", math.inf, "counters.time_s"),
    ):
        assert f"trace field '{named}'" in refused(bases["alphabeta"], (path, value)), path


def test_text_is_printable(bases: Saved) -> None:
    """A control character or a lone surrogate broke Graphviz's labels, the HTML
    report's encoding and the dashboard's tables."""
    for path, value, named in (
        ("params.note", "\ud800", "params.note"),
        ("extra.result.moves.0.text", "a\x00b", "extra.result.moves[0].text"),
        ("extra.result.moves.0.\x07", 1, "extra.result.moves[0]"),
        ("algorithm", "mine\n", "algorithm"),
    ):
        assert f"trace field '{named}'" in refused(bases["traced-minimax"], (path, value)), path


def test_a_user_search_infinite_values_are_written_as_text(bases: Saved) -> None:
    """JSON has no infinity: a user search's ±inf is written "+inf"/"-inf" and read
    back as the number, so its own file loads."""
    text = json.dumps(bases["traced-negamax"])
    assert "Infinity" not in text and re.search(r'"value": "[+-]inf"', text)
    trace = loads(text)
    assert math.isinf(result_of(trace).value or 0)
    wrong = refused(bases["traced-negamax"], ("extra.result.moves.0.value", "inf"))
    assert "'+inf' or '-inf' for a user search" in wrong


LATE = """
import json, sys
from treeviz.trace.files import loads
trace = loads(sys.stdin.read())  # treeviz.search not imported: no declarations yet
assert "treeviz.agents.registry" not in sys.modules
from treeviz.errors import TraceFormatError
from treeviz.agents.registry import agent_of
try:
    agent_of(trace)
except TraceFormatError as exc:
    print(exc)
"""


@pytest.mark.slow
def test_params_are_checked_when_the_agent_registers_after_the_load(bases: Saved) -> None:
    data = json.loads(json.dumps(bases["alphabeta"]))
    data["params"]["depth"] = "x"
    done = subprocess.run(
        [sys.executable, "-c", LATE],
        input=json.dumps(data),
        text=True,
        capture_output=True,
        check=True,
        timeout=300,
    )
    assert "trace field 'params.depth' must be" in done.stdout, done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("moves", ["", "4453", "445344", "76724423326731757151271355"])
@pytest.mark.parametrize(
    "spec",
    [
        *AGENT_SPECS.values(),
        "alphabeta:iterative=true,depth=4",
        "solver:weak=true",
        "mcts:iterations=300",
        "minimax:depth=3,tt=true",
        "solver:book=false",
    ],
)
def test_real_traces_pass_the_checks(moves: str, spec: str) -> None:
    """The checks refuse nothing a search writes."""
    if spec.startswith("solver") and len(moves) < 4:
        pytest.skip("solving the empty board takes minutes")
    trace = search(Position.from_moves(moves), spec).trace
    assert loads(dumps(trace)) == trace
    assert loads(npz_bytes(trace)) == trace


def test_a_reused_mcts_tree_passes_the_checks() -> None:
    first = search(Position.from_moves("4453"), "mcts:iterations=300,record_iterations=true")
    again = search(
        Position.from_moves("445344"), "mcts:iterations=300,record_iterations=true", reuse=first
    )
    assert again.trace.extra["reused_nodes"] > 0
    assert loads(dumps(again.trace)) == again.trace
