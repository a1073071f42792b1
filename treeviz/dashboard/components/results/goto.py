"""Going to a node of a tree view by name: its id (``#123``) or its moves from the
trace's root (Connect 4's columns ``4352``, another game's moves as it writes them,
``x(1,1) o(0,0)``), typed in a box; the view follows when the node lies deeper than it
draws."""

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
        goto_label(trace),
        key=view.goto_key,
        on_change=_go_to,
        args=(trace, view, depth),
        placeholder="#id or moves",
    )
    if view.goto_error:
        show_error(view.goto_error)


def goto_label(trace: Trace) -> str:
    """The go-to box's label: how a node is named, with an example in the trace's game
    (Connect 4's columns; another game's moves along its first recorded line)."""
    if trace.is_connect4:
        example = "its columns from the root (4352)"
    else:
        node = 0
        for _ in range(2):
            kids = trace.children(node)
            node = int(kids[0]) if len(kids) else node
        example = f"its moves from the root, as the game writes them ({trace.path_moves(node)})"
    return f"Go to a node: its id (#123) or {example}"


def find_node(trace: Trace, text: str) -> int:
    """The node ``text`` names: ``#123`` (an id) or the moves from the trace's root
    (Connect 4: a move string, ``4352``; another game: its moves by label or action id,
    a space apart), the first recorded node along those moves.
    :class:`InvalidParameterError` quoting the text when there is none."""
    text = text.strip()
    if text.startswith("#") and text[1:].isdigit():
        node = int(text[1:])
        if node < len(trace):
            return node
        raise InvalidParameterError(f"no node {text!r}: this trace has {len(trace):,} nodes")
    if not trace.is_connect4:
        return _along_labels(trace, text)
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


def _along_labels(trace: Trace, text: str) -> int:
    """Another game's node along the moves ``text`` names from the root, each a
    recorded child's label (the longest that fits) or action id."""
    game, node, state = trace.rules(), 0, trace.state(0)
    rest, count = text, 0
    while rest:
        count += 1
        named: dict[str, tuple[int, int]] = {}
        for kid in trace.children(node):  # in creation order: the first one kept
            move = int(trace.nodes["move"][kid])
            named.setdefault(game.label(state, move), (int(kid), move))
            named.setdefault(str(move), (int(kid), move))
        fits = [w for w in named if rest.startswith(w) and rest[len(w) :][:1] in ("", " ")]
        if not fits:
            raise InvalidParameterError(
                f"no recorded node along {text!r}: the search did not record move "
                f"{count} ({rest.split()[0]!r}) there"
            )
        word = max(fits, key=len)
        node, move = named[word]
        state = game.play(state, move)
        rest = rest[len(word) :].lstrip()
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
