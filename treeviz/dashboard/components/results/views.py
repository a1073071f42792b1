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
    """A result's step-by-step replay: the step shown (a number of nodes created) and
    whether it plays, under keys ``{key}_replay_*``, ``key`` the result's."""

    def widget(self, *parts: object) -> str:
        """The key of the replay's widget named by ``parts`` (``widget("table")``:
        ``"analyze_replay_table"``)."""
        return joined(self.key, "replay", *parts)

    @property
    def switch_key(self) -> str:
        """The toggle that shows the replay (kept while another page shows)."""
        return joined(self.key, "replay")

    @property
    def on(self) -> bool:
        """Whether the replay is switched on (it then draws the tree in its place)."""
        return bool(self._get("replay"))

    def pause(self) -> None:
        """Callback: stop playing (the step shown stays)."""
        self._drop("replay_clock")
        self._put("replay_playing", False)

    def leave(self) -> None:
        """Callback: switch the replay off, paused (a node clicked during a replay:
        the tree shows the whole search again, with that node selected)."""
        self._put("replay", False)
        self.pause()

    @property
    def step_key(self) -> str:
        """The "Nodes created" slider's key: the step shown is the slider's value."""
        return self.widget("nodes")

    @property
    def step(self) -> Any:
        """The step shown (None before the replay is first drawn)."""
        return self._get("replay_nodes")

    @property
    def playing(self) -> bool:
        """Whether the replay moves on by itself."""
        return bool(self._get("replay_playing"))

    def preset_speed(self, speed: str) -> None:
        """The speed the replay starts at (a choice of the speed control)."""
        self._preset("replay_speed", speed)

    def toggle_play(self, steps: list[int]) -> None:
        """Callback of Play/Pause: playing from the last step starts again from the
        first."""
        playing = not self.playing
        # written back either way: a step the server set while playing may not have
        # reached the slider before the click (the run drawing it was cut short), and
        # a value written here is sent to the slider, which then shows the step drawn
        self._put("replay_nodes", steps[0] if playing and self.step == steps[-1] else self.step)
        self._drop("replay_clock")
        self._put("replay_playing", playing)

    def step_by(self, steps: list[int], delta: int) -> None:
        """Callback of a step button: ``delta`` steps on (back when negative) within
        ``steps``, paused."""
        at = steps.index(self.step) if self.step in steps else len(steps) - 1
        self.go(steps, at + delta)

    def go(self, steps: list[int], index: int) -> None:
        """Callback: show step ``index`` of ``steps`` (clamped), paused."""
        self._put("replay_nodes", steps[max(0, min(index, len(steps) - 1))])
        self._put("replay_playing", False)

    def settle(self, steps: list[int], interval: float, now: float) -> None:
        """Before the slider is drawn: a step not among ``steps`` (another search was
        shown) goes to the last one; a playing replay moves on by the steps due since
        its last move (one every ``interval`` seconds; ``now``: the clock, from
        ``time.monotonic``), at least one, and stops at the last."""
        if self.step not in steps:
            self._put("replay_nodes", steps[-1])
        if not self.playing:
            return
        last = self._get("replay_clock")
        due = 1 if last is None else max(1, int((now - last) / interval))
        nxt = steps[min(steps.index(self.step) + due, len(steps) - 1)]
        self._put("replay_clock", now if last is None else last + due * interval)
        self._put("replay_nodes", nxt)
        self._put("replay_playing", nxt < steps[-1])


@dataclass(frozen=True)
class VerdictView(Keyed):
    """A result's verdict panel: its explanation, made once for what is shown, under
    ``{key}_explanation``."""

    def explanation(self, ident: Hashable, make: Callable[[], T]) -> T:
        """The explanation made for ``ident`` (the result shown and its settings):
        ``make()`` when the panel showed something else (one kept at a time)."""
        kept = self._get("explanation")
        if kept is not None and kept[0] == ident:
            return kept[1]
        out = make()
        self._put("explanation", (ident, out))
        return out


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
