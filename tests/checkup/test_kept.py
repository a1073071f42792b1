"""The doctor's batteries kept on disk: read back, the same probes as made; a file
that is not a battery of its arguments is made again; another state of the code
reads another folder."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from treeviz.checkup import battery as battery_module
from treeviz.checkup import kept as kept_module
from treeviz.checkup.battery import Probe, battery, make_battery
from treeviz.checkup.kept import STALE_DAYS, code_folder, kept_folder, sources_digest

KINDS = ("block", "transposition", "early")  # cheap kinds (no solver), one with ``other``


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder of this test's own, no battery made in this process yet."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    battery_module._made.cache_clear()
    yield tmp_path
    battery_module._made.cache_clear()


def kept_file() -> Path:
    (path,) = kept_folder().glob("battery-*.json")
    return path


def not_made_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, making a battery fails the test: what is read is what was kept."""
    battery_module._made.cache_clear()

    def refuse(*_: object) -> list[Probe]:
        raise AssertionError("made again")

    monkeypatch.setattr(battery_module, "make_battery", refuse)


def test_a_kept_battery_reads_back_as_made(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = make_battery(3, 5, KINDS)
    assert any(p.other for p in made)  # the transposition's second order is kept too
    assert battery(3, 5, KINDS) == made
    assert kept_folder().is_relative_to(cache_home) and kept_file().exists()
    not_made_again(monkeypatch)
    assert battery(3, 5, KINDS) == made
    assert battery(3, 5, KINDS) is not battery(3, 5, KINDS)  # a list of its own each time


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[1, 2",
        "{}",
        '[["4453", "block"]]',
        '[["4453", "win-now", ""]]',  # a kind not asked for
        '[["4458", "block", ""]]',  # a column out of range
        '[["4\\u0663", "block", ""]]',  # a digit not 1-7
        '[["1111111", "block", ""]]',  # an illegal move
        '[["1212121", "block", ""]]',  # a finished game
        '[["4453", "transposition", "9"]]',
    ],
)
def test_a_file_that_is_not_a_battery_is_made_again(cache_home: Path, text: str) -> None:
    made = battery(3, 5, KINDS)
    kept_file().write_text(text, encoding="utf-8")
    battery_module._made.cache_clear()
    assert battery(3, 5, KINDS) == made
    back = json.loads(kept_file().read_text(encoding="utf-8"))  # written over
    assert [Probe(*row) for row in back] == made


def test_a_battery_is_made_where_none_can_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    battery_module._made.cache_clear()
    try:
        assert battery(3, 5, KINDS) == make_battery(3, 5, KINDS)
    finally:
        battery_module._made.cache_clear()


def test_another_state_of_the_code_has_another_folder(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "a.py").write_text("A = 1\n")
    (package / "sub" / "b.py").write_text("B = 2\n")
    (package / "notes.txt").write_text("not code")
    first = sources_digest.__wrapped__(package)
    assert sources_digest.__wrapped__(package) == first
    (package / "notes.txt").write_text("not code, edited")
    assert sources_digest.__wrapped__(package) == first
    (package / "sub" / "b.py").write_text("B = 3\n")
    edited = sources_digest.__wrapped__(package)
    (package / "sub" / "b.py").rename(package / "b2.py")
    moved = sources_digest.__wrapped__(package)
    assert len({first, edited, moved}) == 3
    assert kept_folder().name == sources_digest()


def test_the_folders_of_other_states_go_once_stale(tmp_path: Path) -> None:
    stale, recent = tmp_path / "0000stale", tmp_path / "0000recent"
    for folder in (stale, recent):
        folder.mkdir()
        (folder / "battery-1-0-all.json").write_text("[]")
    week = STALE_DAYS * 86400
    os.utime(stale, (time.time() - week - 60,) * 2)
    os.utime(recent, (time.time() - week + 600,) * 2)
    here = code_folder(tmp_path)
    assert here.name == sources_digest() and here.is_dir()
    assert not stale.exists() and (recent / "battery-1-0-all.json").exists()
    os.utime(here, (time.time() - week - 60,) * 2)
    assert code_folder(tmp_path) == here and here.is_dir()  # in use again: kept


def test_no_more_files_than_the_most_kept(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dashboard's visitors choose the seed: past the most, a battery is made and
    used, not kept."""
    monkeypatch.setattr(kept_module, "MAX_KEPT", 2)
    assert battery(3, 5, KINDS) == make_battery(3, 5, KINDS)
    assert battery(3, 6, KINDS) == make_battery(3, 6, KINDS)
    assert battery(3, 7, KINDS) == make_battery(3, 7, KINDS)
    names = sorted(p.name for p in kept_folder().glob("*.json"))
    assert [name.split("-")[:3] for name in names] == [["battery", "3", "5"], ["battery", "3", "6"]]


def test_a_dashboard_reads_kept_batteries_but_writes_none(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once the dashboard has sealed itself, a visitor's checkup (its seed theirs)
    writes nothing in the cache: a battery made there stays in the process; one kept
    before is still read."""
    from treeviz.dashboard.app import start_agents

    first = battery(2, 11, KINDS)  # kept, before the server seals itself
    before = sorted(kept_folder().glob("*.json"))
    start_agents()
    battery_module._made.cache_clear()
    assert battery(2, 12, KINDS) == make_battery(2, 12, KINDS)
    assert sorted(kept_folder().glob("*.json")) == before
    not_made_again(monkeypatch)
    assert battery(2, 11, KINDS) == first  # read back, not made
