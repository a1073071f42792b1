"""Games: agent games, the terminal human, the game file, and reviews of known games."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from conftest import data_lines, run_process
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.cli.main import main
from treeviz.connect4.board import Position
from treeviz.errors import TreevizError
from treeviz.games.game import (
    AgentPlayer,
    Game,
    GameFileError,
    load_game,
    loads_game,
    play,
    valid_prefix,
)
from treeviz.judge.review import review


def agent_game(x: str, o: str, seed: int, opening: str = "") -> Game:
    game = Game(x, o, opening=opening, seed=seed)
    return play(AgentPlayer(x, seed), AgentPlayer(o, seed), game)


def test_agent_games_are_legal_and_reproducible_by_seed() -> None:
    a = agent_game("random", "mcts:iterations=100", seed=5)
    b = agent_game("random", "mcts:iterations=100", seed=5)
    c = agent_game("random", "mcts:iterations=100", seed=6)
    assert a.moves == b.moves and a.moves != c.moves
    final = Position.from_moves(a.moves)  # legal, or this raises
    assert final.is_over() and a.result in ("X", "O", "draw")
    assert [p.ply for p in a.plies] == list(range(1, len(a.moves) + 1))
    assert "".join(str(p.column) for p in a.plies) == a.moves
    assert all(p.player == "XO"[(p.ply - 1) % 2] for p in a.plies)
    assert all(p.nodes and p.nodes > 0 for p in a.plies)
    # the random agent draws a fresh seed per move; an explicit seed in a spec is kept
    seeds = {p.spec for p in a.plies if p.player == "X"}
    assert len(seeds) == len([p for p in a.plies if p.player == "X"])
    fixed = agent_game("random:seed=9", "greedy", seed=1)
    assert {p.spec for p in fixed.plies if p.player == "X"} == {"random:seed=9"}


def test_an_opening_is_played_first_and_kept() -> None:
    g = agent_game("greedy", "greedy", 0, opening="4453")
    assert g.moves.startswith("4453") and g.plies[0].ply == 5
    g.undo(len(g.moves))
    assert g.moves == "4453" and not g.plies  # never undone into the opening


def test_strong_beats_random() -> None:
    for seed in range(3):
        assert agent_game("random", "alphabeta:depth=4", seed).result == "O"


def test_game_file_round_trip(tmp_path: Path) -> None:
    g = agent_game("greedy", "random", 2)
    path = tmp_path / "g.json"
    path.write_text(g.dumps())
    back = load_game(path)
    assert back == g and back.result == g.result
    assert json.loads(g.dumps())["version"] == 1


def test_bad_game_files_keep_their_valid_part() -> None:
    won = "4455667"  # X wins with its 7th move
    with pytest.raises(GameFileError, match="after X has won") as info:
        loads_game(json.dumps({"moves": won + "1"}))
    assert info.value.valid == won
    with pytest.raises(GameFileError, match="out of range") as info:
        loads_game(json.dumps({"moves": "4459"}))
    assert info.value.valid == "445"
    with pytest.raises(GameFileError, match="full") as info:
        loads_game(json.dumps({"moves": "1111111"}))
    assert info.value.valid == "111111"
    text = agent_game("greedy", "greedy", 0).dumps()
    with pytest.raises(GameFileError, match="truncated"):
        loads_game(text[: len(text) // 2])
    with pytest.raises(GameFileError, match="version"):
        loads_game(json.dumps({"format": "treeviz-game", "version": 99, "moves": "4"}))
    with pytest.raises(GameFileError, match="does not match"):
        loads_game(json.dumps({"moves": "44", "plies": [{"ply": 1, "player": "X", "column": 3}]}))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("agent_value", "abc"),
        ("agent_value", {}),
        ("agent_value", [1]),
        ("agent_value", True),
        ("value_kind", 3),
        ("value_kind", ["heuristic"]),
        ("time_s", -1),
        ("time_s", "fast"),
        ("nodes", 2.5),
        ("nodes", -3),
        ("nodes", "many"),
        ("spec", {"cmd": 1}),
        ("player", "O"),
    ],
)
def test_a_ply_field_a_view_cannot_read_is_refused_by_name(field: str, value: object) -> None:
    """Every field the review reads is checked at load: it broke the Review page with a
    traceback (``agent_value: "abc"``)."""
    data = json.loads(agent_game("greedy", "random", 2).dumps())
    data["plies"][0][field] = value
    with pytest.raises(GameFileError, match=f"ply 1's '?{field}") as info:
        loads_game(json.dumps(data))
    assert info.value.valid == data["moves"]  # the moves are still good: kept
    assert len(review(info.value.valid).plies) == len(data["moves"])  # reviewed as moves


def test_every_game_played_here_loads_back() -> None:
    """The checks refuse nothing the players write (values, kinds, times, nodes)."""
    for x, o in (
        ("greedy", "random"),
        ("mcts:iterations=30,seed=1", "alphabeta:depth=2"),
        ("astar", "solver"),
    ):
        game = agent_game(x, o, 3)
        assert loads_game(game.dumps()) == game


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="012345678", max_size=50))
def test_valid_prefix_is_the_longest_legal_start(moves: str) -> None:
    good, err = valid_prefix(moves)
    assert moves.startswith(good)
    Position.from_moves(good)  # legal
    if err is None:
        assert good == moves
    else:
        with pytest.raises(TreevizError):
            Position.from_moves(moves[: len(good) + 1])


def test_play_cli_json_and_save(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    argv = ["play", "random", "alphabeta:depth=3", "--seed", "4", "--json", "--save", str(saved)]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"x", "o", "opening", "moves", "result", "plies"}
    assert data["x"] == "random" and data["result"] in ("X", "O", "draw")
    assert set(data["plies"][0]) >= {"ply", "player", "column", "agent_value", "time_s", "nodes"}
    assert load_game(saved).moves == data["moves"]
    assert main(["review", str(saved), "--json"]) == 0  # a saved game is reviewable
    assert json.loads(capsys.readouterr().out)["moves"] == data["moves"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "nobody", "random"], "unknown agent 'nobody'"),
        (["play", "random", "mcts:c=-1"], "mcts:c=-1"),
        (["play", "random", "random", "--opening", "48"], "'48'"),
        (["play", "random", "random", "--seed", "-1"], "seed='-1'"),
    ],
)
def test_play_bad_input(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def run_human(stdin: str, *argv: str) -> subprocess.CompletedProcess[str]:
    return run_process("play", *argv, "--json", stdin=stdin)


@pytest.mark.slow
def test_terminal_human_moves_undo_bad_input_and_quit() -> None:
    # 4, then a bad column and a word (asked again), undo (4 and the reply go), 3, quit
    out = run_human("4\n9\nabc\nu\n3\nq\n", "human", "alphabeta:depth=2")
    assert out.returncode == 0, out.stderr
    game = json.loads(out.stdout)
    assert game["moves"][0] == "3" and len(game["moves"]) == 2 and game["result"] == "unfinished"
    assert "'9' is not a move here" in out.stderr and "'abc' is not a move here" in out.stderr
    assert out.stderr.count("1 2 3 4 5 6 7") >= 3  # the board is redrawn before each prompt


def test_terminal_humans_play_each_other_to_a_win() -> None:
    out = run_human("4\n5\n4\n5\n4\n5\nu\n5\n4\n", "human", "human")
    game = json.loads(out.stdout)
    assert game["moves"] == "4545454" and game["result"] == "X"  # undo took back one move


def test_end_of_input_ends_the_game() -> None:
    out = run_human("", "human", "random")
    assert out.returncode == 0 and json.loads(out.stdout)["moves"] == ""


@pytest.mark.slow
def test_review_classes_on_labelled_positions() -> None:
    """The last ply of ``moves + column`` is judged against the labelled exact scores of
    ``moves``: best when it scores the best, else by how far its outcome falls."""
    rank = lambda s: (s > 0) - (s < 0)  # noqa: E731
    lines = data_lines("end_analyze.txt")[:6] + data_lines("middle_analyze.txt")[:2]
    for moves, scores in lines:
        best = max(s for s in scores if s != -1000)
        for col, score in enumerate(scores, 1):
            if score == -1000:
                continue
            last = review(moves + str(col)).plies[-1]
            assert (last.score, last.best_score) == (score, best), (moves, col)
            fall = rank(best) - rank(score)
            want = "best" if score == best else ("inaccuracy", "mistake", "blunder")[fall]
            assert last.cls == want, (moves, col, score, best)
