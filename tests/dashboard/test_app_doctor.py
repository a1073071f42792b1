"""Streamlit AppTest of the Doctor page: a checkup of one of ours that has no bug, of a
buggy agent named at start (its findings, boards, and the way into the analysis
view), of a traced buggy search (the node inside it where the bug shows, in words, on
its board and selected in its recorded tree, which downloads as a trace file), and bad
values refused in words while the page keeps working."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import APP, seen
from streamlit.testing.v1 import AppTest
from tree_reading import panel, tree_view

from treeviz.agents.registry import AGENTS, unregister
from treeviz.agents.user.load import is_user_head
from treeviz.checkup import Checkup
from treeviz.checkup.battery import KINDS

ROOT = Path(__file__).resolve().parents[2]
BUGGY = f"{ROOT / 'tests' / 'data' / 'never_column_one.py'}:choose"
TRACED = f"{ROOT / 'tests' / 'data' / 'traced_full_board.py'}:choose"
INSIDE = "inside the recorded tree"


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


@pytest.mark.slow
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
        "**No bug found**: every answer within its horizon was right."
    ]
    done = result(at)
    assert done.agent == "greedy" and done.healthy and done.positions == 2 * len(KINDS)
    assert not result(at).inside and not any(INSIDE in c.value for c in at.caption)
    horizon, strength = (d.value for d in at.dataframe)
    assert strength["phase"].tolist() == ["early", "middle", "late"]
    levels = result(at).lookahead.levels  # the measured horizon's table, level by level
    assert horizon["positions"].tolist() == [n for _, n in levels.values()]
    assert horizon["within the judged horizon"].tolist() == [k <= 1 for k in levels]
    at.run()  # a rerun (any widget) shows the same checkup, not run again
    assert at.success and result(at).agent == "greedy"
    at.session_state["goto"] = "analyze"  # a visit elsewhere and back
    at.run()
    at.session_state["goto"] = "doctor"
    at.run()
    assert at.success and at.sidebar.selectbox(key="doctor_agent").value == "greedy"


@pytest.mark.slow
def test_a_buggy_agent_named_at_start_shows_its_findings_and_opens_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TREEVIZ_AGENTS", BUGGY)
    at = doctor()
    agents = at.sidebar.selectbox(key="doctor_agent")
    # theirs first and chosen; ours after; no other person's agent of this process
    assert agents.value == BUGGY and agents.options == [
        BUGGY,
        *(a for a in AGENTS if not is_user_head(a)),
    ]
    at.sidebar.number_input(key="doctor_positions").set_value(5)
    at.sidebar.slider(key="doctor_depth").set_value(2)
    at.sidebar.button(key="doctor_run").click().run()
    assert not at.exception and not at.error
    found = result(at).findings
    assert {f.check for f in found} == {"misses-win", "misses-block"}
    assert not at.success and "2 bugs found" in at.warning[0].value
    page = [seen(m.value) for m in at.markdown]
    assert not result(at).inside  # no traced search: nothing inside
    assert not any(INSIDE in c.value for c in at.caption)
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


@pytest.mark.slow
def test_a_traced_search_shows_the_node_inside_it_where_the_bug_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The traced minimax of ``tests/data/traced_full_board.py`` scores a full board
    -inf: the section names that node in words, draws its board and its line, and
    shows its recorded tree drawn from two levels above it with the node selected; the
    tree downloads as a trace file the Explore page opens at the same node."""
    from treeviz.dashboard.pages.trace.page import load_upload
    from treeviz.trace.files import dumps

    monkeypatch.setenv("TREEVIZ_AGENTS", TRACED)
    at = doctor()
    at.sidebar.number_input(key="doctor_positions").set_value(2)  # an endgame of <= 6 empty
    at.sidebar.button(key="doctor_run").click().run()
    assert not at.exception and not at.error
    c = result(at)
    (nf,) = [n for n in c.inside if n.check == "terminal"]
    assert "the board is full with no four, a draw, but it is scored -inf" in nf.text
    n = len(c.bugs())  # the count says every bug, inside ones too, symptoms not
    assert f"**{n} bug{'s' if n > 1 else ''} found" in at.warning[0].value
    assert INSIDE in at.warning[0].value
    page = [seen(m.value) for m in at.markdown]
    number = next(i for i, (root, _) in enumerate(c.bugs(), 1) if root is nf)
    assert f"{number}. Seen {INSIDE}." in [seen(x.value) for x in at.caption]
    assert any(nf.text[1:] in m for m in page)  # its sentence, escaped
    line = " ".join(map(str, nf.line))
    root = nf.node_moves[: -len(nf.line)]
    assert any(
        m.startswith(f"Node #{nf.node} of the search of `{root}`")
        and m.endswith(f"plies down along `{line}`")
        for m in page
    )
    boards = [m for m in page if m.startswith("<svg")]
    assert len(boards) == len(c.findings)  # one for each finding
    # the tree: drawn from two levels above the node, the node selected and marked
    tree = at.session_state["doctor_trees"]["terminal"]
    assert at.session_state["doctor_inside_terminal_node"] == nf.node
    top = tree.path(nf.node)[-3]
    assert at.session_state["doctor_inside_terminal_root"] == top
    shown = panel(at, "doctor_inside_terminal_tree_")  # the node's panel beside the tree
    assert (shown["node"], shown["path"]) == (nf.node, "".join(map(str, nf.line)))
    assert shown["position"] == nf.node_moves
    entries = tree_view(at, "doctor_inside_terminal_tree_")["entries"]
    assert entries[0]["key"] == str(top)
    under = {e["key"]: e["parent"] for e in entries}
    assert under[under[str(nf.node)]] == str(top)  # drawn, two levels under the top
    # the download: a trace file the Explore page opens, the node at its place
    assert any(
        b.proto.label == "Download this tree (trace file)" and b.proto.ignore_rerun
        for b in at.get("download_button")
    )
    opened = load_upload("terminal.json", dumps(tree).encode()).trace
    assert opened.root_moves == root and opened.path_moves(nf.node) == "".join(map(str, nf.line))
    # a click elsewhere in the tree stands: the next run does not go back to the node
    at.button(key="doctor_inside_terminal_crumb_0").click().run()
    assert at.session_state["doctor_inside_terminal_root"] == 0 and not at.exception
    assert at.session_state["doctor_inside_terminal_node"] == nf.node
    # its root position opens in the analysis view with the agent
    at.button(key=f"doctor_node_open_{number}").click().run()
    assert at.session_state["position"].moves_string() == root
    assert at.session_state["agent"] == TRACED and not at.exception
    assert seen(at.subheader[0].value).startswith(f"{TRACED} plays column")


