"""The Review page: a whole game against the exact scores, as a graph, a move list
and each player's summary; any ply opens in the analysis view."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from treeviz.connect4.notation import parse_position
from treeviz.dashboard import cache, state
from treeviz.dashboard.nav import open_in_analysis
from treeviz.dashboard.tree import chart_event
from treeviz.draw.style import BOARD_FRAME, CLASS_COLOURS, SECOND_SERIES
from treeviz.errors import TreevizError
from treeviz.games.game import HUMAN, Game, GameFileError, checked_moves, loads_game
from treeviz.judge.review import Review
from treeviz.search import spec
from treeviz.settings import DEFAULT_AGENT

SOURCES = ["Game from Play", "Game from Arena", "Game file", "Move string"]


def reviewed(game: Game) -> Review:
    """The review of ``game``, computed once (with a progress bar) for every session."""
    final = game.position  # replays the moves: once
    if (kept := cache.REVIEWS.get(final.ident())) is not None:
        return kept
    bar = st.progress(0.0, text="Reviewing every move against the exact scores…")

    def progress(done: int, total: int) -> None:
        bar.progress(done / total, text=f"Reviewed {done} of {total} moves")

    out = cache.reviewed(final, progress)
    bar.empty()
    return out


def chosen_game() -> Game | None:
    """The game to review from the chosen source; a bad file or move string shows
    ``st.error`` and its valid part is reviewed."""
    s = st.session_state
    s.setdefault(state.REVIEW_SOURCE, SOURCES[0])
    source = st.sidebar.radio("Game", SOURCES, key=state.REVIEW_SOURCE)
    if source == "Game from Play":
        game = state.get(state.PLAY_GAME)
        if game is None or not game.moves:
            st.info("Play a game on the Play page first, or load a file or a move string.")
            return None
        return game
    if source == "Game from Arena":
        game = state.get(state.ARENA_GAME)
        if game is None:
            st.info("Open a stored game from the Arena page first.")
        return game
    if source == "Game file":
        upload = st.sidebar.file_uploader("Game file (.json)", type=["json"], key="review_file")
        if upload is None:
            st.info("Upload a game file (saved by the Play page or `treeviz play --save`).")
            return None
        try:
            return loads_game(upload.getvalue(), repr(upload.name))
        except GameFileError as exc:
            st.error(str(exc))
            return Game("?", "?", moves=exc.valid)
    text = st.sidebar.text_input("Moves (e.g. 4453...)", "4453", key="review_moves")
    try:
        return Game("?", "?", moves=parse_position(text).moves_string())
    except TreevizError as exc:
        st.error(str(exc))
        try:
            checked_moves(text.strip(), repr(text))
        except GameFileError as partial:
            return Game("?", "?", moves=partial.valid)
        return None


def review_page() -> None:
    """Load a game, see every move classified, open any position."""
    st.title("Review a game")
    game = chosen_game()
    if game is None or not game.moves:
        return
    out = reviewed(game)
    st.markdown(f"Moves `{game.moves}` · result **{out.result}** · {players_text(game)}")
    st.dataframe(summary_table(out), key="review_summary")
    ply = graph(out, game)
    table = move_list(out, game)
    st.dataframe(table.style.apply(_class_colour, axis=1), hide_index=True,
                 key="review_moves_table", height=320)  # fmt: skip
    opener(game, out, ply)


def players_text(game: Game) -> str:
    """Who played, as their specs were typed (typed moves have no players)."""
    if game.x == game.o == "?":
        return "players not recorded (moves typed in)"
    return f"X: `{game.x}` · O: `{game.o}`"


def summary_table(out: Review) -> pd.DataFrame:
    """One row per player: counts of each class and the accuracy in percent."""
    table = pd.DataFrame(out.summary()).T
    table["accuracy"] = [("" if a is None else f"{a:.0%}") for a in table["accuracy"]]
    return table


def move_list(out: Review, game: Game) -> pd.DataFrame:
    """Every ply: who played which column, its class, the exact scores and the agent's
    own value where an agent played."""
    agent = {p.ply: p for p in game.plies}
    rows = []
    for p in out.plies:
        rec = agent.get(p.ply)
        rows.append({
            "ply": p.ply, "player": p.player, "column": p.column, "class": p.cls,
            "score": p.score, "best score": p.best_score,
            "points lost": None if p.score is None or p.best_score is None
            else p.best_score - p.score,
            "best columns": " ".join(map(str, p.best_columns)),
            # the player as typed (each move's own seed stays in the game file)
            "by": game.spec_of(p.player),
            "agent value": rec.agent_value if rec else None,
        })  # fmt: skip
    return pd.DataFrame(rows)


def _class_colour(row: pd.Series) -> list[str]:
    colour = CLASS_COLOURS.get(str(row["class"]), "")
    return [f"color: {colour}; font-weight: bold" if k == "class" else "" for k in row.index]


def x_view(out: Review) -> list[float | None]:
    """The exact score from X's side after each ply (index 0: the start)."""
    values: list[float | None] = []
    for p in out.plies:
        sign = 1 if p.player == "X" else -1
        if not values:
            values.append(None if p.best_score is None else sign * p.best_score)
        values.append(None if p.score is None else sign * p.score)
    return values


