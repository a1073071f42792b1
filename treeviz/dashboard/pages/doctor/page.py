"""The Doctor page: a checkup of an agent this dashboard may run (ours, or one named when
it was started) for bugs in its search: its horizon as measured, then the checkup's one
list of bugs, in the order the command line and the notebook give them, each saying
where it was seen. A bug seen outside is said in words with the shortest position that
shows it, drawn with the agent's answer and the right columns marked, and opens in the
analysis view; a bug inside a traced search is shown at its node of the recorded tree
(:mod:`.inside`); a symptom follows the bug that explains it. The agent's
strength is reported apart.

The agent is picked from a list, its settings from its declaration's widgets: no field
takes a spec, a file or a command, and the spec checked is vetted by the process's seal
before anything runs. Where the positions are asked (here, or on the Dask cluster the
server was started with) is the server's choice, never a visitor's.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from treeviz.agents.registry import AgentSpec, get_agent
from treeviz.agents.user.load import is_user_head
from treeviz.checkup import Checkup, Finding, checkup
from treeviz.checkup.findings import AnyFinding, seen_in
from treeviz.checkup.horizon import verdict_words
from treeviz.checkup.result import board_marks, found_words, missed_words, plies_ahead, title
from treeviz.checkup.run import horizon_of
from treeviz.checkup.tree_bugs import NodeFinding
from treeviz.connect4.board import Position
from treeviz.dashboard.components.board import fitted
from treeviz.dashboard.components.game_picker import connect4_only
from treeviz.dashboard.components.inputs import (
    agent_spec,
    offered_agents,
    param_widget,
)
from treeviz.dashboard.components.nav import open_in_analysis
from treeviz.dashboard.components.tables import fitted_columns
from treeviz.dashboard.components.text import code, escape_markdown, sentence
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.pages.doctor.inside import CUT, INTRO, LEFT_OUT, node_card, tree_at_node
from treeviz.dashboard.pages.doctor.state import DEPTH, POSITIONS, SEED, VIEW
from treeviz.dashboard.server import environment
from treeviz.draw.board_svg import board_svg
from treeviz.errors import TreevizError
from treeviz.settings import DEFAULT_AGENT, show_value

TITLES = {  # each check's name, as a heading
    "crash": "It crashes",
    "no-move": "It answers no column",
    "illegal-move": "It answers a column that cannot be played",
    "timeout": "It gives no answer in time",
    "misses-win": "It misses a win at once",
    "misses-block": "It misses a block",
    "endgame": "It chooses a worse endgame outcome",
    "misses-win-3": "It misses a forced win in 3 plies",
    "walks-into-loss-4": "It walks into a forced loss in 4 plies",
    "misses-win-5": "It misses a forced win in 5 plies",
    "history": "Its answer depends on what came before",
}
LEGEND = (
    "Under each board, red marks the agent's answer and green the right columns "
    "(by the exact scores)."
)


def doctor_page() -> None:
    """Choose an agent and the checkup's options, run it with a progress bar, read the
    findings (kept until the next checkup)."""
    st.title("Doctor: a checkup of an agent")
    connect4_only()
    # Run and Stop head the sidebar, in reach however long the agent's settings (as on
    # the analysis page). Stop needs no callback: any click reruns the page, which ends
    # a checkup under way at its next progress tick.
    pressed = st.sidebar.button("Run the checkup", type="primary", key=VIEW.widget("run"))
    if st.sidebar.button(
        "Stop", key=VIEW.widget("stop"), help="stop a checkup under way (the last one stays)"
    ):
        st.warning("Stopped. Press **Run the checkup** to check again.")
    choice = sidebar()
    if (why := VIEW.unread()) is not None:
        show_error(f"{why}. Press Run the checkup to check again.")
    if pressed and choice is not None:
        run(choice)
    result = VIEW.result
    if result is None:
        st.info(
            "Choose an agent and press **Run the checkup**: the doctor puts positions "
            "of every kind to it (wins at once, blocks, edge columns, endgames, "
            "transpositions, early to late) and shows each bug with the shortest "
            "position that has it."
        )
        return
    show_checkup(result)


def sidebar() -> dict[str, Any] | None:
    """The agent, its settings and the checkup's options, as the widgets hold them,
    with the agent's spec made from them, checked once (None when a setting is not
    valid; :func:`checked` reads the rest, and says why, when Run is pressed); None
    when the agent chosen was not one offered (``st.error`` says so: nothing runs
    this time)."""
    side = st.sidebar
    offered = offered_agents()
    # a person's agent first: the doctor is for theirs
    default = offered[0] if is_user_head(offered[0]) else DEFAULT_AGENT.default
    refused = VIEW.choose_agent(offered, default)
    if refused is not None:
        show_error(
            f"agent {show_value(refused)} is not one this dashboard may check: "
            "choose one of the list"
        )
    agent = side.selectbox("Agent to check", offered, key=VIEW.widget("agent"))
    decl = get_agent(agent)
    side.caption(
        ("Named when this dashboard was started. " if is_user_head(agent) else "")
        + escape_markdown(decl.description)
    )
    params = {p.name: param_widget(p, VIEW.param(agent, p.name)) for p in decl.params}
    try:
        chosen: AgentSpec | None = agent_spec(agent, params)
    except TreevizError:
        chosen = None  # Run says why
    depth = None
    if is_user_head(agent):
        depth = param_widget(DEPTH, VIEW.widget("depth"), DEPTH.help)
    else:
        side.caption(horizon_words(chosen))
    positions = param_widget(POSITIONS, VIEW.widget("positions"), POSITIONS.help)
    seed = param_widget(SEED, VIEW.widget("seed"), SEED.help)
    if refused is not None:
        return None
    return {
        "agent": agent,
        "params": params,
        "spec": chosen,
        "depth": depth,
        "positions": positions,
        "seed": seed,
    }


def horizon_words(chosen: AgentSpec | None) -> str:
    """How far the agent of ``chosen`` looks with its settings, as it declares (what
    the checkup judges within), in words; '' without a spec (its settings are not
    valid: Run says why)."""
    if chosen is None:
        return ""
    horizon = horizon_of(chosen, None)
    if not horizon:
        return (
            "It sees no outcome for certain: only failures (a crash, no answer, a "
            "column that cannot be played, no answer in time) and answers that depend "
            "on what came before count as bugs."
        )
    return f"It looks {plies_ahead(horizon)} ahead: its answers are judged within that."


def checked(choice: dict[str, Any]) -> dict[str, Any]:
    """The checkup's arguments from the sidebar's ``choice``: the agent's spec (the
    one the sidebar made, checked and vetted by the seal there; made here from the
    agent and its settings when there is none, so that a setting that is not valid is
    named), as the text the checkup records, and the positions, depth and seed checked
    by their declarations; :class:`InvalidParameterError` naming a bad one."""
    chosen = choice.get("spec")
    if chosen is None:
        chosen = agent_spec(choice["agent"], choice["params"])
    depth = None if choice["depth"] is None else DEPTH.check(choice["depth"])
    return {
        "agent": str(chosen),
        "positions": POSITIONS.check(choice["positions"]),
        "depth": depth,
        "seed": SEED.check(choice["seed"]),
    }


def run(choice: dict[str, Any]) -> None:
    """Run the checkup of the sidebar's ``choice`` with a progress bar and keep its
    result; a bad choice or a failed checkup shows ``st.error`` and keeps the last."""
    try:
        args = checked(choice)
        bar = st.progress(0.0, text=f"Checking {escape_markdown(args['agent'])}…")

        def tick(done: int, total: int) -> None:
            bar.progress(
                min(1.0, done / max(total, 1)), text=f"{done} of {total} questions answered"
            )

        result = checkup(**args, cluster=environment.cluster(), tick=tick)
        VIEW.keep(result, result.readable_trees())
        bar.empty()
    except TreevizError as exc:
        show_error(str(exc))
    except OSError as exc:  # the server's cluster did not answer
        show_error(f"the checkup could not run: {exc}")


def show_checkup(c: Checkup) -> None:
    """What was checked, its horizon, the verdict, each bug (its symptoms after it,
    the trees of those seen inside), and the strength."""
    st.markdown(
        f"**{escape_markdown(c.agent)}** · judged within {plies_ahead(c.horizon)} · "
        f"{c.positions} positions · seed {c.seed} · {c.seconds:.0f} s"
    )
    show_horizon(c)
    verdict(c)
    if VIEW.left_out:
        st.info(left_out_words(VIEW.left_out))
    bugs = c.bugs()
    symptom, numbered = len(bugs), []  # symptoms are numbered after the bugs
    for i, (root, under) in enumerate(bugs, 1):
        numbered.append((i, root, ""))
        for f in under:
            symptom += 1
            numbered.append(
                (symptom, f, f"A symptom of bug {i}, explained by it: not a bug of its own.")
            )
    inside = [(n, f) for n, f, _ in numbered if isinstance(f, NodeFinding)]
    for n, f, note in numbered:
        if inside and f is inside[0][1]:  # what a node finding is, said once
            st.caption(INTRO)
        show_any(c, f, n, note=note)
    shown = [(n, f) for n, f in inside if f.check in VIEW.trees]
    if shown:
        tree_at_node(shown, VIEW.trees, VIEW)
    for note in getattr(c, "notes", ()):  # (what a checkup could not judge, where it says)
        st.caption(escape_markdown(note))
    show_strength(c)


def left_out_words(checks: list[str]) -> str:
    """What a reload did not keep of the checkup shown (the trees of ``checks``), and
    how to get it back."""
    many = len(checks) > 1
    return (
        f"The recorded tree{'s' if many else ''} of the bug{'s' if many else ''} seen "
        f"inside the search ({', '.join(map(code, checks))}) {'were' if many else 'was'} "
        "too large to keep across the reload: the findings, notes and strength are "
        "kept. Press **Run the checkup** to record the trees again."
    )


def show_any(c: Checkup, f: AnyFinding, i: int, *, note: str) -> None:
    """Finding ``i``, seen outside or inside, with where it was seen and ``note``."""
    st.caption(f"{i}. Seen {seen_in(f)}." + (f" {note}" if note else ""))
    if isinstance(f, NodeFinding):
        absent = LEFT_OUT if f.check in VIEW.left_out else CUT
        node_card(c.agent, f, i, trace=VIEW.trees.get(f.check), view=VIEW, absent=absent)
    else:
        show_finding(c, f, i)


def show_horizon(c: Checkup) -> None:
    """The horizon measured from its answers, and each level's count (a table)."""
    h = c.lookahead
    st.markdown(f"Horizon: {escape_markdown(verdict_words(h))}.")
    rows = [
        {
            "forced": f"{'win' if k % 2 else 'loss'} in {k} pl{'y' if k == 1 else 'ies'}",
            "positions": n,
            "right": r,
            "within the judged horizon": k <= c.horizon,
        }
        for k, (r, n) in h.levels.items()
    ]
    if rows:
        table = pd.DataFrame(rows)
        st.dataframe(
            table, hide_index=True, key=VIEW.widget("horizon"), column_config=fitted_columns(table)
        )


