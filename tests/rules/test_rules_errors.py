"""Games by name, and bad input: each a typed error quoting what was typed; OpenSpiel
loaded only when an OpenSpiel game is, and asked for by name when it is missing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from treeviz.errors import GameError, IllegalMoveError, InvalidMoveError, InvalidPositionError
from treeviz.rules import GAMES, load_game

SPIEL_GAMES = [name for name in GAMES if name != "connect4"]


def test_eight_games_by_name() -> None:
    assert len(GAMES) >= 8
    assert {"tic_tac_toe", "connect4", "nim", "othello", "breakthrough", "hex"} <= set(GAMES)
    assert {"checkers", "clobber"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_a_position_that_is_no_game_is_refused_quoting_it(name: str) -> None:
    pytest.importorskip("pyspiel")
    game = load_game(name)
    with pytest.raises((InvalidPositionError, InvalidMoveError)) as caught:
        game.from_text("zz9 @!")
    assert "'zz9 @!'" in str(caught.value)
    with pytest.raises(InvalidMoveError, match="'q9'"):
        game.parse_move(game.initial(), "q9")


def test_moves_after_the_end_are_refused() -> None:
    pytest.importorskip("pyspiel")
    game = load_game("tic_tac_toe")
    text = "x(0,0) o(1,0) x(0,1) o(1,1) x(0,2)"  # x has the top row
    over = game.from_text(text)
    assert game.outcome(over) == (1.0, -1.0)
    with pytest.raises(InvalidPositionError, match=r"move 6 \(at 'o\(2,2\)'\) comes after the end"):
        game.from_text(text + " o(2,2)")
    with pytest.raises(IllegalMoveError, match="'x'"):
        game.parse_move(over, "x")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play(over, 8)


def test_openspiel_positions_as_labels_ids_or_its_own_serialisation() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = load_game("othello")
    by_label = game.from_text("d3, c5; f6\ne3")
    state = pyspiel.load_game("othello").new_initial_state()
    for move in by_label.moves:
        state.apply_action(move)
    assert game.from_text(state.serialize()) == by_label
    assert game.from_text(pyspiel.serialize_game_and_state(state.get_game(), state)) == by_label
    assert game.from_text(" ".join(map(str, by_label.moves))) == by_label
    assert str(by_label.state) == str(state)


def test_openspiel_transpositions_have_one_key() -> None:
    pytest.importorskip("pyspiel")
    game = load_game("tic_tac_toe")
    one = game.from_text("x(0,0) o(1,1) x(2,2) o(0,2)")
    other = game.from_text("x(2,2) o(0,2) x(0,0) o(1,1)")
    assert game.key(one) == game.key(other) and one == other
    assert game.to_text(one) != game.to_text(other)


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("no_such_game", "OpenSpiel has no game"),
        ("othelo", "did you mean othello"),
        ("hex(board_size=x)", "board_size"),
        ("kuhn_poker", "deterministic, of perfect information"),
        ("connect4(depth=3)", "width=N or height=N"),
        ("connect4(width=12)", "not supported"),
        ("connect4(width=5", "is not connect4(width=N,height=N)"),
    ],
)
def test_a_game_that_cannot_be_loaded_is_refused_quoting_it(spec: str, says: str) -> None:
    pytest.importorskip("pyspiel")
    with pytest.raises(GameError) as caught:
        load_game(spec)
    assert says in str(caught.value)
    assert repr(spec) in str(caught.value) or repr(spec.split("(")[1][:-1]) in str(caught.value)


def test_a_smaller_connect4_by_name() -> None:
    game = load_game("connect4(width=5, height=4)")
    assert game.name == "connect4(width=5,height=4)"
    assert game.legal_moves(game.from_text("1111")) == [1, 2, 3, 4]


def test_connect4_never_loads_openspiel_and_openspiel_missing_says_how_to_install() -> None:
    code = (
        "import sys\n"
        "from treeviz.rules import load_game\n"
        "game = load_game('connect4'); game.svg(game.from_text('4453'))\n"
        "assert 'pyspiel' not in sys.modules\n"
        "sys.modules['pyspiel'] = None  # as if it were not installed\n"
        "try:\n    load_game('hex')\n"
        "except ValueError as exc:\n    print(type(exc).__name__, exc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == (
        "GameError OpenSpiel's games need OpenSpiel: pip install 'treeviz-c4[games]'"
    )


def test_an_unknown_game_is_said_in_one_line_with_nothing_else_on_stderr() -> None:
    """OpenSpiel writes its whole list of games to stderr when asked for one it does not
    know: the name is checked first, so a person sees the one line of the error."""
    pytest.importorskip("pyspiel")
    code = (
        "from treeviz.rules import load_game\n"
        "try:\n    load_game('othelo')\nexcept ValueError as exc:\n    print(exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("OpenSpiel has no game 'othelo': did you mean othello")
    assert done.stdout.count("\n") == 1
    assert done.stderr == ""
