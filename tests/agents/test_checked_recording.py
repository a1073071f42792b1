"""A checking recording (``recording(check=True)``) notes, as the search runs, the calls
that are not one move after their caller's, the stones of the wrong colour, the flags
that did not change and the positions changed in place; a plain recording is what it
was. Each search here has one such slip at a call the test knows."""

from __future__ import annotations

from typing import Any

import numpy as np

import treeviz
from treeviz.agents.user.instrument import CheckedRecording, Recording
from treeviz.connect4.board import Position


def two_stones_once(moves: str, depth: int, log: list[str]) -> Any:
    """Over move strings; the root's third call skips a move (two stones at once)."""

    @treeviz.traced
    def search(m: str, d: int) -> int:
        log.append(m)
        if d == 0:
            return len(m) % 3 - 1
        cols = "1234567"
        children = [m + c for c in cols]
        if m == moves:
            children[2] = m + "33"
        return max(-search(c, d - 1) for c in children)

    return search(moves, depth)


def test_a_call_off_one_move_is_noted_and_the_search_goes_on() -> None:
    log: list[str] = []
    with treeviz.recording() as plain:  # left out and counted, the search unchanged
        two_stones_once("44", 2, log)
    assert plain.trace.counters["left_out"] == 1 and len(plain.trace) == len(log) - 8
    log.clear()
    with treeviz.recording(check=True) as rec:
        two_stones_once("44", 2, log)
    facts = rec.trace.extra["checked"]
    assert facts["turn"]["node"] == 0 and facts["turn"]["stray"]
    assert facts["turn"]["added"] == [2, 2] and facts["turn"]["call"] == log.index("4433") + 1
    assert facts["incomplete"] == [0] and facts["calls"] == len(log)
    # the skipped call's subtree is out of the tree, the rest is in
    assert len(rec.trace) == len(log) - 8 and not rec.trace.truncated


def test_a_move_left_on_a_position_is_noted_at_the_call_that_left_it() -> None:
    """Plays in place; forgets to undo below the root's second child only."""
    calls: list[str] = []

    @treeviz.traced
    def search(pos: Position, d: int) -> int:
        calls.append(pos.moves_string())
        if d == 0:
            return 0
        best = -9
        for col in pos.legal_moves()[:2]:
            pos.play(col)
            best = max(best, -search(pos, d - 1))
            if pos.moves_string() != "422":  # the slip: "42" keeps its second move
                pos.undo()
        return best

    with treeviz.recording(check=True) as rec:
        search(Position.from_moves("4"), 2)
    facts = rec.trace.extra["checked"]
    node = calls.index("42")  # forgot the undo of its second call: its own code
    assert facts["mutation"]["node"] == node and facts["mutation"]["added"] == [1]


def grid_search(bad_depth: int) -> Any:
    """A bottom-first list-of-lists minimax whose calls at ``bad_depth`` get a stone
    of the caller's colour instead of the mover's."""

    @treeviz.traced(maximizing="maximizing")
    def search(board: list[list[str]], d: int, maximizing: bool, depth: int = 0) -> float:
        if d == 0:
            return 0.0
        piece = "X" if maximizing else "O"
        if depth + 1 == bad_depth:
            piece = "O" if maximizing else "X"
        values = []
        for col in (3, 2):
            child = [row[:] for row in board]
            child[next(r for r in range(6) if child[r][col] == ".")][col] = piece
            values.append(search(child, d - 1, not maximizing, depth + 1))
        return max(values) if maximizing else min(values)

    return search


def test_a_stone_of_the_wrong_colour_is_noted_with_the_symbols() -> None:
    board = [["."] * 7 for _ in range(6)]
    with treeviz.recording(check=True) as rec:
        grid_search(2)(board, 3, True)
    turn = rec.trace.extra["checked"]["turn"]
    assert (turn["node"], turn["kind"], turn["column"], turn["mover"]) == (2, "colour", 3, "O")
    assert (turn["symbol"], turn["mover_symbol"], turn["other_symbol"]) == ("X", None, "X")
    # the positions below it are not judged again: two calls got a wrong stone
    assert turn["count"] == 4 and rec.trace.extra["checked"]["wrong"] == [2, 5, 9, 12]
    with treeviz.recording(check=True) as rec:
        grid_search(0)(board, 3, True)
    checked = dict(rec.trace.extra["checked"])
    sequence = checked.pop("sequence")  # each call's node, in the order made
    assert checked == {"calls": 15, "incomplete": [], "wrong": []}
    assert sequence["node"] == sorted(sequence["node"]) and len(sequence["value"]) == 15


def test_the_maximizing_flag_is_recorded_with_whose_values_they_are() -> None:
    board = [["."] * 7 for _ in range(6)]
    with treeviz.recording() as rec:
        grid_search(0)(board, 2, True)
    assert rec.trace.extra["maximizing"] == {"maximizer": "X", "flag": "maximizing"}

    @treeviz.traced(maximizing="maximizing")
    def stuck(pos: Position, d: int, maximizing: bool) -> float:
        if d == 0:
            return 0.0
        for col in (3, 2):
            pos.play(col)
            stuck(pos, d - 1, maximizing)  # the flag never changes
            pos.undo()
        return 0.0

    with treeviz.recording() as rec:
        stuck(Position.from_moves("4"), 2, False)
    assert rec.trace.extra["maximizing"] == {
        "maximizer": "X",
        "flag": "maximizing",
        "same": [1, 2, 3, 4, 5, 6],
    }


def test_checking_is_asked_for_and_the_plain_recording_is_unchanged() -> None:
    board = [["."] * 7 for _ in range(6)]
    with treeviz.recording() as plain:
        grid_search(0)(board, 3, True)
    with treeviz.recording(check=True) as checked:
        grid_search(0)(board, 3, True)
    assert type(plain) is Recording and isinstance(checked, CheckedRecording)
    assert "checked" not in plain.trace.extra
    assert np.array_equal(plain.trace.nodes, checked.trace.nodes)
