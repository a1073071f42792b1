"""The agent contract, checked over every registered agent (in the spirit of pgx's API
test): legal moves, valid traces, readable values, spec round trips, determinism."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from conftest import QUICK, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.contract import Agent, AgentSpec, Param, make_spec, parse_spec
from treeviz.agents.registry import AGENTS, search, spec
from treeviz.connect4.board import Position
from treeviz.errors import InvalidParameterError
from treeviz.trace.files import dumps, loads

SENTINEL = 100_000


# Early positions for the heuristic agents; the solver gets late ones (fast to solve).
POSITIONS = [
    "",
    "4453",
    "3344",
    "444444",
    *(random_position(s, 12).moves_string() for s in range(3)),
]
LATE = [random_position(s, 26).moves_string() for s in range(4)] + [
    "76724423326731757151271355323125166645"
]


def cases() -> list[tuple[str, str]]:
    out = []
    for name in AGENTS:
        for moves in LATE if name == "solver" else POSITIONS + LATE[:2]:
            out.append((name, moves))
    return out


def test_the_seeds_agents_are_registered_with_quick_settings() -> None:
    assert {"random", "greedy", "astar", "minimax", "alphabeta", "mcts", "solver"} <= set(AGENTS)
    for name, agent in AGENTS.items():
        assert agent.validate(agent.quick) and QUICK[name].startswith(name)


def check_row(row: dict[str, Any], pos: Position, kind: str) -> None:
    """A per-column row a person can read."""
    col = row["column"] - 1
    text = row["text"]
    assert isinstance(text, str) and text, row
    if not pos.can_play(col):
        assert row["value"] is None and text == "full column"
        return
    if row["value"] is None:  # only a column the agent never looked at
        assert text.startswith("not searched") or "not visited" in text, row
    else:
        assert isinstance(row["value"], (int, float)) and abs(row["value"]) < SENTINEL, row
    found = row["outcome"]
    if found is not None:
        assert found["result"] in ("win", "draw", "loss")
        if found["score"] is not None:
            sign = {"win": 1, "draw": 0, "loss": -1}[found["result"]]
            assert np.sign(found["score"]) == sign
            assert abs(found["score"]) <= pos.width * pos.height // 2
            assert 1 <= found["plies"] <= pos.width * pos.height - pos.ply
    if kind == "win_rate" and row["value"] is not None:
        assert 0.0 <= row["value"] <= 1.0


@pytest.mark.parametrize("name, moves", cases())
def test_contract(name: str, moves: str) -> None:
    check_contract(QUICK[name], moves)


def check_contract(text: str, moves: str) -> None:
    """What every agent owes on ``moves``: a legal move, readable rows, a trace that
    round-trips and whose parameters are exactly the declared ones (its spec parses
    back to the same search), and the same search again from that spec."""
    pos = Position.from_moves(moves)
    agent_spec = spec(text)
    name = agent_spec.name
    res = search(pos, agent_spec)
    assert pos.can_play(res.move - 1), "a legal move"
    trace = res.trace
    assert trace.value_kind == AGENTS[name].kind_of(AGENTS[name].validate(agent_spec.kwargs))
    assert loads(dumps(trace)) == trace, "the trace validates and round-trips"
    rows = res.as_dict()["moves"]
    assert [r["column"] for r in rows] == list(range(1, pos.width + 1))
    for row in rows:
        check_row(row, pos, trace.value_kind)
    assert sum(r["chosen"] for r in rows) == 1 and rows[res.move - 1]["chosen"]
    json.dumps(res.as_dict())  # JSON-ready
    for key, value in agent_spec.kwargs.items():
        assert trace.params[key] == value
    assert list(trace.params) == [p.name for p in AGENTS[name].params]
    again = search(pos, str(make_spec(AGENTS[name], trace.params)))
    assert again.move == res.move and np.array_equal(again.trace.nodes, trace.nodes)
    assert again.trace.params == trace.params


def other_value(p: Param) -> Any:
    """A valid value of ``p`` that differs from its default."""
    if p.choices:
        return next(c for c in reversed(p.choices) if c != p.default)
    if p.type == "bool":
        return not p.default
    if p.default is None:
        return p.lo if p.type == "int" else 0.25
    step = 1 if p.type == "int" else 0.5
    return p.default + step if p.hi is None or p.default + step <= p.hi else p.default - step


@pytest.mark.parametrize("name", list(AGENTS))
def test_every_parameter_round_trips_through_a_spec(name: str) -> None:
    agent = AGENTS[name]
    for p in agent.params:
        value = other_value(p)
        s = spec(name, **{p.name: value})
        assert s.kwargs == {p.name: value}
        assert parse_spec(str(s), AGENTS) == s
        assert str(parse_spec(str(s), AGENTS)) == str(s)


def param_values(p: Param) -> st.SearchStrategy[Any]:
    if p.choices:
        return st.sampled_from(p.choices)
    if p.type == "bool":
        return st.booleans()
    if p.type == "int":
        base: st.SearchStrategy[Any] = st.integers(int(p.lo or 0), int(min(p.hi or 2**40, 2**62)))
    else:
        base = st.floats(p.lo or 0.0, p.hi or 1e9, allow_nan=False)
    return st.none() | base if p.optional else base


@st.composite
def specs(draw: Any) -> AgentSpec:
    agent: Agent = draw(st.sampled_from(list(AGENTS.values())))
    chosen = draw(st.lists(st.sampled_from(agent.params), unique=True))
    return spec(agent.name, **{p.name: draw(param_values(p)) for p in chosen})


@given(specs())
@settings(max_examples=300, deadline=None)
def test_spec_strings_round_trip(s: AgentSpec) -> None:
    assert parse_spec(str(s), AGENTS) == s


@given(specs())
@settings(max_examples=200, deadline=None)
def test_a_spec_crosses_text_whole_and_is_checked_once(s: AgentSpec) -> None:
    """Text (a flag, a stored row, a Dask task) parses back to the same spec and the
    same text; a checked spec passes the registry's edge as it is; one rebuilt by hand
    from its parts is checked there into the same spec."""
    again = spec(str(s))
    assert again == s and str(again) == str(s) and again.checked
    assert spec(s) is s
    by_hand = AgentSpec(s.name, s.params)
    assert not by_hand.checked and by_hand == s
    rebuilt = spec(by_hand)
    assert rebuilt == s and rebuilt.checked


@pytest.mark.parametrize(
    "text, words",
    [
        ("mcts:iterations=abc", ["iterations='abc'", "an integer in 1..10000000"]),
        ("mcts:c=-1", ["c='-1'", "a number in 0..100"]),
        ("alphabeta:depth=0", ["depth='0'", "1..42"]),
        ("alphabeta:ordering=random", ["ordering='random'", "one of left, centre, heuristic"]),
        ("alphabeta:tt=maybe", ["tt='maybe'", "true or false"]),
        ("alphabeta:deep=3", ["no parameter 'deep'", "it takes depth"]),
        ("alphabeta:depth", ["'depth'", "not key=value"]),
        ("alphabeta:depth=3,depth=4", ["depth is given twice"]),
        ("chess:depth=3", ["unknown agent 'chess'", "choose one of random"]),
        ("mine.py", ["unknown agent 'mine.py'", "name its function: mine.py:NAME"]),
    ],
)
def test_bad_specs_name_the_key_value_and_what_is_allowed(text: str, words: list[str]) -> None:
    with pytest.raises(InvalidParameterError) as info:
        parse_spec(text, AGENTS)
    message = str(info.value)
    assert "\n" not in message
    for w in words:
        assert w in message, message


def test_defaults_are_valid_and_names_unique() -> None:
    for agent in AGENTS.values():
        names = [p.name for p in agent.params]
        assert len(names) == len(set(names))
        assert agent.validate({}) == {p.name: p.default for p in agent.params}
    # one meaning per name: a parameter shared by agents has one type everywhere
    types: dict[str, str] = {}
    for agent in AGENTS.values():
        for p in agent.params:
            assert types.setdefault(p.name, p.type) == p.type, p.name
