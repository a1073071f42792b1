"""Sidebar inputs: the position (sample, text or board clicks), the agents offered and
an agent's settings, and the exact scores' switch."""

from __future__ import annotations

from typing import Any

import streamlit as st

from treeviz.agents.contract import Agent, AgentSpec, Param, make_spec
from treeviz.agents.registry import AGENTS, get_agent
from treeviz.agents.user.load import is_user_head, sealed
from treeviz.connect4.board import Position
from treeviz.connect4.notation import read_position_text
from treeviz.connect4.samples import load_samples
from treeviz.dashboard import state
from treeviz.dashboard.components.text import code
from treeviz.dashboard.components.text import error as show_error
from treeviz.errors import TreevizError
from treeviz.settings import DEFAULT_AGENT, DEFAULT_SAMPLE, EXACT_SECONDS

SOURCES = ["Sample", "Move string or board"]
SAMPLE = "sample"  # the sample picker's key (kept while other pages show)
MAX_WIDGET_INT = 2**53 - 1  # the browser's largest exact integer


def default_sample(samples: dict[str, Any]) -> str:
    """The slug of the sample a first visit shows (the first one if the default is
    not among ``samples``)."""
    return DEFAULT_SAMPLE if DEFAULT_SAMPLE in samples else next(iter(samples))


def default_position() -> Position:
    """The position a first visit shows: the default sample's."""
    samples = load_samples()
    return samples[default_sample(samples)].position()


def choose_position() -> Position:
    """A sample or typed text (moves or a pasted diagram, any board size); bad text
    shows ``st.error`` quoting it and keeps the previous position."""
    samples = load_samples()
    state.preset(state.SOURCE, SOURCES[0])
    source = st.sidebar.radio("Position", SOURCES, horizontal=True, key=state.SOURCE)
    if source == "Sample":
        state.preset(SAMPLE, default_sample(samples))
        slug = st.sidebar.selectbox(
            "Sample", list(samples), format_func=lambda s: samples[s].name, key=SAMPLE
        )
        sample = samples[slug]
        st.sidebar.caption(
            f"{sample.description}  \nTags: {', '.join(sample.tags)} · exact score {sample.score}"
        )
        state.put(state.POSITION, sample.position())
    else:
        state.preset(state.POSITION_TEXT, state.position_text(state.position()))
        text = st.sidebar.text_area("Moves (e.g. 4453) or a pasted board", key=state.POSITION_TEXT)
        try:
            state.put(state.POSITION, pasted_position(text))
        except TreevizError as exc:  # the board shown stays the last one read: say so
            moves = state.position().moves_string()
            shown = f"position {moves}" if moves else "empty board"
            show_error(
                f"{exc}\n\nThe board shown is the previous {shown}, still loaded: "
                "fix the text to load another."
            )
    return state.position()


def pasted_position(text: str) -> Position:
    """The position of the typed text (any board a notebook prints). When both
    colourings of a board are legal, a toggle under the box reads the other one, and
    a note says which symbol is read as the first player; other notes say how the
    board was read where it could have been read otherwise."""
    reading = read_position_text(text)
    said = st.sidebar.container()  # the notes go above the toggle they point to
    label = f"'{reading.symbols[1]}' moved first"
    if reading.both_colourings and st.sidebar.toggle(
        label, key=state.FIRST_SWAPPED, help="Read the other symbol as X, the first player"
    ):
        reading = read_position_text(text, first=2)
    for note in reading.notes(f"switch on “{label}” below"):
        said.info(note)
    return reading.position


def choose_agent() -> AgentSpec | TreevizError:
    """The agent and its settings, one widget per declared parameter, as one spec,
    checked here, once (:func:`agent_spec`), and shown so that it can be pasted into
    the CLI; a setting that is not valid gives the error instead (said under the
    widgets)."""
    names = list(AGENTS)
    # state, not a widget default: other pages set it
    state.preset(state.AGENT, DEFAULT_AGENT.default)
    agent = st.sidebar.selectbox("Agent", names, key=state.AGENT)
    return settings_spec(get_agent(agent), agent)


