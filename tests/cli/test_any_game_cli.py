"""``--game``: analyze, solve, show, report and trace files on other games than
Connect 4, each claim checked against an outside oracle (a brute force over
OpenSpiel's own states, OpenSpiel's ``alpha_beta_search``), and bad input as one line."""

from __future__ import annotations

import json
import re
from functools import cache
from itertools import takewhile
from pathlib import Path

import numpy as np
import pytest
from conftest import run_cli, run_process

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms.minimax import alpha_beta_search  # noqa: E402

from treeviz.trace.files import load  # noqa: E402

TTT = pyspiel.load_game("tic_tac_toe")
# positions by OpenSpiel's own action ids (row * 3 + column), before the game ends
POSITIONS = ["4", "4 0", "0 4 8", "4 1", "0 3 1", "4 0 8 2", "0 1 3 4"]
OUTCOME_LINE = re.compile(r"^(?P<pos>.+): (?P<words>.+) for (?P<who>.+), best move (?P<move>.+)$")


def spiel_state(actions: str) -> object:
    state = TTT.new_initial_state()
    for a in actions.split():
        state.apply_action(int(a))
    return state


@cache
def brute(history: tuple[int, ...]) -> tuple[int, int]:
    """(result for the player to move: 1, 0, -1; plies to the end of best play), by
    trying every move: the quickest win, the slowest loss."""
    state = TTT.new_initial_state()
    for a in history:
        state.apply_action(a)
    if state.is_terminal():
        returns = state.returns()
        mover = 1 - len(history) % 2  # who moved last looks back from here
        return int(np.sign(returns[1 - mover])), 0
    best = (-2, 0)
    for a in state.legal_actions():
        result, plies = brute((*history, a))
        mine = (-result, plies + 1)
        if key(mine) > key(best):
            best = mine
    return best


def key(v: tuple[int, int]) -> tuple[int, int]:
    result, plies = v
    return (result, -plies if result > 0 else plies)


def words(v: tuple[int, int]) -> str:
    result, plies = v
    if result == 0:
        return "draw"
    return f"{'win' if result > 0 else 'loss'} in {plies} {'ply' if plies == 1 else 'plies'}"


def label(state: object, action: int) -> str:
    return state.action_to_string(state.current_player(), action)  # type: ignore[attr-defined]


@pytest.mark.parametrize("actions", POSITIONS)
def test_solve_against_brute_force_and_openspiel(
    capsys: pytest.CaptureFixture[str], actions: str
) -> None:
    code, out, err = run_cli(capsys, "solve", "--game", "tic_tac_toe", actions)
    assert code == 0, err
    found = OUTCOME_LINE.match(out.strip())
    assert found is not None, out
    history = tuple(int(a) for a in actions.split())
    root = brute(history)
    assert found["words"] == words(root)
    assert found["who"] == ("the first player" if len(history) % 2 == 0 else "the second player")
    state = spiel_state(actions)
    by_label = {label(state, a): a for a in state.legal_actions()}  # type: ignore[attr-defined]
    best = by_label[found["move"]]
    assert key((-brute((*history, best))[0], brute((*history, best))[1] + 1)) == key(root)
    player = state.current_player()  # type: ignore[attr-defined]
    value, _ = alpha_beta_search(TTT, state=state.clone(), maximizing_player_id=player)  # type: ignore[attr-defined]
    assert np.sign(value) == root[0]


def test_analyze_prints_labels_and_a_best_move(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(
        capsys,
        "analyze",
        "--game",
        "tic_tac_toe",
        "x(0,0) o(1,1) x(2,2) o(0,1)",
        "--agent",
        "solver",
    )
    assert code == 0, err
    chosen = re.search(r"plays (\S+) for the first player \(value (.+)\)", out)
    assert chosen is not None, out
    # x must block o's column (0,1)-(1,1)-(2,1): the only move that does not lose
    assert chosen[1] == "x(2,1)"
    assert chosen[2] == words(brute((0, 4, 8, 1)))


@pytest.mark.parametrize("suffix", [".json", ".npz"])
def test_trace_file_records_game_and_root_and_loads_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suffix: str
) -> None:
    path = tmp_path / f"t{suffix}"
    argv = ["analyze", "--game", "nim", "pile:1, take:1;", "--agent", "alphabeta:depth=3"]
    code, _, err = run_cli(capsys, *argv, "--trace", str(path))
    assert code == 0, err
    trace = load(path)
    assert trace.game == "nim" and trace.root_moves == "pile:1, take:1;"
    again = tmp_path / f"again{suffix}"
    code, _, err = run_cli(capsys, "export", str(path), "-o", str(again))
    assert code == 0, err
    back = load(again)
    assert back.game == trace.game and back.root_moves == trace.root_moves
    assert np.array_equal(back.nodes, trace.nodes)


