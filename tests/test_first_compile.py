"""Where compiled kernels are kept, and the one line saying they compile (the installed
package's own first run is in test_installed.py)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from numba import njit

from treeviz import jit
from treeviz.connect4 import kernels


def test_a_read_only_package_keeps_its_kernels_in_the_users_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jit.os, "access", lambda path, mode: False)
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    assert jit.choose_cache_dir(tmp_path, env) == str(tmp_path / "treeviz" / "numba")
    assert env["NUMBA_CACHE_DIR"] == str(tmp_path / "treeviz" / "numba")


def test_a_writable_package_keeps_them_beside_its_sources(tmp_path: Path) -> None:
    env: dict[str, str] = {}
    assert jit.choose_cache_dir(tmp_path, env) is None and env == {}


def test_a_cache_folder_the_person_chose_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jit.os, "access", lambda path, mode: False)
    env = {"NUMBA_CACHE_DIR": "/mine"}
    assert jit.choose_cache_dir(tmp_path, env) == "/mine"
    assert env == {"NUMBA_CACHE_DIR": "/mine"}


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def compile_event(dispatcher: object) -> SimpleNamespace:
    return SimpleNamespace(data={"dispatcher": dispatcher})


@pytest.fixture
def notice(monkeypatch: pytest.MonkeyPatch) -> jit._Notice:
    """A notice not yet said, enabled (the suite turns it off), in place of the
    process's."""
    fresh = jit._Notice()
    monkeypatch.setattr(jit, "_NOTICE", fresh)
    monkeypatch.setattr(jit, "NOTICE", True)
    return fresh


def test_the_first_compile_of_a_kernel_says_so_once(
    notice: jit._Notice, capsys: pytest.CaptureFixture[str]
) -> None:
    notice.on_start(compile_event(kernels.can_play))
    notice.on_start(compile_event(kernels.bottom_bit))
    assert capsys.readouterr().err == f"{jit.NOTICE_TEXT} ({jit.kept_where()})\n"


def test_code_compiled_in_every_process_or_not_ours_is_not_announced(
    notice: jit._Notice, capsys: pytest.CaptureFixture[str]
) -> None:
    @njit(cache=True)
    def theirs(x: int) -> int:
        return x

    notice.on_start(compile_event(kernels.perft))  # not cached: compiled by every process
    notice.on_start(compile_event(theirs))
    assert capsys.readouterr().err == ""


def test_a_terminal_sees_the_seconds_go_by_and_the_time_taken(
    notice: jit._Notice, monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(jit.sys, "stderr", terminal)
    monkeypatch.setattr(jit, "TICK_S", 0.05)
    with jit.announcing():
        notice.on_start(compile_event(kernels.can_play))
        time.sleep(0.2)
    shown = terminal.getvalue()
    assert shown.startswith(jit.NOTICE_TEXT + " ...")
    assert f"\r{jit.NOTICE_TEXT} ... 0 s" in shown
    assert shown.endswith(f": done in 0 s ({jit.kept_where()})\n") and shown.count("\n") == 1


NUMBA_ON_DEMAND = """
import json, sys
from functools import partial
import treeviz.agents.registry, treeviz.checkup.ask
from treeviz.agents.registry import search
from treeviz.connect4 import kernels
before = "numba" in sys.modules
kept = partial(kernels.has_four)  # a kernel kept before numba is loaded
person = search("4453", sys.argv[1])  # a person's search calls no kernel
after_person = "numba" in sys.modules
ours = search("4453", "alphabeta:depth=3")
print(json.dumps({
    "before": before, "after_person": after_person, "after_ours": "numba" in sys.modules,
    "person": person.move, "ours": ours.move,
    "real": type(kernels.has_four).__name__,
    "kept": [bool(kept(s, 6)) for s in (0b1111, 0b111, 0b1111 << 7, 0b1000_0000_1000_0001)],
}))
"""


@pytest.mark.slow
def test_numba_is_loaded_by_the_first_kernel_used_and_not_before() -> None:
    """Declaring every agent and running a person's search load no numba (the doctor
    asks a person's search in hundreds of fresh processes); the first kernel used
    loads it, puts real dispatchers in place, and a kernel kept from before still
    answers (a vertical four is four bits in a row of one column: stride 7 at
    height 6)."""
    person = str(Path(__file__).parent / "data" / "never_column_one.py") + ":choose"
    out = subprocess.run(
        [sys.executable, "-c", NUMBA_ON_DEMAND, person],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert not seen["before"] and not seen["after_person"] and seen["after_ours"]
    assert seen["real"] == "CPUDispatcher"
    assert seen["kept"] == [True, False, True, False]
    assert 2 <= seen["person"] <= 7 and 1 <= seen["ours"] <= 7
