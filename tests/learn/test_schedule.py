"""The Leitner schedule as properties: a right answer puts a card later than a wrong
one, the order is a function of the answers alone, and the progress counts them."""

from __future__ import annotations

import copy

from hypothesis import given
from hypothesis import strategies as st

from treeviz.learn.schedule import Schedule, Slot, answered
from treeviz.settings import LEITNER_GAPS

slots = st.builds(
    Slot,
    box=st.integers(0, len(LEITNER_GAPS)),
    due=st.integers(0, 10**6),
    seen=st.integers(0, 100),
    right=st.integers(0, 100),
)
sizes = st.integers(1, 12)
answer_lists = st.lists(st.booleans(), max_size=80)


def session(size: int, answers: list[bool]) -> tuple[list[int], Schedule]:
    """The cards shown, answered in turn with ``answers``, and the schedule after."""
    s = Schedule(size)
    shown = []
    for right in answers:
        card = s.next_card()
        shown.append(card)
        s.answer(card, right)
    return shown, s


@given(slots, slots, st.integers(0, 10**6))
def test_right_is_never_due_before_wrong_at_the_same_time(a: Slot, b: Slot, now: int) -> None:
    """Whatever two cards' histories, answered at the same clock, the one answered
    right is due after the one answered wrong (and after now)."""
    right, wrong = answered(a, True, now), answered(b, False, now)
    assert now < wrong.due < right.due
    assert (right.box, wrong.box) == (min(a.box + 1, len(LEITNER_GAPS)), 0)
    assert (right.seen, right.right) == (a.seen + 1, a.right + 1)
    assert (wrong.seen, wrong.right) == (b.seen + 1, b.right)


@given(sizes, answer_lists)
def test_the_order_is_a_function_of_the_answers(size: int, answers: list[bool]) -> None:
    first, _ = session(size, answers)
    again, _ = session(size, answers)
    assert first == again


@given(sizes, answer_lists, answer_lists)
def test_a_wrong_card_comes_back_no_later_than_a_right_one(
    size: int, history: list[bool], future: list[bool]
) -> None:
    """From any point of any session, the card shown comes back sooner (or as soon)
    when answered wrong than when answered right, the other answers being the same."""
    _, s = session(size, history)

    def back_after(right: bool) -> int:
        t = copy.deepcopy(s)
        card = t.next_card()
        t.answer(card, right)
        for k, answer in enumerate(future):
            if t.next_card() == card:
                return k
            t.answer(t.next_card(), answer)
        return len(future) + 1  # not back yet

    assert back_after(False) <= back_after(True)


@given(sizes, answer_lists)
def test_progress_counts_the_answers(size: int, answers: list[bool]) -> None:
    shown, s = session(size, answers)
    p = s.progress()
    assert (p.cards, p.answers, p.right, p.wrong) == (
        size,
        len(answers),
        sum(answers),
        len(answers) - sum(answers),
    )
    assert p.seen == len(set(shown)) == size - p.new
    assert sum(p.boxes) == p.seen
    assert 0 <= p.due <= p.seen


@given(sizes, answer_lists)
def test_new_cards_come_in_deck_order(size: int, answers: list[bool]) -> None:
    shown, _ = session(size, answers)
    firsts = list(dict.fromkeys(shown))
    assert firsts == sorted(firsts) == list(range(len(firsts)))


def test_a_wrong_card_returns_after_one_other() -> None:
    shown, _ = session(5, [False, True, True, True])
    assert shown == [0, 1, 0, 2]
