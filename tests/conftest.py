"""Shared test helpers, in one place for every layer's tests: the checkout's paths, the
exact-score data files of ``tests/data``, random positions, quick agent settings, the
command line in this process or in one of its own, the dashboard under AppTest, a
local Dask cluster, hand-made ``.npz`` trace files and a clean agent registry.

(Layer folders have no ``conftest.py`` of their own: the tests import these helpers as
``from conftest import ...``, and a second ``conftest`` module would shadow this one.)"""

from __future__ import annotations

import importlib.util
import io
import random
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from local_server import ROOT

from treeviz import jit
from treeviz.agents.contract import make_spec
from treeviz.agents.registry import AGENTS
from treeviz.cli.main import main
from treeviz.connect4.board import Position

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

# Hypothesis fails an example that takes over 200 ms by default, and a run whose data
# come slowly: timings, which the tests never assert (a loaded two-core machine made a
# quick property "flaky"). Every property keeps its examples and its checks; only the
# clock is gone.
settings.register_profile("treeviz", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("treeviz")

# The line saying kernels compile goes to stderr, which many tests compare whole; its
# own tests turn it on (test_first_compile.py), and the installed package's run it as is.
jit.NOTICE = False


def _components_scanned_once() -> None:
    """Each new AppTest's first run scans every installed distribution's metadata for
    Streamlit components: 0.4 s of CPU, and the suite makes hundreds of AppTests. What
    is installed does not change while the tests run, so each process scans once (the
    server the browser tests start scans once at its start, as it always did)."""
    from functools import cache

    from streamlit.components.v2 import manifest_scanner

    manifest_scanner.scan_component_manifests = cache(manifest_scanner.scan_component_manifests)


_components_scanned_once()

# ROOT, the checkout, comes from local_server.py (which the benchmarks import alone).
DATA = Path(__file__).resolve().parent / "data" / "positions"
EXAMPLES = ROOT / "examples"
APP = str(ROOT / "treeviz" / "dashboard" / "server" / "entry" / "streamlit_app.py")  # the pages
TREEVIZ = [sys.executable, "-m", "treeviz.cli.main"]  # the command line, as a process


def data_lines(name: str) -> list[tuple[str, list[int]]]:
    """(moves, scores) per line of ``tests/data/positions/<name>``."""
    out = []
    for line in (DATA / name).read_text().splitlines():
        moves, *scores = line.split()
        out.append((moves, [int(s) for s in scores]))
    return out


def load_file(path: Path) -> ModuleType:
    """A fresh copy of the Python file ``path`` as a module (its globals new: a
    course file's tables empty)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_edited(path: Path, edits: tuple[tuple[str, str], ...]) -> ModuleType:
    """A fresh copy of the Python file ``path`` with ``edits`` (old, new) made to its
    text, each old text found exactly once: the same course code with one line
    changed (a bug put in, or a convention changed)."""
    if not edits:
        return load_file(path)
    text = path.read_text()
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    module = ModuleType(path.stem)
    exec(compile(text, str(path), "exec"), module.__dict__)
    return module


def random_position(seed: int, plies: int, width: int = 7, height: int = 6) -> Position:
    """An unfinished position after ``plies`` random moves (fewer if a game ends first:
    then another game, from the same generator) on a ``width`` x ``height`` board."""
    rng = random.Random(seed)
    while True:
        pos = Position(width, height)
        for _ in range(plies):
            if pos.is_over():
                break
            pos.play(rng.choice(pos.legal_moves()))
        if not pos.is_over():
            return pos


@pytest.fixture(autouse=True)
def _unsealed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A dashboard run by a test (AppTest) seals this process against user agents and
    writing the doctor's kept batteries; the next test starts unsealed, as a fresh
    process would."""
    import treeviz.agents.user.load as user
    from treeviz.checkup import kept

    monkeypatch.setattr(user, "_SEALED", user.sealed())
    monkeypatch.setattr(kept, "_READ_ONLY", [])


@pytest.fixture(autouse=True)
def _agents_as_they_were() -> Any:
    """Agents a test loaded (a file's, a notebook function's) are gone after it: the
    next test sees the agents a fresh process has (tests list and run every agent)."""
    before = dict(AGENTS)
    yield
    AGENTS.clear()
    AGENTS.update(before)


# Each agent's quick settings (its declaration's ``quick``), so a test can run every
# agent on a position quickly.
QUICK = {name: str(make_spec(a, a.quick)) for name, a in AGENTS.items()}


def seen(markdown: str) -> str:
    """What a person reads of a Markdown element's source: backslash escapes removed
    (the dashboard escapes every string that may quote a visitor's input)."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u200b", "")


def record_odd_negamax(moves: str, depth: int) -> Any:
    """A person's own negamax, traced and recorded from ``moves`` to ``depth``: its
    leaves score numbers of every size, -inf among them (the recording is returned)."""
    import math

    import treeviz

    @treeviz.traced
    def negamax(moves: str, depth: int) -> float:
        pos = Position.from_moves(moves)
        if depth == 0:
            return {"1": 1e14, "2": -math.inf, "3": 0.25}.get(moves[-1], 7.0)
        return max(-negamax(moves + str(c + 1), depth - 1) for c in pos.legal_moves())

    with treeviz.recording() as rec:
        negamax(moves, depth)
    return rec


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``treeviz ARGV`` in this process: (exit code, stdout, stderr)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_process(
    *argv: str, stdin: str | None = None, env: dict[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``treeviz ARGV`` in a process of its own, from the checkout, its output captured
    as text (``stdin``: what it reads; ``env``: its environment, else this one's)."""
    return subprocess.run(
        [*TREEVIZ, *argv],
        input=stdin,
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )


def app_test(page: str | None = None, timeout: float = 180) -> AppTest:
    """The whole app (``app.py``) under AppTest, run once, then switched to ``page`` the
    way the pages' own buttons do it."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(APP, default_timeout=timeout).run()
    if page is not None:
        at.session_state["goto"] = page
        at.run()
    return at


def handler_app(handler: str, *, event: str, line: str, imports: str) -> str:
    """A page that holds an alpha-beta trace of ``4453`` in a tree view (key ``"t"``)
    and hands the view's event handler ``handler`` (imported by ``imports``) each value
    of ``session_state["events"]`` in turn, as the browser's component would report it
    (``{event: "<value>@1"}`` under the key ``"k"``), writing the f-string ``line``
    after each: for AppTest, which cannot click inside a component."""
    return f"""
import streamlit as st
from treeviz.agents.registry import search
from treeviz.dashboard.components.tree_view import TreeView
{imports}

view = TreeView("t")
trace = st.session_state.setdefault("trace", search("4453", "alphabeta:depth=4").trace)
view.attach(trace)
for value in st.session_state.get("events", []):
    st.session_state["k"] = {{"{event}": f"{{value}}@1"}}
    {handler}(trace, view, "k")
    st.write({line})
"""


def run_agent(at: AppTest, sample: str, agent: str) -> AppTest:
    """``at`` (the whole app on Analyze) with the sidebar's ``sample`` and ``agent``
    chosen and run."""
    at.sidebar.selectbox(key="sample").set_value(sample).run()
    at.sidebar.selectbox(key="agent").set_value(agent).run()
    return at.sidebar.button(key="run").click().run()


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A Dask scheduler and two single-threaded workers, each a separate process:
    (address, worker processes), for the tests of one module."""
    from treeviz.arena.localhost import localhost_cluster

    with localhost_cluster(2) as running:
        yield running


def npz_of(columns: dict[str, np.ndarray], meta: bytes | None = None) -> bytes:
    """An .npz archive written by hand: ``columns`` and, when given, a ``meta`` member
    (the bytes of its JSON) first."""
    out = io.BytesIO()
    arrays = dict(columns) if meta is None else {"meta": np.frombuffer(meta, np.uint8), **columns}
    np.savez(out, **arrays)  # type: ignore[arg-type]
    return out.getvalue()


# A person's declared agent (treeviz's contract, a parameter of its own), as a file.
DECLARED_AGENT = """from treeviz.agents.registry import search
from treeviz.agents.contract import Agent
from treeviz.settings import Param


def run(pos, depth):
    res = search(pos, "alphabeta", depth=depth)
    res.trace.params = {}
    return res


AGENT = Agent("mine", "alpha-beta at a depth of my choosing",
              (Param("depth", "int", 2, "plies searched", lo=1, hi=6),), run, "heuristic:window")
"""


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C reaches the tests as at a terminal. A suite started in the background by
    a shell without job control (``make test &`` in a script) inherits SIGINT ignored
    and hands that on to every process it starts, so the tests of what Ctrl-C does
    would see nothing happen; Python's own handler is put back (in this process, and
    thereby the default in the processes it starts)."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


