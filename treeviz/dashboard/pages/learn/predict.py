"""The Learn page's "Predict the search": the learner sets up a small search, the tree
is hidden and grows as each question is answered (the analysis page's board and tree
view show what is revealed), with the score and streak of the session.

The agents offered (:func:`~treeviz.dashboard.pages.learn.state.predict_agents`) are
those :func:`~treeviz.dashboard.components.inputs.offered_agents`
offers (ours, and those named when the server started), narrowed to the ones with steps
to predict; a link's agent is parsed through the same seal as every spec.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from treeviz.agents.registry import AgentSpec, get_agent, spec
from treeviz.connect4.board import Position
from treeviz.connect4.notation import parse_position
from treeviz.dashboard import state
from treeviz.dashboard.components.board import status_line
from treeviz.dashboard.components.board_chart import board_chart
from treeviz.dashboard.components.inputs import agent_spec, param_widget
from treeviz.dashboard.components.results.answer import answer_columns
from treeviz.dashboard.components.results.tree import tree_section
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.components.text import escape_markdown
from treeviz.dashboard.components.tree_view import ABOVE
from treeviz.dashboard.pages.learn.state import PREDICT_AGENT as AGENT
from treeviz.dashboard.pages.learn.state import (
    PREDICT_DEFAULTS,
    VIEW,
    predict_agents,
    predict_param_key,
    predict_settings,
)
from treeviz.dashboard.pages.learn.state import PREDICT_MOVES as MOVES
from treeviz.dashboard.pages.learn.state import PREDICT_STEPS as STEPS
from treeviz.draw.view import node_position
from treeviz.errors import InvalidParameterError, TreevizError
from treeviz.learn.decisions import KEY_QUESTIONS
from treeviz.learn.predict import predict
from treeviz.learn.questions import KINDS, Session
from treeviz.settings import show_value

STEP_CHOICES = {  # the session's questions: the link's ``steps`` value -> its words
    "key": f"Key decisions (at most {KEY_QUESTIONS})",
    "all": "Every step",
}
STEP_DIGITS = 9  # a link's step past this many digits is past every session's end
NO_TT = {"tt": False}  # a transposition table answers repeats: not what one predicts


def read_link(query: Any) -> None:
    """A shared link's search (``agent``, ``moves``, ``steps``, ``step``) put into the
    widgets; an agent that is not offered, or a setting out of its range, is refused in
    words."""
    if "moves" in query:
        state.put(MOVES, query["moves"])
    if query.get("steps") in STEP_CHOICES:
        state.put(STEPS, query["steps"])
    step = query.get("step", "")
    if step.isascii() and step.isdigit() and len(step) <= STEP_DIGITS:
        VIEW.ask_step(int(step))
    if "agent" not in query:
        return
    try:
        chosen = spec(query["agent"])  # the seal vets it
        if chosen.name not in predict_agents():
            raise InvalidParameterError(
                f"agent {show_value(query['agent'])} has no steps to predict here: choose "
                f"one of {', '.join(predict_agents())}"
            )
        for p in predict_settings(chosen.name):
            if p.name in chosen.kwargs:
                state.put(predict_param_key(chosen.name, p.name), p.coerce(chosen.kwargs[p.name]))
    except TreevizError as exc:
        show_error(f"The link's search cannot be opened: {exc}")
        return
    state.put(AGENT, chosen.name)


def sidebar() -> tuple[Position | None, AgentSpec | None, str]:
    """The position and the spec of the search to predict, made from the widgets (the
    spec checked here, once, and passed on whole; None where they are not valid:
    ``st.error`` says why), and which questions to ask (a key of
    :data:`STEP_CHOICES`)."""
    side = st.sidebar
    state.preset(MOVES, PREDICT_DEFAULTS[MOVES])
    text = side.text_input("Position (moves, e.g. 4453)", key=MOVES)
    agents = predict_agents()
    state.preset(AGENT, PREDICT_DEFAULTS[AGENT])
    agent = side.selectbox("Search", agents, key=AGENT)
    side.caption(escape_markdown(get_agent(agent).description))
    params = {
        p.name: param_widget(p, predict_param_key(agent, p.name)) for p in predict_settings(agent)
    }
    state.preset(STEPS, PREDICT_DEFAULTS[STEPS])
    steps = side.radio(
        "Questions",
        list(STEP_CHOICES),
        format_func=STEP_CHOICES.__getitem__,
        key=STEPS,
        help="Key decisions: only where the search decides something "
        "(a cutoff, a value that changes its choice, a UCT pick other than the most "
        "visited child). Every step: each child, value and cutoff in turn.",
    )
    pos = None
    try:
        pos = parse_position(text)
    except TreevizError as exc:
        show_error(str(exc))
    try:
        extra = NO_TT if agent in ("minimax", "alphabeta") else {}
        return pos, agent_spec(agent, params | extra), steps
    except TreevizError as exc:
        show_error(str(exc))
        return pos, None, steps


def show() -> None:
    """The exercise: set up a search, answer its questions one by one."""
    pos, chosen, steps = sidebar()
    if pos is None or chosen is None:
        return
    ident = (pos.ident(), chosen, steps)
    session = VIEW.session(ident)
    if session is None:
        try:
            session = predict(pos, chosen, every_step=steps == "all")
        except TreevizError as exc:
            show_error(str(exc))
            return
        step = VIEW.pending_step()
        session.at = min(step or 0, len(session.questions))
        VIEW.keep_session(ident, session)
    st.query_params.update(
        {
            "ex": "predict",
            "agent": str(chosen),
            "moves": pos.moves_string(),
            "steps": steps,
            "step": str(session.at),
        }
    )
    left, right = answer_columns("learn")  # side by side, stacked when narrow
    question = session.current
    node = question.node if question is not None else 0
    with left:
        shown_at = node_position(session.trace, node)
        board_chart(shown_at, VIEW.widget("board"), play=None, size=24)
        st.markdown(status_line(shown_at))
    with right:
        ask(session, every_step=steps == "all")
    tv = VIEW.tree_view
    shown = VIEW.shown(session)
    last = session.last  # the step just revealed is selected, until the next answer
    tv.open_at(
        shown, last.step if last is not None and last.step < len(shown) else node, above=ABOVE
    )
    tree_section(shown, tv)


def ask(session: Session, *, every_step: bool) -> None:
    """The score, the last answer's verdict, and the question to answer now (only the
    search's key decisions unless ``every_step``: the caption says so)."""
    total = len(session.questions)
    st.markdown(
        f"**Score {session.score} / {session.answered}** · streak {session.streak} "
        f"(best {session.best_streak}) · question {min(session.at + 1, total)} of "
        f"{total}"
    )
    if not every_step:
        st.caption(
            "Only the steps where the search decides something are asked; the "
            "steps between them are filled into the tree as you go."
        )
    last = session.last
    if last is not None:
        said = (
            f"**Right**: {escape_markdown(last.answer)}."
            if last.right
            else f"**Wrong**: you said {escape_markdown(last.given)}; the search took "
            f"{escape_markdown(last.answer)}."
        )
        (st.success if last.right else st.error)(f"{said} {escape_markdown(last.reason)}")
        if last.after:
            st.info(escape_markdown(last.after))
    question = session.current
    if question is None:
        st.success("Every step of this search is revealed: the whole tree is below.")
        return
    kind = KINDS[question.kind]
    st.caption(kind[0].upper() + kind[1:])
    key = VIEW.widget("choice", id(session), session.at)
    labels = dict(question.choices)
    st.radio(
        escape_markdown(question.prompt),
        list(labels),
        index=None,
        format_func=labels.__getitem__,
        key=key,
    )
    a, b = st.columns(2)
    a.button(
        "Answer", type="primary", key=VIEW.widget("answer"), on_click=_answer, args=(session, key)
    )
    b.button("Skip (reveal this step)", key=VIEW.widget("skip"), on_click=session.skip)
    if VIEW.unanswered:
        st.warning("Choose an answer first.")


def _answer(session: Session, key: str) -> None:
    """The Answer button: mark the choice (none chosen: say so, nothing marked)."""
    given = state.widget_value(key)
    VIEW.set_unanswered(given is None)
    if given is not None:
        session.answer(str(given))
