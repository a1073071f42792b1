"""Puzzles from a real game's mistakes, checked against the exact solver position by
position: which plies make cards, each card's answers and kind."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

import treeviz
from treeviz.connect4.board import Position
from treeviz.errors import InvalidParameterError
from treeviz.exact.scores import solve, win_score
from treeviz.games.game import Game, load_game
from treeviz.learn.deck import dumps_deck, loads_deck
from treeviz.learn.puzzles import Card, explanation_text, puzzle_cards, solution

GAME_FILE = Path(__file__).resolve().parents[1] / "data" / "games" / "greedy_vs_alphabeta.json"


@cache
def game_cards() -> tuple[Game, tuple[Card, ...]]:
    game = load_game(GAME_FILE)
    return game, tuple(puzzle_cards(game, source="the game file"))


def outcome(score: int) -> int:
    return (score > 0) - (score < 0)


def child_scores(moves: str) -> list[int | None]:
    """Each column's exact score by solving the position after it (the solver's
    ``solve``, not the per-column scores the cards were made with)."""
    pos = Position.from_moves(moves)
    out: list[int | None] = []
    for c in range(7):
        if not pos.can_play(c):
            out.append(None)
        elif pos.is_winning_move(c):
            out.append(win_score(pos))
        else:
            child = pos.copy()
            child.play(c)
            out.append(-solve(child))
    return out


def test_the_game_has_win_and_draw_cards_by_both_players() -> None:
    _, cards = game_cards()
    assert {c.kind for c in cards} == {"win", "draw"}
    assert {c.player for c in cards} == {"X", "O"}
    assert {c.by for c in cards} == {"greedy", "alphabeta:depth=4"}
    assert all(c.source == "the game file" for c in cards)


def test_a_card_for_exactly_the_moves_that_lost_the_best_outcome() -> None:
    """Every ply whose move fell from the best outcome (win to draw or loss, draw to
    loss) has a card, with the column played; no other ply has one."""
    game, cards = game_cards()
    by_ply = {len(c.moves) + 1: c for c in cards}
    for ply in range(1, len(game.moves) + 1):
        before = game.moves[: ply - 1]
        scores = child_scores(before)
        best = max(s for s in scores if s is not None)
        played = int(game.moves[ply - 1])
        fell = outcome(scores[played - 1] or 0) < outcome(best)
        assert (ply in by_ply) == fell, ply
        if fell:
            assert by_ply[ply].moves == before
            assert by_ply[ply].played == played


def test_answers_are_every_column_keeping_the_outcome_and_kind_is_the_outcome() -> None:
    _, cards = game_cards()
    for card in cards:
        scores = child_scores(card.moves)
        best = solve(card.position)
        assert best == max(s for s in scores if s is not None)
        assert card.kind == {1: "win", 0: "draw"}[outcome(best)]
        want = [
            c + 1 for c, s in enumerate(scores) if s is not None and outcome(s) == outcome(best)
        ]
        assert card.answers == want
        assert card.scores == scores
        assert card.played not in card.answers
        assert all(card.is_right(c) for c in card.answers)


def test_a_slower_win_is_an_answer_too() -> None:
    """Answers are every winning column, not only the fastest (best-score) ones."""
    _, cards = game_cards()
    wider = [
        c
        for c in cards
        if c.scores and len(c.answers) > c.scores.count(max(s for s in c.scores if s is not None))
    ]
    assert wider, "the game has a card with winning columns slower than the best"


def test_a_lost_position_makes_no_card() -> None:
    """After 4455661 X has two threats: O is lost whatever it plays, so O's move there
    is no puzzle; the two blunders before it are."""
    lost = Position.from_moves("4455661")
    assert solve(lost) < 0
    scores = child_scores("4455661")
    assert all(s is None or s < 0 for s in scores)
    cards = puzzle_cards("44556612")
    assert "4455661" not in [c.moves for c in cards]
    assert [c.cls for c in cards] == ["blunder", "blunder"]


def test_no_card_of_the_opening_nobody_chose() -> None:
    game, cards = game_cards()
    opened = Game(game.x, game.o, opening=game.moves[:5], moves=game.moves)
    assert puzzle_cards(opened, source="the game file") == [c for c in cards if len(c.moves) >= 5]
    assert any(len(c.moves) < 5 for c in cards)  # the opening had some


def test_deck_round_trip_and_explanations() -> None:
    _, cards = game_cards()
    assert loads_deck(dumps_deck(cards)) == list(cards)
    for card in cards:
        text = explanation_text(card)
        assert f"column {card.played} was played by {card.by}" in text
        assert card.cls in text


def test_solution_is_the_solver_choosing_an_answer() -> None:
    _, cards = game_cards()
    card = cards[0]
    out = solution(card)
    assert out.move in card.answers
    assert out.verdict.cls == "best"


def test_a_card_shows_its_question_and_board_in_a_notebook() -> None:
    card = game_cards()[1][0]
    html = card._repr_html_()
    assert html.startswith(f"<p>{card.question()}</p><svg")
    assert html.endswith(card.position._repr_svg_())


def test_public_api() -> None:
    assert treeviz.puzzle_cards is puzzle_cards
    assert treeviz.puzzle_solution is solution
    assert {"Card", "Schedule", "load_deck", "save_deck", "DeckFileError"} <= set(treeviz.__all__)


def test_games_off_the_7x6_board_are_refused() -> None:
    with pytest.raises(InvalidParameterError, match="6x5"):
        puzzle_cards(Game("?", "?", moves="1", width=6, height=5))
