"""The verdict panel: the agent's choice against the exact scores, in words, with each
reason a button that selects the tree node it is about."""

from __future__ import annotations

import streamlit as st

from treeviz.agents.reasons import Reason
from treeviz.dashboard.components.results.views import VerdictView
from treeviz.dashboard.components.text import escape_html, escape_markdown
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.dashboard.server.cache import cached_exact
from treeviz.draw.style import CLASS_COLOURS
from treeviz.judge.verdict import Explanation, explain
from treeviz.trace.nodes import SearchResult

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
    for i, reason in enumerate(out.reasons[:REASONS_SHOWN]):
        _reason(res, view, panel, i, reason)
    if len(out.reasons) > REASONS_SHOWN:
        with st.expander(f"{len(out.reasons) - REASONS_SHOWN} more reasons"):
            for i, reason in enumerate(out.reasons[REASONS_SHOWN:], REASONS_SHOWN):
                _reason(res, view, panel, i, reason)


def _reason(res: SearchResult, view: TreeView, panel: VerdictView, i: int, reason: Reason) -> None:
    """One reason: a button selecting its node in the tree, or a line when it is
    about the search as a whole."""
    if reason.node is None:
        st.markdown(f"- {escape_markdown(reason.text)}")
        return
    st.button(
        f"{escape_markdown(reason.text)}  →  node #{reason.node}",
        key=panel.widget("reason", i),
        on_click=view.focus,
        args=(res.trace, reason.node),
        type="tertiary",
        wrap=True,  # a long reason goes on to a second line, never cut
        help=f"{escape_markdown(reason.text)} (click: select node #{reason.node} in the tree)",
    )
