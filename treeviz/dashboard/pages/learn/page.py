"""The Learn page: learn by doing, one exercise at a time, chosen in the sidebar and
named in the address (``?ex=predict|alphabeta|puzzles`` with its settings), so that a
teacher can send a link to one exercise."""

from __future__ import annotations

import streamlit as st

from treeviz.dashboard import state
from treeviz.dashboard.components.game_picker import connect4_only
from treeviz.dashboard.pages.learn import alphabeta as learn_alphabeta
from treeviz.dashboard.pages.learn import predict as learn_predict
from treeviz.dashboard.pages.learn import puzzles as learn_puzzles
from treeviz.dashboard.pages.learn.state import EXERCISE, EXERCISES, FIRST_EXERCISE, VIEW


def read_link() -> None:
    """Once per session, before the widgets: the link's exercise and its settings."""
    if not VIEW.read_link_once():
        return
    query = st.query_params
    ex = query.get("ex", "")
    if ex not in EXERCISES:
        return
    state.put(EXERCISE, ex)
    if ex == "predict":
        learn_predict.read_link(query)
    elif ex == "alphabeta":
        learn_alphabeta.read_link(query)


def learn_page() -> None:
    """Choose an exercise and do it."""
    st.title("Learn by doing")
    connect4_only()
    read_link()
    state.preset(EXERCISE, FIRST_EXERCISE)
    ex = st.sidebar.radio(
        "Exercise", list(EXERCISES), format_func=EXERCISES.__getitem__, key=EXERCISE
    )
    if st.query_params.get("ex") != ex:  # another exercise: its settings are not this one's
        st.query_params.from_dict({"ex": ex})
    if ex == "predict":
        learn_predict.show()
    elif ex == "alphabeta":
        learn_alphabeta.show()
    else:
        learn_puzzles.show()
