"""The puzzles exercise: a deck of a player's own mistakes, played with spaced repetition.

:func:`show` draws the whole exercise inside whatever container it is called in (the
Learn page's, under its exercise selector): where the deck comes from (an uploaded deck
file, read as data only, or a game of this session or a file or a move string, made
into a deck from its review), the card's board to answer on by a click, right or wrong
against the card's answers, the explanation (the judge's verdict, then the search tree
of :data:`~treeviz.settings.PUZZLE_AGENT` on the position, opened at the right answer,
and a button opening that search in the analysis view), the next card by the schedule,
and the progress. The agent is fixed by the settings: nothing a visitor uploads or
types chooses it. Its state is in the session (:class:`PuzzlesView`); its query
parameters start with ``p_``: ``p_moves`` (a game's moves to make the deck of) and
``p_card`` (the card shown, 1-based), so a link opens one card of one game.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import lru_cache

import streamlit as st

from treeviz.agents.reasons import root_child
from treeviz.agents.registry import spec
from treeviz.connect4.board import Position
from treeviz.connect4.notation import parse_position
from treeviz.dashboard import state
from treeviz.dashboard.components.board_chart import board_chart
from treeviz.dashboard.components.games import SESSION_GAMES, reviewed, session_game
from treeviz.dashboard.components.inputs import download
from treeviz.dashboard.components.nav import open_in_analysis
from treeviz.dashboard.components.results.answer import answer_columns
from treeviz.dashboard.components.results.tree import tree_section
from treeviz.dashboard.components.text import code, escape_markdown
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.pages.learn.state import P_CARD as CARD
from treeviz.dashboard.pages.learn.state import P_MOVES as MOVES
from treeviz.dashboard.pages.learn.state import PUZZLES as VIEW
from treeviz.dashboard.server.cache import run_watched, search_request
from treeviz.errors import TreevizError
from treeviz.games.game import Game, loads_game
from treeviz.learn.deck import dumps_deck, loads_deck
from treeviz.learn.puzzles import (
    Card,
    as_game,
    best_line,
    cards_from_review,
    explanation_text,
    line_text,
    of_player,
)
from treeviz.settings import (
    DECK_MAX_BYTES,
    GAME_MAX_BYTES,
    PUZZLE_AGENT,
    REVIEW_SECONDS,
    RUN_SECONDS,
)
from treeviz.trace.nodes import SearchResult
from treeviz.trace.values import outcome_text, score_outcome

SOURCES = [*SESSION_GAMES, "Deck file", "Game file", "Move string"]
TREE_DEPTH = 2  # the answer's tree at first: the root's columns and the replies to them


def show() -> None:
    """The puzzles exercise, drawn where it is called."""
    read_link()
    st.subheader("Your mistakes as puzzles")
    st.caption(
        "Every mistake and blunder of a game becomes a card, as the exact scores "
        "say: find a win a few plies away, or keep a longer win or hold the draw "
        "(the line to the end of the game is shown with the answer). A card answered "
        "right comes back later, one answered wrong sooner."
    )
    made = chosen_deck()
    if made is None:
        return
    deck_id, make = made
    if deck_id != VIEW.deck_id:
        cards = make()
        if cards is None:
            return
        VIEW.load(deck_id, cards, first_card(len(cards)))
    else:  # a link's card is for the deck it makes, not one kept from before
        VIEW.take_link_card()
    play_deck()


def read_link() -> None:
    """Once per session: a link's ``p_moves`` makes the deck of those moves, and its
    ``p_card`` is the card that deck starts with."""
    if not VIEW.first_visit():
        return
    VIEW.keep_link_card(st.query_params.get(CARD))
    moves = st.query_params.get(MOVES)
    if moves is not None:
        state.put(VIEW.widget("source"), "Move string")
        state.put(VIEW.widget("moves"), moves)


def first_card(size: int) -> int | None:
    """The card a link's ``p_card`` asks for first (1-based in the link), if valid;
    only the first deck made in the session starts there."""
    text = VIEW.take_link_card() or ""
    if text.isascii() and text.isdigit() and 1 <= int(text) <= size:
        return int(text) - 1
    return None


Maker = Callable[[], "list[Card] | None"]


def chosen_deck() -> tuple[str, Maker] | None:
    """The deck's identity and how to make it, from the chosen source (None, with a
    word why, when there is nothing to play yet)."""
    state.preset(VIEW.widget("source"), SOURCES[0])
    source = st.radio("Puzzles from", SOURCES, key=VIEW.widget("source"), horizontal=True)
    if source == "Deck file":
        return uploaded_deck()
    game = chosen_game(source)
    if game is None or not game.moves:
        return None
    label = game_label(source, game)
    side = st.radio(
        "Whose mistakes",
        ["both", "X", "O"],
        horizontal=True,
        key=VIEW.widget("side"),
        format_func=lambda s: side_text(game, s),
    )
    player = None if side == "both" else side
    deck_id = f"game:{game.width}x{game.height}:{game.moves}:{side}"
    return deck_id, lambda: deck_of_game(game, label, player)


def side_text(game: Game, side: str) -> str:
    """``X (human)``: a side and who played it (as the game records it)."""
    if side == "both":
        return "both players"
    who = game.spec_of(side)
    return side if who == "?" else f"{side} ({who})"


def uploaded_deck() -> tuple[str, Maker] | None:
    """An uploaded deck file, read as data (bytes past the cap are not read)."""
    upload = st.file_uploader(
        "Deck file (.json), made by `treeviz puzzles` or here",
        type=["json"],
        key=VIEW.widget("upload"),
    )
    if upload is None:
        st.info("Upload a deck file, or choose a game to make one from.")
        return None
    raw = upload.getvalue()[: DECK_MAX_BYTES + 1]
    digest = hashlib.sha256(raw).hexdigest()

    def make() -> list[Card] | None:
        try:
            return loads_deck(raw, repr(upload.name))
        except TreevizError as exc:
            show_error(str(exc))
            return None

    return f"deck:{digest}", make


def chosen_game(source: str) -> Game | None:
    """The game of ``source``: this session's Play or Arena game, a game file or a
    move string; a bad file or string shows ``st.error``."""
    if source in SESSION_GAMES:
        return session_game(source)
    try:
        if source == "Game file":
            upload = st.file_uploader(
                "Game file (.json)", type=["json"], key=VIEW.widget("game_file")
            )
            if upload is None:
                st.info("Upload a game file (saved by the Play page or `treeviz play --save`).")
                return None
            return loads_game(upload.getvalue()[: GAME_MAX_BYTES + 1], repr(upload.name))
        text = st.text_input("A game's moves (e.g. 4256454455353323)", key=VIEW.widget("moves"))
        if not text.strip():
            return None
        st.query_params[MOVES] = text
        return Game("?", "?", moves=parse_position(text).moves_string())
    except TreevizError as exc:
        show_error(str(exc))
        return None


def game_label(source: str, game: Game) -> str:
    """Where a game's cards come from, as their ``source`` says."""
    if source == "Game file":
        upload = state.widget_value(VIEW.widget("game_file"))
        return f"game file {upload.name}" if upload is not None else "game file"
    return f"{source.lower()}: {game.moves}"


