"""Dashboard page: choose a position, run an agent, read the board and per-move table."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from treeviz.analysis import move_table
from treeviz.board import Position
from treeviz.errors import TreevizError
from treeviz.heuristics import HEURISTICS
from treeviz.notation import parse_position
from treeviz.samples import load_samples
from treeviz.search import AGENTS, agent_params, search
from treeviz.search.negamax_kernel import ORDERINGS

COLOURS = {"X": "#d62728", "O": "#f2c500", None: "#ffffff"}


def board_html(pos: Position) -> str:
    """The board as an HTML grid of discs (red X, yellow O), column numbers below."""
    style = "width:34px;height:34px;border-radius:50%;border:2px solid #1f3b73"
    cell = f"<td style='{style};background:{{}}'></td>"
    rows = ["<tr>" + "".join(cell.format(COLOURS[s]) for s in row) + "</tr>" for row in pos.rows()]
    nums = (
        "<tr>"
        + "".join(f"<td style='text-align:center'>{c + 1}</td>" for c in range(pos.width))
        + "</tr>"
    )
    return f"<table style='background:#1f3b73;border-spacing:4px'>{''.join(rows)}{nums}</table>"


@st.cache_data(show_spinner=False, max_entries=32)
def run_search(moves: str, agent: str, params: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """Search once per (position, agent, parameters); returns what the page shows."""
    res = search(Position.from_moves(moves), agent, **dict(params))
    return {"move": res.move, "pv": res.pv, "stats": res.stats, "table": move_table(res)}


def choose_position() -> Position:
    """Sidebar: a sample or typed text; bad text keeps the previous position."""
    samples = load_samples()
    source = st.sidebar.radio("Position", ["Sample", "Move string or board"], horizontal=True)
    if source == "Sample":
        slug = st.sidebar.selectbox("Sample", list(samples), format_func=lambda s: samples[s].name)
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


def choose_params(agent: str) -> dict[str, Any]:
    """Sidebar widgets for the parameters ``agent`` takes."""
    known = agent_params(agent)
    params: dict[str, Any] = {}
    if "depth" in known:
        params["depth"] = st.sidebar.slider("Depth", 1, 10, int(known["depth"]))
    if "heuristic" in known:
        params["heuristic"] = st.sidebar.selectbox("Heuristic", list(HEURISTICS))
    if "ordering" in known:
        params["ordering"] = st.sidebar.selectbox(
            "Move ordering", ORDERINGS, index=ORDERINGS.index(known["ordering"])
        )
    if "tt" in known:
        params["tt"] = st.sidebar.checkbox("Transposition table", bool(known["tt"]))
    if "iterations" in known:
        params["iterations"] = int(
            st.sidebar.number_input("Iterations", 100, 1_000_000, 10_000, step=1000)
        )
    if "c" in known:
        params["c"] = float(st.sidebar.number_input("Exploration constant c", 0.0, 10.0, 1.414))
    if "rule" in known:
        params["rule"] = st.sidebar.checkbox("Immediate win/block rule (001)", False)
        params["final"] = st.sidebar.selectbox("Final choice", ["robust", "mean"])
        params["expansion"] = st.sidebar.selectbox("Expansion order", ["random", "heuristic"])
        params["rollout"] = st.sidebar.selectbox("Rollouts", ["random", "smart"])
        params["solver"] = st.sidebar.checkbox("Prove wins/losses (MCTS-solver)", False)
    if "seed" in known:
        params["seed"] = int(st.sidebar.number_input("Seed", 0, 2**31, int(known["seed"])))
    if "weak" in known:
        params["weak"] = st.sidebar.checkbox("Weak (win/draw/loss only)", False)
    return params


def main() -> None:
    """The page."""
    st.set_page_config(page_title="treeviz", layout="wide")
    st.title("treeviz — why this column?")
    pos = choose_position()
    left, right = st.columns([1, 2])
    left.markdown(board_html(pos), unsafe_allow_html=True)
    left.write(f"**{pos.status()}** · moves `{pos.moves_string() or '(none)'}`")
    agent = st.sidebar.selectbox("Agent", list(AGENTS), index=list(AGENTS).index("alphabeta"))
    params = choose_params(agent)
    if pos.is_over():
        right.info("The game is over: there is no move to explain.")
        return
    try:
        with st.spinner("Searching…"):
            out = run_search(pos.moves_string(), agent, tuple(sorted(params.items())))
    except TreevizError as exc:
        right.error(str(exc))
        return
    right.subheader(f"{agent} plays column {out['move']}")
    table: pd.DataFrame = out["table"]
    right.caption("Values are for the player to move at the root.")
    right.dataframe(table, hide_index=True)
    right.download_button("Table as CSV", table.to_csv(index=False), "moves.csv", "text/csv")
    right.write(f"Principal variation: {' '.join(map(str, out['pv']))}")
    right.json(out["stats"], expanded=False)
