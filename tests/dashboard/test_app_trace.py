"""Streamlit AppTest, the Trace page: an uploaded trace shown, bad files refused by
what is wrong with them, and the page working on after a refusal."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.dashboard.pages.trace.page import load_upload
from treeviz.errors import TreevizError
from treeviz.trace.files import dumps

TRACE_PAGE = """
import streamlit as st
from treeviz.dashboard.pages.trace.page import trace_page
trace_page()
"""


def test_trace_page_shows_an_uploaded_trace() -> None:
    res = search(Position.from_moves("4453"), "mcts", iterations=500, seed=1)
    at = AppTest.from_string(TRACE_PAGE, default_timeout=120)
    at.session_state["uploaded"] = load_upload("t.json", dumps(res.trace).encode())
    at.run()
    assert not at.exception and not at.error
    assert at.subheader[0].value == f"mcts plays column {res.move}"
    # the page asks the solver (it said "unknown" for 4453): a verdict and exact scores
    badge = next(m.value for m in at.markdown if "verdict-badge" in m.value)
    assert ">unknown<" not in badge
    assert "exact score" in at.dataframe[0].value.columns


@pytest.mark.parametrize(
    "raw, problem",
    [
        (b"{not json", "not JSON"),
        (b'{"schema": 1}', "t.json"),
        (gzip.compress(b"[1, 2", mtime=0), "not JSON"),  # the same bytes (and test id) every run
        (b"\x1f\x8b broken", "gzip"),
    ],
)
def test_bad_trace_files_are_refused(raw: bytes, problem: str) -> None:
    with pytest.raises(TreevizError, match=problem):
        load_upload("t.json", raw)


def test_oversized_upload_says_the_limit() -> None:
    with pytest.raises(TreevizError, match="limit is 200 MB"):
        load_upload("big.json", b" " * ((200 << 20) + 1))


@pytest.mark.parametrize(
    "break_it",
    [
        lambda d: d["extra"]["result"].__setitem__("stats", {}),
        lambda d: d["extra"]["result"]["stats"].__setitem__("nodes", "many"),
        lambda d: d["extra"]["result"].__setitem__("move", 9),
        lambda d: d.__setitem__("root_moves", "٤٤٥٣"),
        lambda d: d.__setitem__("root_moves", "4455667"),
        lambda d: d.__setitem__("width", 9),
        lambda d: d["params"].__setitem__("c", "abc"),  # not a value of mcts's c
    ],
)
def test_bad_uploads_are_refused_and_the_page_recovers(break_it: Any) -> None:
    good = json.loads(dumps(search(Position.from_moves("4453"), "mcts", iterations=200).trace))
    bad = json.loads(json.dumps(good))
    break_it(bad)
    with pytest.raises(TreevizError):
        load_upload("bad.json", json.dumps(bad).encode())
    odd = json.loads(json.dumps(good))
    odd["extra"]["note"] = "abc"  # shown nowhere, computed with by no view
    odd["extra"]["result"]["moves"][0]["comment"] = "by hand"  # a column of its own
    at = AppTest.from_string(TRACE_PAGE, default_timeout=120)
    at.session_state["uploaded"] = load_upload("odd.json", json.dumps(odd).encode())
    at.session_state["upload_node"] = 1
    at.run()
    assert not at.exception and not at.error
