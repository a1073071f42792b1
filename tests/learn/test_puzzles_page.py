"""The puzzles exercise under AppTest (its own page script, as the Learn page calls it):
a deck made from a game, answered wrong then right, the explanation (the verdict and the
solver's tree opened at the right answer), the progress, a link to one card, the
analysis opened, bad input shown and survived."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import app_test, seen
from tree_reading import tree_views

from treeviz.games.game import Game, load_game
from treeviz.learn.puzzles import Card, puzzle_cards

PAGE = str(Path(__file__).resolve().parent / "puzzles_page.py")
GAME_FILE = Path(__file__).resolve().parents[1] / "data" / "games" / "greedy_vs_alphabeta.json"


@cache
def cards() -> tuple[Card, ...]:
    return tuple(puzzle_cards(load_game(GAME_FILE)))


def page(**query: str) -> Any:
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(PAGE, default_timeout=180)
    for k, v in query.items():
        at.query_params[k] = v
    return at.run()


def texts(at: Any) -> str:
    return "\n".join(seen(m.value) for m in at.markdown)


def pick(at: Any, column: int) -> None:
    """Answer ``column`` with the column picker (its key changes with every answer)."""
    (picker,) = [b for b in at.button_group if b.key.startswith("puzzles_pick")]
    picker.set_value(column).run()


def progress_text(at: Any) -> str:
    return str(at.get("progress")[0].proto.text)


TREE = "The search behind the answer"


def tree_charts(at: Any) -> list[dict[str, Any]]:
    """The data of the puzzles' tree views drawn (the browser draws them from it)."""
    return [v for k, v in tree_views(at).items() if k.startswith("puzzles_tree_tree_")]


def assert_tree_at(at: Any, card: Card, column: int) -> None:
    """The solver's tree is shown from its root, the node of ``column`` selected: a
    child of the root whose position is the card's moves and that column."""
    assert any(m.value.startswith(f"##### {TREE}: column {column}") for m in at.markdown)
    (data,) = tree_charts(at)
    node = at.session_state["puzzles_tree_node"]
    assert at.session_state["puzzles_tree_root"] == 0
    assert data["entries"][0]["key"] == "0"
    drawn = {e["key"] for e in data["entries"] if e["parent"] == "0"}
    assert str(node) in drawn  # a child of the root, drawn
    trace = at.session_state["puzzles_search"][1].trace
    replies = {
        e["key"] for e in data["entries"] if e["parent"] == str(node) and e["kind"] == "node"
    }
    kids = {str(k) for k in trace.children(node)}
    assert replies and replies <= kids  # unfolded: the replies to the answer drawn
    shown = data["nodes"][str(data["selected"])]
    assert data["selected"] == node and shown["position"] == f"{card.moves}{column}"


@pytest.mark.slow
def test_a_deck_from_the_game_played_answered_wrong_then_right() -> None:
    at = page()
    at.session_state["play_game"] = load_game(GAME_FILE)
    at.run()
    assert not at.exception and not at.error
    deck = cards()
    first = deck[0]
    assert f"Card 1 of {len(deck)}** · {first.question()}" in texts(at)
    assert TREE not in texts(at) and not tree_charts(at)  # not before an answer
    wrong = next(c for c in first.position.legal_moves() if c + 1 not in first.right_columns()) + 1
    pick(at, wrong)
    assert f"Not this one**: column {wrong}" in at.warning[0].value
    assert f"column {first.played} was played by greedy" in texts(at)
    assert_tree_at(at, first, first.right_columns()[0])  # answered wrong: the first answer
    said = f"1 of {len(deck)} cards seen · 1 answer, 0 right, 1 wrong"
    assert progress_text(at).startswith(said)
    at.button(key="puzzles_next").click().run()
    second = deck[1]
    assert f"Card 2 of {len(deck)}** · {second.question()}" in texts(at)
    assert TREE not in texts(at) and not tree_charts(at)
    pick(at, second.right_columns()[-1])
    assert at.success[0].value.startswith(f"**Right**: column {second.right_columns()[-1]}")
    assert_tree_at(at, second, second.right_columns()[-1])  # answered right: that column
    assert progress_text(at).startswith(f"2 of {len(deck)} cards seen · 2 answers, 1 right")
    at.button(key="puzzles_next").click().run()
    # the wrong card comes back after one other (Leitner box 0)
    assert f"Card 1 of {len(deck)}**" in texts(at)
    assert TREE not in texts(at) and not tree_charts(at)
    assert not at.exception


