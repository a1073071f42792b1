"""Sidebar inputs: the position (sample, text or board clicks) and the agent's settings."""

from __future__ import annotations

from typing import Any

import streamlit as st

from treeviz.board import Position
from treeviz.errors import TreevizError
from treeviz.notation import parse_position
from treeviz.samples import load_samples
from treeviz.search import AGENTS, get_agent
from treeviz.search.contract import Param, make_spec

SOURCES = ["Sample", "Move string or board"]
MAX_WIDGET_INT = 2**53 - 1  # the browser's largest exact integer


def choose_position() -> Position:
    """A sample or typed text (moves or a pasted diagram); bad text shows ``st.error``
    quoting it and keeps the previous position."""
    samples = load_samples()
    st.session_state.setdefault("source", SOURCES[0])
    source = st.sidebar.radio("Position", SOURCES, horizontal=True, key="source")
    if source == "Sample":
        slug = st.sidebar.selectbox(
            "Sample", list(samples), format_func=lambda s: samples[s].name, key="sample"
        )
        sample = samples[slug]
        st.sidebar.caption(
            f"{sample.description}  \nTags: {', '.join(sample.tags)} · exact score {sample.score}"
        )
        st.session_state["position"] = sample.moves
    else:
        st.session_state.setdefault("position_text", st.session_state.get("position", ""))
        text = st.sidebar.text_area("Moves (e.g. 4453) or a pasted board", key="position_text")
        try:
            st.session_state["position"] = parse_position(text).moves_string()
        except TreevizError as exc:
            st.error(str(exc))
    return Position.from_moves(st.session_state.get("position", ""))


def choose_agent() -> tuple[str, dict[str, Any]]:
    """The agent and its parameters, one widget per declared parameter; the spec
    string of the choice is shown so it can be pasted into the CLI."""
    names = list(AGENTS)
    st.session_state.setdefault("agent", "alphabeta")  # state, not a default: others set it
    agent = st.sidebar.selectbox("Agent", names, key="agent")
    decl = get_agent(agent)
    st.sidebar.caption(decl.description)
    params = {p.name: param_widget(agent, p) for p in decl.params}
    given = {k: v for k, v in params.items() if v != decl.param(k).default}
    try:
        st.sidebar.code(str(make_spec(decl, given)), language=None)
    except TreevizError as exc:
        st.sidebar.error(str(exc))
    return agent, params


def param_widget(agent: str, p: Param) -> Any:
    """The sidebar widget of parameter ``p``: a select box for choices, a checkbox for
    a switch, a slider for a small integer range, else a number box (empty = none)."""
    side, key, label = st.sidebar, f"{agent}_{p.name}", p.name.replace("_", " ")
    # The default goes into the state, not the widget: other pages preset these keys
    # (open a search in the analysis view), and a widget may not get both. Writing
    # the value back every run sends it to the browser with the widget: a run cut
    # short between the first write and the widget (a click during a rerun) would
    # otherwise leave the browser drawing, and then reporting, the widget's minimum.
    st.session_state[key] = st.session_state.get(key, p.default)
    if p.choices is not None:
        return side.selectbox(label, p.choices, key=key, help=p.help)
    if p.type == "bool":
        return side.checkbox(label, key=key, help=p.help)
    if p.type == "int" and p.lo is not None and p.hi is not None and p.hi - p.lo <= 64:
        return side.slider(label, int(p.lo), int(p.hi), key=key, help=p.help)
    if p.type == "int":
        value = side.number_input(
            label, min_value=None if p.lo is None else int(p.lo),
            max_value=None if p.hi is None else int(min(p.hi, MAX_WIDGET_INT)),
            step=1, key=key, help=p.help,
        )  # fmt: skip
        return None if value is None else int(value)
    value = side.number_input(
        label, min_value=p.lo, max_value=p.hi, step=0.1, format="%.4g", key=key, help=p.help,
    )  # fmt: skip
    return None if value is None else float(value)


def download(where: Any, label: str, data: Any, file_name: str, key: str, **options: Any) -> None:
    """A download button in ``where`` (the page, a column) that does not rerun the
    page: a rerun started by the click raced a download drawn on click (deferred data)
    and left its button loading. ``options`` go to ``st.download_button``."""
    where.download_button(label, data, file_name, key=key, on_click="ignore", **options)
