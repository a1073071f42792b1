"""The Review page: a whole game against the exact scores, as a graph beside the board
(which follows the arrow keys, the graph's points and the move list), each agent's own
values from X's side, each player's summary; any ply opens in the analysis view."""

from __future__ import annotations

from functools import partial
from typing import Any

import pandas as pd
import streamlit as st

from treeviz.agents.registry import AgentSpec, spec
from treeviz.connect4.notation import parse_position
from treeviz.dashboard import state
from treeviz.dashboard.components.board import board_html
from treeviz.dashboard.components.chart_clicks import chart_event
from treeviz.dashboard.components.game_picker import connect4_only
from treeviz.dashboard.components.games import SESSION_GAMES, reviewed, session_game
from treeviz.dashboard.components.nav import open_in_analysis
from treeviz.dashboard.components.numbers import exact_label
from treeviz.dashboard.components.tables import drop_silent, fitted_columns, styled
from treeviz.dashboard.components.text import code, escape_markdown
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.pages.review.state import (
    AGENT_GRAPH,
    DEFAULT_MOVES,
    FILE,
    GAME,
    GRAPH,
    MOVES,
    OPEN,
    SOURCE,
    SOURCES,
    SUMMARY,
    TABLE,
    VIEW,
)
from treeviz.draw.style import BOARD_FRAME, CLASS_COLOURS, SECOND_SERIES, STONES
from treeviz.errors import TreevizError
from treeviz.games.game import HUMAN, Game, GameFileError, checked_moves, loads_game
from treeviz.judge.review import Review
from treeviz.settings import DEFAULT_AGENT, GAME_UPLOAD_MB
from treeviz.trace.kinds import ValueKind
from treeviz.trace.values import kind_text


def chosen_game() -> Game | None:
    """The game to review from the chosen source; a bad file or move string shows
    ``st.error`` and its valid part is reviewed."""
    state.preset(SOURCE, SOURCES[0])
    source = st.sidebar.radio("Game", SOURCES, key=SOURCE)
    if source in SESSION_GAMES:
        return session_game(source)
    if source == "Game file":
        upload = st.sidebar.file_uploader(
            "Game file (.json)", type=["json"], key=FILE, max_upload_size=GAME_UPLOAD_MB
        )
        if upload is None:
            st.info("Upload a game file (saved by the Play page or `treeviz play --save`).")
            return None
        try:
            return loads_game(upload.getvalue(), repr(upload.name))
        except GameFileError as exc:
            show_error(str(exc))
            return Game("?", "?", moves=exc.valid)
    text = st.sidebar.text_input("Moves (e.g. 4453...)", DEFAULT_MOVES, key=MOVES)
    try:
        return Game("?", "?", moves=parse_position(text).moves_string())
    except TreevizError as exc:
        show_error(str(exc))
        try:
            checked_moves(text.strip(), repr(text))
        except GameFileError as partial:
            return Game("?", "?", moves=partial.valid)
        return None


def review_page() -> None:
    """Load a game, walk through it on the board beside the graph (arrow keys, the
    graph's points or the move list's rows), see every move classified, open any
    position."""
    st.title("Review a game")
    connect4_only()
    game = chosen_game()
    if game is None or not game.moves:
        return
    state.put(GAME, game)  # the game just reviewed, for other pages
    out = reviewed(game)
    st.markdown(f"Moves `{game.moves}` · result **{out.result}** · {players_text(game)}")
    summary = summary_table(out)
    st.dataframe(summary, key=SUMMARY, column_config=fitted_columns(summary, index=True))
    at = VIEW.ply(game.moves, len(out.plies))
    left, right = st.columns([3, 2])
    with left:
        graph(out, at)
        agent_graph(game, at)
    with right:
        board_panel(game, out, at)
    table = move_list(out, game)
    st.caption("The move list: choose a row to show that move on the board.")
    st.dataframe(
        styled(table).apply(_class_colour, axis=1),
        hide_index=True,
        key=TABLE,
        height=320,
        column_config=fitted_columns(table),
        on_select=partial(_on_row, game),
        selection_mode="single-row",
    )
    opener(game, out, at)


def _on_row(game: Game) -> None:
    """Callback of the move list: show the chosen row's ply."""
    rows = state.widget_value(TABLE).selection.rows
    if rows:
        VIEW.go(rows[0] + 1)  # one row per ply, in order, whatever the sorting shown


def _on_point() -> None:
    """Callback of the graph: show the clicked point's ply."""
    value = chart_event(state.widget_value(GRAPH))
    if value is not None:
        VIEW.go(int(float(str(value).rsplit("@", 1)[0])))


