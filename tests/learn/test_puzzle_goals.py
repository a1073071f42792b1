"""A puzzle asks only for a win it can show: "wins within k plies" when a brute-force
search (this file's, independent of the solver) finds that win and none faster, the
right columns exactly those that force it; otherwise "keep the win" or "hold the draw",
with a line that, played out, really ends in that result. (A card asked "find the move
that wins" of a win 37 plies away.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import random_position
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from treeviz.connect4.board import Position
from treeviz.exact.scores import exact_scores
from treeviz.games.game import load_game
from treeviz.learn.puzzles import (
    HOLD_DRAW,
    KEEP_WIN,
    SHORT_WIN,
    WIN_WITHIN,
    Card,
    best_line,
    card_at,
    line_text,
    puzzle_cards,
)

GAME_FILE = Path(__file__).resolve().parents[1] / "data" / "games" / "greedy_vs_alphabeta.json"


def forces_win(pos: Position, k: int) -> bool:
    """Brute force: the side to move can make four in a row within ``k`` plies (its own
    move counted), whatever the other side replies."""
    return any(column_wins(pos, c, k) for c in pos.legal_moves())


def column_wins(pos: Position, col: int, k: int) -> bool:
    """Whether playing ``col`` (0-based) forces four in a row within ``k`` plies."""
    if k < 1:
        return False
    if pos.is_winning_move(col):
        return True
    if k < 3:
        return False
    child = pos.copy()
    child.play(col)
    if child.is_over():
        return False
    for reply in child.legal_moves():
        after = child.copy()
        after.play(reply)
        if after.is_over() or not forces_win(after, k - 2):
            return False
    return True


def played_out(card: Card, first: int) -> Position:
    """The card's position after its best line from column ``first`` (1..7)."""
    pos = card.position
    line = best_line(pos, first)
    for c in line:
        pos.play(c - 1)
    assert "The line with best play: " in line_text(card, line)
    return pos


def check_card(card: Card) -> None:
    """The card's prompt and right columns against the brute force; its line played out."""
    pos, prompt = card.position, card.question()
    if card.goal == WIN_WITHIN:
        k = card.win_plies
        assert k is not None and k <= SHORT_WIN
        assert (f"wins within {k} plies" in prompt) if k > 1 else ("wins at once" in prompt)
        assert forces_win(pos, k) and not forces_win(pos, k - 2)  # k is the fastest
        assert card.right_columns() == [c + 1 for c in pos.legal_moves() if column_wins(pos, c, k)]
        end = played_out(card, card.right_columns()[0])
        assert end.winner() == card.player and end.ply - pos.ply <= k
    elif card.goal == KEEP_WIN:
        assert "keeps the win" in prompt and "within" not in prompt
        assert not forces_win(pos, SHORT_WIN)  # no win near enough to ask for
        assert played_out(card, card.right_columns()[0]).winner() == card.player
    else:
        assert card.goal == HOLD_DRAW and "holds the draw" in prompt
        end = played_out(card, card.right_columns()[0])
        assert end.is_over() and end.winner() is None


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(st.integers(0, 100_000), st.integers(10, 30))
def test_a_cards_prompt_states_a_win_it_can_show(seed: int, plies: int) -> None:
    pos = random_position(seed, plies)
    scores = exact_scores(pos, 5.0)
    assume(scores is not None)
    assert scores is not None
    card = card_at(pos.moves_string(), scores)
    assume(card is not None)
    assert card is not None
    check_card(card)


@pytest.mark.slow
def test_no_card_of_a_real_game_asks_for_a_win_37_plies_away() -> None:
    cards = puzzle_cards(load_game(GAME_FILE))
    far = [
        c for c in cards if c.kind == "win" and c.win_plies is not None and c.win_plies > SHORT_WIN
    ]
    assert far  # the game has such a card (the issue's: 37 plies)
    for card in cards:
        check_card(card)
