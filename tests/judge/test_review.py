"""Game review: every ply judged against the exact scores of the position before it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from treeviz.cli.main import main
from treeviz.connect4.board import Position
from treeviz.connect4.samples import load_sample
from treeviz.exact.scores import column_scores
from treeviz.judge.review import review
from treeviz.judge.verdict import classify


def test_each_ply_against_the_solver() -> None:
    trap = load_sample("greedy-trap").moves
    game = trap + "4"  # greedy's move there, which loses at once (see test_explain)
    out = review(game)
    assert [p.column for p in out.plies] == [int(c) for c in game]
    assert out.plies[-1].cls == "blunder" and out.plies[-1].player == "O"
    pos = Position()
    for p in out.plies:
        scores = column_scores(pos)
        best = max(s for s in scores if s is not None)
        assert p.score == scores[p.column - 1] and p.best_score == best
        assert p.cls == classify(int(p.score), best)
        assert p.best_columns == [c + 1 for c, s in enumerate(scores) if s == best]
        pos.play(p.column - 1)
    summary = out.summary()
    for player in ("X", "O"):
        moves = [p for p in out.plies if p.player == player]
        counted = sum(summary[player][c] for c in ("best", "inaccuracy", "mistake", "blunder"))
        assert counted + summary[player]["unknown"] == len(moves)


def test_a_finished_game_and_the_agent_column() -> None:
    out = review("4455667", agent="greedy")
    assert out.result == "X" and len(out.plies) == 7
    assert all(p.agent_column is not None and 1 <= p.agent_column <= 7 for p in out.plies)
    assert out.plies[-1].cls == "best"  # the winning move


def test_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"moves": "4453"}))
    assert main(["review", str(game), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["moves"] == "4453" and data["result"] == "unfinished"
    assert [p["ply"] for p in data["plies"]] == [1, 2, 3, 4]
    assert set(data["summary"]["X"]) >= {"best", "inaccuracy", "mistake", "blunder", "accuracy"}
    assert main(["review", "4453"]) == 0  # plain text shows the same scores
    lines = capsys.readouterr().out.splitlines()
    for p, line in zip(data["plies"], lines, strict=False):
        assert f"score {p['score']:+d}" in line
        assert p["class"] == "best" or f"best {p['best_score']:+d} by {p['best_columns']}" in line
    game.write_text(json.dumps({"moves": 4453}))
    assert main(["review", str(game)]) == 2
    assert "has no 'moves' string" in capsys.readouterr().err
