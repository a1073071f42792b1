"""Analyze a position: choose it and an agent, run it, see why it chose its column."""

from __future__ import annotations

from functools import partial

import streamlit as st

from treeviz.agents.registry import AgentSpec
from treeviz.connect4.board import Position
from treeviz.connect4.notation import parse_position
from treeviz.dashboard import state
from treeviz.dashboard.components.board import play_column, play_controls, status_line
from treeviz.dashboard.components.board_chart import board_chart
from treeviz.dashboard.components.board_notes import BoardNotes, notes_for
from treeviz.dashboard.components.game_picker import game_picker, picked_game
from treeviz.dashboard.components.inputs import (
    choose_agent,
    choose_position,
    default_position,
    exact_checkbox,
    setting_widget,
)
from treeviz.dashboard.components.nav import load_analysis
from treeviz.dashboard.components.results import show_result
from treeviz.dashboard.components.results.answer import answer_columns, board_key
from treeviz.dashboard.components.results.whatif import whatif_section
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.pages.analyze.any_game import any_game_page
from treeviz.dashboard.pages.analyze.state import (
    BOARD,
    EXACT,
    KEPT_LINK,
    RUN,
    STOP,
    STOPPED,
    VIEW,
)
from treeviz.dashboard.server.cache import cached_exact, exact_meanings, run_watched, search_request
from treeviz.errors import TreevizError
from treeviz.rules.registry import CONNECT4
from treeviz.settings import DEFAULT_AGENT, EXACT_SECONDS, RUN_SECONDS
from treeviz.trace.nodes import Trace


def _stop() -> None:
    """The Stop button: forget the running request (its search stops on this rerun)."""
    state.put(STOPPED, state.pop(state.REQUEST))


def read_link() -> None:
    """Before the widgets: the page's query parameters (``moves``, ``agent``,
    ``node``) open that analysis, its search run on open, whenever they are not the
    link the page last read or wrote: a shared link on arrival, and the browser's
    Back and Forward (Streamlit reruns the page with the history entry's query).
    Without a link, once, the analysis this browser showed before a reload (as its
    link: :func:`~treeviz.dashboard.pages.analyze.state.restore`)."""
    link = state.link_in_query()
    if link[:2] == (None, None):
        link = state.pop(KEPT_LINK)
        if link is None:
            return
    if state.get(state.LINK_SEEN) == link:
        return
    state.put(state.LINK_SEEN, link)
    moves, agent, node = link
    try:  # a link naming its agent alone analyses the position a first visit shows
        pos = parse_position(moves) if moves is not None else default_position()
    except TreevizError as exc:
        show_error(f"The link's analysis cannot be opened: {exc}")
        return
    try:
        load_analysis(pos, agent if agent is not None else DEFAULT_AGENT.default)
    except TreevizError as exc:  # the position is data: shown; the agent is refused
        state.set_position(pos)
        show_error(f"The link's analysis cannot be opened: {exc}")
        return
    node = node or ""
    if node.isascii() and node.isdigit():
        VIEW.select_on_arrival(int(node))
    elif node:
        show_error(
            f"The link's node {node!r} is not a node id (a number such as 12): showing the root."
        )


def write_link(pos: Position, chosen: AgentSpec, trace: Trace) -> None:
    """The analysis shown, as the page's query parameters: a link to share. The node
    selected in ``trace`` is written too, so that opening an analysis makes one entry
    in the browser's history, not two. Written only when it changed: the tree
    writes the nodes chosen in the browser there itself, which a write of the
    server's older choice would undo."""
    VIEW.attach(trace)  # a new search starts from its own root
    link = (pos.moves_string(), str(chosen), str(VIEW.selected_in(trace)))
    if state.link_in_query() != link:
        state.update_link(dict(zip(("moves", "agent", "node"), link, strict=True)))


def analyze_page() -> None:
    """Choose a position and an agent, run it, see why it chose its column: the
    answer above the fold (:func:`~treeviz.dashboard.components.results.show_result`).
    The Game picker heads the sidebar, on every game's page: the game decides every
    other choice. Another game than Connect 4 has its own page (:func:`any_game_page`)."""
    game = picked_game()
    game_picker()
    if game != CONNECT4:
        any_game_page(game)
        return
    connect4_page()


