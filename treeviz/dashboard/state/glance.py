"""The state of a result's icicle and what-if, beside its tree: the node the icicle is
zoomed into, and the what-if last searched, under keys ``{key}_icicle_*`` and
``{key}_whatif_*``, ``key`` the result's tree view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from treeviz.dashboard.state.keyed import Keyed
from treeviz.trace.nodes import Trace


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