def board_panel(game: Game, out: Review, at: int) -> None:
    """The board after ply ``at``, the move that led there, and the controls (also on
    the keyboard: Left, Right, Home, End)."""
    n = len(out.plies)
    steps = (
        ("first_page", "Home", 0),
        ("chevron_left", "Left", at - 1),
        ("chevron_right", "Right", at + 1),
        ("last_page", "End", n),
    )
    row = st.container(horizontal=True, gap="small")  # sized to their icons, never cut
    for icon, key, ply in steps:
        row.button(
            f":material/{icon}:",
            key=VIEW.widget(key.lower()),
            shortcut=key,
            on_click=VIEW.go,
            args=(min(ply, n),),
            help=f"keyboard: {key}",
            disabled=ply < 0 or ply > n or ply == at,
        )
    st.markdown(board_html(game.position_at(at), 26), unsafe_allow_html=True)
    if at == 0:
        st.markdown("**Start** · before the first move")
        return
    p = out.plies[at - 1]
    lost = (
        "" if p.score is None or p.best_score is None else f", {p.best_score - p.score} points lost"
    )
    best = " ".join(map(str, p.best_columns))
    st.markdown(f"**{p.ply}. {p.player} plays {p.column}** · {p.cls}{lost}")
    if p.score is not None:
        st.caption(
            f"Exact score {exact_label(p.score)} for {p.player} (best {exact_label(p.best_score)}, "
            f"column{'s' if len(p.best_columns) > 1 else ''} {best})"
        )


def players_text(game: Game) -> str:
    """Who played, as their specs were typed (typed moves have no players)."""
    if game.x == game.o == "?":
        return "players not recorded (moves typed in)"
    return f"X: {code(game.x)} · O: {code(game.o)}"


def summary_table(out: Review) -> pd.DataFrame:
    """One row per player: counts of each class and the accuracy in percent."""
    table = pd.DataFrame(out.summary()).T
    table["accuracy"] = [("" if a is None else f"{a:.0%}") for a in table["accuracy"]]
    table[list(CLASS_COLOURS)] = table[list(CLASS_COLOURS)].astype(int)  # counts
    # the classes always (none is news), moves of unknown class only when there are some
    return drop_silent(table, {"unknown": 0}, tuple(c for c in CLASS_COLOURS if c != "unknown"))


def move_list(out: Review, game: Game) -> pd.DataFrame:
    """Every ply: who played which column, its class, the exact scores and the agent's
    own value where an agent played."""
    agent = {p.ply: p for p in game.plies}
    rows = []
    for p in out.plies:
        rec = agent.get(p.ply)
        rows.append(
            {
                "ply": p.ply,
                "player": p.player,
                "column": p.column,
                "class": p.cls,
                "score": p.score,
                "best score": p.best_score,
                "points lost": None
                if p.score is None or p.best_score is None
                else p.best_score - p.score,
                "best columns": " ".join(map(str, p.best_columns)),
                # the player as typed (each move's own seed stays in the game file)
                "by": game.spec_of(p.player),
                "agent value": rec.agent_value if rec else None,
            }
        )
    # typed moves: no players, no agents' values; unknown scores: no points lost
    return drop_silent(pd.DataFrame(rows), {"by": "?"}, ("ply", "player", "column", "class"))


def _class_colour(row: pd.Series) -> list[str]:
    colour = CLASS_COLOURS.get(str(row["class"]), "")
    return [f"color: {colour}; font-weight: bold" if k == "class" else "" for k in row.index]


def graph(out: Review, at: int) -> None:
    """The evaluation graph: exact score from X's side after each ply, each point
    coloured by the class of the move that led there, the shown ply marked; a click
    shows that ply on the board."""
    from streamlit_echarts import st_echarts

    exact = out.x_scores
    points = [{"value": [0, exact[0]], "itemStyle": {"color": BOARD_FRAME}}] + [
        {
            "value": [p.ply, exact[p.ply]],
            "symbolSize": 7 if p.cls == "best" else 13,
            "itemStyle": {"color": CLASS_COLOURS[p.cls]},
            "name": f"{p.ply}. {p.player}{p.column} {p.cls}",
        }
        for p in out.plies
    ]
    series = [
        {
            "type": "line",
            "name": "exact score (X's side)",
            "data": points,
            "connectNulls": False,
            "markLine": _at_line(at),
        }
    ]
    options = {
        "grid": {"left": 48, "right": 24, "top": 30, "bottom": 36},
        "legend": {"top": 0},
        "tooltip": {"trigger": "item"},
        "xAxis": {"type": "value", "name": "ply", "min": 0, "max": len(out.plies)},
        "yAxis": {"type": "value", "name": "exact score"},
        "series": series,
        "animation": False,
    }
    st.caption(
        "Exact score after each move, from X's side (above 0: X wins with best "
        "play). Points: green best, olive inaccuracy, orange mistake, red blunder. "
        "Click a point to show it on the board."
    )
    st_echarts(
        options,
        height="300px",
        renderer="svg",
        key=GRAPH,
        events={"click": "function(p){return p.value[0] + '@' + Date.now()}"},
        on_change=_on_point,
    )