def test_a_link_opens_one_card_of_one_game_and_the_analysis() -> None:
    deck = cards()
    at = page(p_moves=load_game(GAME_FILE).moves, p_card="3")
    assert not at.exception and not at.error
    assert f"Card 3 of {len(deck)}** · {deck[2].question()}" in texts(at)
    pick(at, deck[2].answers[0])
    at.button(key="puzzles_open").click().run()
    assert at.session_state["goto"] == "analyze"
    assert at.session_state["position"].moves_string() == deck[2].moves
    assert at.session_state["agent"] == "solver"
    # another game: its deck starts at its first card, not the link's
    at.text_input(key="puzzles_moves").input("44556612").run()
    assert "Card 1 of 2**" in texts(at)
    assert at.query_params["p_card"] == "1"


def test_the_mistakes_of_one_side() -> None:
    at = page()
    at.session_state["play_game"] = load_game(GAME_FILE)
    at.run()
    side = at.radio(key="puzzles_side")
    assert side.options == ["both players", "X (greedy)", "O (alphabeta:depth=4)"]
    side.set_value("O").run()
    mine = [c for c in cards() if c.player == "O"]
    assert f"Card 1 of {len(mine)}** · {mine[0].question()}" in texts(at)
    assert at.caption[-1].value.endswith("played by `alphabeta:depth=4`")


def test_the_game_just_reviewed_makes_a_deck() -> None:
    """The Review page keeps the game it shows; the exercise makes its deck."""
    review = app_test("review")
    review.sidebar.radio(key="review_source").set_value("Move string").run()
    review.sidebar.text_input(key="review_moves").set_value("44556612").run()
    reviewed = review.session_state["reviewed_game"]
    assert reviewed.moves == "44556612"
    at = page()
    at.session_state["reviewed_game"] = reviewed
    at.radio(key="puzzles_source").set_value("Game from Review").run()
    assert not at.exception and not at.error
    first = puzzle_cards("44556612")[0]
    assert f"Card 1 of 2** · {first.question()}" in texts(at)


def test_a_player_named_in_markdown_is_shown_as_text() -> None:
    """A game's players are a visitor's text: no image or link of theirs is drawn."""
    game = load_game(GAME_FILE)
    game.x = "![x](http://example.com/a.png) [link](http://example.com)"
    at = page()
    at.session_state["play_game"] = game
    at.run()
    pick(at, cards()[0].answers[0])
    shown = [m.value for m in at.markdown if "was played by" in m.value]
    assert shown and "](http" not in shown[0]
    assert f"played by {game.x}:" in seen(shown[0])  # every character, as text


def test_bad_moves_are_an_error_and_the_page_recovers() -> None:
    at = page()
    at.radio(key="puzzles_source").set_value("Move string").run()
    at.text_input(key="puzzles_moves").input("4458").run()
    assert not at.exception
    assert "column 8" in at.error[0].value
    at.text_input(key="puzzles_moves").input("44556612").run()
    assert not at.error
    assert re.search(r"Card 1 of 2\*\*", texts(at))
    first, second = puzzle_cards("44556612")
    pick(at, first.right_columns()[0])
    assert not any("Every card seen" in c.value for c in at.caption)
    at.button(key="puzzles_next").click().run()
    pick(at, second.right_columns()[0])
    assert any("Every card seen once" in c.value for c in at.caption)
    at.text_input(key="puzzles_moves").input("4").run()  # no mistake in it
    assert "no mistake or blunder" in at.info[0].value
    at.session_state["play_game"] = Game("human", "greedy", moves="1", width=6, height=5)
    at.radio(key="puzzles_source").set_value("Game from Play").run()
    assert not at.exception
    assert "6x5 board: puzzles are positions of the 7x6 board" in seen(at.error[0].value)


def test_a_card_answered_again_opens_its_tree_at_the_answer_again() -> None:
    """A deck of one card: the learner's clicks in its tree do not outlast the answer;
    the card shown again and answered opens the tree at the answer once more."""
    at = page()
    at.radio(key="puzzles_source").set_value("Move string").run()
    at.text_input(key="puzzles_moves").input("44556612").run()
    at.radio(key="puzzles_side").set_value("O").run()
    (card,) = [c for c in puzzle_cards("44556612") if c.player == "O"]
    assert "Card 1 of 1**" in texts(at)
    pick(at, card.answers[-1])
    assert_tree_at(at, card, card.answers[-1])
    at.session_state["puzzles_tree_node"] = 0  # the learner walked to the root
    at.run()
    assert at.session_state["puzzles_tree_node"] == 0
    at.button(key="puzzles_next").click().run()
    assert "Card 1 of 1**" in texts(at) and TREE not in texts(at)
    wrong = next(c for c in card.position.legal_moves() if c + 1 not in card.answers) + 1
    pick(at, wrong)
    assert_tree_at(at, card, card.answers[0])
    assert not at.exception
