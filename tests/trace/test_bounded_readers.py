"""Every reader stops at its cap while reading, from files, pipes and devices alike:
``/dev/zero`` has no size to check first, and a reader that read it whole grew to
gigabytes. Each is refused with one line, in bounded memory."""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli

from treeviz.errors import TraceFormatError
from treeviz.trace.files import loads

ZERO = "/dev/zero"
TREEVIZ = str(Path(sys.executable).parent / "treeviz")


@pytest.mark.parametrize(
    "argv, words",
    [
        (["export", ZERO, "-o", "{tmp}/x.svg"], "trace file '/dev/zero' is larger than 128 MiB"),
        (["id3", ZERO], "table '/dev/zero' is larger than 64 MiB"),
        (
            ["arena", "random", "greedy", "--games", "2", "--openings-file", ZERO],
            "openings file '/dev/zero' is larger than 16 MiB",
        ),
        (["show", ZERO], "file '/dev/zero' is larger than 64 KiB"),
        (["review", ZERO], "file '/dev/zero' is larger than 64 KiB"),
    ],
)
def test_a_device_is_read_up_to_the_cap(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], words: str
) -> None:
    code, out, err = run_cli(capsys, *[a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 2 and out == "" and words in err and err.count("\n") == 1, err


@pytest.mark.parametrize(
    "argv, words",
    [
        (["show", "-"], "standard input is larger than 64 KiB"),
        (["solve"], "line 1 is longer than 4,096 bytes"),
    ],
)
def test_a_pipe_is_read_up_to_the_cap_in_bounded_memory(argv: list[str], words: str) -> None:
    """100 MB of zeros on stdin: refused after the cap, the process staying small."""
    probe = (
        "import resource, subprocess, sys\n"
        f"zeros = subprocess.Popen(['head', '-c', '100M', {ZERO!r}], stdout=subprocess.PIPE)\n"
        f"out = subprocess.run([{TREEVIZ!r}, *{argv!r}], stdin=zeros.stdout,\n"
        "                     capture_output=True, text=True)\n"
        "zeros.kill()\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
        "print(out.returncode, peak, out.stderr.strip(), sep='|')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120
    )
    code, peak, err = done.stdout.strip().split("|", 2)
    assert code == "2" and words in err, done.stdout + done.stderr
    assert int(peak) < 400_000, f"{peak} KB"  # kilobytes: the interpreter and numba, not the input


@pytest.mark.slow
@pytest.mark.parametrize("item", [b"{}", b"[]"])
def test_a_json_bomb_of_tiny_containers_is_refused_before_parsing(item: bytes) -> None:
    """120 MiB of ``{},`` (120 KB compressed) would parse into gigabytes of objects."""
    body = b"[" + (item + b",") * (40 << 20) + item + b"]"
    with pytest.raises(TraceFormatError, match="more JSON objects or lists than a trace"):
        loads(gzip.compress(body), "bomb.json.gz")


@pytest.mark.slow
@pytest.mark.parametrize("width", [131_000, 200_000])
def test_one_long_cell_costs_its_own_length_not_the_table_times_it(width: int) -> None:
    """A cell of 131,000 characters in a 20,000-row table made every cell that wide
    (976 GiB asked); one of 200,000 passed the csv module's field limit with a
    traceback. Both learn, in a process that stays small."""
    probe = (
        "from treeviz.id3.table import parse_table\n"
        "from treeviz.id3.learn import fit\n"
        "rows = ['a,b,label'] + [f'x{i % 7},{i % 3},{\"PQ\"[i % 2]}' for i in range(20000)]\n"
        f"rows[5] = 'y' * {width} + ',1,P'\n"
        "table = parse_table('\\n'.join(rows), name='wide', target=None, ignore=[], header=None)\n"
        "fit(table)\n"
        "print(table.rows)\n"
    )
    # Measured from a small parent of its own: a child forked from this (large) test
    # process would inherit its high-water mark.
    outer = (
        "import resource, subprocess, sys\n"
        f"out = subprocess.run([sys.executable, '-c', {probe!r}], capture_output=True,\n"
        "                     text=True)\n"
        "print(out.stdout.strip(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", outer], capture_output=True, text=True, timeout=120
    )
    rows, peak = done.stdout.split()
    assert rows == "20000" and int(peak) < 300_000, done.stderr  # kilobytes
