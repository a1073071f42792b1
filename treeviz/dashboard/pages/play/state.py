"""The state of the Play page beside its game (``state.PLAY_GAME``): the sidebar's
settings, autoplay, a step asked for, the hint shown, the column picked and the error a
callback left for the page (shown until the game changes); and what a reload keeps
(:func:`saved`, :func:`restore`): the game, as its game file's text, and the sidebar's
settings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from treeviz.dashboard import state
from treeviz.dashboard.state import Keyed
from treeviz.errors import TreevizError
from treeviz.games.game import HUMAN, Game, loads_game
from treeviz.settings import DEEP_AGENT, OPPONENT_AGENT

SETTINGS = ("x", "o", "seed", "opening", "hint_agent", "speed")  # the sidebar's, kept
# The sidebar's first values, kept in the state (a widget given a default as well warns)
DEFAULTS = {"x": HUMAN, "o": OPPONENT_AGENT, "seed": 0, "hint_agent": DEEP_AGENT}


@dataclass(frozen=True)
class PlayView(Keyed):
    """The Play page's values and widgets, under keys ``play_*`` (``play_x``: X's
    player, as typed)."""

    key: str = "play"

    def kept_keys(self) -> list[str]:
        """The sidebar's settings, kept while another page shows."""
        return [self.widget(name) for name in SETTINGS]

    # -- the sidebar's settings, as the widgets hold them ---------------------------
    def preset_settings(self) -> None:
        """The sidebar's :data:`DEFAULTS` where the person has not set them."""
        for part, value in DEFAULTS.items():
            self._preset(part, value)

    def settings(self) -> dict[str, str | int]:
        """The sidebar's :data:`SETTINGS` the person has set, as plain text and numbers."""
        found = {name: self._get(name) for name in SETTINGS}
        return {n: v for n, v in found.items() if isinstance(v, str | int)}

    def set_settings(self, settings: dict[str, Any]) -> None:
        """Set the sidebar's :data:`SETTINGS` from ``settings`` (other names ignored)."""
        for name in SETTINGS:
            if isinstance(settings.get(name), str | int):
                self._put(name, settings[name])

    @property
    def players(self) -> tuple[str, str]:
        """X's and O's player as typed: ``human`` or an agent spec, unchecked."""
        return str(self._get("x")), str(self._get("o"))

    def swap_players(self) -> None:
        """X's player plays O and the other way round (in the sidebar)."""
        x, o = self.players
        self._put("x", o)
        self._put("o", x)

    @property
    def opening(self) -> str:
        """The opening moves as typed, unchecked."""
        return str(self._get("opening", ""))

    @property
    def seed(self) -> int:
        """The seed of the next game."""
        return int(self._get("seed"))

    @property
    def hint_agent(self) -> str:
        """The hint agent's spec as typed (its default before the box is drawn)."""
        return str(self._get("hint_agent", DEFAULTS["hint_agent"]))

    def speed(self, default: str) -> str:
        """The autoplay speed's name (``default`` before the box is drawn)."""
        return str(self._get("speed", default))

    # -- moves, autoplay and steps ---------------------------------------------------
    def take_pick(self) -> Any:
        """The column picked (1-based, None when none), cleared for the next pick."""
        col = self._get("move")
        self._put("move", None)
        return col

    @property
    def auto(self) -> bool:
        """Whether two agents play on by themselves."""
        return bool(self._get("auto"))

    def stop_auto(self) -> None:
        """Autoplay off (a new game, an undo, an agent that failed)."""
        self._put("auto", False)

    def ask_step(self) -> None:
        """Callback of Step: the agent to move plays once."""
        self._put("step", True)

    def take_step(self) -> bool:
        """Whether a step was asked for (the question is then answered)."""
        return bool(self._drop("step", False))

    # -- what the page says ----------------------------------------------------------
    @property
    def hint(self) -> str | None:
        """The hint shown (None when none is)."""
        return self._text("hint")

    def set_hint(self, text: str | None) -> None:
        """Show ``text`` as the hint (None: none, after a move or a new game)."""
        self._set_text("hint", text)

    def complain(self, message: str, *, append: bool = False) -> None:
        """Leave ``message`` for the page to show once (``append``: after the one
        left before, if any; else instead of it)."""
        if append:
            message = " ".join([self._get("error", ""), message]).strip()
        self._put("error", message)

    def error_about(self, game: Game) -> str | None:
        """The last action's message, shown until ``game`` changes (another game, or
        a move): a rerun from anything else, an upload's second run among them, does
        not hide it. None when there is none."""
        message = self._drop("error")
        if message is not None:  # new: tie it to the game it was about
            self._put("error_shown", (message, id(game), game.moves))
        shown = self._get("error_shown")
        if shown is not None and shown[1:] == (id(game), game.moves):
            return str(shown[0])
        self._drop("error_shown")
        return None


VIEW = PlayView()  # the page's settings and messages beside its game


def kept_keys() -> list[str]:
    """The sidebar's settings, whose values must outlive a visit to another page."""
    return VIEW.kept_keys()


def saved() -> dict[str, Any] | None:
    """What a reload keeps (None before a game): the game as its file's text, and the
    sidebar's settings as the widgets hold them (text and numbers)."""
    game = state.get(state.PLAY_GAME)
    if not isinstance(game, Game):
        return None
    return {"game": game.dumps(), "settings": VIEW.settings()}


def restore(kept: dict[str, Any]) -> None:
    """Put back what :func:`saved` returned, read as any game file is (a game that
    does not read back, or a setting of an unknown name, is left out)."""
    try:
        state.put(state.PLAY_GAME, loads_game(str(kept.get("game")), "the kept game"))
    except TreevizError:
        return
    VIEW.set_settings(dict(kept.get("settings") or {}))