def test_export_draws_a_game_trace_by_its_labels(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    trace, dot = tmp_path / "t.json", tmp_path / "t.dot"
    argv = ["analyze", "--game", "tic_tac_toe", "x(1,1)", "--agent", "minimax:depth=1"]
    code, _, err = run_cli(capsys, *argv, "--trace", str(trace))
    assert code == 0, err
    code, _, err = run_cli(capsys, "export", str(trace), "-o", str(dot))
    assert code == 0, err
    text = dot.read_text()
    state = spiel_state("4")
    for a in state.legal_actions():  # type: ignore[attr-defined]
        assert f'label="{label(state, a)}' in text
    assert "col " not in text


def test_show_and_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run_cli(capsys, "show", "--game", "tic_tac_toe", "0 4")
    assert code == 0
    state = spiel_state("0 4")
    legal = [label(state, a) for a in state.legal_actions()]  # type: ignore[attr-defined]
    assert f"legal moves: {' '.join(legal)}" in out and "to move: the first player" in out
    page = tmp_path / "r.html"
    code, _, err = run_cli(capsys, "report", "x(1,1)", "--game", "tic_tac_toe", "-o", str(page))
    assert code == 0, err
    html = page.read_text()
    assert "<svg" in html and "piece" in html and "o(0,0)" in html


@pytest.mark.parametrize(
    ("argv", "quoted"),
    [
        (["analyze", "--game", "no_such_game", "1"], "'no_such_game'"),
        (["analyze", "--game", "hex(board_size=seven)", "a1"], "'hex(board_size=seven)'"),
        (["analyze", "--game", "connect4(width=x)", "1"], "'width=x'"),
        (["analyze", "--game", "tic_tac_toe", "x(9,9)"], "'x(9,9)'"),
        (["analyze", "--game", "tic_tac_toe", "x(1,1)", "--agent", "beam"], "'beam'"),
        (["analyze", "--game", "othello", "d3", "--agent", "solver:node_budget=500"], "othello"),
        (["show", "--game", "othello", "z9"], "'z9'"),
        # games OpenSpiel loads and cannot play (they crashed, or read a win in -1,000,000)
        (["analyze", "--game", "hex(board_size=0)", ""], "'hex(board_size=0)'"),
        (["analyze", "--game", "hex(board_size=1)", ""], "no legal move (after 1 move played"),
        (["show", "--game", "hex(board_size=-3)", ""], "board_size=-3 is negative"),
        (["solve", "--game", "clobber(rows=1,columns=1)", ""], "at the start"),
        # Connect 4's flag, no parameter of the agents on other games (it crashed)
        (["analyze", "--game", "tic_tac_toe", "", "--heuristic", "window"], "'heuristic'"),
        (["report", "--game", "nim", "", "--heuristic", "window", "-o", "x.html"], "'heuristic'"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], quoted: str
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.startswith("treeviz: error: "), err
    assert quoted in err


@pytest.mark.parametrize("actions", ["4 0", "0 4 8", "0 1 3 4"])
def test_full_depth_alphabeta_value_is_the_brute_force_value(
    capsys: pytest.CaptureFixture[str], actions: str
) -> None:
    code, out, err = run_cli(
        capsys, "analyze", "--game", "tic_tac_toe", actions, "--agent", "alphabeta:depth=9"
    )
    assert code == 0, err
    history = tuple(int(a) for a in actions.split())
    said = re.search(r"plays (\S+) for .* \(value (.+)\)", out)
    assert said is not None, out
    # the outcome heuristic scores a draw as it scores a horizon: 0, not a proven draw
    assert said[2] == (words(brute(history)) if brute(history)[0] else "0")
    chosen = {label(spiel_state(actions), a): a for a in range(9)}[said[1]]
    assert key((-brute((*history, chosen))[0], brute((*history, chosen))[1] + 1)) == key(
        brute(history)
    )
    pv = out.split("pv: ")[1].split("\n")[0].split()
    assert pv[0] == said[1]


def test_help_lists_every_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    from treeviz.rules.registry import GAMES, load_game

    with pytest.raises(SystemExit):
        run_cli(capsys, "--help")
    text = " ".join(capsys.readouterr().out.split())
    for name in GAMES:
        assert name in text.split("--game NAME")[1]
        load_game(name)  # every name listed loads


def test_unknown_game_is_one_line_on_the_terminal_too() -> None:
    # OpenSpiel's C++ writes its own copy of the error (every game's name) to the
    # process's stderr, which capsys does not see: a process of its own does
    done = run_process("show", "--game", "no_such_game", "1")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "'no_such_game'" in done.stderr, done.stderr


def bouton_misere_wins(heaps: list[int]) -> bool:
    """Whether the player to move wins misère Nim (who takes the last token loses):
    Bouton's rule, with the endgame of heaps of one token counted apart."""
    xor = 0
    for h in heaps:
        xor ^= h
    return xor == 0 if max(heaps) <= 1 else xor != 0


@pytest.mark.parametrize(
    "moves", [[], [(1, 1)], [(4, 7)], [(2, 2), (3, 5)], [(4, 6), (3, 4), (2, 3)]]
)
def test_nim_solver_against_boutons_rule(
    capsys: pytest.CaptureFixture[str], moves: list[tuple[int, int]]
) -> None:
    text = " ".join(f"pile:{p}, take:{t};" for p, t in moves)
    code, out, err = run_cli(capsys, "solve", "--game", "nim", text)
    assert code == 0, err
    heaps = [1, 3, 5, 7]
    for pile, take in moves:
        heaps[pile - 1] -= take
    found = OUTCOME_LINE.match(out.strip())
    assert found is not None, out
    wins = bouton_misere_wins(heaps)
    assert found["words"].startswith("win" if wins else "loss")
    pile, take = map(int, re.findall(r"\d+", found["move"]))
    heaps[pile - 1] -= take
    if wins:  # the best move leaves the opponent lost
        assert not bouton_misere_wins(heaps)


def test_report_game_number_still_picks_a_database_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from test_cli_puzzles import OTHER, database

    db, page = database(tmp_path / "games.db"), tmp_path / "r.html"
    code, _, err = run_cli(capsys, "report", str(db), "--game", "2", "-o", str(page))
    assert code == 0, err
    assert f"treeviz review: {OTHER}" in page.read_text()
    code, out, err = run_cli(capsys, "report", str(db), "--game", "9", "-o", str(page))
    assert code == 2 and out == "" and err.count("\n") == 1 and "9" in err, err


def test_analyze_exports_and_says_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg = tmp_path / "t.svg"
    argv = ["analyze", "--game", "hex", "a1", "--agent", "mcts:iterations=40"]
    code, _, err = run_cli(capsys, *argv, "--export", str(svg), "--view-depth", "1")
    assert code == 0, err
    assert "<svg" in svg.read_text() and ">b1<" in svg.read_text()
    code, out, err = run_cli(capsys, *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    state = pyspiel.load_game("hex(board_size=5)").new_initial_state()
    state.apply_action(0)  # a1
    assert data["game"] == "hex(board_size=5)" and data["move"] in state.legal_actions()


def test_agents_lists_the_defaults_other_games_search_with(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`treeviz agents` listed Connect 4's defaults alone (alpha-beta to depth 5, MCTS
    10,000 iterations) while another game's search took depth 4 and 1,000: its section
    for other games says each default that an analysis then reports it searched with."""
    code, out, _ = run_cli(capsys, "agents")
    assert code == 0
    other = out.split("On other games (--game)", 1)[1]
    for agent in ("alphabeta", "minimax", "mcts"):
        lines = other.split(f"\n{agent}: ", 1)[1].splitlines()[1:]
        params = takewhile(lambda line: line.startswith("    "), lines)
        listed = dict(re.findall(r"^    (\w+)=(\S+)", "\n".join(params), re.M))
        code, shown, err = run_cli(
            capsys, "analyze", "--game", "tic_tac_toe", "", "--agent", agent, "--json"
        )
        assert code == 0, err
        used = json.loads(shown)["params"]
        for name in ("depth", "iterations"):
            if name in used:
                assert listed[name] == str(used[name]), (agent, name, listed, used)


@pytest.mark.parametrize(
    ("game", "actions"), [("tic_tac_toe", [4, 0]), ("hex(board_size=3)", [0, 4])]
)
def test_show_prints_the_board_as_openspiel_writes_it(
    capsys: pytest.CaptureFixture[str], game: str, actions: list[int]
) -> None:
    """`show --game` printed no board at all: it prints OpenSpiel's own text of the
    position (its JSON too, with the status)."""
    import pyspiel

    state = pyspiel.load_game(game).new_initial_state()
    for a in actions:
        state.apply_action(a)
    position = " ".join(map(str, actions))
    code, out, err = run_cli(capsys, "show", "--game", game, position)
    assert code == 0, err
    shown = out.split("board:\n", 1)[1].split("\nto move:", 1)[0]
    assert [line[4:] for line in shown.splitlines()] == str(state).strip("\n").splitlines()
    code, out, _ = run_cli(capsys, "show", "--game", game, position, "--json")
    data = json.loads(out)
    assert data["board"] == str(state).strip("\n") and data["status"] == "in play"


def test_random_says_chances_not_values(capsys: pytest.CaptureFixture[str]) -> None:
    """Random read "(value -)" above a column headed "value (root player)" holding the
    chance of each move: its line says it drew the move from the legal ones (counted by
    OpenSpiel), and its column is headed by what it holds, 1 in that many each."""
    import pyspiel

    state = pyspiel.load_game("tic_tac_toe").new_initial_state().child(4)
    n = len(state.legal_actions())
    code, out, err = run_cli(capsys, "analyze", "--game", "tic_tac_toe", "4", "--agent", "random")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1].endswith(f"(drawn at random from {n})") and "value" not in lines[1]
    assert lines[3].split() == ["move", "chance", "of", "being", "chosen"]
    shares = {line.split()[-1] for line in lines[4 : 4 + n]}
    assert shares == {f"{100 / n:.1f}%"}
