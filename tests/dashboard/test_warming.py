"""What the server settles before its first visitor
(:mod:`treeviz.dashboard.server.warming`): long-lived objects out of the collector's
walk, and Streamlit's once-per-process checks done ahead of the first page."""

from __future__ import annotations

import gc
from typing import Any

import pytest
import streamlit.delta_generator
import streamlit.env_util

from treeviz.dashboard.server.warming import before_first_visit, out_of_collections


class Cycle:
    """An object in a reference cycle: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_the_walk_after_a_run_skips_what_lived_before_but_frees_new_garbage() -> None:
    kept = [Cycle() for _ in range(1000)]
    gc.collect()
    walked_before = len(gc.get_objects())  # the objects a full collection walks
    try:
        out_of_collections()
        assert gc.get_freeze_count() >= len(kept)
        assert len(gc.get_objects()) < walked_before - len(kept)
        for _ in range(10):
            Cycle()  # garbage made after, as a session's run makes it
        assert gc.collect(2) >= 10  # still found and freed
    finally:
        gc.unfreeze()


def test_the_first_element_no_longer_walks_the_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    """Streamlit's REPL check (a walk over every loaded module's file) is not made
    by the first page's first element once the server settled it."""
    asked: list[Any] = []
    monkeypatch.setattr(streamlit.env_util, "is_repl", lambda: asked.append(1) or False)
    monkeypatch.setattr(streamlit.delta_generator, "_use_warning_has_been_displayed", False)
    try:
        before_first_visit()
    finally:
        gc.unfreeze()
    streamlit.delta_generator._maybe_print_use_warning()
    assert asked == []
