"""Predict the search: a recorded search turned into questions the learner answers
before each step is shown (:class:`~treeviz.learn.questions.Session`).

>>> session = predict("4453", "alphabeta:depth=3,ordering=left,tt=false")
>>> q = session.current; verdict = session.answer(q.answer)   # doctest: +SKIP

A session asks, by default, only at the search's decision points (at most 20:
:mod:`~treeviz.learn.decisions`); ``every_step=True`` asks at every step.
"""

from __future__ import annotations

from typing import Any

from treeviz.agents.registry import AgentSpec, search, spec
from treeviz.agents.user.load import is_user_head
from treeviz.connect4.board import Position
from treeviz.errors import InvalidParameterError
from treeviz.learn.best_first import pop_questions, uct_questions
from treeviz.learn.decisions import key_questions
from treeviz.learn.depth_first import depth_first_questions
from treeviz.learn.questions import Question, Session
from treeviz.settings import show_value
from treeviz.trace.nodes import Trace

PREDICTABLE = ("minimax", "alphabeta", "mcts", "astar")  # our agents with questions


def questions(trace: Trace) -> list[Question]:
    """The questions ``trace`` can check, in the order the search met them: UCT's
    selections for MCTS (which needs its iteration log), A*'s pops, and for every
    depth-first search (minimax, alpha-beta, a person's traced search) the next child,
    the values coming back and, where it prunes, the cutoffs. A step with one
    possible answer asks nothing and is left out."""
    return [q for q in _all_questions(trace) if len(q.choices) > 1]


def _all_questions(trace: Trace) -> list[Question]:
    fields = set(trace.fields)
    if {"visits", "value_sum", "expanded_at"} <= fields:
        return uct_questions(trace)
    if {"order", "f"} <= fields:
        return pop_questions(trace)
    if trace.kind.base in ("win_rate", "probability", "exact"):
        raise InvalidParameterError(
            f"a {trace.algorithm} search has no steps to predict: choose minimax, "
            "alpha-beta, MCTS, A* or a traced search of your own"
        )
    return depth_first_questions(trace)


def session_of(trace: Trace, *, every_step: bool = False) -> Session:
    """A new :class:`Session` over ``trace``'s questions: its decision points (at most
    :data:`~treeviz.learn.decisions.KEY_QUESTIONS`), or every step with ``every_step``.
    None to ask: :class:`InvalidParameterError`."""
    found = questions(trace)
    if not found:
        raise InvalidParameterError(
            f"this {trace.algorithm} search of {len(trace)} nodes asks nothing to predict "
            "(it never had a choice to make: a forced or proven result ends it at once): "
            "search deeper, longer or from another position"
        )
    if every_step:
        return Session(trace, found)
    key = key_questions(trace, found)
    if not key:
        raise InvalidParameterError(
            f"this {trace.algorithm} search of {len(trace)} nodes decides nothing worth a "
            f"question (no cutoff, no change of its best move, no UCT pick other than the "
            f"most visited): ask every step ({len(found)} questions), or search deeper, "
            "longer or from another position"
        )
    return Session(trace, key)


def predict(
    position: Position | str, agent: str | AgentSpec, *, every_step: bool = False, **params: Any
) -> Session:
    """Run ``agent`` (a spec, or its text such as ``"alphabeta:depth=3,ordering=left"``: one of
    :data:`PREDICTABLE`, or a person's traced search) on ``position`` and return its
    questions as a :class:`Session`: at its decision points (at most
    :data:`~treeviz.learn.decisions.KEY_QUESTIONS`), or all of them with
    ``every_step``. MCTS records its iterations (the
    selections are replayed from them)."""
    chosen = spec(agent, **params)
    if chosen.name not in PREDICTABLE and not is_user_head(chosen.name):
        raise InvalidParameterError(
            f"agent {show_value(agent)} has no steps to predict: choose one of "
            f"{', '.join(PREDICTABLE)}"
        )
    extra = {"record_iterations": True} if chosen.name == "mcts" else {}
    return session_of(search(position, chosen, **extra).trace, every_step=every_step)
