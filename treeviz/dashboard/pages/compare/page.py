"""Compare two searches: two agents (or two settings of one) on one position."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pandas as pd
import streamlit as st

from treeviz.agents.registry import spec
from treeviz.connect4.board import Position
from treeviz.dashboard import state
from treeviz.dashboard.components.board import board_html
from treeviz.dashboard.components.game_picker import game_picker, picked_game
from treeviz.dashboard.components.inputs import choose_position, exact_checkbox
from treeviz.dashboard.components.results.answer import page_style
from treeviz.dashboard.components.results.any_exact import exact_values
from treeviz.dashboard.components.results.any_game import board
from treeviz.dashboard.components.results.tree import caption_notes, levels_below
from treeviz.dashboard.components.results.verdict import verdict_section
from treeviz.dashboard.components.tables import fitted_columns, stat_words, styled
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.components.text import escape_markdown
from treeviz.dashboard.components.tree_panel import Offers, panel_mount, tree_mount, view_data
from treeviz.dashboard.components.tree_selection import selection_for
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.dashboard.pages.compare.any_game import (
    Comparison,
    compare_any_game,
    joined_moves,
    show_answers,
)
from treeviz.dashboard.pages.compare.state import (
    EXACT,
    REQUEST,
    RUN,
    SPEC_A,
    SPEC_B,
    STATS,
    TABLE,
    TREES,
    VIEWS,
)
from treeviz.dashboard.server.cache import cached_exact, run_watched, search_request
from treeviz.draw.style import DIFFER
from treeviz.draw.view import Decorator, Selection, short_label
from treeviz.errors import TreevizError
from treeviz.rules.registry import CONNECT4
from treeviz.settings import DEEP_AGENT, QUICK_AGENT, RUN_SECONDS
from treeviz.trace.analysis import game_row_outcome
from treeviz.trace.nodes import MoveStat, SearchResult, Trace

DEPTH = 3  # levels of each tree drawn at first


def compare_page() -> None:
    """Two agents (or two settings of one) on the same position, side by side: on
    Connect 4, or on the game the picker names (its picker first in the sidebar;
    Connect 4's page puts it last, as Analyze does)."""
    st.title("Compare two searches")
    game = picked_game()
    if game == CONNECT4:
        compare_connect4()
        game_picker()
        return
    game_picker()
    found = compare_any_game(game)
    if found is not None:
        show_any_comparison(found)


def show_any_comparison(found: Comparison) -> None:
    """Another game's comparison: the board, both answers and verdicts, one table of
    both searches' moves by label and one of their statistics, both trees."""
    board(found.game, found.root)
    # named as the trace names it, as Analyze and Explore ask for the same values
    exact = exact_values(found.results[0].trace.game, found.game.to_text(found.root))
    show_answers(found, exact)
    side_by_side(joined_moves(found, exact), found.results, "move")
    compare_trees(found.results)


def compare_connect4() -> None:
    """Connect 4's comparison (see :func:`compare_page`)."""
    pos = choose_position()
    a = st.sidebar.text_input("First agent spec", QUICK_AGENT, key=SPEC_A)
    b = st.sidebar.text_input("Second agent spec", DEEP_AGENT, key=SPEC_B)
    exact_on = exact_checkbox(EXACT)
    if st.sidebar.button("Compare", type="primary", key=RUN):
        state.put(REQUEST, (pos.ident(), a, b))
    st.markdown(board_html(pos), unsafe_allow_html=True)
    if state.get(REQUEST) != (pos.ident(), a, b):
        st.info("Press **Compare** to run both agents on this position.")
        return
    if pos.is_over():
        st.info("The game is over: there is nothing to compare.")
        return
    try:
        with st.spinner("Running both agents…"):
            # each text typed is parsed here, once, and its spec passed on whole
            results = [
                run_watched(search_request(pos, spec(text)), RUN_SECONDS.default, st)
                for text in (a, b)
            ]
    except TreevizError as exc:
        show_error(str(exc))
        return
    show_comparison(pos, (a, b), results, exact_on=exact_on)


def show_comparison(
    pos: Position, specs: tuple[str, str], results: list[SearchResult], *, exact_on: bool
) -> None:
    """Both verdicts, one table of both searches' columns and one of their statistics
    (what differs highlighted), and both trees, clickable, with the nodes only one of
    them drew marked."""
    cols = st.columns(2)
    for i, (text, res) in enumerate(zip(specs, results, strict=True)):
        with cols[i]:
            st.subheader(f"{'AB'[i]}: {escape_markdown(text)}")
            verdict_section(res, VIEWS[i], exact_on)
    exact = cached_exact(pos)[0] if exact_on else None
    side_by_side(joined_table(results, exact), results, "column")
    compare_trees(results)


def side_by_side(joined: pd.DataFrame, results: list[SearchResult], what: str) -> None:
    """The per-move table ``joined`` (a row per ``what``: column or move), highlighted
    where the searches differ, and both searches' statistics."""
    st.markdown(f"#### Per {what}: highlighted where the two searches differ")
    stats = stats_table(results)
    st.caption(
        f"A {what} is highlighted when one search chose it and the other did not, "
        "their proven results differ, or (values of one kind) their values differ."
    )
    st.dataframe(
        highlighted(joined, columns_differ(results)),
        hide_index=True,
        key=TABLE,
        column_config=fitted_columns(joined),
    )
    st.markdown("#### Statistics side by side")
    st.caption("Highlighted where they differ; timings differ from run to run and are not.")
    st.dataframe(
        highlighted(stats, stats_differ(stats)),
        key=STATS,
        column_config=fitted_columns(stats, index=True),
    )


def compare_trees(results: list[SearchResult]) -> None:
    """Both trees side by side; a click selects a node and shows it below its tree."""
    roots = [view_root(r.trace, v) for r, v in zip(results, VIEWS, strict=True)]
    nodes = [v.selected_in(r.trace) for r, v in zip(results, VIEWS, strict=True)]
    sels = [
        selection_for(r.trace, root, depth=DEPTH, top_k=None, expanded=opened, collapsed=shut)
        for r, v, root, node in zip(results, VIEWS, roots, nodes, strict=True)
        for opened, shut in [v.folding(r.trace, root, node)]
    ]
    paths = [drawn_paths(s) for s in sels]
    reasons = (
        "; a reason's button draws its search from that node"
        if results[0].trace.is_connect4
        else ""
    )
    st.caption(
        "◆ marks a node the other search did not draw (first 3 levels shown, ▸ folded); "
        f"click a node for its details and to unfold it{reasons}."
    )
    page_style()  # the two trees stack when narrow, each scrolls sideways when deep
    with st.container(key=TREES):
        cols = st.columns(2)
    for i, (sel, res) in enumerate(zip(sels, results, strict=True)):
        view, trace = VIEWS[i], res.trace
        data = view_data(
            sel,
            exact_on=False,
            depth=DEPTH,
            there=levels_below(trace, sel.root, sel.ids),
            notes=caption_notes(trace),
            short=marked(paths[1 - i]),
        )
        with cols[i]:  # the tree, then its selected node's panel, answered in the browser
            tree_mount(trace, view, data, offers=Offers(), depth=DEPTH)
            panel_mount(trace, view)


def same_scale(results: list[SearchResult]) -> bool:
    """Whether both searches' values can be compared as numbers (one value kind)."""
    return results[0].trace.value_kind == results[1].trace.value_kind


def highlighted(table: pd.DataFrame, differ: Sequence[bool]) -> Any:
    """``table`` (columns ``A …``/``B …`` in pairs, or ``A``/``B``) with both searches'
    cells highlighted in the rows where ``differ`` says they differ. Numbers rounded
    for reading."""
    cells = [c for c in table.columns if c[:1] in "AB" and c[1:2] in ("", " ")]
    rows = [i for i, d in enumerate(differ) if d]

    def mark(frame: pd.DataFrame) -> pd.DataFrame:
        out = pd.DataFrame("", index=frame.index, columns=frame.columns)
        out.loc[frame.index[rows], cells] = f"background-color: {DIFFER}"
        return out

    return styled(table).apply(mark, axis=None)


def columns_differ(results: list[SearchResult]) -> list[bool]:
    """Per column, whether the two searches tell a person something different about
    it: one chose it and the other not, their proven results differ (or one proved one
    and the other did not), or, on one scale, their values differ as numbers (a bound
    and a value of the same number agree). Wording alone never differs."""
    a, b = results
    numbers = same_scale(results)
    out = []
    for ma, mb in zip(a.moves, b.moves, strict=True):
        chosen = (ma.column == a.move) != (mb.column == b.move)
        proven = [proven_result(m, r.trace) for m, r in ((ma, a), (mb, b))]
        values = numbers and not _same_number(ma.value, mb.value)
        out.append(chosen or proven[0] != proven[1] or values)
    return out


def proven_result(m: MoveStat, trace: Trace) -> str | None:
    """The result ("win", "draw", "loss") a row proves, or None: Connect 4's rows carry
    it; another game's negamax rows say it by their value
    (:func:`~treeviz.trace.analysis.game_row_outcome`)."""
    if trace.is_connect4 or trace.kind.base not in ("heuristic", "exact"):
        return (m.outcome or {}).get("result")
    found = game_row_outcome(m.value, m.text)
    return None if found is None else str(found["result"])


def _same_number(x: float | None, y: float | None) -> bool:
    """Whether two values read the same (both missing, or equal to 9 digits)."""
    if x is None or y is None:
        return x is None and y is None
    return math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12)


