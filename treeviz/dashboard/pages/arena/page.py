"""The Arena page: a tournament between agent specs or a sweep of one agent's settings,
played here, on local worker processes or on a Dask cluster; the cross table fills
as games finish; ratings with interval bars, accuracy per agent, sweep charts; any
stored game opens in the Review page.

Games go to an SQLite file, so the results survive reruns and a run that was stopped
resumes where it stopped: the session's own, or one named in the folder the server was
started with (``treeviz app --arena-dir``). Where games are played (local processes,
or the cluster named at start: ``treeviz app --cluster``) and where files go are the
server's choice, never a visitor's.
"""

from __future__ import annotations

import atexit
import functools
import math
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import altair as alt
import pandas as pd
import streamlit as st

from treeviz.agents.registry import AGENTS
from treeviz.arena import parse_grid, run_arena, run_sweep
from treeviz.arena.report import report
from treeviz.arena.store import Store
from treeviz.dashboard import state
from treeviz.dashboard.components.game_picker import connect4_only
from treeviz.dashboard.components.inputs import MAX_WIDGET_INT
from treeviz.dashboard.components.numbers import count, missing, percent, seconds, short_seeds
from treeviz.dashboard.components.tables import fitted_columns
from treeviz.dashboard.components.text import code
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.pages.arena.state import (
    ACCURACY,
    AGAINST,
    AGENT,
    CROSS,
    DB_NAME,
    DEFAULTS,
    GAMES,
    GAMES_TABLE,
    GRID,
    JUDGE,
    MODE,
    MODES,
    OPEN,
    PICK,
    PLAYERS,
    RATINGS,
    RESULT,
    RUN,
    SEED,
    SESSION_DB,
    SPEED,
    SWEEP,
    WORKERS,
)
from treeviz.dashboard.server import environment
from treeviz.draw.style import BAR
from treeviz.errors import TreevizError
from treeviz.games.game import Game
from treeviz.settings import ARENA_PLY_SECONDS


def arena_page() -> None:
    """Options in the sidebar; Run plays; results from the database below."""
    st.title("Arena")
    connect4_only()
    for key, value in DEFAULTS.items():
        state.preset(key, value)
    mode = st.sidebar.radio("Run", MODES, horizontal=True, key=MODE)
    job = tournament_inputs() if mode == "Tournament" else sweep_inputs()
    options = shared_inputs()
    st.sidebar.caption(
        f"{_total(mode, job, options['games'])} games scheduled (stored ones are not played again)"
    )
    if st.sidebar.button("Run", type="primary", key=RUN):
        try:
            options["db"] = database(options["db"])
            state.put(RESULT, play(mode, job, options))
        except TreevizError as exc:
            show_error(str(exc))
        except OSError as exc:
            show_error(f"cannot use {options['db']!r}: {exc}")
    result = state.get(RESULT)
    if result is None:
        st.info("Choose players (or a sweep) and press Run. Games are stored as they finish.")
        return
    show_result(result)
    games_list(result["db"])


def tournament_inputs() -> dict[str, Any]:
    """The players: one spec per line."""
    text = st.sidebar.text_area("Players (one agent spec per line)", key=PLAYERS, height=110)
    return {"specs": [line.strip() for line in text.splitlines() if line.strip()]}


def sweep_inputs() -> dict[str, Any]:
    """The swept agent, its grid (one ``name=v1,v2`` per line) and the opponent."""
    agent = st.sidebar.selectbox("Agent swept", list(AGENTS), key=AGENT)
    grid = st.sidebar.text_area("Grid (one name=v1,v2,... per line)", key=GRID, height=80)
    against = st.sidebar.text_input("Against", key=AGAINST)
    lines = [line for line in grid.splitlines() if line.strip()]
    return {"agent": agent, "lines": lines, "against": against}


def shared_inputs() -> dict[str, Any]:
    """Games, where to play, seed, database, judging."""
    side = st.sidebar
    games = int(side.number_input("Games per pair", 1, 10_000, key=GAMES))
    cluster = environment.cluster()
    if cluster is None:
        workers = int(
            side.number_input("Local worker processes", 1, max(2, os.cpu_count() or 1), key=WORKERS)
        )
    else:
        workers = 1
        side.caption(
            f"Games are played on the Dask cluster this dashboard was started with "
            f"({code(cluster)})."
        )
    seed = int(side.number_input("Seed", 0, MAX_WIDGET_INT, key=SEED))
    judge = side.checkbox("Judge every move against the exact scores", key=JUDGE)
    ply_seconds = ARENA_PLY_SECONDS.default if judge else 0.0
    return {
        "games": games,
        "workers": workers,
        "cluster": cluster,
        "seed": seed,
        "db": database_name(),
        "ply_seconds": ply_seconds,
    }


def database_name() -> str:
    """The name of a database in the server's folder, when it was started with one
    ('' for this session's own)."""
    folder = environment.arena_dir()
    if folder is None:
        return ""
    label = f"Database name (kept in {folder}; empty: this session's)"
    return str(st.sidebar.text_input(label, key=DB_NAME)).strip()


