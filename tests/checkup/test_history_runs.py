"""The doctor's history check compares two runs of the same positions: an answer that
one run did not give (its time ran out on a busy machine) is no answer that varies,
and does not stop the check with "its answers vary from run to run"; two different
answers to one position do."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import treeviz.checkup.run as run
from treeviz.checkup.ask import Answer
from treeviz.checkup.battery import Probe
from treeviz.connect4.board import Position

PROBES = [Probe("4453", "middle"), Probe("12163272", "middle"), Probe("445", "early", "544")]


def first_column(moves: str) -> int:
    """A deterministic agent: the first legal column, 1-based."""
    return Position.from_moves(moves).legal_moves()[0] + 1


def answers(miss: Callable[[int, str], bool]) -> Callable[..., Answer]:
    """``ask`` as the doctor calls it, answering :func:`first_column` except where
    ``miss(call, moves)`` says the time ran out; the call count goes on across runs."""
    calls = [0]

    def ask(agent: object, moves: str, seconds: float) -> Answer:
        calls[0] += 1
        if miss(calls[0], moves):
            return Answer(moves, None, failure="timeout")
        return Answer(moves, first_column(moves))

    return ask


def test_a_run_whose_time_ran_out_once_is_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: the note "its answers vary from run to run: history not judged" for a
    search that answers the same every time, because one call timed out."""
    monkeypatch.setattr(run, "ask", answers(lambda call, moves: call == 1))
    found, note = run._history("agent", 1.0, PROBES, False, lambda: None)
    assert found is None and note != "its answers vary from run to run: history not judged"


def test_two_different_answers_still_stop_the_history_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = answers(lambda call, moves: False)
    calls = [0]

    def varying(agent: object, moves: str, seconds: float) -> Answer:
        calls[0] += 1
        out = first(agent, moves, seconds)
        if calls[0] == 1:  # the first run's first answer: another legal column
            legal = [c + 1 for c in Position.from_moves(moves).legal_moves()]
            return Answer(moves, next(c for c in legal if c != out.column))
        return out

    monkeypatch.setattr(run, "ask", varying)
    found, note = run._history("agent", 1.0, PROBES, False, lambda: None)
    assert found is None and note == "its answers vary from run to run: history not judged"
