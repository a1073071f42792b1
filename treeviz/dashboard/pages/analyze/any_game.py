"""Analyze a position of another game than Connect 4 (tic-tac-toe, Nim, Othello, Hex,
...): its position typed in the game's notation, an agent on any game with the
settings it declares, Run; the board drawn, the per-move table by move label, the
verdict against exact values where the solver reaches them, and the tree (its node
panel drawing each node's board), its replay and the icicle, all read from the trace.

The analysis shown is the page's link (``game``, ``position``, ``agent``); a link
whose position or agent cannot be read is an ``st.error`` quoting it."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from treeviz.agents.any_game.registry import GAME_AGENTS, game_spec, search_game
from treeviz.agents.contract import AgentSpec
from treeviz.dashboard import state
from treeviz.dashboard.components.inputs import settings_spec
from treeviz.dashboard.components.results.tree import tree_section
from treeviz.dashboard.components.tables import fitted_columns, styled
from treeviz.dashboard.components.text import code, escape_markdown
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.dashboard.pages.analyze.any_exact import (
    NODE_BUDGET,
    exact_values,
    exact_words,
    value_words,
    verdict_words,
)
from treeviz.errors import TreevizError
from treeviz.rules.protocol import Game
from treeviz.rules.registry import load_game
from treeviz.trace.nodes import MoveStat, SearchResult
from treeviz.trace.values import PROVEN

VIEW = TreeView("any_game")  # another game's analysis: its tree, replay and icicle
AGENT = "any_agent"  # the agent picker
RUN = "any_run"  # the Run button
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
    root = _choose_position(game, name)
    chosen = _choose_agent()
    if root is None or isinstance(chosen, TreevizError):
        return
    text = game.to_text(root)
    if game.outcome(root) is not None:
        _board(game, root)
        st.info("The game is over: there is no move to explain.")
        return
    request = (name, text, str(chosen))
    shown = state.get(SHOWN)
    if run:
        try:
            with st.spinner(f"Running {chosen.name}…"):
                shown = (request, search_game(game, root, chosen))
        except TreevizError as exc:
            show_error(str(exc))
            return
        state.put(SHOWN, shown)
    if shown is None or shown[0] != request:
        _board(game, root)
        st.info("Press **Run** to search this position with these settings.")
        return
    _write_link(text, str(chosen))
    show_any_result(game, name, root, shown[1])


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
        spec = game_spec(agent)
    except TreevizError as exc:
        show_error(f"The link's agent cannot be used: {exc}")
        return
    state.put(AGENT, spec.name)
    state.put(RUN_LINK, True)
    for param, value in GAME_AGENTS[spec.name].settings_of(spec).items():
        state.put(state.param_key(f"any_{spec.name}", param), value)


def _write_link(position: str, agent: str) -> None:
    """The analysis shown, as the page's link (the picker writes ``game``)."""
    st.query_params.update({"position": position, "agent": agent})
    state.put(LINK_SEEN, (state.get("analyze_game"), position, agent))


def _choose_position(game: Game[Any], name: str) -> Any:
    """The position typed in the game's notation (empty: the start), or None after an
    ``st.error`` quoting text that is not one."""
    key = position_key(name)
    state.preset(key, "")
    text = st.sidebar.text_input(
        "Position (empty: the start)",
        key=key,
        help="the moves played, as the game writes them (see docs/guides/games.md)",
    )
    if not text.strip():
        return game.initial()
    try:
        return game.from_text(text)
    except TreevizError as exc:
        show_error(f"The position cannot be read: {exc}")
        return None


def _choose_agent() -> AgentSpec | TreevizError:
    """The agent on any game and its declared settings, as one checked spec, or the
    error a setting gives."""
    state.preset(AGENT, DEFAULT_AGENT)
    agent = str(st.sidebar.selectbox("Agent", list(GAME_AGENTS), key=AGENT))
    return settings_spec(GAME_AGENTS[agent], f"any_{agent}")


def _board(game: Game[Any], root: Any) -> None:
    """The position's board, as the game draws it."""
    st.markdown(game.svg(root), unsafe_allow_html=True)
    st.caption(f"Position: {code(game.to_text(root) or '(the start)')}")


def show_any_result(game: Game[Any], name: str, root: Any, res: SearchResult) -> None:
    """The answer (move, value), the board, the per-move table, the verdict and the
    tree of a search ``res`` of ``root``."""
    label = game.label(root, res.move)
    value = "" if res.value is None else f", value {value_words(res.value)}"
    left, right = st.columns([2, 3])
    with left:
        _board(game, root)
    with right:
        st.markdown(
            f"**{escape_markdown(res.trace.algorithm)}** chose **{escape_markdown(label)}**"
            f"{escape_markdown(value)} for player {game.to_move(root) + 1}, the player to move."
        )
        exact = exact_values(name, game.to_text(root))
        _verdict(game, root, res.move, exact)
        table = moves_frame(res, game, root, exact)
        st.dataframe(
            styled(table),
            hide_index=True,
            key=f"any_table_{id(res.trace)}",
            column_config=fitted_columns(table),
        )
        st.caption(
            "Values are for the player to move at the root, in the agent's unit "
            f"({escape_markdown(res.trace.value_kind)}); won and lost games in plies."
        )
    tree_section(res.trace, VIEW)


def _verdict(game: Game[Any], root: Any, move: int, exact: dict[int, int] | None) -> None:
    """The verdict in words, or that no exact values are known for this position."""
    if exact is None:
        st.info(
            "No exact values are known for this position: the solver would search more "
            f"than {NODE_BUDGET:,} nodes, so the move is not judged."
        )
        return
    st.success(escape_markdown(f"Verdict: {verdict_words(game, root, move, exact)}"))


def moves_frame(
    res: SearchResult, game: Game[Any], root: Any, exact: dict[int, int] | None
) -> pd.DataFrame:
    """One row per move of ``res`` by its label: the agent's value for the player to
    move at the root (a won or lost game in words, never the search's internal
    number), what the agent counted, and the exact value where known."""
    rows = []
    for m in res.moves:
        row = {"move": m.label or game.label(root, m.column), **_value_cells(m)}
        row.update({k: v for k, v in m.extra.items() if k != "chosen"})
        if exact is not None:
            row["exact"] = exact_words(exact[m.column])
        row["chosen"] = "yes" if m.column == res.move else ""
        rows.append(row)
    return pd.DataFrame(rows)


def _value_cells(m: MoveStat) -> dict[str, Any]:
    """A row's value (None when a won or lost game, said in words) and its words."""
    if m.value is None:
        return {"value": None, "in words": m.text or "not searched"}
    bound = m.text.startswith("at most")  # a window cut the move: an upper bound
    words = value_words(m.value, at_most=bound) + (": cut by the window" if bound else "")
    if abs(m.value) >= PROVEN:
        return {"value": None, "in words": words}
    return {"value": m.value, "in words": words if bound else ""}
