"""A search's answer in Python reads as the tables and words do: ``value`` is the
game's result for the player to move (1 a win, 0 a draw, -1 a loss, or the heuristic's
points where nothing is proven) and ``outcome`` says in how many plies, never the
stored ``WIN - plies`` (999995 for a win in 5 plies). Checked against a brute force over
OpenSpiel's own returns that finds each result and its length under best play (the
winner as fast, the loser as slow as can be)."""

from __future__ import annotations

import random

import pytest
from game_oracles import result_after, result_and_plies

from treeviz import search_game
from treeviz.rules import load_game

pytest.importorskip("pyspiel")


def positions(count: int) -> list[str]:
    """``count`` tic-tac-toe positions 2 to 5 moves in, as action lists, none over."""
    game, rng, out = load_game("tic_tac_toe"), random.Random(5), []
    while len(out) < count:
        state = game.initial()
        for _ in range(rng.randint(2, 5)):
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if game.outcome(state) is None:
            out.append(game.to_text(state))
    return out


@pytest.mark.parametrize("agent", ["solver", "alphabeta:depth=9", "minimax:depth=9"])
def test_the_answer_is_the_game_s_result_and_its_plies(agent: str) -> None:
    for text in positions(12):
        res = search_game("tic_tac_toe", text, agent)
        result, plies = result_and_plies(res.trace.state(0).state)
        assert res.value == result, text
        if result == 0:
            assert res.outcome is None, text
        else:
            assert res.outcome is not None, text
            found = (res.outcome["result"], res.outcome["plies"], res.outcome["score"])
            assert found == ("win" if result > 0 else "loss", plies, result), text


def test_each_row_reads_its_result_or_says_it_was_cut() -> None:
    """Every row's value is its move's result (a loss the window cut: a loss, its plies
    at most those said), an upper bound its words say ("at most 0"), or None where a
    cut left only "no better than" a win."""
    cut = 0
    for text in positions(20):
        res = search_game("tic_tac_toe", text, "alphabeta:depth=9")
        root = res.trace.state(0).state
        for row in res.moves:
            result, plies = result_after(root, row.column, root.current_player())
            if row.value is None:  # a win bounded from above: its words say so
                cut += 1
                assert "cut by the window" in row.text and row.outcome is None, text
                continue
            if row.outcome is None and "cut by the window" in row.text:  # "at most 0"
                assert row.text.startswith("at most") and result <= row.value, (text, row)
                continue
            assert row.value == result, (text, row)
            if row.outcome is None:
                assert result == 0, (text, row)
            elif row.outcome.get("bound") == "upper":  # a loss, in at most so many plies
                assert result == -1 and plies <= row.outcome["plies"], (text, row)
            else:
                assert row.outcome["plies"] == plies, (text, row)
    assert cut, "no row cut as a win's bound: the test shows nothing of them"


def test_greedy_s_immediate_win_reads_one() -> None:
    """x to move with two in a row: greedy's one ply sees the win at once."""
    res = search_game("tic_tac_toe", "0 3 1 4", "greedy")
    assert res.value == 1 and res.outcome == {"result": "win", "plies": 1, "score": 1}