# Where each test runs under ``--dist loadgroup`` (``make test``), by its file (the
# scheduler sees node ids, not marks): the app's browser tests on one worker, one at a
# time (two browsers, two servers and their pages' runs at once on two cores lost
# clicks and progress states that one browser beside the other tests' work never did),
# the installed package's tests together (its wheel and environment made once), and a
# file whose tests share what takes seconds to make (a Dask cluster, the doctor's runs,
# the package's import graph) as one unit. Every other test goes alone to whichever
# worker is free, so no file bounds the run.
LANES = {"tests/browser/": "browser", "tests/test_installed.py": "installed"}
SHARED = {
    "tests/arena/test_arena_dask.py",
    "tests/checkup/test_buggy_examples.py",
    "tests/checkup/test_result_data.py",
    "tests/test_layers.py",
}


def group_of(nodeid: str) -> str | None:
    """The group of the test ``nodeid`` (tests in a group run on one worker, in
    order), or None for a test that may run anywhere."""
    path = nodeid.split("::", 1)[0]
    lane = next((name for start, name in LANES.items() if path.startswith(start)), None)
    return lane or (path if path in SHARED else None)


def rank(item: pytest.Item) -> int:
    """Where ``item`` comes in the order work is handed out, the longest first: the
    browser lane, the installed lane, the files of shared work, slow tests, the rest
    (the long lanes start at once and the short tests fill in around them)."""
    group = group_of(item.nodeid)
    if group is not None:
        return {"browser": 0, "installed": 1}.get(group, 2)
    return 3 if item.get_closest_marker("slow") else 4


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests in the order of :func:`rank`, which ``--no-loadscope-reorder`` keeps."""
    items.sort(key=rank)


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` with the groups of :func:`group_of`. (pytest-xdist's own
    ``xdist_group`` marks no longer group under pytest 9.2: the group it appends to the
    node id is lost, pytest-xdist#1386.)"""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Lanes(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid) or nodeid

    return Lanes(config, log)
