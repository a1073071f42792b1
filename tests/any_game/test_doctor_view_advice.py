"""What the CLI advises on another game: a solve past its node budget names an option
that exists and works, and a Connect 4 agent named with ``--game`` is said to be one."""

from __future__ import annotations

import re

import pytest
from conftest import run_cli

from treeviz.agents.any_game.registry import GAME_AGENTS, search_game
from treeviz.agents.registry import AGENTS
from treeviz.errors import InvalidPositionError
from treeviz.rules.registry import load_game

pytest.importorskip("pyspiel")
POSITION = "x(1,1)"


def test_a_refused_solve_names_an_option_that_solves_it(capsys: pytest.CaptureFixture[str]) -> None:
    game = load_game("tic_tac_toe")
    with pytest.raises(InvalidPositionError) as info:
        search_game(game, POSITION, "solver:node_budget=10")
    said = str(info.value)
    assert "raise the budget" not in said
    advice = re.search(
        r"with (analyze --agent solver:node_budget=N --node-limit N) \(N above (\d+);", said
    )
    assert advice is not None and int(advice.group(2)) == 10
    # the options it names exist: analyze takes them, and with N large enough solves
    needed = search_game(game, POSITION, "solver").trace.counters["nodes"]
    argv = advice.group(1).replace("N", str(max(needed, 11))).split()
    code, _, err = run_cli(capsys, *argv, "--game", "tic_tac_toe", POSITION)
    assert code == 0, err
    # and alphabeta, the other advice, searches it
    assert search_game(game, POSITION, "alphabeta").move in game.legal_moves(
        game.from_text(POSITION)
    )


def test_a_connect4_agent_named_on_another_game_is_said_to_be_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "astar" in AGENTS and "astar" not in GAME_AGENTS  # the fact the words state
    code, _, err = run_cli(
        capsys, "analyze", "--game", "tic_tac_toe", "--agent", "astar:depth=2", POSITION
    )
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "agent 'astar' in 'astar:depth=2' plays Connect 4 only" in err
    assert "unknown" not in err
    assert run_cli(capsys, "analyze", "--agent", "astar", "4453")[0] == 0  # on Connect 4 it plays


def test_a_name_no_table_knows_is_still_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "analyze", "--game", "tic_tac_toe", "--agent", "astr", POSITION)
    assert code == 2 and "unknown agent 'astr' in 'astr'" in err
