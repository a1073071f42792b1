"""Analyze a position of another game than Connect 4 (tic-tac-toe, Nim, Othello, Hex,
...): its position typed in the game's notation, an agent on any game with the
settings it declares, Run; the board drawn, the per-move table by move label, the
verdict against exact values where the solver reaches them, and the tree (its node
panel drawing each node's board), its replay and the icicle, all read from the trace.

The analysis shown is the page's link (``game``, ``position``, ``agent``); a link
whose position or agent cannot be read is an ``st.error`` quoting it. A reload keeps
the game picked, its position box and the agent of the analysis shown (:func:`saved`,
:func:`restore`: plain text, the agent read as a link's is), opened again as a link."""

from __future__ import annotations

from typing import Any

import streamlit as st

from treeviz.agents.any_game.registry import GAME_AGENTS, game_spec, search_game
from treeviz.agents.contract import AgentSpec
from treeviz.agents.stopping import watching
from treeviz.dashboard import state
from treeviz.dashboard.components.game_picker import GAME, QUERY
from treeviz.dashboard.components.game_position import choose_game_position
from treeviz.dashboard.components.inputs import setting_widget, settings_spec
from treeviz.dashboard.components.results.any_game import board, show_any_result
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.errors import TreevizError
from treeviz.rules.protocol import Game
from treeviz.rules.registry import CONNECT4, GAMES, load_game
from treeviz.settings import RUN_SECONDS

VIEW = TreeView("any_game")  # another game's analysis: its tree, replay and icicle
AGENT = "any_agent"  # the agent picker
RUN = "any_run"  # the Run button
STOP = "any_stop"  # the Stop button
SHOWN = "any_shown"  # (request, result) of the analysis shown
LINK_SEEN = "any_link_seen"  # the (game, position, agent) link last read or written
RUN_LINK = "any_run_link"  # a link named its agent: its search runs as Run would
DEFAULT_AGENT = "alphabeta"


def position_key(game: str) -> str:
    """The position box of ``game`` (one per game: a text in one game's notation is
    rarely another's)."""
    return f"any_position_{game}"


def any_game_page(name: str) -> None:
    """The Analyze page for the registered game ``name`` (not Connect 4)."""
    st.title("treeviz — why this move?")
    game = load_game(name)
    _read_link(name)
    run = st.sidebar.button("Run", type="primary", key=RUN) | bool(state.pop(RUN_LINK, False))
    # a click is a rerun, which stops the running search (stopping.watching)
    st.sidebar.button("Stop", key=STOP, help="stop a running search")
    root = choose_game_position(game, position_key(name))
    chosen = _choose_agent()
    budget = float(setting_widget(RUN_SECONDS))
    if root is None or isinstance(chosen, TreevizError):
        return
    text = game.to_text(root)
    if game.outcome(root) is not None:
        board(game, root)
        st.info("The game is over: there is no move to explain.")
        return
    request = (name, text, str(chosen))
    shown = state.get(SHOWN)
    if run:
        try:
            with st.spinner(f"Running {chosen.name}…"):
                shown = (request, _watched(game, root, chosen, budget))
        except TreevizError as exc:
            show_error(str(exc))
            return
        state.put(SHOWN, shown)
    if shown is None or shown[0] != request:
        board(game, root)
        st.info("Press **Run** to search this position with these settings.")
        return
    _write_link(text, str(chosen))
    show_any_result(shown[1], VIEW)


def _watched(game: Game[Any], root: Any, chosen: AgentSpec, budget: float) -> Any:
    """The search, stopped after ``budget`` seconds or by Stop (its progress shown
    meanwhile): :class:`~treeviz.errors.SearchStopped` says so, and what to lower."""
    note = st.empty()

    def progress(elapsed: float, nodes: int) -> None:
        if elapsed > 0.3:  # a quick search shows nothing
            left = max(0.0, budget - elapsed)
            note.progress(
                min(0.99, elapsed / budget) if budget > 0 else 0.0,
                text=f"Searching… {elapsed:.1f} s, {nodes:,} nodes, at most {left:.0f} s "
                "left (the time budget; Stop to interrupt)",
            )

    with watching(budget, progress):
        res = search_game(game, root, chosen)
    note.empty()
    return res


def _read_link(name: str) -> None:
    """The link's position and agent, once per change of the link, put into their
    boxes; its search runs when both read (a shared link opens the analysis)."""
    link = (st.query_params.get("position"), st.query_params.get("agent"))
    if link == (None, None) or state.get(LINK_SEEN) == (name, *link):
        return
    state.put(LINK_SEEN, (name, *link))
    position, agent = link
    if position is not None:
        state.put(position_key(name), position)
    if agent is None:
        return
    try:
        _open_agent(agent)
    except TreevizError as exc:
        show_error(f"The link's agent cannot be used: {exc}")


def _open_agent(agent: str) -> None:
    """Choose the agent of spec ``agent`` with its settings, its search to run as Run
    would; :class:`~treeviz.errors.TreevizError` when it is not one on any game."""
    spec = game_spec(agent)
    state.put(AGENT, spec.name)
    state.put(RUN_LINK, True)
    for param, value in GAME_AGENTS[spec.name].settings_of(spec).items():
        state.put(state.param_key(f"any_{spec.name}", param), value)


def saved() -> dict[str, str] | None:
    """What a reload keeps of another game's analysis (None while Connect 4 is picked):
    the game, its position box's text, and the agent's spec when the analysis of that
    position is shown."""
    name = state.get(GAME)
    if not isinstance(name, str) or name == CONNECT4:
        return None
    text = state.get(position_key(name))
    kept = {"game": name} | ({"position": text} if isinstance(text, str) else {})
    shown = state.get(SHOWN)
    if shown is not None and shown[0][:2] == (name, text):
        kept["agent"] = shown[0][2]
    return kept


def restore(kept: Any) -> None:
    """Put back what :func:`saved` returned in a new session: a registered game picked,
    its position's text in its box, and an agent of the agents on any game chosen
    with its settings, its search run when the page shows (as a link's); anything
    else is left out. A link the page is opened with wins: another game's is read
    after this, and a Connect 4 analysis's (``moves`` or ``agent`` without ``game``)
    leaves Connect 4 picked."""
    connect4_link = state.link_in_query()[:2] != (None, None) and QUERY not in st.query_params
    if connect4_link or not isinstance(kept, dict) or kept.get("game") not in GAMES:
        return
    name, text, agent = kept["game"], kept.get("position"), kept.get("agent")
    state.put(GAME, name)
    if isinstance(text, str):
        state.put(position_key(name), text)
    if isinstance(agent, str):
        try:
            _open_agent(agent)
        except TreevizError:
            return  # not one of ours: the picker keeps its default


def _write_link(position: str, agent: str) -> None:
    """The analysis shown, as the page's link (the picker writes ``game``)."""
    st.query_params.update({"position": position, "agent": agent})
    state.put(LINK_SEEN, (state.get(GAME), position, agent))


def _choose_agent() -> AgentSpec | TreevizError:
    """The agent on any game and its declared settings, as one checked spec, or the
    error a setting gives."""
    state.preset(AGENT, DEFAULT_AGENT)
    agent = str(st.sidebar.selectbox("Agent", list(GAME_AGENTS), key=AGENT))
    return settings_spec(GAME_AGENTS[agent], f"any_{agent}")
