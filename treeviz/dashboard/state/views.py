"""The state of the views beside a tree: a search's replay, a result's verdict, and the
Review page's walk through a game (see :class:`~treeviz.dashboard.state.tree.TreeView`
for the tree itself)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from treeviz.dashboard.state.keyed import Keyed, joined

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
class ReviewView(Keyed):
    """The Review page's walk through a game: the ply the board shows, kept per game
    (``review_game``: the game's moves, ``review_at``: the ply)."""

    key: str = "review"

    def ply(self, moves: str, plies: int) -> int:
        """The ply shown of the game ``moves`` of ``plies`` plies (0: the start),
        within 0..``plies``; another game is shown from its end."""
        if self._get("game") != moves:
            self._put("game", moves)
            self._put("at", plies)
        return max(0, min(plies, int(self._get("at", plies))))

    def go(self, ply: int) -> None:
        """Callback: show ``ply`` (clamped to the game by :meth:`ply`)."""
        self._put("at", max(0, ply))
