"""Another game's moves are moves, never "columns": what ``analyze --game`` prints (text,
JSON) and ``report --game`` writes about a tic-tac-toe search names no column, its
JSON rows give each move's ``action`` (OpenSpiel's own legal action ids and action
strings, in order), and Connect 4's rows keep their 1-based ``column``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import run_cli

pyspiel = pytest.importorskip("pyspiel")

from treeviz.agents.any_game.registry import search_game  # noqa: E402

POSITION = "x(1,1) o(0,0)"
AGENTS = ("alphabeta:depth=3", "minimax:depth=2", "mcts:iterations=60", "solver", "greedy")
COLUMN = re.compile(r"\bcolumns?\b", re.IGNORECASE)


def spiel_root() -> object:
    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    for action in (4, 0):  # x(1,1) o(0,0): row * 3 + column
        state.apply_action(action)
    return state


@pytest.mark.parametrize("agent", AGENTS)
def test_text_and_report_name_no_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, agent: str
) -> None:
    game = ("--game", "tic_tac_toe", POSITION, "--agent", agent)
    code, out, _ = run_cli(capsys, "analyze", *game)
    assert code == 0 and not COLUMN.search(out)
    report = tmp_path / "r.html"
    code, _, _ = run_cli(capsys, "report", *game, "-o", str(report))
    assert code == 0 and not COLUMN.search(report.read_text(encoding="utf-8"))


def test_json_rows_give_openspiel_actions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "analyze", "--game", "tic_tac_toe", POSITION, "--json")
    assert code == 0 and not COLUMN.search(out)
    rows = json.loads(out)["moves"]
    root = spiel_root()
    legal = root.legal_actions()  # type: ignore[attr-defined]
    assert [r["action"] for r in rows] == legal
    assert [r["label"] for r in rows] == [root.action_to_string(a) for a in legal]  # type: ignore[attr-defined]


def test_connect4_rows_keep_their_columns(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "analyze", "--game", "connect4", "44", "--json")
    assert code == 0
    assert [r["column"] for r in json.loads(out)["moves"]] == list(range(1, 8))


def test_a_row_s_action_is_its_move() -> None:
    res = search_game("tic_tac_toe", POSITION, "alphabeta:depth=2")
    assert [m.action for m in res.moves] == spiel_root().legal_actions()  # type: ignore[attr-defined]
    assert [m.action for m in res.moves if m.extra.get("chosen")] == [res.move]