def database(name: str) -> str:
    """The file of database ``name`` in the server's folder, or this session's own."""
    return str(environment.arena_db(name)) if name else session_db()


def session_db() -> str:
    """This session's own database file, in a folder of its own under
    :func:`sessions_folder`."""
    if state.get(SESSION_DB) is None:
        folder = Path(tempfile.mkdtemp(prefix="session-", dir=sessions_folder()))
        state.put(SESSION_DB, str(folder / "arena.db"))
    return str(state.get(SESSION_DB))


@functools.cache
def sessions_folder() -> Path:
    """The server's one folder for its sessions' databases, made at the first
    tournament and removed with everything in it when the server exits: a session
    has no end Streamlit announces, and a folder per session left behind would
    outlive every server."""
    folder = Path(tempfile.mkdtemp(prefix="treeviz-arena-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def play(mode: str, job: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """Run the tournament or sweep, showing progress and the cross table as games
    finish; returns the final report with the database's path and the mode."""
    bar, table = st.progress(0.0, text="Starting…"), st.empty()
    games = options.pop("games")
    start, count = time.monotonic(), [0]
    total = _total(mode, job, games)

    def on_game(game: dict[str, Any]) -> None:
        count[0] += 1
        rate = count[0] / max(time.monotonic() - start, 1e-9)
        left = max(0, total - count[0])
        bar.progress(
            min(1.0, count[0] / max(total, 1)),
            text=f"{count[0]} games played · {rate:.2f} games/s · ETA {left / rate:.0f} s",
        )
        with Store(options["db"], create=False) as store:
            table.dataframe(cross_table(report(store.games())))

    if mode == "Tournament":
        out = run_arena(job["specs"], games, on_game=on_game, **options)
    else:
        out = run_sweep(
            job["agent"],
            parse_grid(job["lines"]),
            against=job["against"],
            games=games,
            on_game=on_game,
            **options,
        )
    bar.empty()
    table.empty()
    return {**out, "db": options["db"], "mode": mode}


def _total(mode: str, job: dict[str, Any], games: int) -> int:
    """Games the run schedules (for the ETA; stored ones are skipped quickly)."""
    if mode == "Tournament":
        n = len(job["specs"])
        return games * n * (n - 1) // 2
    try:
        grid = parse_grid(job["lines"])
    except TreevizError:
        return 0  # Run shows the error
    return games * math.prod(len(values) for values in grid.values())


def cross_table(out: dict[str, Any]) -> pd.DataFrame:
    """Row player's score against each column player: ``score (W-D-L)``."""
    specs = [p["spec"] for p in out["players"]]
    cells = pd.DataFrame("", index=specs, columns=specs)
    for q in out["pairs"]:
        a, b = q["a"], q["b"]
        cells.loc[a, b] = f"{percent(q['a_score'])} ({q['a_wins']}-{q['draws']}-{q['b_wins']})"
        cells.loc[b, a] = f"{percent(1 - q['a_score'])} ({q['b_wins']}-{q['draws']}-{q['a_wins']})"
    short = [short_seeds(s) for s in specs]  # a 16-digit seed pushed the table off screen
    return cells.set_axis(short, axis=0).set_axis(short, axis=1)


def show_result(out: dict[str, Any]) -> None:
    """The cross table, ratings with their intervals, accuracy, and a sweep's charts."""
    st.markdown(
        f"**{out['games']} games** stored in {code(out['db'])} ({out['played']} played "
        "by the last Run)"
    )
    if not out["games"]:
        return
    if "sprt" in out:
        st.caption(f"SPRT: {out['sprt']}")
    left, right = st.columns(2)
    left.markdown("##### Cross table (row's score against column)")
    cross = cross_table(out)
    left.dataframe(cross, key=CROSS, column_config=fitted_columns(cross, index=True))
    right.markdown("##### Ratings (Elo, 95% interval)")
    right.altair_chart(rating_chart(out["players"]), key=RATINGS)
    st.markdown("##### Accuracy against the exact scores")
    accuracy = accuracy_table(out["players"])
    st.dataframe(
        accuracy_styled(accuracy),
        hide_index=True,
        key=ACCURACY,
        column_config=fitted_columns(accuracy),
    )
    if out.get("mode") == "Sweep":
        sweep_charts(out)


def rating_chart(players: list[dict[str, Any]]) -> Any:
    """One bar per player from 0 to its rating, a tick at the rating (seen at 0 too),
    and its interval as an error bar."""
    data = pd.DataFrame(players)[["spec", "rating", "rating_low", "rating_high"]]
    # whole specs as labels (Vega cuts them at 180 px), and on hover with the figures
    base = alt.Chart(data).encode(
        y=alt.Y("spec:N", sort="-x", title=None, axis=alt.Axis(labelLimit=0)),
        tooltip=[
            alt.Tooltip("spec:N", title="player"),
            alt.Tooltip("rating:Q", format=".0f"),
            alt.Tooltip("rating_low:Q", title="95% low", format=".0f"),
            alt.Tooltip("rating_high:Q", title="95% high", format=".0f"),
        ],
    )
    bars = base.mark_bar().encode(x=alt.X("rating:Q", title="Elo"))
    rules = base.mark_rule(color="black").encode(x="rating_low:Q", x2="rating_high:Q")
    # a tick at each rating: a bar from 0 has no length at a rating of exactly 0
    ticks = base.mark_tick(color=BAR, thickness=3).encode(x="rating:Q")
    return alt.layer(bars, rules, ticks).properties(height=40 * len(players) + 30)


def accuracy_table(players: list[dict[str, Any]]) -> pd.DataFrame:
    """Per player: accuracy, faults per game, time and nodes per move."""
    cols = {
        "spec": "player",
        "games": "games",
        "score": "score",
        "accuracy": "best moves",
        "inaccuracies_per_game": "inaccuracies/game",
        "mistakes_per_game": "mistakes/game",
        "blunders_per_game": "blunders/game",
        "time_per_move": "s/move",
        "nodes_per_move": "nodes/move",
    }
    return pd.DataFrame(players)[list(cols)].rename(columns=cols)


def accuracy_styled(table: pd.DataFrame) -> Any:
    """:func:`accuracy_table` as read: score and best moves as percentages, faults per
    game to two decimals, seconds to what can be told apart, nodes whole, seeds short
    (the numbers stay numbers, so the columns sort)."""
    faults = ("inaccuracies/game", "mistakes/game", "blunders/game")
    formats: dict[str, Any] = {
        "player": short_seeds,
        "score": percent,
        "best moves": percent,
        "s/move": seconds,
        "nodes/move": count,
    }
    formats |= {c: (lambda v: "" if missing(v) else f"{float(v):.2f}") for c in faults}
    return table.style.format(formats, na_rep="")


def sweep_charts(out: dict[str, Any]) -> None:
    """Score against the first swept parameter (one line per value of the second) with
    its interval band, and nodes per second by stones on the board."""
    rows = [
        {
            **s["params"],
            "score": s["a_score"],
            "low": s["a_score_low"],
            "high": s["a_score_high"],
            "spec": s["spec"],
        }
        for s in out["settings"]
    ]
    data = pd.DataFrame(rows)
    names = list(out["settings"][0]["params"])
    numeric = all(isinstance(r[names[0]], int | float) for r in rows)  # else a choice
    x = alt.X(f"{names[0]}:{'Q' if numeric else 'N'}", title=names[0])
    colour = alt.Color(f"{names[1]}:N") if len(names) > 1 else alt.value("steelblue")
    base = alt.Chart(data).encode(x=x, color=colour)
    chart = base.mark_area(opacity=0.2).encode(y="low:Q", y2="high:Q") + base.mark_line(
        point=True
    ).encode(
        y=alt.Y("score:Q", title=f"score against {out['against']}", scale=alt.Scale(domain=[0, 1]))
    )
    st.markdown(f"##### Score against {code(out['against'])} (95% interval)")
    st.altair_chart(chart, key=SWEEP)
    speed = pd.DataFrame(
        [
            {"spec": s["spec"], "stones": k, "nodes/s": v}
            for s in out["settings"]
            for k, v, _ in s["nodes_per_s_by_stones"]
        ]
    )
    if not speed.empty:
        st.markdown("##### Search speed by stones on the board")
        st.altair_chart(
            alt.Chart(speed)
            .mark_line(point=True)
            .encode(x="stones:Q", y="nodes/s:Q", color="spec:N"),
            key=SPEED,
        )


def games_list(db: str) -> None:
    """The stored games; the chosen one opens in the Review page."""
    try:
        with Store(db, create=False) as store:
            games = store.games()
    except TreevizError as exc:
        show_error(str(exc))
        return
    st.markdown("##### Games")
    table = pd.DataFrame(
        [
            {
                "id": g.id,
                "X": g.x,
                "O": g.o,
                "opening": g.opening,
                "result": g.result,
                "moves": g.moves,
            }
            for g in games
        ]
    )
    st.dataframe(
        table,
        hide_index=True,
        key=GAMES_TABLE,
        height=240,
        column_config=fitted_columns(table),
    )
    if not games:
        return
    ids = [g.id for g in games]
    gid = st.selectbox("Game", ids, key=PICK, format_func=lambda i: f"#{i}")
    chosen = next(g for g in games if g.id == gid)
    st.button(
        "Open this game in the Review page",
        key=OPEN,
        on_click=open_in_review,
        args=(Game(chosen.x, chosen.o, chosen.opening, chosen.moves, chosen.seed),),
    )


def open_in_review(game: Game) -> None:
    """Widget callback: the Review page shows ``game`` (the Play page's game is kept)."""
    state.put(state.ARENA_GAME, game)
    state.review("Game from Arena")
