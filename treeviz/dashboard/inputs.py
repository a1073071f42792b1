"""Sidebar inputs: the position (sample, text or board clicks) and the agent's settings."""

from __future__ import annotations

from typing import Any

import streamlit as st

from treeviz.board import Position
from treeviz.errors import TreevizError
from treeviz.heuristics import HEURISTICS
from treeviz.notation import parse_position
from treeviz.samples import load_samples
from treeviz.search import AGENTS, agent_params
from treeviz.search.negamax_kernel import ORDERINGS

SOURCES = ["Sample", "Move string or board"]


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
    """The agent and the parameters it takes, from sidebar widgets."""
    names = list(AGENTS)
    agent = st.sidebar.selectbox("Agent", names, index=names.index("alphabeta"), key="agent")
    known = agent_params(agent)
    params: dict[str, Any] = {}
    side = st.sidebar
    if "depth" in known:
        params["depth"] = side.slider("Depth", 1, 10, int(known["depth"]), key=f"{agent}_depth")
    if "heuristic" in known:
        params["heuristic"] = side.selectbox("Heuristic", list(HEURISTICS))
    if "ordering" in known:
        params["ordering"] = side.selectbox(
            "Move ordering", ORDERINGS, index=ORDERINGS.index(known["ordering"])
        )
    if "tt" in known:
        params["tt"] = side.checkbox("Transposition table", bool(known["tt"]))
    if "iterative" in known:
        params["iterative"] = side.checkbox("Iterative deepening", bool(known["iterative"]))
    if "iterations" in known:
        params["iterations"] = int(side.number_input("Iterations", 100, 1_000_000, 10_000, 1000))
    if "c" in known:
        params["c"] = float(side.number_input("Exploration constant c", 0.0, 10.0, 1.414))
    if "rule" in known:
        params |= mcts_options()
    if "seed" in known:
        params["seed"] = int(side.number_input("Seed", 0, 2**31, int(known["seed"])))
    if "weak" in known:
        params["weak"] = side.checkbox("Weak (win/draw/loss only)", False)
    return agent, params


def mcts_options() -> dict[str, Any]:
    """The seeds' MCTS switches."""
    side = st.sidebar
    return {
        "rule": side.checkbox("Immediate win/block rule (001)", False),
        "final": side.selectbox("Final choice", ["robust", "mean"]),
        "expansion": side.selectbox("Expansion order", ["random", "heuristic"]),
        "rollout": side.selectbox("Rollouts", ["random", "smart"]),
        "solver": side.checkbox("Prove wins/losses (MCTS-solver)", False),
        "record_iterations": side.checkbox("Log every iteration", False),
    }
