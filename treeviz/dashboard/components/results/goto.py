"""Going to a node of a tree view by name: its id (``#123``) or its moves from the
trace's root (``4352``), typed in a box; the view follows when the node lies deeper
than it draws."""

from __future__ import annotations

import streamlit as st

from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.errors import InvalidParameterError
from treeviz.trace.nodes import Trace


def goto_box(trace: Trace, view: TreeView, depth: int) -> None:
    """The go-to box of ``view`` (``depth``: the view's), and why the last text typed
    names no node, if it does not."""
    st.text_input(
        "Go to a node: its id (#123) or its moves from the root (4352)",
        key=view.goto_key,
        on_change=_go_to,
        args=(trace, view, depth),
        placeholder="#id or moves",
    )
    if view.goto_error:
        show_error(view.goto_error)


def find_node(trace: Trace, text: str) -> int:
    """The node ``text`` names: ``#123`` (an id) or a move string from the trace's root
    (``4352``: the first recorded node along those moves). :class:`InvalidParameterError`
    quoting the text when there is none."""
    text = text.strip()
    if text.startswith("#") and text[1:].isdigit():
        node = int(text[1:])
        if node < len(trace):
            return node
        raise InvalidParameterError(f"no node {text!r}: this trace has {len(trace):,} nodes")
    node = 0
    for i, ch in enumerate(text):
        kids = [int(k) for k in trace.children(node) if str(int(trace.nodes["move"][k]) + 1) == ch]
        if not kids:
            raise InvalidParameterError(
                f"no recorded node along {text!r}: the search did "
                f"not record move {i + 1} ({ch!r}) there"
            )
        node = kids[0]
    return node


def _go_to(trace: Trace, view: TreeView, depth: int) -> None:
    """Callback: select the node typed in the go-to box; the view follows when it is
    deeper; a text that names none leaves its error for the box."""
    try:
        node = find_node(trace, view.goto_text)
    except InvalidParameterError as exc:
        view.set_goto_error(str(exc))
        return
    view.set_goto_error(None)
    view.pick(trace, node, depth=depth)
