"""The state of the puzzles exercise: the deck played (its identity and cards), its
schedule, the card shown and the learner's answer to it, and the search explaining
the answer with the view of its tree."""

from __future__ import annotations

from dataclasses import dataclass

from treeviz.dashboard.state.keyed import Keyed
from treeviz.dashboard.state.tree import TreeView
from treeviz.learn.puzzles import Card
from treeviz.learn.schedule import Schedule
from treeviz.trace.nodes import SearchResult


@dataclass(frozen=True)
class PuzzlesView(Keyed):
    """The puzzles' values and widgets, under keys ``puzzles_*``."""

    key: str = "puzzles"

    def first_visit(self) -> bool:
        """True on the session's first visit only (a link is read then)."""
        if self._get("visited"):
            return False
        self._put("visited", True)
        return True

    def keep_link_card(self, text: str | None) -> None:
        """Keep a link's ``p_card`` for the first deck made (None: there is none)."""
        self._set_text("link_card", text)

    def take_link_card(self) -> str | None:
        """The link's ``p_card``, once: later decks start with the schedule's card."""
        found = self._drop("link_card")
        return None if found is None else str(found)

    @property
    def deck_id(self) -> str | None:
        """What the deck played was made from (None: no deck yet)."""
        return self._text("deck_id")

    @property
    def cards(self) -> list[Card]:
        """The deck played (empty before one is loaded)."""
        return list(self._get("cards", []))

    @property
    def schedule(self) -> Schedule:
        """The deck's schedule (a deck must be loaded)."""
        found: Schedule = self._get("schedule")
        return found

    def load(self, deck_id: str, cards: list[Card], first: int | None = None) -> None:
        """Play ``cards`` from the start (``first``: the card shown first, else the
        schedule's)."""
        self._put("deck_id", deck_id)
        self._put("cards", list(cards))
        self._put("schedule", Schedule(len(cards)))
        self._put("answer", None)
        self._put("card", None if not cards else first if first is not None else 0)

    @property
    def card(self) -> int | None:
        """The index of the card shown (None for an empty deck)."""
        found = self._get("card")
        return None if found is None else int(found)

    @property
    def answer(self) -> int | None:
        """The column (1..7) the learner answered to the card shown, None before."""
        found = self._get("answer")
        return None if found is None else int(found)

    def give(self, column: int) -> None:
        """The learner answers ``column`` to the card shown (once per showing)."""
        card = self.card
        if card is None or self.answer is not None:
            return
        self.schedule.answer(card, self.cards[card].is_right(column))
        self._put("answer", column)
        self.tree_view.detach()  # every answer opens its tree at the answer again

    @property
    def tree_view(self) -> TreeView:
        """The view of the search tree explaining the answer (keys ``puzzles_tree_*``)."""
        return TreeView(self.widget("tree"))

    def search(self, moves: str) -> SearchResult | None:
        """The search kept for the card of ``moves`` (None: not kept)."""
        kept = self._get("search")
        return kept[1] if kept is not None and kept[0] == moves else None

    def keep_search(self, moves: str, result: SearchResult) -> None:
        """Keep ``result``, the search of the card of ``moves``, as the same object
        while that card shows (its tree view keeps the learner's clicks)."""
        self._put("search", (moves, result))

    def next(self) -> None:
        """Show the card the schedule puts next."""
        if self.cards:
            self._put("card", self.schedule.next_card())
            self._put("answer", None)
