"""The command line: output formats and one-line errors with exit code 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import QUICK, TREEVIZ, data_lines, run_cli

from treeviz.trace.files import load

run = run_cli


def test_show_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "4453")
    assert code == 0 and "to move: X" in out and "legal columns: 1 2 3 4 5 6 7" in out
    code, out, _ = run(capsys, "show", "seed-001-x-won", "--json")
    data = json.loads(out)
    assert data["status"] == "X has won" and data["legal"] == []


def test_show_reads_a_diagram_on_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(".......\n" * 5 + "...XO..\n"))
    code, out, _ = run(capsys, "show", "-", "--json")
    assert code == 0 and json.loads(out)["moves"] == "45"


@pytest.mark.parametrize(
    "argv",
    [
        ("show", "4458"),
        ("show", "no-such-sample"),
        ("analyze", "4453", "--agent", "alphabeta", "--depth", "0"),
        ("analyze", "4453", "--agent", "wizard"),
        ("solve", "12121212"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "error" in err


@pytest.mark.slow
def test_a_reader_that_leaves_early_gets_no_traceback() -> None:
    """``treeviz ... | head -1``: the closed pipe ends the command quietly."""
    import subprocess

    cmd = [*TREEVIZ, "play", "random", "random", "--seed", "1"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader leaves before anything is printed
    err = proc.stderr.read().decode()
    assert proc.wait() == 1 and err == "", err


def test_analyze_json_contract_and_trace(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "t.json"
    code, out, _ = run(
        capsys,
        "analyze",
        "4453",
        "--agent",
        "alphabeta",
        "--depth",
        "3",
        "--json",
        "--trace",
        str(path),
    )
    data = json.loads(out)
    assert code == 0 and data["agent"] == "alphabeta" and data["params"]["depth"] == 3
    assert [m["column"] for m in data["moves"]] == list(range(1, 8))
    assert 1 <= data["move"] <= 7 and data["pv"][0] == data["move"]
    assert set(data["stats"]) >= {"nodes", "cutoffs", "tt_hits", "time_s", "truncated"}
    assert len(load(path)) == data["stats"]["recorded"]


def test_solve_matches_data_format(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = data_lines("end_analyze.txt")[:20]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(m for m, _ in lines) + "\n"))
    code, out, _ = run(capsys, "solve", "--analyze")
    expected = [f"{m} {' '.join(map(str, s))}" for m, s in lines]
    assert code == 0 and out.splitlines() == expected


def test_analyze_mcts_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "m.json.gz"
    argv = ["analyze", "immediate-win", "--agent", "mcts", "--iterations", "3000", "--seed", "5"]
    extra = ["--solver", "--rule", "--rollout", "smart", "--record-iterations", "--json"]
    code, out, _ = run(capsys, *argv, *extra, "--trace", str(path))
    data = json.loads(out)
    assert code == 0 and data["params"]["solver"] and data["params"]["rule"]
    chosen = next(m for m in data["moves"] if m["chosen"])
    assert chosen["proven"] == "won" and data["stats"]["root_proven"] == "won"
    rows = [m for m in data["moves"] if not m.get("full")]
    assert rows and all({"visits", "q", "wins", "draws", "losses"} <= set(m) for m in rows)
    trace = load(path)
    assert len(trace.extra["log"]) == data["stats"]["iterations"]
    code, _, err = run(capsys, *argv, "--c", "-1")
    assert code == 2 and "c must be" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("agent", list(QUICK))
def test_every_agent_reports_readable_values(
    capsys: pytest.CaptureFixture[str], agent: str
) -> None:
    """Values a person can read: no sentinel, a text for every column, exact outcomes."""
    spec = QUICK[agent] if agent != "alphabeta" else "alphabeta:depth=3"
    code, out, _ = run(capsys, "analyze", "3344", "--agent", spec, "--json")
    data = json.loads(out)
    assert code == 0 and len(data["moves"]) == 7
    for row in data["moves"]:
        assert row["text"] and row["value"] is not None and abs(row["value"]) < 100_000, row
    code, out, _ = run(capsys, "solve", "--analyze", "3344")
    exact = [int(s) for s in out.split()[1:]]
    for row in data["moves"]:  # a proven outcome is the exact truth
        if row["outcome"] and row["outcome"]["score"] is not None:
            assert row["outcome"]["score"] == exact[row["column"] - 1], row


def test_solve_answers_every_good_line_and_reports_the_bad(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("4453\n4455667\n\n44\nabc\n"))
    code, out, err = run(capsys, "solve")
    assert code == 2
    assert out.splitlines() == ["4453 -2", "44 1"]
    assert "line 2: the game in '4455667' is over" in err and "line 5:" in err and "'abc'" in err


def test_export_never_overwrites_its_input_and_checks_its_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    trace = tmp_path / "t.json"
    assert run(capsys, "analyze", "4453", "--agent", "greedy", "--trace", str(trace))[0] == 0
    before = trace.read_bytes()
    (tmp_path / "hard.json").hardlink_to(trace)
    (tmp_path / "soft.json").symlink_to(trace)
    for same in (trace, tmp_path / "hard.json", tmp_path / "soft.json"):
        code, _, err = run(capsys, "export", str(trace), "-o", str(same))
        assert code == 2 and "is the file being read" in err and trace.read_bytes() == before
    for flag, value in (("--dpi", "nan"), ("--dpi", "-5"), ("--dpi", "0"), ("--top", "-1")):
        code, _, err = run(capsys, "export", str(trace), "-o", str(tmp_path / "t.svg"), flag, value)
        assert code == 2 and f"{flag} {float(value):g}" in err.replace("-5.0", "-5"), err


@pytest.mark.parametrize(
    "arg, words",
    [
        ("-1", ["'-'", "'-1'"]),
        ("4.5", ["'.'", "'4.5'"]),
        ("4" * 10_000, ["full", "..."]),
    ],
)
def test_messages_name_what_was_typed(
    capsys: pytest.CaptureFixture[str], arg: str, words: list[str]
) -> None:
    code, _, err = run(capsys, "show", "--", arg)
    assert code == 2 and err.count("\n") == 1 and len(err) < 300
    for w in words:
        assert w in err


def test_a_file_that_is_not_a_position_is_named_not_quoted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    secret = tmp_path / "notes.txt"
    secret.write_text("root:x:0:0:secret line\nsecond line\n")
    code, _, err = run(capsys, "show", str(secret))
    assert code == 2 and "notes.txt" in err and "secret" not in err.replace(str(tmp_path), "")


def test_a_tab_separated_diagram(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = ["\t".join(".......")] * 5 + ["\t".join("...XO..")]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(rows) + "\n"))
    code, out, _ = run(capsys, "show", "-", "--json")
    assert code == 0 and json.loads(out)["moves"] == "45"


def test_non_finite_parameters_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for value in ("inf", "nan", "-inf"):
        code, out, err = run(capsys, "analyze", "44", "--agent=mcts", f"--time={value}", "--json")
        assert code == 2 and out == "" and f"time_limit='{value}'" in err


def test_outputs_are_checked_before_the_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """ID3 never draws over its table; a game file's path is refused before the game
    (not after it), as are a folder and a missing folder."""
    table = tmp_path / "table.csv"
    table.write_text("a,b\n1,x\n2,y\n")
    before = table.read_bytes()
    code, _, err = run(capsys, "id3", str(table), "--export", str(table))
    assert code == 2 and "is the file being read" in err and table.read_bytes() == before
    for bad, words in ((tmp_path, "is a directory"), (tmp_path / "no" / "g.json", "no writable")):
        code, out, err = run(capsys, "play", "random", "random", "--save", str(bad))
        assert code == 2 and words in err and out == "", err


def test_messages_say_what_is_wrong(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A missing path, a folder, a file without a position, a folder as a book: each
    one line naming the problem (not "character '/' is not a column", not a class
    name)."""
    bad = tmp_path / "bad.txt"
    bad.write_text("4458\n")
    cases = [
        (["show", str(tmp_path / "missing" / "x.txt")], "does not exist"),
        (["show", str(tmp_path)], "is a directory"),
        (["show", str(bad)], "a character that is not a column"),
        (["solve", "--book", str(tmp_path), "4453"], "is a directory: name the book file"),
        (["id3", "weather", "--export", str(tmp_path / "tree")], "end the file name with one"),
        (
            ["id3", "weather", "--draw-depth", "-1", "--export", str(tmp_path / "t.svg")],
            "--draw-depth -1: at least 1 level",
        ),
    ]
    for argv, words in cases:
        code, _, err = run(capsys, *argv)
        assert code == 2 and words in err and err.count("\n") == 1, err
        assert "Error" not in err, err
    code, _, err = run(capsys, "analyze", "4453", "--agent", "alphabeta:time_limit=0,depth=12")
    assert code == 130 and "time_limit of 0 s ran out" in err and "give it more time" in err


def test_a_swept_agent_keeps_its_own_settings(capsys: pytest.CaptureFixture[str]) -> None:
    """``sweep alphabeta:tt=false --grid depth=1,2`` sweeps depth with tt off (it read
    ``depth='1:tt=false'``)."""
    code, out, err = run(
        capsys,
        "sweep",
        "alphabeta:tt=false",
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
    specs = [s["spec"] for s in json.loads(out)["settings"]]
    assert specs == ["alphabeta:depth=1,tt=false", "alphabeta:depth=2,tt=false"]
