"""Solving many positions: the batch solver against the UCI Connect-4 labels and the
data files, the CLI's batches (in process and on Dask workers), and the line reader."""

from __future__ import annotations

import io
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest
from conftest import data_lines
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.connect4.board import Position
from treeviz.connect4.notation import position_from_stones
from treeviz.errors import InputTooLargeError
from treeviz.exact.scores import solve, solve_many
from treeviz.safe_io import line_batches
from treeviz.trace.nodes import C_STOP, new_counters

UCI = Path(__file__).resolve().parents[2] / "treeviz" / "data" / "id3" / "connect-4.data"
TREEVIZ = [str(Path(__file__).resolve().parents[2] / ".venv" / "bin" / "treeviz")]


def uci_sample(n: int, seed: int = 7) -> list[tuple[Position, str]]:
    """``n`` rows of the UCI set: the board (cells a1..a6, b1..b6, ...: column by
    column, bottom up) as a position, and the label for X, who is to move."""
    rows = UCI.read_text().splitlines()
    out = []
    for row in random.Random(seed).sample(rows, n):
        *cells, label = row.split(",")
        x = o = 0
        for i, cell in enumerate(cells):
            bit = 1 << ((i // 6) * 7 + i % 6)
            x |= bit if cell == "x" else 0
            o |= bit if cell == "o" else 0
        out.append((position_from_stones(x, o, width=7, height=6), label))
    return out


def outcome(score: int) -> str:
    return "win" if score > 0 else "loss" if score < 0 else "draw"


@pytest.mark.parametrize("weak", [True, False])
def test_batch_labels_the_uci_set_as_its_labels_say(weak: bool) -> None:
    sample = uci_sample(3000)
    scores = solve_many([p for p, _ in sample], weak=weak)
    assert [outcome(s) for s in scores] == [label for _, label in sample]


def test_batch_equals_one_by_one_across_plies_books_and_finished_games() -> None:
    moves = [
        "",
        "4",
        "4453",
        "444444",
        "2323232",
        "121212",
        "44444433",
        *(m for m, _ in data_lines("end_analyze.txt")[:30]),
        *(m for m, _ in data_lines("begin_score.txt")[:4]),
    ]
    positions = [Position.from_moves(m) for m in moves]
    assert solve_many(positions) == [solve(p) for p in positions]
    strong = dict(data_lines("begin_score.txt"))
    assert solve_many([Position.from_moves(m) for m in moves[-4:]]) == [
        strong[m][0] for m in moves[-4:]
    ]


def test_batch_stopped_gives_the_solved_prefix_only() -> None:
    ctr = new_counters()
    ctr[C_STOP] = 1
    positions = [Position.from_moves(m) for m in ("4453", "44444433")]
    assert solve_many(positions, ctr=ctr) == []


@pytest.mark.slow
def test_cli_stdin_batches_answer_each_line_in_order(tmp_path: Path) -> None:
    sample = uci_sample(500, seed=11)
    lines = [p.moves_string() for p, _ in sample]
    text = "\n".join([*lines[:250], "", "44x", "2323232", *lines[250:]]) + "\n"
    local = _run(["solve"], text)
    spread = _run(["solve", "--workers", "2"], text)
    assert local.returncode == spread.returncode == 2
    assert local.stdout == spread.stdout
    answered = [line.rsplit(" ", 1) for line in local.stdout.splitlines()]
    assert [m for m, _ in answered] == lines
    assert [outcome(int(s)) for _, s in answered] == [label for _, label in sample]
    for err in (local.stderr, spread.stderr):  # blank line 251 skipped, counted
        said = err.splitlines()
        assert len(said) == 2 and "line 252: character 'x' at move 3" in said[0]
        assert "line 253: the game in '2323232' is over" in said[1]


@pytest.mark.slow
def test_cli_analyze_batches_match_the_data_file() -> None:
    lines = data_lines("middle_analyze.txt")[:300]
    done = _run(["solve", "--analyze"], "".join(m + "\n" for m, _ in lines))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"{m} {' '.join(map(str, s))}" for m, s in lines]


def _run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*TREEVIZ, *args], input=stdin, capture_output=True, text=True, timeout=300, check=False
    )


class Pieces(io.RawIOBase):
    """A stream handing out its bytes in the given piece sizes (as a pipe does)."""

    def __init__(self, data: bytes, sizes: list[int]) -> None:
        self.data, self.sizes = data, sizes

    def read1(self, n: int = -1) -> bytes:
        size = min(n, self.sizes.pop(0) if self.sizes else n)
        piece, self.data = self.data[:size], self.data[size:]
        return piece


@settings(max_examples=200, deadline=None)
@given(
    lines=st.lists(st.text(alphabet="1234567 x\r", max_size=12), max_size=30),
    sizes=st.lists(st.integers(1, 40), max_size=40),
    final_newline=st.booleans(),
)
def test_line_batches_give_every_line_whatever_the_pieces(
    lines: list[str], sizes: list[int], final_newline: bool
) -> None:
    text = "\n".join(lines) + ("\n" if final_newline and lines else "")
    expected = text.split("\n")
    if expected[-1] == "":  # after a last newline (or of no text) there is no line
        expected.pop()
    got = [line for batch in line_batches(Pieces(text.encode(), sizes), 100) for line in batch]
    assert got == [line.rstrip("\r") for line in expected]


@given(long_at=st.integers(0, 5), sizes=st.lists(st.integers(1, 7), max_size=30))
def test_line_batches_name_the_line_past_the_cap(long_at: int, sizes: list[int]) -> None:
    lines = ["44"] * 6
    lines[long_at] = "4" * 11
    stream = Pieces(("\n".join(lines) + "\n").encode(), sizes)
    with pytest.raises(InputTooLargeError, match=f"^line {long_at + 1} is longer than 10 bytes"):
        for _ in line_batches(stream, 10):
            pass


@pytest.mark.slow
def test_ctrl_c_keeps_the_answers_found_and_says_so_in_one_line(tmp_path: Path) -> None:
    sample = uci_sample(40, seed=3)  # without the book, each takes a good fraction of a second
    lines = [p.moves_string() + "\n" for p, _ in sample]
    proc = subprocess.Popen(
        [*TREEVIZ, "solve", "--no-book"],
        stdin=subprocess.PIPE,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    # one line and its answer first: start-up is over whatever the machine's load
    proc.stdin.write(lines[0])
    proc.stdin.flush()
    first = proc.stdout.readline()
    proc.stdin.writelines(lines[1:])  # then one compiled call of 39 lines, about 30 s
    proc.stdin.close()
    time.sleep(3)  # into that call (not a timing assertion: one answer is enough)
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=30) == 130
    out, err = first + proc.stdout.read(), proc.stderr.read() if proc.stderr else ""
    assert err.count("\n") == 1, err
    assert err.startswith("treeviz: stopped: solving was stopped after line")
    answered = [line.rsplit(" ", 1) for line in out.splitlines()]
    assert 0 < len(answered) < len(sample)  # a prefix, each answer right
    assert [(m, outcome(int(s))) for m, s in answered] == [
        (p.moves_string(), label) for p, label in sample[: len(answered)]
    ]
