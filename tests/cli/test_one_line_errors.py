"""One line, not a traceback: odd agent specs, odd returns of a person's agent, odd
arguments of the Python API, values starting with '-', a device as a book, pasted
megabytes, non-finite numbers in ``--json``, a declared agent's settings in a sweep.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from conftest import DECLARED_AGENT, run_cli

import treeviz
from treeviz.agents.registry import search
from treeviz.cli.common import print_json
from treeviz.cli.main import main
from treeviz.connect4.board import Position
from treeviz.errors import (
    InvalidParameterError,
    InvalidPositionError,
    UserAgentError,
)

AGENTS_PY = """def four_five(pos):
    return [4, 5]


def huge(pos):
    return 4, [10**400, -10**400, 1, 2, 3, 4, 5]


class Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("no text either")


def unprintable(pos):
    raise Unprintable()
"""


# User agents a test loads are registered: forgotten after it (conftest.py).


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    path = tmp_path / "odd_agents.py"
    path.write_text(AGENTS_PY)
    return path


def one_line(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The error of ``treeviz ARGV``: exit code 2, nothing on stdout, one line."""
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.startswith("treeviz: error: "), err
    return err


def strict_json(text: str) -> Any:
    """JSON as the standard has it: no ``Infinity`` or ``NaN``."""

    def refuse(word: str) -> None:
        raise AssertionError(f"{word} in JSON output")

    return json.loads(text, parse_constant=refuse)


# ----------------------------------------------------------------- agent specs
@pytest.mark.parametrize(
    ("agent", "words"),
    [
        ("cmd:'unterminated", "is not a command line: No closing quotation"),
        ("..:f", "'..' in agent spec '..:f' is neither a Python file"),
        (".relative:f", "'.relative' in agent spec '.relative:f' is neither"),
    ],
)
def test_specs_that_name_nothing_runnable(
    capsys: pytest.CaptureFixture[str], agent: str, words: str
) -> None:
    assert words in one_line(capsys, "analyze", "44", "--agent", agent)


# ------------------------------------------------------ what a person's agent returns
def test_a_pair_without_values_is_an_error_quoting_it(
    capsys: pytest.CaptureFixture[str], mine: Path
) -> None:
    err = one_line(capsys, "analyze", "44", "--agent", f"{mine}:four_five")
    assert "returned '[4, 5]'" in err and "(column, values)" in err


def test_values_past_the_float_range_are_infinite(
    capsys: pytest.CaptureFixture[str], mine: Path
) -> None:
    """10**400 is larger than every float: +inf keeps its order among the values (as a
    traced search's returns do), and ``--json`` writes it as null."""
    code, out, err = run_cli(capsys, "analyze", "44", "--agent", f"{mine}:huge", "--json")
    assert code == 0, err
    rows = strict_json(out)["moves"]
    assert [r["value"] for r in rows[:3]] == [None, None, 1]
    assert [r["text"] for r in rows[:2]] == ["+inf", "-inf"]


def test_an_exception_that_cannot_say_what_it_is(
    capsys: pytest.CaptureFixture[str], mine: Path
) -> None:
    err = one_line(capsys, "analyze", "44", "--agent", f"{mine}:unprintable")
    assert "raised Unprintable: (its message could not be read) (at odd_agents.py:" in err


# ------------------------------------------------------------------ traced searches
@treeviz.traced
def negamax(moves: str, depth: int) -> float:
    pos = Position.from_moves(moves)
    if depth == 0 or pos.is_over():
        return 0.0
    return max(-negamax(moves + str(c + 1), depth - 1) for c in pos.legal_moves())


def test_a_traced_search_of_a_finished_game() -> None:
    with treeviz.recording() as rec:
        negamax("1212121", 2)
    with pytest.raises(InvalidPositionError, match="'1212121' is over"):
        _ = rec.result


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (lambda ret: 1 / 0, r"value= of .*f\(\) raised ZeroDivisionError: division by zero"),
        (lambda ret: "abc", r"value= of .*f\(\) gave 'abc' .*: expected a number or None"),
    ],
)
def test_a_value_function_that_fails(value: Any, words: str) -> None:
    @treeviz.traced(value=value)
    def f(moves: str) -> int:
        return 0

    with treeviz.recording(), pytest.raises(UserAgentError, match=words):
        f("44")


def test_a_capacity_given_as_text() -> None:
    with (
        pytest.raises(InvalidParameterError, match="capacity='5' is not allowed"),
        treeviz.recording(capacity="5"),
    ):  # type: ignore[arg-type]
        pass
    with treeviz.recording(capacity=5) as rec:
        negamax("", 2)
    assert len(rec.trace) == 5 and rec.trace.truncated


