"""The state of a tree view: which node is selected, where the drawing starts, which
nodes the person unfolded or folded, and the go-to box's complaint; and what every
tree view of a session shares: the views as built (:func:`built_views`) and a
fragment's request for the whole page to run again (:data:`FULL_RERUN`).

Node ids belong to one trace: :meth:`TreeView.attach` starts a view again from its
root when it is shown another search. Ids read back from the session are checked
against the trace they are used with (a stale or typed-in id means the root).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from treeviz.dashboard import state
from treeviz.dashboard.state import Keyed
from treeviz.trace.nodes import Trace

TOKEN = "_view_token"  # a trace's identity for its views, kept on the trace itself
TREE_VIEWS = "tree_views"  # the tree views built this session, by their settings
FULL_RERUN = "full_rerun"  # a fragment asks for the whole page to run again
ABOVE = 2  # a tree opened at a named node is drawn from this many levels above it


@dataclass(frozen=True)
class TreeView(Keyed):
    """One tree view's state, in the session under keys that start with ``key``
    (``analyze``: ``analyze_node``, ``analyze_root``, ``analyze_open``,
    ``analyze_shut``, ...). The analysis page, an uploaded trace and each side of a
    comparison have one each. Its widgets' keys start with ``key`` too
    (:meth:`widget`)."""

    @property
    def depth_key(self) -> str:
        """The "Depth shown" slider (kept while another page shows)."""
        return self.widget("depth")

    @property
    def top_key(self) -> str:
        """The "Top-k children" box (kept while another page shows)."""
        return self.widget("top")

    @property
    def goto_key(self) -> str:
        """The go-to box: a node's ``#id`` or its moves from the root."""
        return self.widget("goto")

    @property
    def goto_text(self) -> str:
        """What the go-to box holds ('' before it is drawn)."""
        return str(self._get("goto", ""))

    # -- the selected node and the view's root: raw ids, unchecked ------------------
    @property
    def selected(self) -> int:
        """The selected node's id as stored (0, the root, when none is)."""
        return int(self._get("node", 0))

    @property
    def root(self) -> int:
        """The id of the node the drawing starts from, as stored (0 when none)."""
        return int(self._get("root", 0))

    def selected_in(self, trace: Trace) -> int:
        """The selected node of ``trace`` (its root when the stored id is not in it)."""
        node = self.selected
        return node if 0 <= node < len(trace) else 0

    def root_in(self, trace: Trace) -> int:
        """The view's root in ``trace`` (its root when the stored id is not in it)."""
        root = self.root
        return root if 0 <= root < len(trace) else 0

    def draw_from(self, node: int) -> None:
        """Callback: draw the tree from ``node`` (the selection stays)."""
        self._put("root", node)

    # -- folding --------------------------------------------------------------------
    @property
    def opened(self) -> frozenset[int]:
        """The nodes the person unfolded (clicked, or the fold button)."""
        return frozenset(self._get("open", ()))

    @property
    def shut(self) -> frozenset[int]:
        """The nodes the person folded; folding wins over unfolding."""
        return frozenset(self._get("shut", ()))

    def folding(self, trace: Trace, root: int, node: int) -> tuple[frozenset[int], frozenset[int]]:
        """(unfolded, folded) nodes: those the person opened or closed, and ``node``'s
        ancestors below ``root``, opened so that the selected node is always drawn."""
        opened = set(self.opened)
        path = trace.path(node)
        if root in path:
            opened.update(path[path.index(root) : -1])
        shut = self.shut
        return frozenset(opened - shut), shut

    def fold(self, node: int, shut: bool) -> None:
        """Callback: fold (``shut``) or unfold the children of ``node``."""
        opened, folded = set(self.opened), set(self.shut)
        (folded.add if shut else folded.discard)(node)
        (opened.discard if shut else opened.add)(node)
        self._put("open", opened)
        self._put("shut", folded)

    # -- moving the selection -------------------------------------------------------
    def pick(
        self, trace: Trace, node: int, *, unfold: bool = False, depth: int | None = None
    ) -> None:
        """Select ``node`` of ``trace`` (``unfold``: and show its children); with
        ``depth``, the view moves down to the node's parent when the node lies deeper
        than the view's depth (drilling down a big tree). An id not in ``trace`` is
        ignored."""
        if not 0 <= node < len(trace):
            return
        self._put("node", node)
        self._put("shut", set(self.shut - {node}))
        if unfold:
            self._put("open", {*self.opened, node})
        path = trace.path(node)
        below = path[path.index(self.root) :] if self.root in path else []
        if depth is not None and (not below or len(below) - 1 > depth):
            self._put("root", max(0, int(trace.nodes["parent"][node])))

    def focus(self, trace: Trace, node: int) -> None:
        """Select ``node`` and draw the tree from its parent, so that it is drawn
        whatever the depth shown (a verdict's reason, a shared link's node)."""
        self._put("node", node)
        self._put("root", max(0, int(trace.nodes["parent"][node])))

    @property
    def goto_error(self) -> str | None:
        """Why the go-to box's text names no node (None when it does)."""
        return self._text("goto_error")

    def set_goto_error(self, error: str | None) -> None:
        """Keep why the go-to box's text names no node (None: it names one)."""
        self._set_text("goto_error", error)

    # -- one trace at a time --------------------------------------------------------
    def select_on_arrival(self, node: int) -> None:
        """Select ``node`` in the next trace this view shows (a shared link's node,
        read before its search has run)."""
        self._put("pending_node", node)

    def attach(self, trace: Trace) -> bool:
        """Show ``trace``: when the view showed another, its root, selection, folding
        and go-to error start again from the new trace's root (a node id of the old
        trace drew a lone node of the new one, with the old breadcrumbs and panel),
        or from the node :meth:`select_on_arrival` asked for (also when the view
        shows ``trace`` already: Back to another node of it). Returns True when
        ``trace`` is new to the view (False: it showed it already)."""
        token = trace.__dict__.setdefault(TOKEN, uuid.uuid4().hex)
        new = self._get("trace") != token
        if new:
            self._put("trace", token)
            for part in ("root", "node", "open", "shut", "goto_error"):
                self._drop(part)
        pending = self._drop("pending_node")  # on the trace shown too: Back to a node
        if pending is not None and 0 <= pending < len(trace):
            self.focus(trace, pending)
        elif pending is not None:  # said where the go-to box says what names no node
            self.set_goto_error(
                f"The link's node '{pending}' is not in this trace of "
                f"{len(trace):,} nodes: showing its root."
            )
        return new

    def detach(self) -> None:
        """Forget the trace shown: the next :meth:`open_at` opens afresh, even on the
        same trace (a card answered again)."""
        self._drop("trace")

    def open_at(self, trace: Trace, node: int, *, above: int = 1, unfold: bool = False) -> None:
        """Show ``trace`` with ``node`` selected and drawn from ``above`` levels over
        it (1: its parent; the trace's root when the node is not that deep), and with
        ``unfold`` its children drawn too, the first time the view shows ``trace``;
        later calls leave the person's clicks as they are. An id not in ``trace``
        selects its root."""
        if not self.attach(trace) or not 0 <= node < len(trace):
            return
        path = trace.path(node)
        self._put("node", node)
        if unfold:
            self._put("open", {node})
        self._put("root", int(path[max(0, len(path) - 1 - above)]))


def built_views() -> dict[Any, Any]:
    """This session's tree views as built, by their settings (a memo that every tree
    view shares; its user keeps it small)."""
    state.preset(TREE_VIEWS, {})
    views: dict[Any, Any] = state.get(TREE_VIEWS)
    return views
