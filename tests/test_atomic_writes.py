"""Writes that fail midway lose nothing: every file the project writes replaces its
target whole or not at all. A full disk midway (simulated below the writers, at the
file objects they open) leaves the old file byte for byte and no temporary file
beside it; a writer killed at any moment leaves the old file or the new one, never a
truncated one."""

from __future__ import annotations

import builtins
import errno
import io
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import ROOT, run_cli

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.safe_io import atomic_path, atomic_write
from treeviz.trace.files import load, save

OLD = b"the old file, which must survive\n"
BUDGET = 64  # bytes the full disk takes before it refuses more


class FullDisk:
    """A file object over a disk with ``budget`` bytes free: a write past them writes
    what fits, then raises OSError(ENOSPC), as a real full disk does."""

    def __init__(self, file: Any, budget: list[int]) -> None:
        self.file, self.budget = file, budget

    def write(self, data: Any) -> int:
        chunk = data if isinstance(data, str) else memoryview(data).cast("B")
        if len(chunk) > self.budget[0]:
            self.file.write(chunk[: self.budget[0]])
            self.file.flush()
            self.budget[0] = 0
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.budget[0] -= len(chunk)
        return int(self.file.write(chunk))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.file, name)

    def __enter__(self) -> FullDisk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()


@pytest.fixture
def full_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder holding ``target`` (content :data:`OLD`) where every file opened for
    writing fills the disk after :data:`BUDGET` bytes. Yields the folder."""
    folder = tmp_path / "out"
    folder.mkdir()
    real_open = io.open
    budget = [BUDGET]

    def opener(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        f = real_open(file, mode, *args, **kwargs)
        writing = any(c in mode for c in "wax+")
        inside = isinstance(file, (str, os.PathLike)) and Path(file).parent == folder
        return FullDisk(f, budget) if writing and inside else f

    monkeypatch.setattr(builtins, "open", opener)
    monkeypatch.setattr(io, "open", opener)  # pathlib opens through io.open
    yield folder


def holds_only_the_old_file(folder: Path, name: str) -> None:
    assert sorted(p.name for p in folder.iterdir()) == [name]
    assert (folder / name).read_bytes() == OLD


@pytest.fixture(scope="module")
def trace_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("in") / "trace.json"
    save(search(Position.from_moves("4453"), "alphabeta", depth=3).trace, path)
    return path


EXPORTS = ["svg", "png", "pdf", "dot", "graphml", "csv", "json", "json.gz", "npz"]


@pytest.mark.slow
@pytest.mark.parametrize("suffix", EXPORTS)
def test_export_on_a_full_disk_keeps_the_old_file(
    capsys: pytest.CaptureFixture[str], full_disk: Path, trace_file: Path, suffix: str
) -> None:
    target = full_disk / f"tree.{suffix}"
    target.write_bytes(OLD)
    code, _, err = run_cli(capsys, "export", str(trace_file), "-o", str(target))
    assert code == 2 and "No space left on device" in err
    holds_only_the_old_file(full_disk, target.name)


@pytest.mark.parametrize(
    ("flag", "suffix"),
    [("--trace", "json"), ("--trace", "json.gz"), ("--trace", "npz"), ("--export", "svg")],
)
def test_analyze_on_a_full_disk_keeps_the_old_file(
    capsys: pytest.CaptureFixture[str], full_disk: Path, flag: str, suffix: str
) -> None:
    target = full_disk / f"out.{suffix}"
    target.write_bytes(OLD)
    argv = ("analyze", "4453", "--agent", "alphabeta:depth=3", flag, str(target))
    assert run_cli(capsys, *argv)[0] == 2
    holds_only_the_old_file(full_disk, target.name)


@pytest.mark.parametrize(
    "argv",
    [
        ("report", "4453", "--agent", "alphabeta:depth=3", "-o", "{out}/report.html"),
        ("play", "random", "random", "--seed", "1", "--save", "{out}/game.json"),
        *[
            ("id3", "weather", "--export", f"{{out}}/tree.{fmt}")
            for fmt in ("svg", "png", "pdf", "dot", "graphml", "json")
        ],
    ],
    ids=lambda argv: f"{argv[0]}-{Path(argv[-1]).suffix}",
)
def test_commands_on_a_full_disk_keep_the_old_file(
    capsys: pytest.CaptureFixture[str], full_disk: Path, argv: tuple[str, ...]
) -> None:
    target = Path(argv[-1].format(out=full_disk))
    target.write_bytes(OLD)
    code, _, err = run_cli(capsys, *argv[:-1], str(target))
    assert code == 2 and "No space left on device" in err
    holds_only_the_old_file(full_disk, target.name)


def test_the_shallow_book_build_keeps_the_old_book(
    full_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import treeviz.exact.shallow_book as shallow_book

    keys = np.arange(1000, dtype=np.int32)
    monkeypatch.setattr(shallow_book, "build", lambda: (keys, np.zeros(1000, np.int8)))
    target = full_disk / "book.npz"
    target.write_bytes(OLD)
    with pytest.raises(OSError, match="No space left"):
        shallow_book.main([str(target)])
    holds_only_the_old_file(full_disk, target.name)


def test_an_interrupt_midway_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "trace.npz"
    target.write_bytes(OLD)
    with pytest.raises(KeyboardInterrupt), atomic_write(target) as out:
        out.write(b"half of it")
        raise KeyboardInterrupt
    holds_only_the_old_file(tmp_path, target.name)


def test_a_library_given_a_path_writes_beside_the_target(tmp_path: Path) -> None:
    target = tmp_path / "arrays.npz"
    target.write_bytes(OLD)
    with atomic_path(target) as temp:
        assert temp.parent == tmp_path and temp.name.endswith(".npz") and temp != target
        np.savez(temp, a=np.arange(3))
        assert target.read_bytes() == OLD  # nothing replaced before the block ends
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]
    assert np.load(target)["a"].tolist() == [0, 1, 2]


def test_new_files_honour_the_umask_and_replaced_ones_keep_their_mode(
    tmp_path: Path,
) -> None:
    old_umask = os.umask(0o027)
    try:
        with atomic_write(tmp_path / "new.txt", "w", encoding="utf-8") as out:
            out.write("x")
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640
    private = tmp_path / "private.txt"
    private.write_text("old")
    private.chmod(0o600)
    with atomic_write(private, "w", encoding="utf-8") as out:
        out.write("new")
    assert stat.S_IMODE(private.stat().st_mode) == 0o600 and private.read_text() == "new"


def test_a_file_open_could_not_write_is_refused_before_the_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "locked.json"
    target.write_bytes(OLD)
    monkeypatch.setattr(os, "access", lambda path, mode: False)  # as for a non-owner
    with pytest.raises(PermissionError, match="locked"), atomic_write(target):
        pytest.fail("the block ran")
    holds_only_the_old_file(tmp_path, target.name)


def test_a_symlink_is_written_through_and_a_device_in_place(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_bytes(OLD)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    with atomic_write(link) as out:
        out.write(b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"
    with atomic_write(os.devnull) as out:
        out.write(b"gone")
    assert Path(os.devnull).is_char_device()


# A writer that saves one big trace over and over, until it is killed.
WRITER = textwrap.dedent(
    """
    import sys
    from treeviz.trace.files import load, save

    trace = load(sys.argv[1])
    print("ready", flush=True)
    while True:
        save(trace, sys.argv[2])
    """
)
KILL_AFTER = (0.0, 0.01, 0.03, 0.06, 0.1, 0.2, 0.4)  # seconds after the writer is ready


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".npz", ".json"])
def test_a_writer_killed_at_any_moment_leaves_a_whole_file(tmp_path: Path, suffix: str) -> None:
    big = search(Position(), "alphabeta", depth=11).trace
    old = search(Position.from_moves("4453"), "alphabeta", depth=3).trace
    source, target = tmp_path / f"big{suffix}", tmp_path / f"target{suffix}"
    save(big, source)
    for delay in KILL_AFTER:
        save(old, target)
        kill_writer([sys.executable, "-c", WRITER, str(source), str(target)], delay)
        assert len(load(target)) in (len(old), len(big)), f"killed after {delay} s"


def kill_writer(argv: list[str], delay: float) -> None:
    """Start the writer, wait until it is ready, let it write ``delay`` seconds, SIGKILL."""
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
        time.sleep(delay)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
