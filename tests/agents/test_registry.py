"""One declaration per agent, everything derived from it: the CLI (`agents`, `analyze`
flags and specs), the dashboard's widgets and the documentation's tables."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
from conftest import ROOT, app_test, run_cli
from test_agents import check_contract

from treeviz.agents.common import column_rows, mark_pv, one_ply_recorder, result
from treeviz.agents.contract import Agent, AgentSpec, Param, fields_table, markdown_table
from treeviz.agents.registry import AGENTS, register, search, spec, unregister
from treeviz.connect4.board import Position
from treeviz.errors import InvalidParameterError
from treeviz.trace.nodes import MoveStat, SearchResult

BUILTIN = list(AGENTS)  # as registered (the tests below register more)


def search_nth(pos: Position, nth: int) -> SearchResult:
    """The ``nth`` legal column from the left (wrapping): a tiny agent for these tests."""
    legal = pos.legal_moves()
    best = legal[nth % len(legal)]
    trace = one_ply_recorder(pos, 8).trace("nth", {"nth": nth}, pos, fields=())
    mark_pv(trace, [0, 1 + legal.index(best)])
    rows = column_rows(pos, lambda c: MoveStat(c + 1, float(c == best), text="seen"))
    return result(trace, best, rows, pv=[best], value=None)


NTH = Agent(
    name="nth",
    description="the nth legal column from the left",
    params=(Param("nth", "int", 0, "which legal column, counting from 0", lo=0, hi=6),),
    run=search_nth,
    value_kind="probability",
    fields={"value": "none: the root and one child per legal column"},
)


@pytest.fixture
def nth_agent() -> Iterator[Agent]:
    register(NTH)
    try:
        yield NTH
    finally:
        unregister(NTH.name)


run = run_cli


COERCED: list[object] = []  # every value a CountedParam checked, in order


@dataclass(frozen=True)
class CountedParam(Param):
    """A parameter that notes each value it checks."""

    def coerce(self, value: Any) -> Any:
        COERCED.append(value)
        return super().coerce(value)


COUNTED = replace(
    NTH, name="counted", params=(CountedParam("nth", "int", 0, "which legal column", lo=0, hi=6),)
)


@pytest.fixture
def counted_agent() -> Iterator[Agent]:
    register(COUNTED)
    COERCED.clear()
    try:
        yield COUNTED
    finally:
        unregister(COUNTED.name)


def test_a_setting_is_checked_once_on_its_way_to_the_search(counted_agent: Agent) -> None:
    """Parsed at the edge, passed whole: the search, a second search and the registry's
    edge again check nothing; a parameter set on top is checked, alone."""
    chosen = spec("counted:nth=2")
    assert COERCED == ["2"]
    first = search("4453", chosen)
    assert search("4453", spec(chosen)).move == first.move
    assert COERCED == ["2"]
    assert first.trace.params == {"nth": 2}
    assert search("4453", chosen, nth=3).trace.params == {"nth": 3}
    assert COERCED == ["2", 3]


def test_the_cli_checks_an_agent_flag_once(
    capsys: pytest.CaptureFixture[str], counted_agent: Agent
) -> None:
    code, out, _ = run(capsys, "analyze", "4453", "--agent", "counted:nth=2", "--json")
    assert code == 0 and json.loads(out)["params"] == {"nth": 2}
    assert COERCED == ["2"]
    COERCED.clear()
    code, out, _ = run(capsys, "explain", "4453", "--agent", "counted", "--nth", "4", "--json")
    assert code == 0 and COERCED == ["4"]


def test_a_spec_built_by_hand_is_checked_before_it_runs(nth_agent: Agent) -> None:
    with pytest.raises(InvalidParameterError, match="nth='9' is not allowed"):
        search("4453", AgentSpec("nth", (("nth", "9"),)))
    assert search("4453", AgentSpec("nth", (("nth", "2"),))).trace.params == {"nth": 2}


def test_agents_json_lists_every_agent_with_typed_parameters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "agents", "--json")
    data = json.loads(out)
    assert code == 0 and [a["name"] for a in data] == BUILTIN
    for entry in data:
        agent = AGENTS[entry["name"]]
        assert entry["description"] == agent.description
        assert [p["name"] for p in entry["params"]] == [p.name for p in agent.params]
        for p in entry["params"]:
            decl = agent.param(p["name"])
            assert p["type"] in ("int", "float", "bool", "str") and p["help"]
            assert p["default"] == decl.default
            assert p.get("choices") == (list(decl.choices) if decl.choices else None)
            assert p.get("min") == decl.lo and p.get("max") == decl.hi
    plain = run(capsys, "agents")[1]
    assert all(re.search(rf"^{name}: ", plain, re.M) for name in BUILTIN)


def docs_block(name: str) -> str:
    """The table between ``<!-- name:begin -->`` and ``<!-- name:end -->`` of the
    documentation's page on agents (it was the README's before the docs site)."""
    page = (ROOT / "docs" / "reference" / "agents.md").read_text()
    return page.split(f"<!-- {name}:begin -->\n")[1].split(f"\n<!-- {name}:end -->")[0]


def test_docs_tables_are_the_declarations() -> None:
    builtin = {name: AGENTS[name] for name in BUILTIN}
    assert docs_block("agents") == markdown_table(builtin), "`treeviz agents --markdown`"
    assert docs_block("fields") == fields_table(builtin), "`treeviz agents --fields`"


def test_a_new_agent_is_one_module_and_one_registry_line(nth_agent: Agent) -> None:
    """The declaration alone puts it in the documentation's tables and under the contract
    every agent's test holds (the CLI and dashboard tests follow)."""
    assert f"| `nth` | {NTH.description} |" in markdown_table(AGENTS)
    assert "| `nth` | `value` |" in fields_table(AGENTS)
    check_contract("nth:nth=2", "4453")
    check_contract("nth", "")


