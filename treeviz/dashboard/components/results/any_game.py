"""Another game's search result (not Connect 4's): the answer (move and value for the
player to move), the board as the game draws it, the verdict against exact values
where the solver reaches them (:mod:`.any_exact`), the per-move table by move label,
and the tree with its node panel, replay and icicle, all read from the result and its
trace (the root is the trace's, the game the trace's)."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from treeviz.dashboard.components.results.any_exact import (
    NODE_BUDGET,
    exact_values,
    exact_words,
    value_words,
    verdict_words,
)
from treeviz.dashboard.components.results.tree import tree_section
from treeviz.dashboard.components.tables import fitted_columns, styled
from treeviz.dashboard.components.text import code, escape_markdown
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.draw.view import OUTCOME_ONLY, value_kind_text
from treeviz.rules.protocol import PLAYERS, Game, can_draw
from treeviz.trace.analysis import game_row_outcome
from treeviz.trace.nodes import MoveStat, SearchResult
from treeviz.trace.numbers import value_with_unit
from treeviz.trace.values import PROVEN, outcome_text

# The outcome heuristic's one value short of a result: a finished draw, or a game the
# search left undecided at its depth (it scores nothing else).
OUTCOME_ZERO = "0 (a draw, or no result within the search's depth)"
DRAWLESS_ZERO = "0 (no result within the search's depth: this game cannot draw)"


def board(game: Game[Any], state: Any) -> None:
    """A position's board, as the game draws it, and its text."""
    st.markdown(game.svg(state), unsafe_allow_html=True)
    st.caption(f"Position: {code(game.to_text(state) or '(the start)')}")


def show_any_result(res: SearchResult, view: TreeView) -> None:
    """The answer (move, value), the board, the per-move table, the verdict and the
    tree (in ``view``) of another game's search ``res``."""
    game, root = res.trace.rules(), res.trace.state(0)
    label = game.label(root, res.move)
    value = "" if res.value is None else f", value {answer_value(res)}"
    left, right = st.columns([2, 3])
    with left:
        board(game, root)
    with right:
        st.markdown(
            f"**{escape_markdown(res.trace.algorithm)}** chose **{escape_markdown(label)}**"
            f"{escape_markdown(value)} for {PLAYERS[game.to_move(root)]}, the player to move."
        )
        exact = exact_values(res.trace.game, game.to_text(root))
        _verdict(game, root, res.move, exact)
        table = moves_frame(res, game, root, exact)
        st.dataframe(
            styled(table),
            hide_index=True,
            key=f"any_table_{id(res.trace)}",
            column_config=fitted_columns(table),
        )
        st.caption(
            "Values are for the player to move at the root, in the agent's unit: "
            f"{escape_markdown(value_kind_text(res.trace))}."
        )
    tree_section(res.trace, view)


def answer_value(res: SearchResult) -> str:
    """The chosen move's value (``res.value``, not None) in words: a won or lost game
    in plies (its outcome), an exact 0 as a draw, the outcome heuristic's 0 as what it
    is (no points: a draw, or no result within the depth), MCTS's mean result as one (a
    draw half a win, so not a win rate; in a game that cannot draw the share of playouts
    won), else the number in its unit (``-43 pts``)."""
    value, kind = float(res.value or 0), res.trace.value_kind
    draws = can_draw(res.trace.rules())
    if res.outcome is not None:
        return outcome_text(res.outcome, scored=False)
    if kind.startswith("exact"):
        return exact_words(int(value))
    if kind == "win_rate" and not draws:  # no draws: the mean result is the share won
        return f"{value:.1%} of its playouts won"
    if kind == "win_rate":  # draws count half: not the share of games won
        return f"{value:.1%} mean result (a win 1, a draw 0.5, a loss 0)"
    if kind == OUTCOME_ONLY:
        return OUTCOME_ZERO if draws else DRAWLESS_ZERO
    return value_with_unit(value, kind)


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
    move at the root (a won or lost game in words and in the game's unit, never the
    search's internal number), what the agent counted, and the exact value where
    known."""
    rows = []
    for m in res.moves:
        row = {"move": m.label or game.label(root, m.action), **value_cells(m)}
        row.update({k: v for k, v in m.extra.items() if k != "chosen"})
        if exact is not None:
            row["exact"] = exact_words(exact[m.action])
        row["chosen"] = "yes" if m.action == res.move else ""
        rows.append(row)
    return pd.DataFrame(rows)


def value_cells(m: MoveStat) -> dict[str, Any]:
    """A row's value and its words: a decided game in the game's unit (1 a win, -1 a
    loss; None where a cut left only "a win ... or worse") with the row's own words (in
    plies, a bound said as one), else the agent's number (words only for a bound)."""
    if m.value is None:
        return {"value": None, "in words": m.text or "not searched"}
    if m.outcome is not None:
        return {"value": m.value, "in words": m.text}
    if abs(m.value) >= PROVEN:  # a trace saved before rows read in the game's unit
        found = game_row_outcome(m.value, m.text)
        return {"value": None if found is None else found["score"], "in words": m.text}
    bound = m.text.startswith("at most")  # a window cut the move: an upper bound
    words = value_words(m.value, at_most=bound) + ": cut by the window"
    return {"value": m.value, "in words": words if bound else ""}
