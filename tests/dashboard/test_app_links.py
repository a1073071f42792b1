"""Streamlit AppTest, links: a shared link opens the same analysis, Back and Forward
are read in the same session, a link naming its agent alone, a link cannot load code."""

from __future__ import annotations

from pathlib import Path

from conftest import APP, seen
from streamlit.testing.v1 import AppTest
from tree_reading import panel

from treeviz.connect4.board import Position


def test_a_shared_link_opens_the_same_analysis(tmp_path: Path) -> None:
    """``?moves=&agent=&node=`` opens that position, runs that agent and selects that
    node; what the page shows is written back into the link."""
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"moves": "4453", "agent": "alphabeta:depth=3", "node": "5"})
    at.run()
    assert not at.exception and not at.error
    assert at.subheader[0].value.startswith("alphabeta plays column")
    assert panel(at)["node"] == 5
    assert at.session_state["position"].moves_string() == "4453"
    link = {k: at.query_params[k] for k in ("moves", "agent", "node")}
    assert link in (
        {"moves": "4453", "agent": "alphabeta:depth=3", "node": "5"},
        {"moves": ["4453"], "agent": ["alphabeta:depth=3"], "node": ["5"]},
    )


def test_back_and_forward_are_read_in_the_same_session() -> None:
    """The browser's Back and Forward rerun the page with the history entry's query:
    a node of the analysis shown is selected, another analysis is opened; a rerun
    with the link the page wrote itself changes nothing (the person's own widgets
    win over the link they already read)."""
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"moves": "4453", "agent": "alphabeta:depth=3", "node": "5"})
    at.run()
    at.query_params["node"] = "12"  # Back to where node 12 was selected
    at.run()
    assert not at.exception and not at.error
    assert panel(at)["node"] == 12
    assert at.query_params["node"] in ("12", ["12"])
    at.query_params.update({"moves": "44", "agent": "alphabeta:depth=2", "node": "3"})
    at.run()  # Back to an earlier analysis
    assert at.session_state["position"].moves_string() == "44"
    assert at.subheader[0].value.startswith("alphabeta plays column")
    assert panel(at)["node"] == 3
    at.run()  # the same link again: nothing to read, the selection stays
    assert panel(at)["node"] == 3


def test_a_link_naming_its_agent_alone_analyses_the_first_visits_position() -> None:
    """``?agent=`` without ``moves``: the position a first visit shows (the default
    sample, as its own page run chooses it), not the empty board."""
    first = AppTest.from_file(APP, default_timeout=180).run()
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params["agent"] = "alphabeta:depth=2"
    at.run()
    assert not at.exception and not at.error
    assert at.session_state["position"] == first.session_state["position"] != Position()
    assert at.subheader[0].value.startswith("alphabeta plays column")


def test_a_link_cannot_load_code(tmp_path: Path) -> None:
    """A link naming a Python file is refused with one error: only the person who
    started the dashboard names code."""
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.py"
    evil.write_text(f"open({str(marker)!r}, 'w').write('x')\ndef f(pos):\n    return 1\n")
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"moves": "44", "agent": f"{evil}:f"})
    at.run()
    assert not at.exception and at.error and "started with" in seen(at.error[0].value)
    assert not marker.exists()
