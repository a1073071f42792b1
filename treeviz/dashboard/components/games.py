"""What Review and the puzzles exercise share: the games this session holds (the Play
page's, the one the Arena opened, the one Review showed last) and a game's review,
made once for every session, with a progress bar."""

from __future__ import annotations

import time

import streamlit as st

from treeviz.dashboard import state
from treeviz.dashboard.server import cache
from treeviz.games.game import Game
from treeviz.judge.review import Review


def reviewed(game: Game) -> Review:
    """The review of ``game``, computed once (with a progress bar) for every session."""
    final = game.position  # replays the moves: once
    if (kept := cache.REVIEWS.get(final.ident())) is not None:
        return kept
    bar = st.progress(0.0, text="Reviewing every move against the exact scores…")
    t0 = time.perf_counter()

    def progress(done: int, total: int) -> None:
        left = (time.perf_counter() - t0) / max(done, 1) * (total - done)
        bar.progress(
            done / total, text=f"Reviewed {done} of {total} moves, about {left:.0f} s left"
        )

    out = cache.reviewed(final, progress)
    bar.empty()
    return out


# The sources whose game this session holds: the Play page's, the one Arena opened,
# the one reviewed last (Review itself offers the first two).
SESSION_GAMES = {
    "Game from Play": (state.PLAY_GAME, "Play a game on the Play page first."),
    "Game from Arena": (state.ARENA_GAME, "Open a stored game from the Arena page first."),
    "Game from Review": (state.REVIEW_GAME, "Review a game on the Review page first."),
}


def session_game(source: str) -> Game | None:
    """The game of one of the ``SESSION_GAMES`` (None, with a word where to get one,
    when there is none yet or it has no moves)."""
    key, where = SESSION_GAMES[source]
    game = state.get(key)
    if game is None or not game.moves:
        st.info(f"{where} Or choose another source.")
        return None
    return game