def graph(out: Review, game: Game) -> int | None:
    """The evaluation graph: exact score (X's view) after each ply, each point coloured
    by the class of the move that led there; agents' own values on a second axis.
    Returns the ply of a clicked point."""
    from streamlit_echarts import st_echarts

    exact = x_view(out)
    points = [{"value": [0, exact[0]], "itemStyle": {"color": BOARD_FRAME}}] + [
        {"value": [p.ply, exact[p.ply]], "symbolSize": 7 if p.cls == "best" else 13,
         "itemStyle": {"color": CLASS_COLOURS[p.cls]},
         "name": f"{p.ply}. {p.player}{p.column} {p.cls}"}
        for p in out.plies
    ]  # fmt: skip
    series: list[dict[str, Any]] = [{"type": "line", "name": "exact score (X's view)",
                                     "data": points, "connectNulls": False}]  # fmt: skip
    own = [[p.ply, p.agent_value] for p in game.plies if p.agent_value is not None]
    if own:
        series.append({"type": "scatter", "name": "agent's own value", "yAxisIndex": 1,
                       "data": own, "itemStyle": {"color": SECOND_SERIES},
                       "symbol": "diamond"})  # fmt: skip
    options = {
        "grid": {"left": 48, "right": 56, "top": 30, "bottom": 36},
        "legend": {"top": 0},
        "tooltip": {"trigger": "item"},
        "xAxis": {"type": "value", "name": "ply", "min": 0, "max": len(out.plies)},
        "yAxis": [{"type": "value", "name": "exact"}, {"type": "value", "name": "agent"}],
        "series": series, "animation": False,
    }  # fmt: skip
    st.caption("Exact score after each move, from X's side (above 0: X wins with best "
               "play). Points: green best, olive inaccuracy, orange mistake, red blunder. "
               "Click a point to open that position.")  # fmt: skip
    clicked = st_echarts(options, height="300px", renderer="svg", key="review_graph",
                         events={"click": "function(p){return p.value[0]}"})  # fmt: skip
    value = chart_event(clicked)
    return int(value) if isinstance(value, int | float) else None


def opener(game: Game, out: Review, clicked: int | None) -> None:
    """Open the position before a ply in the analysis view, with the agent that played
    it preselected (a human's ply opens with alpha-beta)."""
    plies = [p.ply for p in out.plies]
    fresh = clicked != st.session_state.get("review_clicked")  # a click is reported again
    if clicked is not None and clicked in plies and fresh:
        st.session_state["review_clicked"] = clicked
        open_in_analysis(game.position_at(clicked - 1), _agent_of(game, clicked))
        st.rerun()
    ply = st.selectbox("Ply", plies, key="review_ply",
                       format_func=lambda n: f"{n}. {out.plies[n - 1].player} plays "
                       f"{out.plies[n - 1].column} ({out.plies[n - 1].cls})")  # fmt: skip
    st.button("Open the position before this ply in the analysis view", key="review_open",
              on_click=open_in_analysis,
              args=(game.position_at(ply - 1), _agent_of(game, ply)))  # fmt: skip


def _agent_of(game: Game, ply: int) -> str:
    """The spec that played ``ply`` (alpha-beta for a human or an unknown player)."""
    for p in game.plies:
        if p.ply == ply and p.spec and p.spec != HUMAN:
            return p.spec
    text = game.spec_of("X" if ply % 2 == 1 else "O")
    try:
        return str(spec(text))
    except TreevizError:
        return DEFAULT_AGENT.default
