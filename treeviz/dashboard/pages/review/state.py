"""The Review page's state: the game source chosen (other pages choose it too:
:func:`treeviz.dashboard.state.review`), the game shown last (the puzzles read it), the
ply its board shows, its widgets' keys and defaults."""

from __future__ import annotations

from dataclasses import dataclass

from treeviz.dashboard import state
from treeviz.dashboard.state import Keyed

SOURCES = ["Game from Play", "Game from Arena", "Game file", "Move string"]
SOURCE = state.REVIEW_SOURCE  # the game source picker (``review_source``)
GAME = state.REVIEW_GAME  # the game shown last, for other pages
DEFAULT_MOVES = "4453"  # the move string box's first value


@dataclass(frozen=True)
class ReviewView(Keyed):
    """The Review page's walk through a game: the ply the board shows, kept per game
    (``review_game``: the game's moves, ``review_at``: the ply)."""

    key: str = "review"

    def ply(self, moves: str, plies: int) -> int:
        """The ply shown of the game ``moves`` of ``plies`` plies (0: the start),
        within 0..``plies``; another game is shown from its end."""
        if self._get("game") != moves:
            self._put("game", moves)
            self._put("at", plies)
        return max(0, min(plies, int(self._get("at", plies))))

    def go(self, ply: int) -> None:
        """Callback: show ``ply`` (clamped to the game by :meth:`ply`)."""
        self._put("at", max(0, ply))


VIEW = ReviewView()  # the ply the board shows
FILE, MOVES = VIEW.widget("file"), VIEW.widget("moves")  # a game file; a move string
SUMMARY, TABLE = VIEW.widget("summary"), VIEW.widget("moves", "table")  # per player; per ply
GRAPH, AGENT_GRAPH = VIEW.widget("graph"), VIEW.widget("agent", "graph")  # the two graphs
OPEN = VIEW.widget("open")  # opens the position shown in the analysis view