MEASURED = ("time (s)", "nodes per second")  # timings: they differ from run to run


def stats_differ(stats: pd.DataFrame) -> list[bool]:
    """Per statistic, whether the searches differ in it; timings never count."""
    return [
        name not in MEASURED and a != b
        for name, a, b in zip(stats.index, stats["A"], stats["B"], strict=True)
    ]


def stats_table(results: list[SearchResult]) -> pd.DataFrame:
    """Both searches' statistics side by side, in words, with the move chosen and the
    principal variation; a statistic neither search reports is left out."""
    words = [stat_words(r) for r in results]
    rows: dict[str, list[str]] = {"move chosen": [said_moves(r, [r.move]) for r in results]}
    for name in dict.fromkeys([*words[0], *words[1]]):
        rows[name] = [w.get(name, "") for w in words]
    rows["principal variation"] = [said_moves(r, r.pv) for r in results]
    return pd.DataFrame(
        {"A": [v[0] for v in rows.values()], "B": [v[1] for v in rows.values()]}, index=list(rows)
    )


def said_moves(res: SearchResult, moves: list[int]) -> str:
    """``moves`` played from ``res``'s root as a person reads them: Connect 4's
    1-based columns, another game's labels (each where it is played)."""
    if res.trace.is_connect4:
        return " ".join(map(str, moves))
    game = res.trace.rules()
    state, words = res.trace.state(0), []
    for m in moves:
        words.append(game.label(state, m))
        state = game.play(state, m)
    return " ".join(words)


