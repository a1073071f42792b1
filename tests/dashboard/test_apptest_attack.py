"""The browser's attack (``tests/browser/test_browser_attack.py``) as the server meets
it, under AppTest: every link and typed field the walk gives an address or markup is
given here the code to run (a command, a Python file, a module, a function of the
standard library: ``tests/hostile.py``), and Analyze's and Learn's links an address
that stands for a scheduler (a listener here). Each is refused in words or read as
data, with no exception; nothing runs and nothing is contacted. The server's settings
are the attacked server's: no agents of anyone's, no cluster, no folder of databases,
the planted folder on the import path."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import APP, app_test, seen
from hostile import SETTINGS, Planted, listen, plant
from streamlit.testing.v1 import AppTest

# what a page says when it refuses an agent spec that is not one it may run
NOT_AN_AGENT = re.compile("started with|unknown agent|not key=value")


def learn_links(spec: str) -> list[dict[str, str]]:
    """Each exercise's link, with ``spec`` in one of its fields (an agent, a position,
    leaves, a game's moves)."""
    return [
        {"ex": "predict", "agent": spec, "moves": "4453"},
        {"ex": "predict", "moves": spec},
        {"ex": "alphabeta", "tree": "textbook", "b": "2", "d": "2", "leaves": spec},
        {"ex": "alphabeta", "tree": "position", "d": "2", "moves": spec},
        {"ex": "puzzles", "p_moves": spec, "p_card": "1"},
    ]


@pytest.fixture
def planted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Planted:
    """The code planted, and this process set as the attacked server is."""
    for name, value in SETTINGS.items():
        monkeypatch.setenv(name, value)
    monkeypatch.syspath_prepend(str(tmp_path))
    return plant(tmp_path)


@pytest.fixture
def scheduler() -> Iterator[tuple[str, list[bytes]]]:
    """A listener that stands for a Dask scheduler: its address as an agent spec, and
    what reached it (nothing may)."""
    calls: list[bytes] = []
    sock = listen(calls)
    try:
        yield f"tcp://127.0.0.1:{sock.getsockname()[1]}", calls
    finally:
        sock.close()


def refused(at: AppTest, words: str | re.Pattern[str]) -> None:
    """An error saying ``words`` is shown, and no exception."""
    assert not at.exception, at.exception
    said = [seen(e.value) for e in at.error]
    assert any(re.search(words, s) for s in said), said


def field(at: AppTest, label: str) -> Any:
    """The sidebar's text field labelled ``label``."""
    return next(w for w in [*at.sidebar.text_input, *at.sidebar.text_area] if w.label == label)


def button(at: AppTest, label: str) -> Any:
    """The button labelled ``label``."""
    return next(b for b in at.button if b.label == label)


def each_refused(
    at: AppTest, planted: Planted, label: str, press: str, *, before: str = ""
) -> None:
    """Each payload typed into the field ``label`` (after ``before``), then ``press``
    pressed: refused in words each time."""
    for spec in planted.code():
        field(at, label).input(before + spec).run()
        refused(button(at, press).click().run(), NOT_AN_AGENT)


def test_analysis_links_naming_code_run_nothing(
    planted: Planted, scheduler: tuple[str, list[bytes]]
) -> None:
    address, calls = scheduler
    for spec in [*planted.code(), address]:
        at = AppTest.from_file(APP, default_timeout=180)
        at.query_params.update({"moves": "4453", "agent": spec})
        refused(at.run(), "cannot be opened")
        # the position is data: it is shown; only the agent is refused
        assert field(at, "Moves (e.g. 4453) or a pasted board").value == "4453"
    assert planted.ran() == []
    assert calls == []


def test_compare_runs_no_code(planted: Planted) -> None:
    each_refused(app_test("compare"), planted, "First agent spec", "Compare")
    assert planted.ran() == []


def test_play_fields_and_callbacks_run_no_code(planted: Planted) -> None:
    at = app_test("play")
    for spec in planted.code():
        field(at, "O plays (agent spec or human)").input(spec).run()
        refused(button(at, "New game").click().run(), NOT_AN_AGENT)
        picker = [g for g in at.button_group if g.label == "Your move: click a column"]
        if picker:  # a move (none once the game is over)
            picker[0].set_value(int(picker[0].options[0])).run()
        field(at, "Hint agent (past the solver's budget)").input(spec).run()
        hint = button(at, "Hint")
        if not hint.disabled:  # (not once the game is over)
            hint.click().run()
        assert not at.exception, at.exception
    assert planted.ran() == []


def test_the_arena_runs_no_code(planted: Planted) -> None:
    at = app_test("arena")
    each_refused(at, planted, "Players (one agent spec per line)", "Run", before="random\n")
    next(r for r in at.sidebar.radio if "Sweep" in r.options).set_value("Sweep").run()
    each_refused(at, planted, "Against", "Run")
    assert planted.ran() == []


def test_doctor_links_naming_code_run_nothing(planted: Planted) -> None:
    """A link naming an agent: the page reads no link, and checks the agent it
    offers first."""
    at = app_test("doctor")
    for spec in planted.code():
        at.query_params.update({"agent": spec, "moves": "4453"})
        assert not at.run().exception, at.exception
    assert next(s for s in at.sidebar.selectbox if s.label == "Agent to check").value == "alphabeta"
    assert planted.ran() == []


@pytest.mark.slow
def test_learn_links_naming_code_run_nothing(
    planted: Planted, scheduler: tuple[str, list[bytes]]
) -> None:
    """Every exercise's link with an agent, a position or leaves that are code or an
    address: refused or read as data."""
    address, calls = scheduler
    for spec in [*planted.code(), address]:
        for link in learn_links(spec):
            at = app_test("learn")
            at.query_params.update(link)
            at.session_state["learn_link_read"] = False  # as on a session's first visit
            assert not at.run().exception, (link, spec, at.exception)
    assert planted.ran() == []
    assert calls == []
