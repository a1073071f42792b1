"""The Doctor page's parts for the bugs seen inside a
traced search (``@treeviz.traced``): each node finding in words with the board at its
node and the line from the recorded root to it, a download of its tree as a trace
file (the "Explore a trace file" page opens it), and the recorded tree drawn from just
above the node with the node selected, in the analysis page's tree section (click to
walk it, the node's panel beside it).

Every text that comes from the agent (its spec, the values and names in a finding) is
shown escaped. The trees are the checkup's own, cut to what a trace file can hold
(:func:`~treeviz.checkup.inside.readable`); nothing here runs the agent.
"""

from __future__ import annotations

import streamlit as st

from treeviz.checkup.tree_bugs import NodeFinding
from treeviz.connect4.board import Position
from treeviz.dashboard.components.board import fitted
from treeviz.dashboard.components.inputs import download
from treeviz.dashboard.components.nav import open_in_analysis
from treeviz.dashboard.components.results.answer import page_style
from treeviz.dashboard.components.results.tree import tree_section
from treeviz.dashboard.components.text import code, escape_markdown, sentence
from treeviz.dashboard.components.tree_view import ABOVE
from treeviz.dashboard.pages.doctor.state import DoctorView
from treeviz.draw.board_svg import board_svg
from treeviz.errors import TreevizError
from treeviz.trace.files import dumps
from treeviz.trace.nodes import Trace

TITLES = {  # each node check's name, as a heading
    "terminal": "A finished game is searched on, or scored like an unfinished one",
    "backup": "A value is not the best of its children's",
    "sign": "A value is scored for the wrong player (a loss as a win, a leaf for the other side)",
    "turn": "A turn does not pass to the other player",
    "mutation": "A call changes the board it was given",
    "cutoff": "Columns are cut off while the window is still open",
    "visits": "Visit counts do not add up",
    "perspective": "Results are credited to the wrong player",
    "memo": "A remembered value is wrong for the position it is reused in",
    "best-move": "The move kept is not the best one searched",
    "selection": "The selection rule is not UCT",
    "final": "The final move is not the most visited",
    "growth": "The tree does not grow below the root",
}
INTRO = (
    "The doctor recorded its traced search on the positions that showed a bug and "
    "on some of every kind, checked every call, and names the first node where "
    "each bug shows (on the shortest position). The board is the position at that "
    "node, its last stone ringed."
)
CUT = (
    "Its tree is not shown: before this node the search went on from positions the "
    "game never reaches (a stone of the wrong colour, or a move after a four), which "
    "a trace file cannot hold."
)
LEFT_OUT = (
    "Its tree is not shown: it was too large to keep across the reload. Press **Run "
    "the checkup** to record it again."
)


def node_card(
    agent: str,
    nf: NodeFinding,
    i: int,
    *,
    trace: Trace | None,
    view: DoctorView,
    absent: str = CUT,
) -> None:
    """Node finding ``i``: the board at its node, its sentence, where the node is, and
    (when its tree is shown: ``trace``) the tree's download and a button that opens
    its root position in the analysis view with ``agent``; without it, ``absent``
    says why not."""
    box = st.container(border=True, key=view.widget("node", i))
    left, right = box.columns([1, 2])
    pos = node_board(nf)
    if pos is not None:
        left.markdown(fitted(board_svg(pos, cell=30)), unsafe_allow_html=True)
    right.markdown(f"**{i}. {escape_markdown(TITLES.get(nf.check, nf.check))}** ({code(nf.check)})")
    right.markdown(escape_markdown(sentence(nf.text)))
    right.markdown(where_words(nf))
    if trace is None:
        right.caption(absent)
        return
    a, b = right.columns(2)
    download(
        a,
        "Download this tree (trace file)",
        lambda: dumps(trace),
        file_name=f"treeviz-doctor-{nf.check}.json",
        key=view.widget("node_download", i),
        mime="application/json",
        help="a JSON trace file: open it on the Explore a trace file page",
    )
    b.button(
        "Open its root in Analyze",
        key=view.widget("node_open", i),
        on_click=open_in_analysis,
        args=(trace.position(), agent),
        help="search the root position again with this agent",
    )


def node_board(nf: NodeFinding) -> Position | None:
    """The position at the node of ``nf``; None when its moves are not a game's (a
    search that played on after a four or in a full column)."""
    try:
        return Position.from_moves(nf.node_moves)
    except TreevizError:
        return None


def where_words(nf: NodeFinding) -> str:
    """``Node #5 of the search of `253541…` (X to move), 5 plies down: `4 4 5 5 2```,
    as Markdown."""
    root = nf.node_moves[: len(nf.node_moves) - len(nf.line)]
    side = "XO"[len(root) % 2]
    plies = len(nf.line)
    down = (
        f"{plies} pl{'y' if plies == 1 else 'ies'} down along {code(' '.join(map(str, nf.line)))}"
        if plies
        else "its root"
    )
    return (
        f"Node #{nf.node} of the search of {code(root) if root else 'the empty board'} "
        f"({side} to move), {down}"
    )


def tree_at_node(
    shown: list[tuple[int, NodeFinding]], trees: dict[str, Trace], view: DoctorView
) -> None:
    """The tree of one node finding of ``shown`` (numbered; a choice when there are
    several), drawn from :data:`ABOVE` levels over its node, the node selected, the
    first time it shows; after that the person's clicks stand."""
    found = {nf.check: (i, nf) for i, nf in shown}
    checks = list(found)
    check = checks[0]
    if len(checks) > 1:
        check = st.radio(
            "Tree shown",
            checks,
            horizontal=True,
            format_func=lambda k: f"{found[k][0]}. {k} at node #{found[k][1].node}",
            key=view.widget("tree_shown", *checks),
        )
    nf = found[check][1]
    st.markdown(f"##### The recorded tree at node #{nf.node} ({code(nf.check)})")
    st.caption(
        "Drawn from two levels above the node, which is selected (a large ringed "
        "dot, its label yellow); its board, values and children are in the panel "
        "beside the tree. Click any node to walk the tree."
    )
    tree, tv = trees[check], view.tree_view(check)
    tv.open_at(tree, nf.node, above=ABOVE)
    page_style()  # the tree beside its panel wraps when narrow, and scrolls sideways
    tree_section(tree, tv)
