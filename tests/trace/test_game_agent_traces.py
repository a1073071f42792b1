"""A Connect 4 trace made by an agent on any game (``search_game("connect4", ...)``)
saves and loads back whole, and is read as its own agent's, not as the compiled
Connect 4 agent of the same name (whose declaration and reasons do not fit it)."""

from __future__ import annotations

import pytest

import treeviz.agents.registry  # noqa: F401  (registers the compiled agents: the clash)
from treeviz.agents.any_game.registry import search_game
from treeviz.errors import TraceFormatError
from treeviz.judge.verdict import explain
from treeviz.trace.analysis import result_of
from treeviz.trace.files import dumps, loads

AGENTS = ["alphabeta:depth=3", "minimax:depth=2", "mcts:iterations=40", "greedy", "random"]


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("moves", ["4453", "4444441"])  # column 4 full: no row of its own
def test_a_connect4_trace_of_an_agent_on_any_game_loads_back_whole(agent: str, moves: str) -> None:
    res = search_game("connect4", moves, agent)
    loaded = loads(dumps(res.trace), source="saved")
    assert loaded == res.trace
    again = result_of(loaded)
    assert again.move == res.move and again.pv == res.pv
    # explained as a trace of its own agent: the verdict against the solver's scores
    told = explain(again, seconds=5)
    assert told.move == res.move and f"column {res.move}" in told.text


def test_a_compiled_agents_trace_with_a_missing_parameter_is_still_refused() -> None:
    from treeviz.agents.registry import search, spec
    from treeviz.connect4.board import Position

    trace = search(Position.from_moves("4453"), spec("alphabeta:depth=3")).trace
    text = dumps(trace).replace('"depth":3,', "", 1)
    with pytest.raises(TraceFormatError, match=r"'params\.depth' is missing"):
        loads(text, source="saved")
