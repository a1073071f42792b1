"""The verdict panel: the agent's choice against the exact scores, in words, with each
reason a button that selects the tree node it is about (in the browser: the tree's
component draws the reasons)."""

from __future__ import annotations

import streamlit as st

from treeviz.agents.reasons import Reason
from treeviz.dashboard import state
from treeviz.dashboard.components.results.views import VerdictView
from treeviz.dashboard.components.text import escape_html
from treeviz.dashboard.components.tree_panel import asked, mount, view_id
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.dashboard.server.cache import cached_exact
from treeviz.draw.style import CLASS_COLOURS
from treeviz.judge.verdict import Explanation, explain
from treeviz.trace.nodes import SearchResult, Trace

REASONS_SHOWN = 3  # reasons in view under the verdict; the others in an expander


def explanation_of(res: SearchResult, panel: VerdictView, exact_on: bool) -> Explanation:
    """The explanation of ``res`` (``exact_on``: against the exact scores), kept by
    ``panel`` for as long as the result is shown."""

    def make() -> Explanation:
        pos = res.trace.position()
        exact = cached_exact(pos)[0] if exact_on else None
        return explain(pos, agent=res.trace.algorithm, result=res, exact=exact, seconds=0.0)

    return panel.explanation((id(res.trace), exact_on), make)


def verdict_section(res: SearchResult, view: TreeView, exact_on: bool) -> None:
    """Badge, paragraph and reasons of ``res``; a reason's button selects its node in
    the tree of ``view``."""
    panel = VerdictView(view.key)
    out = explanation_of(res, panel, exact_on)
    cls = out.verdict.cls
    badge = (
        f"<span style='background:{CLASS_COLOURS[cls]};color:white;padding:2px 10px;"
        f"border-radius:10px;font-weight:bold' data-testid='verdict-badge'>{cls}</span>"
    )
    st.markdown(f"{badge} {escape_html(out.text)}", unsafe_allow_html=True)
    # the first reasons in view, the rest one click away: the table and the tree's
    # top stay above the fold
    _reasons(res, view, panel, 0, out.reasons[:REASONS_SHOWN])
    if len(out.reasons) > REASONS_SHOWN:
        with st.expander(f"{len(out.reasons) - REASONS_SHOWN} more reasons"):
            _reasons(res, view, panel, REASONS_SHOWN, out.reasons[REASONS_SHOWN:])


def _reasons(
    res: SearchResult, view: TreeView, panel: VerdictView, first: int, reasons: list[Reason]
) -> None:
    """``reasons`` (numbered from ``first``), drawn by the tree's component: a reason
    about a node is a button that selects it in the tree of ``view``, in the browser
    when the tree draws it (else the server is asked: :func:`on_reason`); a reason
    about the search as a whole is a line."""
    key = panel.widget("reasons", first)
    data = {
        "mode": "reasons",
        "view": view_id(res.trace, view),
        "reasons": [{"text": r.text, "node": r.node} for r in reasons],
    }
    mount(data, key=key, on_change=lambda: on_reason(res.trace, view, key))


def on_reason(trace: Trace, view: TreeView, key: str) -> None:
    """The browser's request in the reasons keyed ``key``: select the reason's node
    and draw the tree from its parent, so that it is drawn (the tree did not draw
    it); a request naming no node of ``trace`` is ignored."""
    request = asked(state.widget_value(key))
    if request is not None and request[0] == "focus" and 0 <= request[1] < len(trace):
        view.focus(trace, request[1])
