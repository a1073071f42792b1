"""The dashboard's pages: analyse a position, and explore an uploaded trace."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import pandas as pd
import streamlit as st

from treeviz.analysis import result_of
from treeviz.board import Position
from treeviz.dashboard.board import board_html, play_controls, status_line
from treeviz.dashboard.inputs import choose_agent, choose_position
from treeviz.dashboard.results import (
    EXACT_SECONDS,
    bars,
    cached_exact,
    exact_meanings,
    show_result,
)
from treeviz.errors import TreevizError
from treeviz.search import get_agent, search, spec
from treeviz.search.stopping import watching
from treeviz.trace import SearchResult
from treeviz.trace_io import MAX_NODES, loads

MAX_UPLOAD_MB = 200


_RESULTS: OrderedDict[tuple[Any, ...], SearchResult] = OrderedDict()
_RESULTS_LOCK = threading.Lock()
KEPT_RESULTS = 16
DEFAULT_BUDGET_S = 60.0


def search_request(moves: str, agent: str, params: dict[str, Any]) -> tuple[Any, ...]:
    """The key of a search: position, agent and every parameter's value."""
    return (moves, agent, tuple(sorted(params.items())))


def spec_request(moves: str, agent_spec: Any) -> tuple[Any, ...]:
    """:func:`search_request` of an agent spec (string or parsed), defaults filled in."""
    chosen = spec(agent_spec)
    return search_request(moves, chosen.name, get_agent(chosen.name).validate(chosen.kwargs))


def run_search(moves: str, agent: str, params: tuple[tuple[str, Any], ...]) -> SearchResult:
    """One search per (position, agent, parameters incl. seed), kept for every session
    (not copied: a large trace costs nothing on reruns). A search cut short by a time
    budget is not kept: a longer budget may find more."""
    key = (moves, agent, params)
    with _RESULTS_LOCK:
        if key in _RESULTS:
            _RESULTS.move_to_end(key)
            return _RESULTS[key]
    res = search(Position.from_moves(moves), agent, **dict(params))
    if res.stats.get("stopped"):
        return res
    with _RESULTS_LOCK:
        _RESULTS[key] = res
        while len(_RESULTS) > KEPT_RESULTS:
            _RESULTS.popitem(last=False)
    return res


def run_watched(request: tuple[Any, ...], budget_s: float, where: Any) -> SearchResult:
    """:func:`run_search` within ``budget_s`` seconds, its progress shown in ``where``;
    the Stop button (any rerun) stops it."""
    note = where.empty()

    def progress(elapsed: float, nodes: int) -> None:
        if elapsed > 0.3:  # a quick search shows nothing
            note.caption(f"Searching… {elapsed:.1f} s, {nodes:,} nodes (Stop to interrupt)")

    with watching(budget_s, progress):
        res = run_search(*request)
    note.empty()
    return res


def _stop() -> None:
    """The Stop button: forget the running request (its search stops on this rerun)."""
    st.session_state["stopped"] = st.session_state.pop("request", None)


def analyze_page() -> None:
    """Choose a position and an agent, run it, see why it chose its column."""
    st.title("treeviz — why this column?")
    pos = choose_position()
    agent, params = choose_agent()
    exact_on = st.sidebar.checkbox("Exact solver scores (2 s budget)", True, key="exact")
    budget = float(st.sidebar.number_input("Time budget per Run (s)", 1.0, 3600.0,
                                           DEFAULT_BUDGET_S, key="budget"))  # fmt: skip
    run = st.sidebar.button("Run", type="primary", key="run")
    st.sidebar.button("Stop", key="stop", on_click=_stop, help="stop a running search")
    left, right = st.columns([1, 2])
    with left:
        st.markdown(board_html(pos), unsafe_allow_html=True)
        play_controls(pos)
        st.markdown(status_line(pos))
    request = search_request(pos.moves_string(), agent, params)
    if run:
        st.session_state["request"] = request
    if st.session_state.get("request") != request:
        if st.session_state.get("stopped") == request:
            right.warning("Stopped. Press **Run** to search again.")
        right.info("Press **Run** to search this position with these settings.")
        if exact_on and not pos.is_over():
            with right:
                exact_panel(pos)
        return
    if pos.is_over():
        right.info("The game is over: there is no move to explain.")
        return
    try:
        with st.spinner(f"Running {agent}…"):
            res = run_watched(request, budget, right)
    except TreevizError as exc:
        right.error(str(exc))
        return
    if res.stats.get("stopped"):
        right.warning(f"The time budget of {budget:g} s ran out: this is what the search "
                      "found until then.")  # fmt: skip
    show_result(res, "analyze", exact_on)


def exact_panel(pos: Position) -> None:
    """The truth before any agent runs: each column's exact score (cached, and reused by
    the result's table), as a table and bars."""
    exact, source = cached_exact(pos.moves_string(), pos.width, pos.height)
    if exact is None:
        st.caption(f"Exact scores: not solved within {EXACT_SECONDS:g} s for this position.")
        return
    table = pd.DataFrame(
        {
            "column": list(range(1, pos.width + 1)),
            "exact": exact,
            "meaning": exact_meanings(pos, exact),
        }
    )
    st.markdown(f"**Exact score of each column** for {pos.side_to_move} ({source})")
    left, right = st.columns([2, 3])
    left.dataframe(table, hide_index=True, key="exact_table")
    bars(right, table["column"], table["exact"], "exact_panel")


