"""The Arena page's state: the last report (with its database and mode), this
session's own database, its widgets' keys and their defaults. The stored game it opens
for review crosses pages: :data:`treeviz.dashboard.state.ARENA_GAME`."""

from __future__ import annotations

from typing import Any

from treeviz.settings import OPPONENT_AGENT, QUICK_AGENT

RESULT = "arena_result"  # the last report (with its database and mode)
SESSION_DB = "arena_session_db"  # this session's own database file
MODES = ["Tournament", "Sweep"]
# the sidebar's widgets
MODE, PLAYERS, AGENT, GRID, AGAINST = (
    "arena_mode",
    "arena_players",
    "arena_agent",
    "arena_grid",
    "arena_against",
)
GAMES, WORKERS, SEED, DB_NAME, JUDGE = (
    "arena_games",
    "arena_workers",
    "arena_seed",
    "arena_db_name",
    "arena_judge",
)
RUN = "arena_run"
# the report's tables and charts, the stored games and the game picked among them
CROSS, RATINGS, ACCURACY, SWEEP, SPEED = (
    "arena_cross",
    "arena_ratings",
    "arena_accuracy",
    "arena_sweep",
    "arena_speed",
)
GAMES_TABLE, PICK, OPEN = "arena_games_table", "arena_pick", "arena_open"
# The sidebar's widgets get their defaults from the state (not from the widget call),
# and the app keeps these keys alive on other pages (``state.keep``), so a visit to the
# Review page loses none of the user's settings.
DEFAULTS: dict[str, Any] = {
    MODE: MODES[0],
    PLAYERS: "\n".join(["random", "greedy", QUICK_AGENT]),
    AGENT: "mcts",
    GRID: "c=0.5,1,1.41,2,4\niterations=200",
    AGAINST: OPPONENT_AGENT,
    GAMES: 4,
    WORKERS: 1,
    SEED: 0,
    DB_NAME: "",
    JUDGE: True,
}


def kept_keys() -> list[str]:
    """The sidebar's widgets, whose values must outlive a visit to another page."""
    return list(DEFAULTS)