def deck_of_game(game: Game, label: str, player: str | None) -> list[Card] | None:
    """The cards of ``game``'s mistakes and blunders (``player``'s only, a side, when
    given), from its review (the Review page's, made once for every session, with a
    progress bar)."""
    try:
        as_game(game)
    except TreevizError as exc:
        show_error(str(exc))
        return None
    out = reviewed(game)
    with st.spinner("Making the cards…"):
        made = cards_from_review(
            out,
            players=(game.x, game.o),
            source=label,
            seconds=REVIEW_SECONDS.default,
            opening=len(game.opening),
        )
    return of_player(made, player)


def play_deck() -> None:
    """The card shown, the answer and explanation, the progress, the deck to save."""
    cards = VIEW.cards
    index = VIEW.card
    if index is None:
        st.info("This game has no mistake or blunder: no puzzle to make of it.")
        return
    st.query_params[CARD] = str(index + 1)
    card = cards[index]
    st.markdown(f"**Card {index + 1} of {len(cards)}** · {card.question()}")
    if card.source:
        by = f" · played by {code(card.by)}" if card.by else ""
        st.caption(f"From {code(card.source)}{by}")
    left, right = answer_columns("puzzles")  # side by side, stacked when narrow
    with left:
        answer_board(card)
    with right:
        answer_panel(card)
    if VIEW.answer is not None:
        answer_tree(card)
    progress()
    download(
        st,
        "Save the deck",
        dumps_deck(cards),
        file_name="treeviz-deck.json",
        key=VIEW.widget("save"),
        mime="application/json",
    )


def answer_board(card: Card) -> None:
    """The card's board; until answered, a click on a column (or the column picker
    below it) is the answer; then the board shows the move answered (dotted)."""
    pos = card.position
    column = VIEW.answer
    if column is not None:
        pos.play(column - 1)
        board_chart(pos, VIEW.widget("board"), play=None)
        return
    board_chart(pos, VIEW.widget("board"), play=_clicked)
    st.segmented_control(
        "Your move: click a column",
        [c + 1 for c in pos.legal_moves()],
        key=VIEW.widget("pick", VIEW.schedule.now),
        on_change=_picked,
    )


