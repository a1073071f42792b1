"""The Play page: a human against an agent, or two agents watched move by move.

The game lives in the session state under ``state.PLAY_GAME`` (a :class:`Game`); every control
changes it in a callback, and the agent to move answers before the page is drawn (the
board it answers and a "thinking" spinner shown meanwhile), so that one run draws the
human's move and the reply: a reply costs its search and one rerun, not two.
"""

from __future__ import annotations

import time
from typing import Any

import pandas as pd
import streamlit as st

from treeviz.agents.registry import AgentSpec, spec
from treeviz.connect4.board import Position
from treeviz.dashboard import state
from treeviz.dashboard.components.board import board_html
from treeviz.dashboard.components.board_chart import board_chart
from treeviz.dashboard.components.game_picker import connect4_only
from treeviz.dashboard.components.inputs import download
from treeviz.dashboard.components.nav import open_in_analysis
from treeviz.dashboard.components.numbers import agent_value, count, seconds, short_seeds
from treeviz.dashboard.components.results.answer import answer_columns
from treeviz.dashboard.components.tables import fitted_columns
from treeviz.dashboard.components.text import code, escape_markdown
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.pages.play.state import VIEW
from treeviz.dashboard.server.cache import cached_exact, run_search, search_request
from treeviz.errors import TreevizError
from treeviz.exact.scores import score_meaning
from treeviz.games.game import HUMAN, AgentPlayer, Game, GameFileError, PlyRecord, loads_game
from treeviz.settings import GAME_MAX_BYTES, GAME_UPLOAD_MB, OPPONENT_AGENT
from treeviz.trace.nodes import SearchResult

SPEEDS = {"fast": 0.0, "1 move/s": 1.0, "1 move/2 s": 2.0}


def cached_search(pos: Position, chosen: AgentSpec) -> SearchResult:
    """An agent's move (``chosen``: the checked spec its player made) through the
    dashboard's result cache, so "open its search" shows the very search without
    running it again."""
    return run_search(search_request(pos, chosen))


def player_of(text: str) -> str:
    """A player as typed, checked: ``human``, or the text of the agent spec it names,
    parsed here (normalised: what the game and its file record)."""
    return text.strip() if text.strip() == HUMAN else str(spec(text))


def new_game() -> None:
    """Callback: a new game with the sidebar's players, seed and opening; a bad one
    keeps the current game and says why."""
    wrong: list[str] = []  # every field's problem at once, not one per press
    try:
        x, o = (player_of(text) for text in VIEW.players)
    except TreevizError as exc:
        wrong.append(str(exc))
    try:
        opening = Position.from_moves(VIEW.opening).moves_string()
    except TreevizError as exc:
        wrong.append(f"Opening moves: {exc}")
    if wrong:
        VIEW.complain(" ".join(wrong))
        return
    state.put(state.PLAY_GAME, Game(x, o, opening=opening, moves=opening, seed=VIEW.seed))
    VIEW.stop_auto()
    VIEW.set_hint(None)


def swap_sides() -> None:
    """Callback: X's player plays O and the other way round, in a new game."""
    VIEW.swap_players()
    new_game()


def human_move() -> None:
    """Callback of the column picker: the human's move."""
    col = VIEW.take_pick()
    if col is not None:
        play_human(int(col) - 1)


def play_human(col: int) -> None:
    """The human plays ``col`` (0-based) when it is their turn and the column is open
    (the column picker and clicks on the board)."""
    game: Game = state.get(state.PLAY_GAME)
    pos = game.position
    if pos.is_over():
        return
    if game.spec_of(pos.side_to_move) == HUMAN and pos.can_play(col):
        game.push(PlyRecord(pos.ply + 1, pos.side_to_move, col + 1, spec=HUMAN))
        VIEW.set_hint(None)


def undo() -> None:
    """Callback: take back the last move, and the agent's reply before it so that the
    human moves again; never into the opening. Agent games pause."""
    game: Game = state.get(state.PLAY_GAME)
    steps = 1
    if HUMAN in (game.x, game.o) and len(game.moves) > len(game.opening):
        last = game.position.ply  # the player who made the last move
        mover = "X" if last % 2 == 1 else "O"
        steps = 2 if game.spec_of(mover) != HUMAN else 1
    game.undo(steps)
    VIEW.stop_auto()
    VIEW.set_hint(None)


