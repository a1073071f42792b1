"""Verdicts against the exact scores of the labelled files, and reasons true of their
search: every node a reason points at lies on a legal line from the position."""

from __future__ import annotations

import json
import re

import pytest
from conftest import data_lines

from treeviz.agents.registry import search
from treeviz.cli.main import main
from treeviz.connect4.board import Position
from treeviz.errors import InvalidPositionError
from treeviz.judge.verdict import classify, explain

CASES = [*data_lines("middle_analyze.txt")[:12], *data_lines("end_analyze.txt")[:12]]
AGENTS = ["greedy", "alphabeta:depth=3", "mcts:iterations=500,seed=4", "astar", "random:seed=2"]


@pytest.mark.parametrize(
    "score, best, cls",
    [
        (18, 18, "best"),  # the best score
        (2, 18, "inaccuracy"),  # still a win, only slower
        (-3, -1, "inaccuracy"),  # still a loss, only faster
        (0, 5, "mistake"),  # win -> draw
        (-4, 0, "mistake"),  # draw -> loss
        (-3, 5, "blunder"),  # win -> loss
    ],
)
def test_the_rule(score: int, best: int, cls: str) -> None:
    assert classify(score, best) == cls


def expected_class(scores: list[int], column: int) -> str:
    """The rule, written out again from the issue's words, for the labelled scores."""
    legal = [s for s in scores if s != -1000]
    best, mine = max(legal), scores[column - 1]
    if mine == best:
        return "best"
    rank = {True: 2, False: 0}
    fall = (rank[best > 0] if best else 1) - (rank[mine > 0] if mine else 1)
    return ["inaccuracy", "mistake", "blunder"][fall]


@pytest.mark.parametrize("agent", AGENTS)
def test_verdicts_match_the_labelled_scores(agent: str) -> None:
    for moves, scores in CASES:
        pos = Position.from_moves(moves)
        out = explain(pos, agent=agent)
        v = out.verdict
        assert v.score == scores[out.move - 1], moves
        assert v.best_score == max(s for s in scores if s != -1000)
        assert v.cls == expected_class(scores, out.move), (moves, agent)
        assert f"column {out.move}" in out.text
        if v.cls != "best":
            assert f"column {v.best_columns[0]}" in out.text and v.best_columns[0] != out.move
        res = search(pos, agent)
        for reason in out.reasons:
            assert reason.text
            if reason.node is not None:  # a node of the same (deterministic) search
                line = moves + res.trace.path_moves(reason.node)
                Position.from_moves(line)  # raises if the line were illegal


def test_refutations_name_legal_replies() -> None:
    for moves, _ in CASES[:8]:
        pos = Position.from_moves(moves)
        out = explain(pos, agent="alphabeta:depth=3")
        for reason in out.reasons:
            found = re.match(r"column (\d) is refuted by [XO] (\d)", reason.text)
            if found:
                after = Position.from_moves(moves + found.group(1))
                assert after.can_play(int(found.group(2)) - 1)


def test_unknown_when_the_truth_is_out_of_reach() -> None:
    pos = Position.from_moves("4453")
    out = explain(pos, agent="greedy", exact=None, seconds=1e-6)
    assert out.verdict.cls == "unknown" and "no verdict" in out.text


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "3344", "--agent", "greedy", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"move", "verdict", "text", "reasons"}
    assert set(data["verdict"]) == {"class", "column", "score", "best_score", "best_columns"}
    assert data["verdict"]["column"] == data["move"]


@pytest.mark.parametrize("agent", ["minimax:depth=6", "alphabeta:depth=8"])
def test_a_cut_traces_line_points_at_its_own_recorded_node(agent: str) -> None:
    """A trace cut at its capacity: the principal variation's reason points at a
    recorded node along that line (its moves are the line's start), never at the root;
    when the cut left none of it, the reason says so in words."""
    name, _, params = agent.partition(":")
    depth = int(params.split("=")[1])
    pos = Position.from_moves("4453")
    res = search(pos, name, depth=depth, capacity=300)
    assert res.trace.truncated
    first = explain(pos, agent=name, result=res, exact=None, seconds=0.0).reasons[0]
    assert first.text.startswith("principal variation")
    if first.node is None:
        assert "not recorded" in first.text
    else:
        line = res.trace.path_moves(first.node)
        assert first.node != 0 and "".join(map(str, res.pv)).startswith(line)


@pytest.mark.parametrize("agent", ["alphabeta:depth=4", "mcts:iterations=300,seed=1"])
def test_a_search_result_is_explained_as_it_stands(agent: str) -> None:
    """``explain(result)``: the result's own position and move, judged against the
    labelled exact scores (it raised AttributeError: a SearchResult has no is_over)."""
    for moves, scores in CASES[:4]:
        res = search(moves, agent)
        out = explain(res, exact=None, seconds=5.0)
        assert out.move == res.move
        assert out.verdict.score == scores[res.move - 1], moves
        assert out.verdict.cls == expected_class(scores, res.move)
        same = explain(moves, result=res, exact=None, seconds=5.0)
        assert (same.text, same.reasons) == (out.text, out.reasons)


def test_a_result_and_a_second_result_are_refused() -> None:
    res = search("4453", "greedy")
    with pytest.raises(InvalidPositionError, match="not both"):
        explain(res, result=res)
    with pytest.raises(InvalidPositionError, match="the int '3'"):
        explain(3)  # type: ignore[arg-type]
