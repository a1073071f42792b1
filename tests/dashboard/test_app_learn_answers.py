"""Streamlit AppTest of Learn's answers: an answer never makes its exercise again.
Predicting a search: the search is made once for its questions, whatever the
answers. The puzzles: the deck is made once from its game's review, each card's
search once, and the verdicts follow the card's exact answers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import seen
from test_app_learn import opened

from treeviz.dashboard.pages.learn import predict as learn_predict
from treeviz.dashboard.pages.learn import puzzles as learn_puzzles
from treeviz.games.game import load_game
from treeviz.learn.predict import predict
from treeviz.learn.puzzles import puzzle_cards

SPEC = "alphabeta:depth=2,ordering=left,tt=false"
GAME = Path(__file__).parents[1] / "data" / "games" / "greedy_vs_alphabeta.json"


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[Any]:
    """The calls of ``module.name`` from now on (their first argument each)."""
    calls: list[Any] = []
    real = getattr(module, name)

    def counted(*args: Any, **options: Any) -> Any:
        calls.append(args[0] if args else None)
        return real(*args, **options)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_answers_to_predict_never_search_again(monkeypatch: pytest.MonkeyPatch) -> None:
    at = opened({"ex": "predict", "agent": SPEC, "moves": "4453", "steps": "all"})
    made = counting(monkeypatch, learn_predict, "predict")
    questions = predict("4453", SPEC, every_step=True).questions  # outside the page
    for step, question in enumerate(questions[:3]):
        radio = next(r for r in at.radio if r.key and r.key.startswith("learn_choice_"))
        assert seen(radio.label) == question.prompt
        radio.set_value(question.answer).run()
        at.button(key="learn_answer").click().run()
        text = seen(" ".join(m.value for m in at.markdown))
        assert f"Score {step + 1} / {step + 1}" in text and not at.exception
    assert made == []  # the session's search, made as the link opened, is kept


@pytest.mark.slow
def test_a_deck_is_made_once_and_each_card_searched_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = load_game(GAME)
    cards = puzzle_cards(game)  # outside the page
    decks = counting(monkeypatch, learn_puzzles, "cards_from_review")
    searches = counting(monkeypatch, learn_puzzles, "run_watched")
    at = opened({"ex": "puzzles", "p_moves": game.moves, "p_card": "1"})
    assert len(decks) == 1 and not at.exception
    for shown in range(2):
        index = at.session_state["puzzles_card"]
        card = cards[index]
        answer = card.right_columns()[0] if shown == 0 else wrong_column(card)
        pick = next(s for s in at.segmented_control if s.key.startswith("puzzles_pick"))
        pick.set_value(answer).run()
        said = seen(" ".join(m.value for m in [*at.success, *at.warning]))
        assert ("Right" in said) == (shown == 0), said
        at.button(key="puzzles_next").click().run()
    assert len(decks) == 1  # answers and next cards never made the deck again
    assert len(searches) == 2  # one search per card answered


def wrong_column(card: Any) -> int:
    """A legal column that is not one of ``card``'s answers."""
    pos = card.position
    return next(c + 1 for c in pos.legal_moves() if not card.is_right(c + 1))
