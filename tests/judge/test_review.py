"""Game review: every ply judged against the exact scores of the position before it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from treeviz.cli.main import main
from treeviz.connect4.board import Position
from treeviz.connect4.samples import load_sample
from treeviz.draw.report import graph_svg
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


def test_x_scores_read_every_ply_from_xs_side() -> None:
    """The scores the graphs draw: after each ply the mover's exact score, negated for
    O; at the start the first move's best (the empty board: +1, X wins with its last
    stone). Before a ply, X's side is what the ply before left, so a best move keeps
    it and a blunder by O raises it."""
    out = review(load_sample("greedy-trap").moves + "4")
    xs = out.x_scores
    assert len(xs) == len(out.plies) + 1 and xs[0] == 1
    for p in out.plies:
        sign = 1 if p.player == "X" else -1
        assert p.score is not None and p.best_score is not None
        assert xs[p.ply] == sign * p.score and xs[p.ply - 1] == sign * p.best_score
    last = out.plies[-1]
    assert last.player == "O" and last.cls == "blunder" and xs[-1] > xs[-2]
    points = graph_svg(out).split('points="')[1].split('"')[0].split()
    assert len(points) == len(out.plies)  # one point per judged ply, none for the start


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