def _clicked(col: int) -> None:
    """Callback of a click on the board (``col`` 0-based): answer that column."""
    VIEW.give(col + 1)


def _picked() -> None:
    """Callback of the column picker: answer the column picked."""
    col = state.widget_value(VIEW.widget("pick", VIEW.schedule.now))
    if col is not None:
        VIEW.give(int(col))


def answer_panel(card: Card) -> None:
    """Right or wrong, why, the analysis of the position, and the next card."""
    column = VIEW.answer
    if column is None:
        st.markdown("Click the column you would play.")
        return
    pos = card.position
    did = ""
    if card.scores is not None and card.scores[column - 1] is not None:
        score = card.scores[column - 1]
        assert score is not None
        did = (
            f" ({outcome_text(score_outcome(score, pos.ply, width=pos.width, height=pos.height))})"
        )
    if card.is_right(column):
        st.success(f"**Right**: column {column}{did}.")
    else:
        right = card.right_columns()
        st.warning(
            f"**Not this one**: column {column}{did}. "
            f"The answer: column{'s' if len(right) > 1 else ''} "
            f"{', '.join(map(str, right))}."
        )
    st.markdown(escape_markdown(explanation_text(card)))  # it quotes the deck's 'by'
    with st.spinner("Playing the line out with the exact scores…"):
        line = _line(card.moves, shown_answer(card))
    st.markdown(escape_markdown(line_text(card, list(line))))
    a, b = st.columns(2)
    a.button("Next card", type="primary", key=VIEW.widget("next"), on_click=VIEW.next)
    b.button(
        "Open in Analyze",
        key=VIEW.widget("open"),
        on_click=open_in_analysis,
        args=(pos, PUZZLE_AGENT),
        help="the exact solver's search of this position: the tree behind the answer",
    )


def shown_answer(card: Card) -> int:
    """The right answer the tree opens at (1..7): the learner's column when it is
    right, else the card's first answer."""
    column = VIEW.answer
    return column if column is not None and card.is_right(column) else card.right_columns()[0]


@lru_cache(maxsize=64)
def _line(moves: str, column: int) -> tuple[int, ...]:
    """The best line from the position after ``moves`` starting with ``column`` (made
    once per server: a card's line is the same for every session)."""
    return tuple(best_line(Position.from_moves(moves), column))


def answer_tree(card: Card) -> None:
    """The search of :data:`PUZZLE_AGENT` on the card's position, its tree drawn from
    the root with the right answer's node (the root's child of that column) selected
    and unfolded (the replies to it), :data:`TREE_DEPTH` levels deep at first; the
    learner's clicks stand until the next answer. Nothing when the search cannot be
    had (said in words)."""
    res = card_search(card)
    if res is None:
        return
    column = shown_answer(card)
    trace = res.trace
    st.markdown(f"##### The search behind the answer: column {column}")
    st.caption(
        f"The exact solver's search of this position (the tree the answer comes "
        f"from), drawn from its root; column {column}'s node is selected (a large "
        "ringed dot, its label yellow), its board and values in the panel beside "
        "the tree. Click a node to unfold it, or show more levels."
    )
    if res.stats.get("stopped"):
        st.caption(
            f"The search was stopped at its {RUN_SECONDS.default:.0f} s budget: "
            "the tree as far as it went."
        )
    tv = VIEW.tree_view
    state.preset(tv.depth_key, TREE_DEPTH)
    node = root_child(trace, column)
    tv.open_at(trace, 0 if node is None else node, above=1, unfold=node is not None)
    tree_section(trace, tv)


def card_search(card: Card) -> SearchResult | None:
    """The search of :data:`PUZZLE_AGENT` on ``card``'s position: kept in the session
    while the card shows, run once for every session (the analysis view's "Open in
    Analyze" finds it run), within the Run budget with its progress shown."""
    found = VIEW.search(card.moves)
    if found is not None:
        return found
    try:
        found = run_watched(
            search_request(card.position, spec(PUZZLE_AGENT)),
            RUN_SECONDS.default,
            st.container(),
        )
    except TreevizError as exc:
        show_error(f"The search behind the answer cannot be shown: {exc}")
        return None
    VIEW.keep_search(card.moves, found)
    return found


def progress() -> None:
    """Cards seen, answers right and wrong, cards due, as a bar and in words."""
    p = VIEW.schedule.progress()
    st.progress(p.seen / p.cards if p.cards else 0.0, text=p.text())
    if p.seen == p.cards and VIEW.answer is not None:
        st.caption(
            "Every card seen once: from here the schedule brings back the ones "
            "answered wrong first, the ones answered right later and later."
        )
