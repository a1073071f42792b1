"""The Analyze page's state: its tree view, the request Stop ended, its widgets' keys
and those kept while another page shows. The position, the agent and the search asked
for cross pages (any page opens an analysis): they are in
:mod:`treeviz.dashboard.state`."""

from __future__ import annotations

from treeviz.agents.registry import AGENTS
from treeviz.dashboard import state
from treeviz.dashboard.components.inputs import SAMPLE
from treeviz.dashboard.components.results.views import ReplayView
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.settings import RUN_SECONDS

VIEW = TreeView("analyze")  # the analysis's result: its tree, replay and verdict
STOPPED = "stopped"  # the request the Stop button ended
RUN, STOP = "run", "stop"  # the sidebar's buttons
EXACT = "exact"  # the exact scores' switch
BOARD = "analyze_board"  # the board, played by a click
EXACT_TABLE = "exact_table"  # each column's exact score, before a search


def kept_keys() -> list[str]:
    """The widgets of the analysis (position, agent and its settings, the view) whose
    values must outlive a visit to another page."""
    params = [state.param_key(a.name, p.name) for a in AGENTS.values() for p in a.params]
    view = [VIEW.depth_key, VIEW.top_key, ReplayView(VIEW.key).switch_key, EXACT, RUN_SECONDS.name]
    return [state.SOURCE, SAMPLE, state.POSITION_TEXT, state.AGENT, *params, *view]
