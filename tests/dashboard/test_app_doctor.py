"""Streamlit AppTest of the Doctor page: a checkup of one of ours that has no bug, of a
buggy agent named at start (its findings, boards, and the way into the analysis
view), and bad values refused in words while the page keeps working."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import seen
from streamlit.testing.v1 import AppTest

from treeviz.agents.registry import AGENTS, unregister
from treeviz.agents.user.load import is_user_head
from treeviz.checkup import Checkup

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
BUGGY = f"{ROOT / 'tests' / 'data' / 'never_column_one.py'}:choose"


@pytest.fixture(autouse=True)
def _started_with(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test's server runs here (no cluster) with the agents it names, and later
    tests see ours only."""
    from treeviz.dashboard.app import load_started_agents

    monkeypatch.delenv("TREEVIZ_CLUSTER", raising=False)
    monkeypatch.setenv("TREEVIZ_AGENTS", "")
    before = set(AGENTS)
    yield
    for name in set(AGENTS) - before:
        unregister(name)
    load_started_agents.clear()


def doctor() -> AppTest:
    """The app on the Doctor page."""
    at = AppTest.from_file(APP, default_timeout=180).run()
    at.session_state["goto"] = "doctor"
    return at.run()


def result(at: AppTest) -> Checkup:
    out = at.session_state["doctor_result"]
    assert isinstance(out, Checkup)
    return out


def test_a_built_in_agent_with_no_bug_says_so_and_keeps_it() -> None:
    at = doctor()
    assert at.title[0].value.startswith("Doctor") and not at.exception
    agents = at.sidebar.selectbox(key="doctor_agent")
    assert agents.value == "alphabeta" and agents.options == list(AGENTS)  # ours only
    assert not [k for k in ("doctor_depth",) if k in at.session_state]  # ours declare it
    agents.set_value("greedy").run()
    assert any("looks 1 ply ahead" in c.value for c in at.sidebar.caption)
    at.sidebar.number_input(key="doctor_positions").set_value(2)
    at.sidebar.button(key="doctor_run").click().run()
    assert not at.exception and not at.error
    assert [seen(s.value) for s in at.success] == [
        "**No bug found**: every answer within its horizon was right."]  # fmt: skip
    assert result(at).agent == "greedy" and result(at).healthy and result(at).positions == 16
    assert at.dataframe[0].value["phase"].tolist() == ["early", "middle", "late"]
    at.run()  # a rerun (any widget) shows the same checkup, not run again
    assert at.success and result(at).agent == "greedy"
    at.session_state["goto"] = "analyze"  # a visit elsewhere and back
    at.run()
    at.session_state["goto"] = "doctor"
    at.run()
    assert at.success and at.sidebar.selectbox(key="doctor_agent").value == "greedy"


def test_a_buggy_agent_named_at_start_shows_its_findings_and_opens_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TREEVIZ_AGENTS", BUGGY)
    at = doctor()
    agents = at.sidebar.selectbox(key="doctor_agent")
    # theirs first and chosen; ours after; no other person's agent of this process
    assert agents.value == BUGGY and agents.options == [BUGGY, *(
        a for a in AGENTS if not is_user_head(a))]  # fmt: skip
    at.sidebar.number_input(key="doctor_positions").set_value(5)
    at.sidebar.slider(key="doctor_depth").set_value(2)
    at.sidebar.button(key="doctor_run").click().run()
    assert not at.exception and not at.error
    found = result(at).findings
    assert {f.check for f in found} == {"misses-win", "misses-block"}
    assert not at.success and "2 bugs found" in at.warning[0].value
    page = [seen(m.value) for m in at.markdown]
    for f in found:  # its sentence and its position, escaped
        assert any(f.text[1:] in m for m in page), f.text
        assert f"Position `{f.moves}` · {f.side} to move" in page
        assert 1 in f.best and f.answered != 1  # column 1 was right; it never plays it
    boards = [m for m in page if m.startswith("<svg")]
    assert len(boards) == 2 and all("#d62728" in b and "#2ca02c" in b for b in boards)
    assert any(c.value.startswith("Failed in ") for c in at.caption)
    first = found[0]
    at.button(key="doctor_open_1").click().run()
    assert at.title[0].value.startswith("treeviz") and not at.exception
    assert at.session_state["position"].moves_string() == first.moves
    assert at.session_state["agent"] == BUGGY
    assert seen(at.subheader[0].value).startswith(f"{BUGGY} plays column")
    at.session_state["goto"] = "doctor"
    at.run()
    assert result(at).findings == found and "2 bugs found" in at.warning[0].value


def test_bad_values_are_refused_in_words_and_the_page_keeps_working(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from local_server import free_port

    at = AppTest.from_file(APP, default_timeout=180).run()
    # an agent the picker does not offer (a forged message): refused in words, not run
    at.session_state["doctor_agent"] = f"cmd:touch {tmp_path / 'ran'}"
    at.session_state["goto"] = "doctor"
    at.run()
    assert not at.exception and "doctor_result" not in at.session_state
    (error,) = [seen(e.value) for e in at.error]
    assert error.startswith("agent 'cmd:touch ") and error.endswith(
        "is not one this dashboard may check: choose one of the list")  # fmt: skip
    assert at.sidebar.selectbox(key="doctor_agent").value == "alphabeta"
    at.sidebar.selectbox(key="doctor_agent").set_value("random").run()
    at.sidebar.number_input(key="doctor_positions").set_value(1)
    at.sidebar.button(key="doctor_run").click().run()
    assert not at.exception and not at.error and result(at).agent == "random"
    # the cluster the server was started with does not answer: said, the result kept
    monkeypatch.setenv("TREEVIZ_CLUSTER", f"tcp://127.0.0.1:{free_port()}")
    at.sidebar.number_input(key="doctor_seed").set_value(1)
    at.sidebar.button(key="doctor_run").click().run()
    assert not at.exception and "cannot reach the Dask cluster" in seen(at.error[0].value)
    assert result(at).seed == 0 and at.success  # the last checkup is still shown
    monkeypatch.delenv("TREEVIZ_CLUSTER")
    at.sidebar.button(key="doctor_run").click().run()
    assert not at.exception and not at.error and result(at).seed == 1
    assert not (tmp_path / "ran").exists()


def test_values_no_widget_sends_are_refused_before_anything_runs() -> None:
    from treeviz.agents.user.load import seal
    from treeviz.dashboard.pages.doctor import checked
    from treeviz.errors import InvalidParameterError

    seal([])  # as a dashboard started with no agent of anyone's
    good = {"agent": "random", "params": {}, "depth": None, "positions": 1, "seed": 0}
    assert checked(good) == {"agent": "random", "positions": 1, "depth": None, "seed": 0}
    assert checked(good | {"params": {"seed": 3}})["agent"] == "random:seed=3"
    for bad, words in [({"positions": 5000}, "positions must be an integer in 1..100"),
                       ({"depth": 0}, "depth must be an integer in 1..42"),
                       ({"seed": -1}, "seed must be an integer in 0.."),
                       ({"positions": "3"}, "positions='3' is not allowed"),
                       ({"params": {"seed": -3}}, "seed='-3' is not allowed"),
                       ({"agent": "cmd:touch x"}, "started with"),
                       ({"agent": "os:system"}, "started with")]:  # fmt: skip
        with pytest.raises(InvalidParameterError, match=words):
            checked(good | bad)
