"""``treeviz doctor --game``: another game's doctor from the command line, for an agent
on any game or a person's function in a file; its claims checked against OpenSpiel's
own states, bad input as one line (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

pyspiel = pytest.importorskip("pyspiel")

GREEDY = '''
def choose(state):
    """Wins at once when it can, else the first legal action."""
    me = state.current_player()
    for action in state.legal_actions():
        child = state.child(action)
        if child.is_terminal() and child.returns()[me] > 0:
            return action
    return state.legal_actions()[0]
'''


def test_a_persons_function_is_checked_and_its_finding_holds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "mine.py"
    path.write_text(GREEDY)
    code, out, err = run_cli(
        capsys, "doctor", "--game", "tic_tac_toe", f"{path}:choose", "--json", "--positions", "10"
    )
    assert code == 1, err  # something found
    found = json.loads(out)
    assert found["game"] == "tic_tac_toe" and [f["check"] for f in found["findings"]] == [
        "misses-block"
    ]
    f = found["findings"][0]
    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    for action in f["moves"]:
        state.apply_action(action)
    first = state.legal_actions()[0]  # what the function plays there
    assert state.action_to_string(first) == f["answered"]
    after = state.child(first)
    me = after.current_player()
    assert any(  # the opponent wins at once
        after.child(a).is_terminal() and after.child(a).returns()[me] > 0
        for a in after.legal_actions()
    )


def test_an_agent_on_any_game_gets_no_finding(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "doctor", "--game", "nim", "alphabeta:depth=2")
    assert code == 0, err
    assert "no bug found" in out and "on nim" in out


@pytest.mark.parametrize(
    ("argv", "quoted"),
    [
        (["--game", "tic_tac_tow", "alphabeta"], "'tic_tac_tow'"),
        (["--game", "nim", "alphabeat:depth=2"], "'alphabeat'"),
        (["--game", "nim", "alphabeta", "--workers", "2"], "--workers"),
        (["--game", "nim", "alphabeta", "--seconds", "-1"], "--seconds -1"),
        (["--game", "nim", "alphabeta", "--trace", "out"], "--trace"),
        (["--game", "nim", "alphabeta", "--positions", "0"], "--positions 0"),
        (["--game", "nim", "no_such_file.py:choose"], "'no_such_file.py'"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], quoted: str
) -> None:
    code, out, err = run_cli(capsys, "doctor", *argv)
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.startswith("treeviz: error: "), err
    assert quoted in err