def verdict(c: Checkup) -> None:
    """ "No bug found", or how many (symptoms not counted) and where they were seen,
    with how to read the boards of its answers."""
    if c.healthy:
        judged = (
            "every answer within its horizon was right"
            if c.horizon
            else "every position got a column in time"
        )
        st.success(f"**No bug found**: {judged}.")
        return
    st.warning(f"**{found_words(c)}**.")
    if any(isinstance(f, Finding) for f in c.findings):
        st.caption(LEGEND)


def show_finding(c: Checkup, f: Finding, i: int) -> None:
    """Finding ``i``: its board (answer and right columns marked), its sentence, the
    counts, and a button that opens its position in the analysis view."""
    pos = Position.from_moves(f.moves)
    box = st.container(border=True, key=VIEW.widget("finding", i))
    left, right = box.columns([1, 2])
    left.markdown(fitted(board_svg(pos, cell=30, marks=board_marks(f))), unsafe_allow_html=True)
    heading = TITLES.get(f.check, f.check)
    right.markdown(f"**{i}. {escape_markdown(heading)}** ({code(title(f))})")
    right.markdown(escape_markdown(sentence(f.text)))
    right.caption(counts(f))
    moves = code(f.moves) if f.moves else "the empty board"
    other = f" · the other order {code(f.other)}" if f.other and f.other != f.moves else ""
    right.markdown(f"Position {moves} · {f.side} to move{other}")
    right.button(
        "Open in Analyze",
        key=VIEW.widget("open", i),
        on_click=open_in_analysis,
        args=(pos, c.agent),
        help="this position's search by this agent",
    )


def counts(f: Finding) -> str:
    """``Failed in 3 of the 31 positions it applies to · as X 3 of 18 · as O 0 of 13``."""
    sides = [f"as {p} {n} of {m}" for p, (n, m) in f.sides.items() if m]
    return " · ".join([f"Failed in {f.count} of the {f.of} positions it applies to", *sides])


def show_strength(c: Checkup) -> None:
    """How often it kept the best outcome, by phase, and what it missed beyond its
    horizon (not bugs: what a search of its horizon cannot see)."""
    st.markdown("##### Strength (not bugs)")
    acc = c.strength.get("accuracy", {})
    rows = [
        {
            "phase": k,
            "positions": v["of"],
            "kept the best outcome": v["kept"],
            "share": f"{v['kept'] / v['of']:.0%}",
        }
        for k, v in acc.items()
        if v["of"]
    ]
    if rows:
        table = pd.DataFrame(rows)
        st.dataframe(
            table, hide_index=True, key=VIEW.widget("strength"), column_config=fitted_columns(table)
        )
    if missed := missed_words(c):
        st.caption(sentence(missed))
    elif not rows:
        st.caption("No position with exact scores.")
