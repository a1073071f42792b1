"""The questions of "predict the search": what a question holds, the tree as the
learner sees it before and after answering, and how an answer is marked.

A question is asked at one moment of a recorded search and its answer is the step the
search took there, read from the trace; nothing is searched again. The tree the learner
sees is a prefix of the trace's nodes (node ids are creation order), with the values
and cutoffs the search had not yet found hidden (:func:`view_trace`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from treeviz.errors import InvalidParameterError
from treeviz.settings import show_value
from treeviz.trace.nodes import CUTOFF, NO_VALUE, ON_PV, Trace
from treeviz.trace.reading import visits_of
from treeviz.trace.replay import trace_at

NEXT_CHILD, VALUE, CUTOFF_Q, UCT, POP = "next_child", "value", "cutoff", "uct", "pop"
KINDS = {
    NEXT_CHILD: "which child is searched next",
    VALUE: "what value comes back",
    CUTOFF_Q: "is the rest cut off",
    UCT: "which child UCT selects",
    POP: "which node A* pops next",
}


@dataclass(frozen=True)
class Moment:
    """The tree at one moment of the search: its first ``nodes`` nodes, with the values
    of ``no_value`` and the cutoffs of ``no_cut`` not known yet; ``iterations``: for
    MCTS, how many iterations of the log made the visit counts (None: the trace's own)."""

    nodes: int
    no_value: frozenset[int] = frozenset()
    no_cut: frozenset[int] = frozenset()
    iterations: int | None = None


@dataclass(frozen=True)
class Question:
    """One step of a search to predict.

    ``kind`` is one of :data:`KINDS`; ``node`` the node it is about (the tree view
    selects it); ``choices`` (key, label) pairs, ``answer`` the key of the step the
    search took; ``why`` says why in words, ``why_not`` why each other choice is wrong
    (by key), ``after`` what the answer reveals (a window, UCT values). ``before`` and
    ``then`` are the tree while asking and once answered; ``step`` the node the
    answer reveals (the child searched, the node whose value or cutoff it was, the
    child selected, the node popped).
    """

    kind: str
    node: int
    prompt: str
    choices: tuple[tuple[str, str], ...]
    answer: str
    why: str
    before: Moment
    then: Moment
    after: str = ""
    why_not: dict[str, str] = field(default_factory=dict)
    step: int = 0

    def label(self, key: str) -> str:
        """The label of choice ``key`` (the key itself when it is not a choice)."""
        return dict(self.choices).get(key, key)


@dataclass(frozen=True)
class Verdict:
    """How one answer was marked: ``right``, the labels of the answer ``given`` and of
    the right one, the ``reason`` in words, what the answer reveals (``after``, words;
    ``step``, the node of the step the search took)."""

    right: bool
    given: str
    answer: str
    reason: str
    after: str
    step: int


def mark(question: Question, given: str) -> Verdict:
    """Mark the answer ``given`` (a choice key) to ``question``; a key that is not one
    of its choices raises :class:`InvalidParameterError` quoting it."""
    keys = [k for k, _ in question.choices]
    if given not in keys:
        raise InvalidParameterError(
            f"answer {show_value(given)} is not one of this question's choices: {', '.join(keys)}"
        )
    right = given == question.answer
    reason = question.why if right else f"{question.why_not.get(given, '')} {question.why}".strip()
    return Verdict(
        right,
        question.label(given),
        question.label(question.answer),
        reason.strip(),
        question.after,
        question.step,
    )


def view_trace(trace: Trace, moment: Moment) -> Trace:
    """``trace`` as the learner sees it at ``moment``: its first nodes, what the search
    did not know yet hidden (values, cutoffs and their pruned moves, the principal
    variation until the end), MCTS visits recounted from the iteration log."""
    shown = trace_at(trace, moment.nodes)
    nodes = shown.nodes
    if moment.iterations is not None:
        nodes["visits"], nodes["value_sum"] = stats_after(trace, moment.nodes, moment.iterations)
    if moment.nodes < len(trace) or moment.no_value:
        nodes["flags"] &= ~np.uint8(ON_PV)
        unfinished = nodes["flags"] & CUTOFF == 0  # (trace_at cleared the unfinished)
        nodes["pruned"][unfinished] = 0
    for i in moment.no_value:
        nodes["value"][i] = NO_VALUE
    for i in moment.no_cut:
        nodes["flags"][i] &= ~np.uint8(CUTOFF)
        nodes["pruned"][i] = 0
    return replace(shown, nodes=nodes)


def stats_after(trace: Trace, n: int, iterations: int) -> tuple[np.ndarray, np.ndarray]:
    """(visits, sum of results for the mover into each) of an MCTS ``trace``'s first
    ``n`` nodes after the first ``iterations`` rows of its log: what those iterations
    added to what a reused tree brought (the final counts less the whole log's)."""
    rows = np.asarray(trace.extra.get("log") or [], dtype=np.int64).reshape(-1, 4)
    parent = trace.nodes["parent"]
    all_v, all_s = visits_of(parent, rows)
    v, s = visits_of(parent[:n], rows[:iterations])
    kept_v = trace.nodes["visits"][:n] - all_v[:n]
    kept_s = trace.nodes["value_sum"][:n].astype(np.float64) - all_s[:n]
    return kept_v + v, kept_s + s


@dataclass
class Session:
    """A learner's run through a search's questions: the score and the streak.

    ``answer`` marks the current question and moves on; ``skip`` moves on unmarked.
    """

    trace: Trace
    questions: list[Question]
    at: int = 0
    score: int = 0
    answered: int = 0
    streak: int = 0
    best_streak: int = 0
    last: Verdict | None = None

    @property
    def done(self) -> bool:
        """Whether every question has been answered or skipped."""
        return self.at >= len(self.questions)

    @property
    def current(self) -> Question | None:
        """The question to answer now (None once done)."""
        return None if self.done else self.questions[self.at]

    def answer(self, given: str) -> Verdict:
        """Mark ``given`` for the current question, keep the score, move on."""
        question = self.current
        if question is None:
            raise InvalidParameterError("every question of this search has been answered")
        verdict = mark(question, given)
        self.answered += 1
        self.score += verdict.right
        self.streak = self.streak + 1 if verdict.right else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.at += 1
        self.last = verdict
        return verdict

    def skip(self) -> None:
        """Move past the current question without marking it (its step is revealed)."""
        self.at = min(self.at + 1, len(self.questions))
        self.last = None

    def moment(self) -> Moment:
        """The tree the learner sees now: after the last question answered, before
        the next one (the whole search once done)."""
        if self.done:
            return Moment(len(self.trace))
        question = self.questions[self.at]
        return question.before

    def shown(self) -> Trace:
        """The trace as the learner sees it now (:func:`view_trace`)."""
        return view_trace(self.trace, self.moment())
