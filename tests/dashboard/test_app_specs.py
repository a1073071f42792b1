"""An agent setting on the dashboard is one checked spec from its widget (or its link)
inward: made and checked once, then passed whole to the request, the search, the link
and the what-if, never turned to text and parsed again on the way."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import app_test, seen

from treeviz.settings import Param


def depths_checked(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The values every ``depth`` parameter is checked with from now on, in order."""
    checks: list[Any] = []
    check = Param.coerce

    def counting(self: Param, value: Any) -> Any:
        if self.name == "depth":
            checks.append(value)
        return check(self, value)

    monkeypatch.setattr(Param, "coerce", counting)
    return checks


def test_a_setting_is_checked_once_from_the_widget_to_the_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    at = app_test()
    at.sidebar.selectbox(key="agent").set_value("alphabeta").run()
    at.sidebar.slider(key="alphabeta_depth").set_value(3).run()
    checks = depths_checked(monkeypatch)
    at.sidebar.button(key="run").click().run()
    assert not at.exception and not at.error
    assert at.query_params["agent"] in ("alphabeta:depth=3", ["alphabeta:depth=3"])  # its link
    assert checks == [3]  # the widget's spec; the request and the search read it


def test_a_links_spec_is_parsed_once_and_a_bad_one_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The link's text is parsed where it is read; its values go into the widgets,
    which make the page's spec (the widget is an edge of its own)."""
    checks = depths_checked(monkeypatch)
    at = app_test()
    at.query_params["moves"] = "4453"
    at.query_params["agent"] = "alphabeta:depth=3"
    at.run()
    assert not at.exception and not at.error
    assert at.session_state["alphabeta_depth"] == 3
    assert checks == ["3", 3]  # the link's text, then the widget's value
    at.query_params["agent"] = "alphabeta:depth=99"
    at.run()
    assert "depth='99' is not allowed" in seen(at.error[0].value)
    assert at.session_state["alphabeta_depth"] == 3  # a refused link changes nothing