def test_a_new_agent_appears_in_the_cli(
    capsys: pytest.CaptureFixture[str], nth_agent: Agent
) -> None:
    code, out, _ = run(capsys, "agents", "--json")
    assert code == 0 and json.loads(out)[-1] == nth_agent.as_dict()
    code, out, _ = run(capsys, "analyze", "4453", "--agent", "nth:nth=2", "--json")
    data = json.loads(out)
    assert code == 0 and data["move"] == 3 and data["params"] == {"nth": 2}
    assert data["spec"] == "nth:nth=2" and data["value_kind"] == "probability"
    code, out, _ = run(capsys, "analyze", "4453", "--agent", "nth", "--nth", "4", "--json")
    assert code == 0 and json.loads(out)["move"] == 5
    code, _, err = run(capsys, "analyze", "4453", "--agent", "nth:nth=9")
    assert code == 2 and "nth='9'" in err and "0..6" in err and err.count("\n") == 1


@pytest.mark.slow
def test_a_new_agent_appears_in_the_dashboard(nth_agent: Agent) -> None:
    at = app_test(timeout=120)
    assert "nth" in at.sidebar.selectbox(key="agent").options
    at.sidebar.selectbox(key="agent").set_value("nth").run()
    at.sidebar.slider(key="nth_nth").set_value(1).run()
    at.sidebar.button(key="run").click().run()
    assert not at.exception and not at.error
    table = at.dataframe[0].value
    chosen = table[table["chosen"]]
    assert int(chosen["column"].iloc[0]) == at.session_state["position"].legal_moves()[1] + 1


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--agent", "mcts:iterations=abc"], ["iterations='abc'", "integer"]),
        (["--agent", "mcts", "--iterations", "abc"], ["iterations='abc'", "integer"]),
        (["--agent", "mcts", "--c", "-2"], ["c='-2'", "0..100"]),
        (["--agent", "greedy", "--depth", "3"], ["no parameter 'depth'"]),
        (["--agent", "alphabeta", "--ordering", "up"], ["ordering='up'", "one of"]),
        (["--agent", "nope"], ["unknown agent 'nope'"]),
    ],
)
def test_bad_parameters_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: list[str]
) -> None:
    code, out, err = run(capsys, "analyze", "4453", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1
    for w in words:
        assert w in err, err


def test_flags_and_spec_combine(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "analyze", "4453", "--agent", "mcts:iterations=500,c=2,seed=3", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["params"]["iterations"] == 500 and data["params"]["c"] == 2.0
    assert data["spec"] == "mcts:iterations=500,c=2.0,seed=3"
    code, out, _ = run(
        capsys,
        "analyze",
        "4453",
        "--agent",
        "mcts:iterations=500",
        "--time",
        "30",
        "--no-rule",
        "--json",
    )
    data = json.loads(out)
    assert data["params"]["time_limit"] == 30.0 and data["params"]["rule"] is False
    assert data["spec"] == "mcts:iterations=500,time_limit=30.0,rule=false"
