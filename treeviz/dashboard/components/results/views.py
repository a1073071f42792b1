"""The state of the views beside a result's tree (see
:class:`~treeviz.dashboard.components.tree_view.TreeView` for the tree itself): its
replay, its verdict, its icicle (the node it is zoomed into) and its what-if (the one
last searched), under keys ``{key}_replay_*``, ``{key}_explanation``,
``{key}_icicle_*`` and ``{key}_whatif_*``, ``key`` the result's tree view."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from treeviz.dashboard.state import Keyed, joined
from treeviz.trace.nodes import Trace

T = TypeVar("T")


@dataclass(frozen=True)
class ReplayView(Keyed):
    """A result's step-by-step replay: whether it is on and the replay built for the
    view shown, under keys ``{key}_replay_*``, ``key`` the result's. The step shown,
    play and speed are the browser's."""

    def widget(self, *parts: object) -> str:
        """The key of the replay's widget named by ``parts`` (``widget("panel")``:
        ``"analyze_replay_panel"``)."""
        return joined(self.key, "replay", *parts)

    @property
    def switch_key(self) -> str:
        """The toggle that shows the replay (kept while another page shows)."""
        return joined(self.key, "replay")

    @property
    def on(self) -> bool:
        """Whether the replay is switched on (it then draws the tree in its place)."""
        return bool(self._get("replay"))

    def leave(self) -> None:
        """Callback: switch the replay off (a node clicked during a replay: the tree
        shows the whole search again, with that node selected)."""
        self._put("replay", False)

    def built(self, ident: Hashable, make: Callable[[], T]) -> T:
        """The replay built for ``ident`` (the trace shown and the view's settings):
        ``make()`` when another was built last (one kept at a time)."""
        return self._kept("replay_built", ident, make)


@dataclass(frozen=True)
class VerdictView(Keyed):
    """A result's verdict panel: its explanation, made once for what is shown, under
    ``{key}_explanation``."""

    def explanation(self, ident: Hashable, make: Callable[[], T]) -> T:
        """The explanation made for ``ident`` (the result shown and its settings):
        ``make()`` when the panel showed something else (one kept at a time)."""
        return self._kept("explanation", ident, make)


@dataclass(frozen=True)
class IcicleView(Keyed):
    """The icicle of a tree view's trace: which node it is zoomed into."""

    def zoom(self, trace: Trace) -> int:
        """The node the icicle of ``trace`` is zoomed into (the root when it was zoomed
        in another trace, or never)."""
        kept = self._get("icicle_zoom")
        if not isinstance(kept, tuple) or kept[0] != id(trace):
            return 0
        return int(kept[1]) if 0 <= kept[1] < len(trace) else 0

    def zoom_to(self, trace: Trace, node: int) -> None:
        """Zoom the icicle of ``trace`` into ``node``."""
        self._put("icicle_zoom", (id(trace), node))


@dataclass(frozen=True)
class WhatIfView(Keyed):
    """A tree view's what-if: the one last searched, with what it was asked."""

    def found(self, asked: Any) -> Any:
        """The what-if searched for ``asked`` (None when the last one asked otherwise)."""
        kept = self._get("whatif_found")
        return kept[1] if kept is not None and kept[0] == asked else None

    def keep(self, asked: Any, found: Any) -> None:
        """Keep ``found``, the what-if searched for ``asked``."""
        self._put("whatif_found", (asked, found))

    def shown(self) -> int | None:
        """The node the section last said it forces a column at (None before)."""
        node = self._get("whatif_node")
        return node if isinstance(node, int) else None

    def show(self, node: int) -> None:
        """Say that the section forces a column at ``node``."""
        self._put("whatif_node", node)
