"""The steps where a search decides something: the questions of a lesson-sized session.

Most steps of a search follow from the ones before without a decision (the next child
in a fixed order, a value that changes nothing above it). A *decision point* is a step
whose answer changes what the search does or picks:

- a cutoff: a node stops before its last columns (the answer is "yes");
- a value that changes the choice: a child's value beats every earlier sibling's, so
  its parent now prefers it (the first child sets a choice, it does not change one);
- a UCT pick that differs from the most visited child (exploration at work);
- an A* pop that is not the oldest node of the frontier (f, not arrival, decides).

A session keeps at most :data:`KEY_QUESTIONS` of them, the nearest the root first
(there a decision moves the most of the tree), asked in the order the search met them.
"""

from __future__ import annotations

from treeviz.learn.depth_first import NO
from treeviz.learn.questions import CUTOFF_Q, POP, UCT, VALUE, Question, stats_after
from treeviz.trace.nodes import NO_VALUE, Trace

KEY_QUESTIONS = 20  # a lesson's worth of questions


def decides(trace: Trace, question: Question) -> bool:
    """Whether ``question`` (one of ``trace``'s) asks about a decision point."""
    if question.kind == CUTOFF_Q:
        return question.answer != NO
    if question.kind == VALUE:
        return changes_choice(trace, question.node)
    if question.kind == UCT:
        return not most_visited(trace, question)
    if question.kind == POP:
        return question.step != min(int(k) for k, _ in question.choices)
    return False


def changes_choice(trace: Trace, j: int) -> bool:
    """Whether node ``j``'s value beats the values of all its earlier siblings for the
    side to move at its parent (negamax: the parent's view is the negated value)."""
    p = int(trace.nodes["parent"][j])
    if p < 0:
        return False
    value = trace.nodes["value"]
    earlier = [-int(value[k]) for k in trace.children(p) if k < j and value[k] != NO_VALUE]
    return bool(earlier) and -int(value[j]) > max(earlier)


def most_visited(trace: Trace, question: Question) -> bool:
    """Whether the child a UCT question's answer selects is (one of) the most visited
    of the children offered, by the counts the learner is shown."""
    moment = question.before
    visits, _ = stats_after(trace, moment.nodes, moment.iterations or 0)
    offered = [int(k) for k, _ in question.choices]
    return int(visits[question.step]) == max(int(visits[k]) for k in offered)


def key_questions(
    trace: Trace, found: list[Question], *, limit: int = KEY_QUESTIONS
) -> list[Question]:
    """The decision points among ``found`` (``trace``'s questions in search order): at
    most ``limit``, the nearest the root kept, still in search order."""
    depth = trace.nodes["depth"]
    points = [i for i, q in enumerate(found) if decides(trace, q)]
    kept = sorted(sorted(points, key=lambda i: (int(depth[found[i].node]), i))[:limit])
    return [found[i] for i in kept]