def _at_line(at: int) -> dict[str, Any]:
    """A vertical line at the shown ply."""
    return {
        "symbol": "none",
        "silent": True,
        "label": {"show": False},
        "lineStyle": {"color": SECOND_SERIES, "type": "dashed"},
        "data": [{"xAxis": at}],
    }


def x_side(value: float, kind: str, player: str) -> float:
    """An agent's own value (for the player who moved) from X's side: negated for O,
    or for a win rate (0.5 even) one minus it."""
    if player == "X":
        return value
    return 1.0 - value if ValueKind.parse(kind).base == "win_rate" else -value


AXIS_NAMES = {
    "win_rate": "mean result",
    "heuristic": "points",
    "exact": "exact score",
    "user": "value",
}  # short axis titles; the caption says them in full


def agent_graph(game: Game, at: int) -> None:
    """The agents' own values after their moves, from X's side, one axis per kind of
    value (a win rate and heuristic points are never on one axis)."""
    from streamlit_echarts import st_echarts

    plies = [p for p in game.plies if p.agent_value is not None and p.value_kind]
    kinds = list(dict.fromkeys(str(p.value_kind) for p in plies))
    if not plies or any(ValueKind.parse(k).base == "probability" for k in kinds):
        return
    series = []
    for player in ("X", "O"):
        mine = [p for p in plies if p.player == player]
        for kind in dict.fromkeys(str(p.value_kind) for p in mine):
            data = [
                [p.ply, round(x_side(float(p.agent_value or 0), kind, player), 4)]
                for p in mine
                if p.value_kind == kind
            ]
            colour = {"color": STONES[player]}
            series.append(
                {
                    "type": "line",
                    "name": f"{player}: {game.spec_of(player)}",
                    "yAxisIndex": kinds.index(kind),
                    "data": data,
                    "itemStyle": colour,
                    "symbol": "diamond",
                }
            )
    series[0]["markLine"] = _at_line(at)
    axes = [
        {"type": "value", "name": AXIS_NAMES.get(ValueKind.parse(k).base, "value")} for k in kinds
    ]
    options = {
        "grid": {"left": 48, "right": 48, "top": 44, "bottom": 36},
        "legend": {"top": 0},
        "tooltip": {"trigger": "item"},
        "xAxis": {"type": "value", "name": "ply", "min": 0, "max": len(game.moves)},
        "yAxis": axes,
        "series": series,
        "animation": False,
    }
    st.caption(
        "Each agent's own value after its move, turned to X's side (above the "
        "middle: good for X); "
        + " · ".join(f"axis {i + 1}: {escape_markdown(kind_text(k))}" for i, k in enumerate(kinds))
    )
    st_echarts(options, height="260px", renderer="svg", key=AGENT_GRAPH)


def opener(game: Game, out: Review, at: int) -> None:
    """Open the position before the shown ply in the analysis view, with the agent
    that played it preselected (a human's ply opens with alpha-beta)."""
    ply = max(1, at)
    p = out.plies[ply - 1]
    st.button(
        f"Open the position before {p.ply}. {p.player} plays {p.column} in the analysis view",
        key=OPEN,
        on_click=open_in_analysis,
        args=(game.position_at(ply - 1), _agent_of(game, ply)),
    )


def _agent_of(game: Game, ply: int) -> str | AgentSpec:
    """The agent that played ``ply``: its spec as the game records it (parsed when the
    position is opened), else the player's, parsed here (alpha-beta for a human or a
    player that names no agent this dashboard has)."""
    for p in game.plies:
        if p.ply == ply and p.spec and p.spec != HUMAN:
            return p.spec
    text = game.spec_of("X" if ply % 2 == 1 else "O")
    try:
        return spec(text)
    except TreevizError:
        return DEFAULT_AGENT.default