def settings_spec(decl: Agent, prefix: str) -> AgentSpec | TreevizError:
    """The declared agent ``decl``'s description and one sidebar widget per parameter
    (keys from ``prefix``: :func:`~treeviz.dashboard.state.param_key`), as one checked
    spec shown to paste into the CLI, those at their default left out; a setting that
    is not valid gives the error instead (said under the widgets)."""
    st.sidebar.caption(decl.description)
    params = {p.name: param_widget(p, state.param_key(prefix, p.name)) for p in decl.params}
    given = {k: v for k, v in params.items() if v != decl.param(k).default}
    try:
        chosen = make_spec(decl, given)
    except TreevizError as exc:
        show_error(str(exc), st.sidebar)
        return exc
    # inline code, not st.code: a code block makes the browser fetch and compile its
    # syntax highlighter (1.5 MB) while the first page is being drawn
    st.sidebar.markdown(code(chosen))
    return chosen


def agent_spec(agent: str, params: dict[str, Any]) -> AgentSpec:
    """The spec of ``agent`` with the widgets' ``params`` (those at their default left
    out, so that its text is the shortest), checked against the declaration:
    :class:`InvalidParameterError` names a setting that is not valid. The agent comes
    through the registry, so a person's agent is vetted by the process's seal."""
    decl = get_agent(agent)
    given = {k: v for k, v in params.items() if v != decl.param(k).default}
    return make_spec(decl, given)


def offered_agents() -> list[str]:
    """The agents a visitor may pick (the Doctor checks them, Learn predicts them):
    those named when the server started (the seal's), then ours. No other is ever
    offered, whatever is registered here."""
    allowed = sealed() or frozenset()
    theirs = [name for name in AGENTS if is_user_head(name) and name in allowed]
    return theirs + [name for name in AGENTS if not is_user_head(name)]


def exact_checkbox(key: str) -> bool:
    """Whether to show the exact scores beside the agent's (within their budget)."""
    label = f"Exact solver scores ({EXACT_SECONDS.default:g} s budget)"
    # the default in the state, not the widget: the state is written back on other
    # pages (state.keep), and a widget given both logs Streamlit's warning and stack
    state.put(key, state.get(key, True))
    return bool(st.sidebar.checkbox(label, key=key))


def setting_widget(setting: Param) -> Any:
    """The sidebar widget of a declared setting (:mod:`treeviz.settings`), under its
    name as key, its label its help text."""
    return param_widget(setting, setting.name, setting.help)


def param_widget(p: Param, key: str, label: str | None = None) -> Any:
    """The sidebar widget of parameter ``p``: a select box for choices, a checkbox for
    a switch, a slider for a small integer range, else a number box (empty = none)."""
    side = st.sidebar
    label, tip = (label, None) if label else (p.name.replace("_", " "), p.help)
    # The default goes into the state, not the widget: other pages preset these keys
    # (open a search in the analysis view), and a widget may not get both. Writing
    # the value back every run sends it to the browser with the widget: a run cut
    # short between the first write and the widget (a click during a rerun) would
    # otherwise leave the browser drawing, and then reporting, the widget's minimum.
    state.put(key, state.get(key, p.default))
    if p.choices is not None:
        return side.selectbox(label, p.choices, key=key, help=tip)
    if p.type == "bool":
        return side.checkbox(label, key=key, help=tip)
    if p.type == "int" and p.lo is not None and p.hi is not None and p.hi - p.lo <= 64:
        return side.slider(label, int(p.lo), int(p.hi), key=key, help=tip)
    if p.type == "int":
        value = side.number_input(
            label,
            min_value=None if p.lo is None else int(p.lo),
            max_value=None if p.hi is None else int(min(p.hi, MAX_WIDGET_INT)),
            step=1,
            key=key,
            help=tip,
        )
        return None if value is None else int(value)
    value = side.number_input(
        label,
        min_value=p.lo,
        max_value=p.hi,
        step=0.1,
        format="%.4g",
        key=key,
        help=tip,
    )
    return None if value is None else float(value)


def download(
    where: Any, label: str, data: Any, *, file_name: str, key: str, **options: Any
) -> None:
    """A download button in ``where`` (the page, a column) that does not rerun the
    page: a rerun started by the click raced a download drawn on click (deferred data)
    and left its button loading. ``options`` go to ``st.download_button``."""
    where.download_button(label, data, file_name, key=key, on_click="ignore", **options)
