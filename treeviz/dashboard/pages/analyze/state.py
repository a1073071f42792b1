"""The Analyze page's state: its tree view, the request Stop ended, its widgets' keys
and those kept while another page shows; what a reload keeps (:func:`saved`,
:func:`restore`): the analysis shown, as its link. The position, the agent and the search asked
for cross pages (any page opens an analysis): they are in
:mod:`treeviz.dashboard.state`."""

from __future__ import annotations

from typing import Any

from treeviz.agents.any_game.registry import GAME_AGENTS
from treeviz.agents.registry import AGENTS
from treeviz.dashboard import state
from treeviz.dashboard.components.game_picker import GAME
from treeviz.dashboard.components.inputs import SAMPLE
from treeviz.dashboard.components.results.views import ReplayView
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.dashboard.pages.analyze import any_game
from treeviz.rules.registry import GAMES
from treeviz.settings import RUN_SECONDS

VIEW = TreeView("analyze")  # the analysis's result: its tree, replay and verdict
STOPPED = "stopped"  # the request the Stop button ended
RUN, STOP = "run", "stop"  # the sidebar's buttons
EXACT = "exact"  # the exact scores' switch
BOARD = "analyze_board"  # the board, played by a click
KEPT_LINK = "analyze_kept_link"  # the link of the analysis shown before a reload


def kept_keys() -> list[str]:
    """The widgets of the analysis (position, agent and its settings, the view) whose
    values must outlive a visit to another page."""
    params = [state.param_key(a.name, p.name) for a in AGENTS.values() for p in a.params]
    view = [VIEW.depth_key, VIEW.top_key, ReplayView(VIEW.key).switch_key, EXACT, RUN_SECONDS.name]
    return [state.SOURCE, SAMPLE, state.POSITION_TEXT, state.AGENT, *params, *view, *_any_keys()]


def _any_keys() -> list[str]:
    """The widgets of another game's analysis: the game, its position, agent and view."""
    params = [
        state.param_key(f"any_{a.name}", p.name) for a in GAME_AGENTS.values() for p in a.params
    ]
    positions = [any_game.position_key(g) for g in GAMES]
    view = [
        any_game.VIEW.depth_key,
        any_game.VIEW.top_key,
        ReplayView(any_game.VIEW.key).switch_key,
    ]
    return [GAME, any_game.AGENT, *positions, *params, *view]


def saved() -> dict[str, Any] | None:
    """What a reload keeps: the link of the analysis shown (its moves, agent spec and
    node), opened again as a shared link is, its search run; and another game's
    analysis (``any_game``: :func:`any_game.saved`). None before either."""
    link = state.get(state.LINK_SEEN)
    kept: dict[str, Any] = {}
    if link is not None and link[:2] != (None, None):
        kept = dict(zip(("moves", "agent", "node"), link, strict=True))
    other = any_game.saved()
    return {**kept, "any_game": other} if other else kept or None


def restore(kept: dict[str, Any]) -> None:
    """Put back what :func:`saved` returned, for the page to open when it is shown
    without a link of its own (a link's values are text, anything else is dropped)."""
    link = tuple(
        v if isinstance(v, str) else None for v in map(kept.get, ("moves", "agent", "node"))
    )
    if link[:2] != (None, None):
        state.put(KEPT_LINK, link)
    any_game.restore(kept.get("any_game"))