def connect4_page() -> None:
    """Connect 4's analysis (see :func:`analyze_page`)."""
    st.title("treeviz — why this column?")
    read_link()
    # Run and Stop next, under the Game picker: in reach however long the agent's
    # settings, and drawn early (a browser loads each kind of widget's code as it
    # first meets it)
    run = st.sidebar.button("Run", type="primary", key=RUN)
    st.sidebar.button("Stop", key=STOP, on_click=_stop, help="stop a running search")
    pos = choose_position()
    chosen = choose_agent()
    exact_on = exact_checkbox(EXACT)
    budget = float(setting_widget(RUN_SECONDS))
    if isinstance(chosen, TreevizError):  # a setting is not valid: nothing to run
        if run:
            show_error(str(chosen))
        before_run(pos, exact_on, False)
        return
    request = search_request(pos, chosen)
    if run:
        state.put(state.REQUEST, request)
    if state.get(state.REQUEST) != request or pos.is_over():
        before_run(pos, exact_on, state.get(STOPPED) == request)
        return
    try:
        with st.spinner(f"Running {chosen.name}…"):
            res = run_watched(request, budget, st.container())
    except TreevizError as exc:
        show_error(str(exc))
        before_run(pos, exact_on, False)
        return
    if res.stats.get("stopped"):
        st.warning(
            f"The time budget of {budget:g} s ran out: this is what the search found until then."
        )
    write_link(pos, chosen, res.trace)
    show_result(
        res, VIEW, exact_on=exact_on, link=True, whatif=True, board=partial(playable_board, pos)
    )
    whatif_section(res, VIEW, chosen, budget=budget)


def playable_board(pos: Position, notes: BoardNotes) -> None:
    """The analysis board: ``pos`` with ``notes`` on it, played by a click on a
    column (or the picker), with undo, reset and the game's status."""
    board_chart(pos, BOARD, play=partial(play_column, pos), notes=notes)
    play_controls(pos)
    st.markdown(status_line(pos))


def before_run(pos: Position, exact_on: bool, stopped: bool) -> None:
    """Before a search (or after Stop): the board with the exact scores on it beside
    what to do, and the exact-score table."""
    exact = cached_exact(pos)[0] if exact_on and not pos.is_over() else None
    notes = notes_for(pos, exact)
    left, right = answer_columns(VIEW.key)
    with left:
        playable_board(pos, notes)
        board_key(notes, pos)
    with right:
        if pos.is_over():
            st.info("The game is over: there is no move to explain.")
            return
        if stopped:
            st.warning("Stopped. Press **Run** to search again.")
        st.info("Press **Run** to search this position with these settings.")
        if exact_on:
            exact_panel(pos)


def exact_panel(pos: Position) -> None:
    """The truth before any agent runs: each column's exact score (cached, and reused by
    the result's table) and its meaning, as a Markdown table (:func:`exact_rows`)."""
    exact, source = cached_exact(pos)
    if exact is None:
        st.caption(
            f"Exact scores: not solved within {EXACT_SECONDS.default:g} s for this position."
        )
        return
    st.markdown(f"**Exact score of each column** for {pos.side_to_move} ({source})")
    st.markdown(exact_rows(exact, exact_meanings(pos, exact)))


def exact_rows(exact: list[int | None], words: list[str]) -> str:
    """Columns 1.. with their exact score (blank for a full column) and ``words``, as a
    Markdown table. Markdown, not ``st.dataframe``: this table is on the first page a
    visitor sees, and a data frame makes the browser fetch and compile about 1.7 MB of
    grid code before it is drawn; seven rows need no sorting (the result's per-move
    table, which sorts and downloads, still comes after a search)."""
    rows = ["| column | exact score | in words |", "|---:|---:|:---|"]
    for col, (score, said) in enumerate(zip(exact, words, strict=True), start=1):
        cell = "" if score is None else str(score)
        escaped = said.replace("|", r"\|")  # a bar would end the cell
        rows.append(f"| {col} | {cell} | {escaped} |")
    return "\n".join(rows)