@pytest.mark.slow  # a checkup run after each refused value: 3.5 s
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
        "is not one this dashboard may check: choose one of the list"
    )
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
    from treeviz.dashboard.pages.doctor.page import checked
    from treeviz.errors import InvalidParameterError

    seal([])  # as a dashboard started with no agent of anyone's
    good = {"agent": "random", "params": {}, "depth": None, "positions": 1, "seed": 0}
    assert checked(good) == {"agent": "random", "positions": 1, "depth": None, "seed": 0}
    assert checked(good | {"params": {"seed": 3}})["agent"] == "random:seed=3"
    for bad, words in [
        ({"positions": 5000}, "positions must be an integer in 1..100"),
        ({"depth": 0}, "depth must be an integer in 1..42"),
        ({"seed": -1}, "seed must be an integer in 0.."),
        ({"positions": "3"}, "positions='3' is not allowed"),
        ({"params": {"seed": -3}}, "seed='-3' is not allowed"),
        ({"agent": "cmd:touch x"}, "started with"),
        ({"agent": "os:system"}, "started with"),
    ]:
        with pytest.raises(InvalidParameterError, match=words):
            checked(good | bad)


def test_the_count_says_where_the_bugs_are() -> None:
    """The verdict counts the bugs of the one list, outside and inside together, a
    symptom beneath its cause not counted."""
    from treeviz.checkup.findings import Finding
    from treeviz.checkup.result import found_words
    from treeviz.checkup.tree_bugs import NodeFinding

    node = NodeFinding("terminal", 5, "44", (4,), "node 5: ...")
    symptom = NodeFinding("sign", 7, "445", (4, 5), "node 7: ...", under="terminal")
    outside = Finding("misses-win", "4453", "X", 1, None, [], 1, 3)
    c = Checkup("a.py:choose", 2, 8, 0, findings=[outside, node, symptom])
    assert found_words(c) == ("2 bugs found (1 outside (black box), 1 inside the recorded tree)")
    c.findings = [node, symptom]
    assert found_words(c) == "1 bug found, seen inside the recorded tree"
    c.findings = [symptom]  # its cause not found: it stands as a bug of its own
    assert found_words(c) == "1 bug found, seen inside the recorded tree"
    c.findings = []
    assert found_words(c) == "no bug found"


def test_every_node_check_has_a_heading() -> None:
    from treeviz.checkup.tree_bugs import CHECKS
    from treeviz.dashboard.pages.doctor.inside import TITLES

    assert set(TITLES) == set(CHECKS)