def hint() -> None:
    """Callback: the best columns by the exact scores, or by the hint agent past the
    solver's budget."""
    pos = state.get(state.PLAY_GAME).position
    if pos.is_over():
        return
    exact, source = cached_exact(pos)
    if exact is not None:
        best = max(v for v in exact if v is not None)
        cols = [c + 1 for c, v in enumerate(exact) if v == best]
        VIEW.set_hint(
            f"Best: column {', '.join(map(str, cols))} — {score_meaning(best, pos)} ({source})."
        )
        return
    agent = VIEW.hint_agent
    try:
        res = cached_search(pos, spec(agent))
    except TreevizError as exc:
        VIEW.complain(f"No hint: {exc}")
        return
    VIEW.set_hint(f"{code(agent)} suggests column {res.move} (not solved in time).")


def load_game_file() -> None:
    """Callback of the uploader: the game in the file; a bad file keeps its valid
    part (the players of the current game) and says why."""
    upload = state.widget_value(VIEW.widget("upload"))
    if upload is None:
        return
    current: Game = state.get(state.PLAY_GAME)
    try:
        game = loads_game(upload.getvalue()[: GAME_MAX_BYTES + 1], repr(upload.name))
    except GameFileError as exc:
        VIEW.complain(str(exc))
        game = Game(current.x, current.o, moves=exc.valid, seed=current.seed)
    refused = []
    for side, fallback in (("x", current.x), ("o", current.o)):
        named = getattr(game, side)
        try:
            setattr(game, side, player_of(named))
        except TreevizError as exc:  # read as data: the moves stay, the agent does not run
            setattr(game, side, fallback)
            refused.append(
                f"{side.upper()}'s player {named[:200]!r} in the file cannot play "
                f"here, so {fallback} plays {side.upper()}: {exc}"
            )
    if refused:
        VIEW.complain(" ".join(refused), append=True)
    state.put(state.PLAY_GAME, game)
    VIEW.stop_auto()


def sidebar() -> None:
    """Players, seed, opening, and the game buttons."""
    side = st.sidebar
    VIEW.preset_settings()
    side.text_input("X plays (agent spec or human)", key=VIEW.widget("x"))
    side.text_input("O plays (agent spec or human)", key=VIEW.widget("o"))
    side.number_input("Seed", 0, 2**31 - 1, key=VIEW.widget("seed"))
    side.text_input("Opening moves", "", key=VIEW.widget("opening"))
    left, right = side.columns(2)
    left.button("New game", type="primary", key=VIEW.widget("new"), on_click=new_game)
    right.button("Swap sides", key=VIEW.widget("swap"), on_click=swap_sides)
    side.text_input("Hint agent (past the solver's budget)", key=VIEW.widget("hint_agent"))
    side.file_uploader(
        "Load a game (.json)",
        type=["json"],
        key=VIEW.widget("upload"),
        on_change=load_game_file,
        max_upload_size=GAME_UPLOAD_MB,
    )


def play_page() -> None:
    """Play against an agent or watch two agents."""
    st.title("Play")
    connect4_only()
    if state.get(state.PLAY_GAME) is None:
        state.put(state.PLAY_GAME, Game(HUMAN, OPPONENT_AGENT))
    sidebar()
    game: Game = state.get(state.PLAY_GAME)
    st.caption(
        f"X: {code(game.x)} · O: {code(game.o)}"
        + (f" · opening {code(game.opening)}" if game.opening else "")
    )
    # the page's body: the board an agent answers while it thinks, then the game (in
    # every run, so that what is drawn keeps its place and the page is not stale)
    body = st.empty()
    agent_turn(game, body)
    with body.container():
        game_view(game)
    play_on(game)


def game_view(game: Game) -> None:
    """The game: what the last action said, whose turn, the board and its controls,
    beside the moves."""
    if (err := VIEW.error_about(game)) is not None:
        show_error(err)
    pos = game.position
    left, right = answer_columns("play")  # side by side, stacked when narrow
    with left:
        banner(game)
        human_turn = not pos.is_over() and game.spec_of(pos.side_to_move) == HUMAN
        board_chart(pos, VIEW.widget("board"), play=play_human if human_turn else None)
        controls(game)
    with right:
        moves_section(game)


def banner(game: Game) -> None:
    """Whose turn it is, or who won (the winning four is ringed on the board)."""
    result = game.result
    if result in ("X", "O"):
        st.success(
            f"**{result} wins** ({code(game.spec_of(result))}) — the winning four is ringed."
        )
    elif result == "draw":
        st.info("**Draw** — the board is full.")
    else:
        side = game.position.side_to_move
        st.markdown(f"**{side} to move** ({code(game.spec_of(side))})")


