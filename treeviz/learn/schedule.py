"""Spaced repetition by Leitner boxes, counted in answers, not in days.

The clock is the number of answers given in the session. A card answered right moves
up a box and comes back :data:`~treeviz.settings.LEITNER_GAPS` answers later (further
the higher its box); a card answered wrong drops to box 0 and comes back after
:data:`~treeviz.settings.WRONG_GAP` answers, always sooner than any right one. New
cards come in deck order, one per answer, between the cards coming back. The next card
is the one due first (ties: the lower box, then deck order), so a session is a pure
function of its answers: the same answers give the same cards in the same order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from treeviz.settings import LEITNER_GAPS, WRONG_GAP


@dataclass(frozen=True)
class Slot:
    """One card's place: its box (0: new, or last answered wrong), the clock at which
    it is due, and how often it was answered, and answered right."""

    box: int = 0
    due: int = 0
    seen: int = 0
    right: int = 0


def answered(slot: Slot, right: bool, now: int) -> Slot:
    """``slot`` after an answer at clock ``now``: right, up a box and due later the
    higher the box; wrong, back to box 0 and due after ``WRONG_GAP`` answers."""
    if not right:
        return replace(slot, box=0, due=now + WRONG_GAP, seen=slot.seen + 1)
    box = min(slot.box + 1, len(LEITNER_GAPS))
    return Slot(box, now + LEITNER_GAPS[box - 1], slot.seen + 1, slot.right + 1)


@dataclass(frozen=True)
class Progress:
    """How a session stands: cards in the deck, cards answered at least once,
    answers given and how many were right, cards seen and due again now, cards never
    seen, and how many cards each box holds."""

    cards: int
    seen: int
    answers: int
    right: int
    due: int
    new: int
    boxes: tuple[int, ...]

    @property
    def wrong(self) -> int:
        """Answers that were wrong."""
        return self.answers - self.right

    def text(self) -> str:
        """``3 of 5 cards seen · 4 answers, 3 right, 1 wrong · 1 due again · 2 new``."""
        answers = f"{self.answers} answer{'' if self.answers == 1 else 's'}"
        return (
            f"{self.seen} of {self.cards} cards seen · {answers}, "
            f"{self.right} right, {self.wrong} wrong · {self.due} due again · "
            f"{self.new} new"
        )


class Schedule:
    """The order of a deck's cards (indices ``0 .. size-1``) in one session."""

    def __init__(self, size: int) -> None:
        self.now = 0
        # new cards come in deck order, one per answer, between the ones coming back
        self.slots = [Slot(due=i) for i in range(size)]

    def next_card(self) -> int:
        """The card to show now (the deck must not be empty)."""
        return min(range(len(self.slots)), key=lambda i: (self.slots[i].due, self.slots[i].box, i))

    def answer(self, card: int, right: bool) -> None:
        """Record the answer to ``card``; the clock moves on by one."""
        self.slots[card] = answered(self.slots[card], right, self.now)
        self.now += 1

    def progress(self) -> Progress:
        """How the session stands now."""
        seen = [s for s in self.slots if s.seen]
        boxes = tuple(sum(s.box == b for s in seen) for b in range(len(LEITNER_GAPS) + 1))
        return Progress(
            len(self.slots),
            len(seen),
            self.now,
            sum(s.right for s in seen),
            sum(s.due <= self.now for s in seen),
            len(self.slots) - len(seen),
            boxes,
        )