def view_root(trace: Trace, view: TreeView) -> int:
    """The node a reason's button rooted this search's view at (0 when none, or when
    the button belonged to an earlier comparison)."""
    view.attach(trace)
    return view.root_in(trace)


def joined_table(results: list[SearchResult], exact: list[int | None] | None) -> pd.DataFrame:
    """One row per column: each search's value and words side by side, and the exact
    score when known (blank for a full column)."""
    rows = []
    a, b = results
    for ma, mb in zip(a.moves, b.moves, strict=True):
        row: dict[str, Any] = {"column": ma.column}
        for name, m, res in (("A", ma, a), ("B", mb, b)):
            row[f"{name} value"] = m.value
            row[f"{name} in words"] = m.text + (" (chosen)" if m.column == res.move else "")
        if exact is not None:
            row["exact score"] = exact[ma.column - 1]
        rows.append(row)
    return pd.DataFrame(rows)


def marked(others: set[str]) -> Decorator:
    """Labels where a node whose move path the other search did not draw is marked
    with a diamond."""

    def short(t: Trace, i: int) -> str:
        mark = "" if t.path_moves(i) in others else " ◆"
        return short_label(t, i) + mark

    return short


def drawn_paths(sel: Selection) -> set[str]:
    """The move paths of the nodes a selection draws."""
    return {sel.trace.path_moves(i) for i in sel.ids}
