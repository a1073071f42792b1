"""The verdict panel: the agent's choice against the exact scores, in words, with each
reason a button that selects the tree node it is about."""

from __future__ import annotations

import streamlit as st

from treeviz.dashboard.cache import cached_exact
from treeviz.dashboard.text import escape_html, escape_markdown
from treeviz.draw.style import CLASS_COLOURS
from treeviz.judge.verdict import Explanation, explain
from treeviz.trace.nodes import SearchResult


def explanation_of(res: SearchResult, key: str, exact_on: bool) -> Explanation:
    """The explanation of ``res``, kept for as long as the result is shown."""
    cache_key = f"{key}_explanation"
    kept = st.session_state.get(cache_key)
    if kept is not None and kept[0] == (id(res.trace), exact_on):
        return kept[1]
    trace = res.trace
    pos = trace.position()
    exact = cached_exact(pos)[0] if exact_on else None
    out = explain(pos, trace.algorithm, result=res, exact=exact, seconds=0.0)
    st.session_state[cache_key] = ((id(res.trace), exact_on), out)
    return out


def verdict_section(res: SearchResult, key: str, exact_on: bool) -> None:
    """Badge, paragraph and reasons (click one to select its node in the tree)."""
    out = explanation_of(res, key, exact_on)
    cls = out.verdict.cls
    badge = (
        f"<span style='background:{CLASS_COLOURS[cls]};color:white;padding:2px 10px;"
        f"border-radius:10px;font-weight:bold' data-testid='verdict-badge'>{cls}</span>"
    )
    st.markdown(f"{badge} {escape_html(out.text)}", unsafe_allow_html=True)
    for i, reason in enumerate(out.reasons):
        if reason.node is None:
            st.markdown(f"- {escape_markdown(reason.text)}")
            continue
        st.button(
            f"{escape_markdown(reason.text)}  →  node #{reason.node}",
            key=f"{key}_reason_{i}",
            on_click=_select,
            args=(key, res, reason.node),
            type="tertiary",
            help=f"{escape_markdown(reason.text)} (click: select node #{reason.node} in the tree)",
        )


def _select(key: str, res: SearchResult, node: int) -> None:
    """Select ``node`` in the tree and root the view at its parent so it is drawn."""
    st.session_state[f"{key}_node"] = node
    st.session_state[f"{key}_root"] = max(0, int(res.trace.nodes["parent"][node]))
