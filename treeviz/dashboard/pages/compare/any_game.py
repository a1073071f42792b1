"""Compare two searches on another game than Connect 4 (tic-tac-toe, Nim, Othello,
Hex, ...): both agents on any game on the same position, typed in the game's
notation; the board as the game draws it, each search's answer and its verdict
against exact values where the solver reaches them, one per-move table by move label
with both searches side by side (what differs highlighted), their statistics, and
both trees with each selected node's board. The two searches run once per Compare;
a click on a tree reruns the page, not the searches."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd
import streamlit as st

from treeviz.agents.any_game.registry import game_spec, search_game
from treeviz.agents.stopping import watching
from treeviz.dashboard import state
from treeviz.dashboard.components.game_position import choose_game_position
from treeviz.dashboard.components.inputs import setting_widget
from treeviz.dashboard.components.results.any_exact import exact_words, verdict_words
from treeviz.dashboard.components.results.any_game import answer_value, board, value_cells
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.components.text import escape_markdown
from treeviz.errors import TreevizError
from treeviz.rules.protocol import PLAYERS, Game
from treeviz.rules.registry import load_game
from treeviz.settings import RUN_SECONDS
from treeviz.trace.nodes import SearchResult

SPEC_A, SPEC_B = "compare_any_a", "compare_any_b"  # the two agent specs, as typed
RUN = "compare_any_run"  # the Compare button
SHOWN = "compare_any_shown"  # (request, both results) of the comparison shown
DEFAULTS = ("alphabeta:depth=2", "mcts:iterations=300")  # quick on every game's start


@dataclass(frozen=True)
class Comparison:
    """Two searches of one position of ``game``: the specs as typed, their results."""

    game: Game[Any]
    root: Any
    specs: tuple[str, str]
    results: list[SearchResult]


def position_key(game: str) -> str:
    """The position box of ``game`` on this page (one per game)."""
    return f"compare_position_{game}"


def compare_any_game(name: str) -> Comparison | None:
    """The sidebar and the searches of Compare on the registered game ``name``: both
    results once Compare has run on what the sidebar shows, else None (the board
    drawn and what to do said, or an error quoting what cannot be read)."""
    game = load_game(name)
    root = choose_game_position(game, position_key(name))
    a = st.sidebar.text_input("First agent spec", DEFAULTS[0], key=SPEC_A)
    b = st.sidebar.text_input("Second agent spec", DEFAULTS[1], key=SPEC_B)
    budget = float(setting_widget(RUN_SECONDS))
    run = st.sidebar.button("Compare", type="primary", key=RUN)
    if root is None:
        return None
    if game.outcome(root) is not None:
        board(game, root)
        st.info("The game is over: there is nothing to compare.")
        return None
    request = (name, game.to_text(root), a, b)
    shown = state.get(SHOWN)
    if run:
        try:
            with st.spinner("Running both agents…"):
                shown = (request, both_searches(game, root, (a, b), budget))
        except TreevizError as exc:
            show_error(str(exc))
            return None
        state.put(SHOWN, shown)
    if shown is None or shown[0] != request:
        board(game, root)
        st.info("Press **Compare** to run both agents on this position.")
        return None
    return Comparison(game, root, (a, b), shown[1])


def both_searches(
    game: Game[Any], root: Any, specs: tuple[str, str], budget: float
) -> list[SearchResult]:
    """Both specs (each checked first, so a bad second one runs neither) searched on
    ``root``, stopped together after ``budget`` seconds: a
    :class:`~treeviz.errors.TreevizError` quotes what is wrong."""
    checked = [game_spec(text) for text in specs]
    with watching(budget):
        return [search_game(game, root, spec) for spec in checked]


def show_answers(found: Comparison, exact: dict[int, int] | None) -> None:
    """Each search's move and value for the player to move, and its verdict against
    the ``exact`` values (or that none are known), side by side."""
    game, root = found.game, found.root
    cols = st.columns(2)
    for i, (text, res) in enumerate(zip(found.specs, found.results, strict=True)):
        with cols[i]:
            st.subheader(f"{'AB'[i]}: {escape_markdown(text)}")
            value = "" if res.value is None else f", value {answer_value(res)}"
            st.markdown(
                f"Chose **{escape_markdown(game.label(root, res.move))}**"
                f"{escape_markdown(value)} for {PLAYERS[game.to_move(root)]}."
            )
            if exact is None:
                st.info("No exact values are known for this position: the move is not judged.")
            else:
                st.success(
                    escape_markdown(f"Verdict: {verdict_words(game, root, res.move, exact)}")
                )


def joined_moves(found: Comparison, exact: dict[int, int] | None) -> pd.DataFrame:
    """One row per legal move, by its label: each search's value for the player to
    move at the root and its words (a won or lost game in plies, never the search's
    internal number; ``(chosen)`` on the move it chose), and the exact value in words
    where known."""
    a, b = found.results
    rows = []
    for ma, mb in zip(a.moves, b.moves, strict=True):
        row: dict[str, Any] = {"move": ma.label or found.game.label(found.root, ma.action)}
        for name, m, res in (("A", ma, a), ("B", mb, b)):
            cells = value_cells(m)
            row[f"{name} value"] = cells["value"]
            chosen = " (chosen)" if m.action == res.move else ""
            row[f"{name} in words"] = (cells["in words"] + chosen).strip()
        if exact is not None:
            row["exact"] = exact_words(exact[ma.action])
        rows.append(row)
    return pd.DataFrame(rows)
