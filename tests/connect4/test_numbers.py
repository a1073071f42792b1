"""Numbers as users type them: ASCII digits only (Python's int() and float() also take
other scripts' digits, superscripts, underscores and "nan"), every bound checked, one
line and exit 2 for anything else."""

from __future__ import annotations

import pytest
from conftest import run_cli, run_process
from hypothesis import given
from hypothesis import strategies as st

from treeviz.settings import parse_int


@pytest.mark.parametrize(
    "argv, words",
    [
        (["analyze", "4453", "--agent", "alphabeta:depth=+-5"], ["depth='+-5'", "1..42"]),
        (["analyze", "4453", "--agent", "alphabeta", "--depth", "²"], ["depth='²'"]),
        (["analyze", "4453", "--agent", "alphabeta:depth=٣"], ["depth='٣'"]),
        (["analyze", "4453", "--agent", "mcts", "--seed=--1"], ["seed='--1'"]),
        (["analyze", "4453", "--agent", "mcts:c=1_0"], ["c='1_0'"]),
        (["analyze", "4453", "--agent", "mcts:c=nan"], ["c='nan'", "finite"]),
        (["explain", "4453", "--exact-seconds", "inf"], ["exact_seconds='inf'"]),
        (["review", "4453", "--ply-seconds", "nan"], ["ply_seconds='nan'"]),
        (["review", "4453", "--ply-seconds", "1e300"], ["ply_seconds='1e300'", "0..3600"]),
        (["review", "4453", "--ply-seconds", "-1"], ["ply_seconds='-1'"]),
        (["id3", "weather", "--cv", "2", "--seed", "-1"], ["seed='-1'"]),
        (["arena", "random", "greedy", "--games", "2", "--seed", "-1"], ["seed='-1'"]),
        (
            [
                "sweep",
                "random",
                "--grid",
                "seed=1,2",
                "--against",
                "greedy",
                "--games",
                "2",
                "--seed",
                "-1",
            ],
            ["seed='-1'"],
        ),
        (["arena", "random", "greedy", "--games", "2", "--sprt", "0,1e308"], ["sprt='1e308'"]),
        (["arena", "random", "greedy", "--games", "2", "--sprt=-inf,inf"], ["sprt='-inf'"]),
        (["review", "4453", "--game", "99999999999999999999999"], ["game_id='9999"]),
        (["play", "random", "greedy", "--seed", "²"], ["seed='²'"]),
    ],
)
def test_bad_numbers_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: list[str]
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    for w in words:
        assert w in err, err


@given(st.integers(min_value=-(2**63), max_value=2**63 - 1))
def test_every_64_bit_integer_reads_back(n: int) -> None:
    assert parse_int(str(n)) == n and parse_int(f"+{n}" if n >= 0 else str(n)) == n


@given(st.text(alphabet=st.characters(categories=["Nd", "No"]), min_size=1, max_size=5))
def test_only_ascii_digits_are_numbers(text: str) -> None:
    ascii_only = all(c in "0123456789" for c in text)
    assert (parse_int(text) is not None) == ascii_only


@pytest.mark.slow
def test_a_human_typing_odd_numbers_is_asked_again() -> None:
    stdin = "²\n١\n" + "9" * 5000 + "\n-4\n4\nq\n"
    out = run_process("play", "human", "alphabeta:depth=2", "--json", stdin=stdin)
    assert out.returncode == 0, out.stderr
    assert out.stderr.count("is not a move here") == 4
    assert "'99999999999999999...' is not a move here" in out.stderr