# ------------------------------------------------------------------ the Python API
def test_search_takes_a_move_string_and_refuses_other_things() -> None:
    by_text = search("4453", "alphabeta:depth=3")
    by_position = search(Position.from_moves("4453"), "alphabeta:depth=3")
    assert by_text.move == by_position.move
    assert (by_text.trace.nodes == by_position.trace.nodes).all()
    for bad in (4453, None, ["4", "4"]):
        with pytest.raises(InvalidPositionError, match="a Position or a move string"):
            search(bad, "greedy")  # type: ignore[arg-type]
    with pytest.raises(InvalidParameterError, match="spec string"):
        search("44", 5)  # type: ignore[arg-type]


def test_the_widget_names_an_argument_of_the_wrong_type() -> None:
    pytest.importorskip("anywidget")
    res = search("44", "alphabeta:depth=2")
    for options, words in (
        ({"max_nodes": "10"}, "max_nodes='10'"),
        ({"depth": 1.5}, "depth="),
        ({"depth": -1}, "depth='-1'"),
        ({"nodes": 3}, "no option 'nodes'"),
    ):
        with pytest.raises(InvalidParameterError, match=words):
            res.widget(**options)
    assert res.widget(max_nodes=3, depth=1).payload["nodes"]


# ------------------------------------------------------------------- --json output
def test_json_output_has_no_infinity(capsys: pytest.CaptureFixture[str]) -> None:
    print_json({"a": math.inf, "b": [-math.inf, math.nan, 1.5], "c": (2, "inf")})
    assert strict_json(capsys.readouterr().out) == {
        "a": None,
        "b": [None, None, 1.5],
        "c": [2, "inf"],
    }


# ------------------------------------------------------------- a declared agent
def test_a_declared_agent_is_swept_by_its_settings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``mine.py:AGENT --grid depth=1,2`` reads ``mine.py:AGENT:depth=1``: the settings
    follow the agent's name, not ``mine.py:AGENT,depth=1``."""
    path = tmp_path / "declared_for_sweep.py"
    path.write_text(DECLARED_AGENT)
    code, out, err = run_cli(
        capsys,
        "sweep",
        f"{path}:AGENT",
        "--grid",
        "depth=1,2",
        "--against",
        "random",
        "--games",
        "2",
        "--ply-seconds",
        "0",
        "--json",
    )
    assert code == 0, err
    report = strict_json(out)
    assert [s["spec"] for s in report["settings"]] == [
        f"{path}:AGENT:depth=1",
        f"{path}:AGENT:depth=2",
    ]
    assert not report["forfeits"]


# -------------------------------------------------------------- values and devices
@pytest.mark.parametrize("value", ["-1,-1", "-inf", "-3e3,5"])
def test_flag_values_that_start_with_a_dash(capsys: pytest.CaptureFixture[str], value: str) -> None:
    err = one_line(capsys, "arena", "greedy", "random", "--games", "2", "--sprt", value)
    assert f"--sprt '{value}'" in err


def test_a_device_is_not_a_missing_book(capsys: pytest.CaptureFixture[str]) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    err = one_line(capsys, "solve", "--book", "/dev/zero", "44")
    assert "'/dev/zero' is not a regular file" in err and "does not exist" not in err


LONG = "x" * 60_000


@pytest.mark.parametrize(
    "argv",
    [
        ["show", LONG],
        ["show", "1" * 60_000],
        ["analyze", "44", "--agent", LONG],
        ["analyze", "44", "--agent", f"cmd:{LONG}"],
        ["analyze", "44", "--agent", f"{LONG}.py:f"],
        ["analyze", "44", "--depth", LONG],
        ["arena", "greedy", "random", "--games", "1", "--sprt", LONG],
        ["arena", "greedy", "random", "--games", "1", "--openings-file", LONG],
        ["arena", "greedy", "random", "--games", "1", "--db", f"/no/such/{LONG}"],
        ["sweep", "greedy", "--grid", LONG, "--against", "random", "--games", "1"],
        ["solve", "--book", LONG],
        ["export", LONG, "-o", "t.svg"],
        ["play", "greedy", "random", "--opening", LONG],
    ],
)
def test_a_pasted_megabyte_is_quoted_short(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    err = one_line(capsys, *argv)
    assert len(err) < 400 and "characters)" in err, err[:400]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["analyze", "4453", "--bogus"], "unrecognized arguments: --bogus"),
        (["explain", "--game", "tic_tac_toe", "4"], "explain plays Connect 4 only"),
        (["play", "random", "greedy", "--game=nim"], "play plays Connect 4 only"),
        ([], "the following arguments are required: command"),
    ],
)
def test_a_usage_error_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    """argparse's errors were its usage and then the error, three lines; a --game on a
    command that plays Connect 4 only names the commands that take it (the parsers)."""
    from treeviz.cli.main import _parsers, takes_game

    with pytest.raises(SystemExit) as exited:
        main(argv)
    err = capsys.readouterr().err
    assert exited.value.code == 2 and err.count("\n") == 1, err
    assert err.startswith("treeviz: error: ") and said in err
    if "Connect 4 only" in said:
        served = takes_game(_parsers()[1])
        assert f"{', '.join(served)} take --game" in err and argv[0] not in served