def compare_page() -> None:
    """Two agents (or two settings of one) on the same position, side by side."""
    st.title("Compare two searches")
    pos = choose_position()
    a = st.sidebar.text_input("First agent spec", "alphabeta:depth=3", key="compare_a")
    b = st.sidebar.text_input("Second agent spec", "alphabeta:depth=7", key="compare_b")
    exact_on = st.sidebar.checkbox("Exact solver scores (2 s budget)", True, key="compare_exact")
    if st.sidebar.button("Compare", type="primary", key="compare_run"):
        st.session_state["compare_request"] = (pos.moves_string(), a, b)
    st.markdown(board_html(pos), unsafe_allow_html=True)
    request = st.session_state.get("compare_request")
    if request != (pos.moves_string(), a, b):
        st.info("Press **Compare** to run both agents on this position.")
        return
    if pos.is_over():
        st.info("The game is over: there is nothing to compare.")
        return
    try:
        with st.spinner("Running both agents…"):
            results = [run_watched((pos.moves_string(), text, ()), DEFAULT_BUDGET_S, st)
                       for text in (a, b)]  # fmt: skip
    except TreevizError as exc:
        st.error(str(exc))
        return
    show_comparison(pos, (a, b), results, exact_on)


def show_comparison(
    pos: Position, specs: tuple[str, str], results: list[SearchResult], exact_on: bool
) -> None:
    """Both verdicts, one table of both searches' columns, both trees with the nodes
    only one of them drew marked."""
    from streamlit_echarts import st_echarts

    from treeviz.dashboard.replay import drawn_paths, marked_options
    from treeviz.dashboard.tree import MAX_VIEW, view_height
    from treeviz.dashboard.verdict import verdict_section
    from treeviz.view import select

    cols = st.columns(2)
    for i, (text, res) in enumerate(zip(specs, results, strict=True)):
        with cols[i]:
            st.subheader(f"{'AB'[i]}: {text}")
            verdict_section(res, f"compare_{i}", exact_on)
    exact = cached_exact(pos.moves_string(), pos.width, pos.height)[0] if exact_on else None
    st.dataframe(joined_table(results, exact), hide_index=True, key="compare_table")
    sels = [select(r.trace, 0, 3, None, max_nodes=MAX_VIEW) for r in results]
    paths = [drawn_paths(s) for s in sels]
    st.caption("◆ marks a node the other search did not draw (first 3 levels).")
    cols = st.columns(2)
    for i, sel in enumerate(sels):
        with cols[i]:
            st_echarts(marked_options(sel, paths[1 - i]), height=f"{view_height(sel)}px",
                       renderer="svg", key=f"compare_tree_{i}")  # fmt: skip


def joined_table(results: list[SearchResult], exact: list[int | None] | None) -> pd.DataFrame:
    """One row per column: each search's value and words side by side, and the exact
    score when known."""
    rows = []
    a, b = results
    for ma, mb in zip(a.moves, b.moves, strict=True):
        row = {
            "column": ma.column,
            "A value": ma.value, "A": ma.text + (" (chosen)" if ma.column == a.move else ""),
            "B value": mb.value, "B": mb.text + (" (chosen)" if mb.column == b.move else ""),
        }  # fmt: skip
        if exact is not None:
            row["exact"] = exact[ma.column - 1]
        rows.append(row)
    return pd.DataFrame(rows)


def trace_page() -> None:
    """Upload a trace JSON (from the CLI or a download) and explore it."""
    st.title("Explore a trace file")
    st.caption(
        f"A trace saved by `treeviz analyze --trace` or downloaded here (.json or .json.gz), "
        f"up to {MAX_UPLOAD_MB} MB and {MAX_NODES:,} nodes."
    )
    upload = st.file_uploader("Trace file", type=["json", "gz"], key="trace_file")
    # Each file is read once: a refused one shows its error once and leaves what was
    # loaded before in place; a good one is not parsed again on every rerun.
    if upload is not None and upload.file_id != st.session_state.get("upload_seen"):
        st.session_state["upload_seen"] = upload.file_id
        try:
            st.session_state["uploaded"] = load_upload(upload.name, upload.getvalue())
        except TreevizError as exc:
            st.error(str(exc))
    res = st.session_state.get("uploaded")
    if res is None:
        st.info("No trace loaded yet.")
        return
    st.markdown(board_html(Position.from_moves(res.trace.root_moves)), unsafe_allow_html=True)
    show_result(res, "upload", exact_on=False)


def load_upload(name: str, raw: bytes) -> SearchResult:
    """The result carried by an uploaded trace; typed errors quote the file name."""
    if len(raw) > MAX_UPLOAD_MB << 20:
        raise TreevizError(
            f"{name!r} is {len(raw) / 2**20:.0f} MB; the limit is {MAX_UPLOAD_MB} MB"
        )
    return result_of(loads(raw, source=repr(name)))
