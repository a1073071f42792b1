"""``treeviz puzzles GAMES... -o deck.json``: game files, arena databases and move
strings in, a deck out; bad input is one line and exit code 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import run_cli

from treeviz.arena.store import Store
from treeviz.games.game import load_game
from treeviz.learn.deck import load_deck, loads_deck
from treeviz.learn.puzzles import SHORT_WIN, puzzle_cards

GAME_FILE = Path(__file__).resolve().parents[1] / "data" / "games" / "greedy_vs_alphabeta.json"
OTHER = "44556612"  # two blunders (tests/learn/test_puzzles.py)


def database(path: Path) -> Path:
    """An arena database holding the game file's game and OTHER."""
    game = load_game(GAME_FILE)
    with Store(path) as store:
        for key, x, o, moves in (("a", game.x, game.o, game.moves), ("b", "p", "q", OTHER)):
            store.add(
                {
                    "key": key,
                    "x": x,
                    "o": o,
                    "opening": "",
                    "seed": 0,
                    "moves": moves,
                    "result": "unfinished",
                    "version": "0",
                    "plies": [],
                }
            )
    return path


def test_a_deck_from_a_file_a_database_and_moves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = database(tmp_path / "games.db")
    out = tmp_path / "deck.json"
    code, stdout, err = run_cli(capsys, "puzzles", str(GAME_FILE), str(db), OTHER, "-o", str(out))
    assert code == 0, err
    cards = load_deck(out)
    from_file = puzzle_cards(load_game(GAME_FILE))
    from_other = puzzle_cards(OTHER)
    assert [c.moves for c in cards] == [
        c.moves for c in from_file + from_file + from_other + from_other
    ]
    assert [c.source for c in cards] == (
        [str(GAME_FILE)] * len(from_file)
        + [f"{db} game 1"] * len(from_file)
        + [f"{db} game 2"] * len(from_other)
        + [None] * len(from_other)
    )
    assert {c.by for c in cards[len(from_file) * 2 :]} == {"p", "q", None}
    # each card's goal by its kind and the solver's fastest win (plies from the score)
    goals = [
        (
            "hold the draw"
            if c.kind == "draw"
            else "keep the win"
            if c.win_plies is None or c.win_plies > SHORT_WIN
            else f"find a win within {SHORT_WIN} plies"
        )
        for c in cards
    ]
    counts = ", ".join(
        f"{goals.count(g)} {g}"
        for g in (f"find a win within {SHORT_WIN} plies", "keep the win", "hold the draw")
        if g in goals
    )
    assert stdout == f"{len(cards)} cards ({counts}) from 4 games: {out}\n"


def test_one_game_of_a_database_one_player_and_json_on_stdout(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = database(tmp_path / "games.db")
    code, stdout, _ = run_cli(capsys, "puzzles", str(db), "--game", "2", "--player", "O")
    assert code == 0
    cards = loads_deck(stdout)
    assert cards and all(c.player == "O" and c.by == "q" for c in cards)
    assert [c.moves for c in cards] == [c.moves for c in puzzle_cards(OTHER) if c.player == "O"]
    code, stdout, _ = run_cli(capsys, "puzzles", str(GAME_FILE), "--player", "greedy")
    assert {c.by for c in loads_deck(stdout)} == {"greedy"}


def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = shutil.copy(GAME_FILE, tmp_path / "game.json")
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"moves": "4444444"}))
    cases = [
        (["4458"], "column 8"),
        ([str(tmp_path / "missing" / "g.json")], "does not exist"),
        ([str(broken)], "broken.json"),
        (["4453", "--game", "1"], "none of the games given is an arena database"),
        ([str(database(tmp_path / "g.db")), "--game", "9"], "no game 9"),
        ([str(game), "-o", str(game)], "is the file being read"),
        ([str(game), "-o", str(tmp_path / "no" / "deck.json")], "no writable folder"),
        ([str(game), "--ply-seconds", "-1"], "ply_seconds"),
        ([str(game), "--ply-seconds", "0"], "puzzles need the exact scores"),
    ]
    for args, words in cases:
        code, stdout, err = run_cli(capsys, "puzzles", *args)
        assert code == 2, args
        assert stdout == ""
        assert err.count("\n") == 1 and err.startswith("treeviz: error: ") and words in err, err
    assert load_game(game).moves == load_game(GAME_FILE).moves  # never written over


def test_moves_past_the_budget_are_counted(capsys: pytest.CaptureFixture[str]) -> None:
    """A budget of a few solver nodes judges only what the opening book answers: the
    other moves are said on stderr, and no card is made of them."""
    code, stdout, err = run_cli(capsys, "puzzles", str(GAME_FILE), "--ply-seconds", "1e-7")
    assert code == 0
    unjudged = int(err.split()[2])
    assert 0 < unjudged <= len(load_game(GAME_FILE).moves)
    assert err.endswith("could not be judged within --ply-seconds 1e-07: no card for them\n")
    assert len(loads_deck(stdout)) < len(puzzle_cards(load_game(GAME_FILE)))