def controls(game: Game) -> None:
    """The column picker (on a human's turn), undo, hint, save, and the autoplay
    controls of a game between two agents."""
    pos = game.position
    human_turn = not pos.is_over() and game.spec_of(pos.side_to_move) == HUMAN
    if human_turn:  # between two agents (or once the game is over) nobody is asked
        st.segmented_control(
            "Your move: click a column",
            [c + 1 for c in pos.legal_moves()],
            key=VIEW.widget("move"),
            on_change=human_move,
        )
    # rows of controls as wide as their names, wrapping in a narrow side (in three
    # columns "Save game" was cut short)
    row = st.container(horizontal=True, gap="small")
    row.button(
        "Undo",
        key=VIEW.widget("undo"),
        on_click=undo,
        disabled=len(game.moves) <= len(game.opening),
    )
    row.button("Hint", key=VIEW.widget("hint_button"), on_click=hint, disabled=pos.is_over())
    download(
        row,
        "Save game",
        game.dumps(),
        file_name="treeviz-game.json",
        key=VIEW.widget("save"),
        mime="application/json",
    )
    if (text := VIEW.hint) is not None:
        st.info(text)
    if HUMAN not in (game.x, game.o):
        row = st.container(horizontal=True, gap="small", vertical_alignment="center")
        row.toggle("Auto-play", key=VIEW.widget("auto"), disabled=pos.is_over())
        row.button(
            "Step", key=VIEW.widget("step_button"), disabled=pos.is_over(), on_click=VIEW.ask_step
        )
        row.selectbox(
            "Speed", list(SPEEDS), key=VIEW.widget("speed"), width=160, label_visibility="collapsed"
        )


def moves_section(game: Game) -> None:
    """The moves so far, and the last agent search one click away."""
    # each agent's value in its own unit (a win rate beside heuristic points), seeds
    # shortened (the saved game keeps them whole), a person's move blank
    rows = [
        {
            "ply": p.ply,
            "player": p.player,
            "column": p.column,
            "by": short_seeds(p.spec),
            "value (its unit)": agent_value(p.agent_value, p.value_kind),
            "nodes": count(p.nodes),
            "time (s)": seconds(p.time_s) if p.spec not in (None, HUMAN) else "",
        }
        for p in game.plies
    ]
    st.markdown(f"**Moves** `{game.moves or '(none)'}`")
    if rows:
        table = pd.DataFrame(rows)
        st.dataframe(
            table,
            hide_index=True,
            key=VIEW.widget("moves"),
            height=260,
            column_config=fitted_columns(table),
        )
    searched = [p for p in game.plies if p.spec and p.spec != HUMAN]
    if searched:
        last = searched[-1]
        st.button(
            f"Open the search of move {last.ply} ({last.player}, {code(last.spec)}) in the "
            "analysis view",
            key=VIEW.widget("open"),
            on_click=open_in_analysis,
            args=(game.position_at(last.ply - 1), last.spec),
        )
    st.button(
        "Review this game",
        key=VIEW.widget("review"),
        disabled=not game.moves,
        on_click=state.review,
        args=("Game from Play",),
    )


def agent_turn(game: Game, where: Any) -> None:
    """If an agent is to move (and, between two agents, autoplay or a step asks for
    it), let it play its move before the game is drawn. Meanwhile ``where`` (an
    ``st.empty``, where the game is drawn next) shows the board it answers, in
    place of the game before the move, and a spinner counting the seconds: from the
    first second of a long search (a first compile, a person's agent). A failure is
    said above the board."""
    pos = game.position
    text = game.spec_of(pos.side_to_move)
    if pos.is_over() or text == HUMAN:
        return
    watched = HUMAN not in (game.x, game.o)
    if watched and not (VIEW.auto or VIEW.take_step()):
        return
    with where.container():
        st.markdown(f"**{pos.side_to_move} to move** ({code(text)}), thinking…")
        st.markdown(board_html(pos, 26), unsafe_allow_html=True)
        thinking = f"{pos.side_to_move} ({escape_markdown(text)}) is thinking…"
        with st.spinner(thinking, show_time=True):
            player = AgentPlayer(text, game.seed or 0, searcher=cached_search)
            try:
                record = player.choose(pos, pos.ply + 1)
            except TreevizError as exc:  # a person's agent failed: say so, keep the game
                VIEW.stop_auto()
                VIEW.complain(f"{pos.side_to_move} ({text}) could not move: {exc}")
                record = None
    if record is not None and game.moves == pos.moves_string():  # not undone meanwhile
        game.push(record)


def play_on(game: Game) -> None:
    """Between two agents on autoplay, the next move: after the pause its speed
    asks for, the page runs again (its agent then moves first)."""
    pos = game.position
    if HUMAN in (game.x, game.o) or not VIEW.auto or pos.is_over():
        return
    time.sleep(SPEEDS.get(VIEW.speed("fast"), 0.0))
    st.rerun()
