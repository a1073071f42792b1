"""A deck file is user input: each malformed field is refused with a typed error that
names the card and the field and quotes the value."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import treeviz.learn.deck as deck
from treeviz.connect4.board import Position
from treeviz.errors import TreevizError
from treeviz.learn.deck import DeckFileError, load_deck, loads_deck, save_deck
from treeviz.learn.puzzles import Card

# A card of the game file's deck (tests/data/games): X to move wins with 1 or 4.
GOOD = {
    "moves": "4256454455353323",
    "answers": [1, 4],
    "kind": "win",
    "played": 2,
    "class": "blunder",
    "by": "greedy",
    "source": "a game",
    "scores": [3, -13, -10, 6, -10, -10, -10],
}


def text_of(*cards: Any, **top: Any) -> str:
    return json.dumps({"format": "treeviz-deck", "version": 1, "cards": list(cards), **top})


def with_field(**changes: Any) -> str:
    card = {**GOOD, **changes}
    return text_of({k: v for k, v in card.items() if v is not ...})


def test_a_good_card_reads_back_whole(tmp_path: Path) -> None:
    (card,) = loads_deck(text_of(GOOD))
    assert card == Card(
        "4256454455353323", [1, 4], "win", 2, "blunder", "greedy", "a game", GOOD["scores"]
    )
    save_deck([card], tmp_path / "deck.json")
    assert load_deck(tmp_path / "deck.json") == [card]
    # the three required fields alone make a card
    minimal = {"moves": "4", "answers": [4], "kind": "draw"}
    assert loads_deck(text_of(minimal)) == [Card("4", [4], "draw")]


BAD_CARDS = [
    # (field changes, words the message must hold)
    ({"moves": ...}, "card 1 has no 'moves'"),
    ({"answers": ...}, "card 1 has no 'answers'"),
    ({"kind": ...}, "card 1 has no 'kind'"),
    ({"playd": 2}, "card 1 has a field 'playd' a card does not have (its fields: moves,"),
    ({"moves": 4256}, "'moves' is '4256'"),
    ({"moves": "4258"}, "column 8"),
    ({"moves": "1111111"}, "1111111"),
    ({"moves": "4455667"}, "ends the game"),
    ({"answers": []}, "'answers' is '[]'"),
    ({"answers": 4}, "'answers' is '4'"),
    ({"answers": [1, 9]}, "'answers' is '9', not a column 1-7"),
    ({"answers": ["1", 4]}, "'answers' is '1', not a column"),
    ({"answers": [True, 4]}, "'answers' is 'True'"),
    ({"answers": [4, 4, 1]}, "distinct columns"),
    ({"answers": [4, 1, 2], "scores": ...}, None),  # no scores: any playable columns
    ({"kind": "loss"}, "'kind' is 'loss', not one of win, draw"),
    ({"kind": "draw"}, "'kind' is 'draw' but its 'scores' say win"),
    ({"answers": [4]}, "are not the columns its 'scores' keep the win with: [1, 4]"),
    ({"played": 0}, "'played' is '0'"),
    ({"class": "best"}, "'class' is 'best', not one of mistake, blunder"),
    ({"by": 7}, "'by' is '7'"),
    ({"source": "x" * 2000}, "'source' is 'xxxx"),
    ({"scores": [3, -13]}, "'scores' is '[3, -13]', not a list of 7 scores"),
    ({"scores": [3, -13, -10, 6, -10, -10, None]}, "column 7's score is 'None'"),
    ({"scores": [3, -13, -10, 6, -10, -10, 99]}, "column 7's score is '99'"),
]


@pytest.mark.parametrize(("changes", "words"), BAD_CARDS)
def test_each_bad_field_is_refused_by_name(changes: dict[str, Any], words: str | None) -> None:
    if words is None:
        assert loads_deck(with_field(**changes))[0].answers == [1, 2, 4]
        return
    with pytest.raises(DeckFileError) as err:
        loads_deck(with_field(**changes), "deck.json")
    assert isinstance(err.value, TreevizError) and isinstance(err.value, ValueError)
    assert str(err.value).startswith("deck.json: card 1")
    assert words in str(err.value)


def test_a_full_column_is_no_answer() -> None:
    moves = "1111112"  # column 1 full, X... O to move
    with pytest.raises(DeckFileError, match="'answers': column 1 is full"):
        loads_deck(text_of({"moves": moves, "answers": [1], "kind": "draw"}))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "is not JSON"),
        ("[1, 2]", "no 'cards' list"),
        (json.dumps({"cards": {}}), "no 'cards' list"),
        (text_of(format="treeviz-game"), "is 'treeviz-game' version"),
        (text_of(version=2), "up to version 1"),
        (text_of(version="1"), "version '1'"),
        (text_of(GOOD, 5), "card 2 is '5', not an object"),
    ],
)
def test_bad_files_are_refused(text: str, words: str) -> None:
    with pytest.raises(DeckFileError, match=words.replace("(", r"\(").replace("[", r"\[")):
        loads_deck(text)


def test_caps(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(deck, "DECK_MAX_CARDS", 2)
    with pytest.raises(DeckFileError, match="has 3 cards: at most 2"):
        loads_deck(text_of(GOOD, GOOD, GOOD))
    monkeypatch.setattr(deck, "DECK_MAX_BYTES", 100)
    big = tmp_path / "big.json"
    big.write_text(text_of(GOOD))
    with pytest.raises(TreevizError, match="larger than 100 B"):
        load_deck(big)  # not read past the cap
    with pytest.raises(DeckFileError, match="larger than"):
        loads_deck(text_of(GOOD))
    with pytest.raises(DeckFileError, match="cannot read deck file"):
        load_deck(tmp_path / "missing.json")


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-50, 50)
    | st.floats(allow_nan=True)
    | st.text("1234567890xX", max_size=12),
    lambda inner: (
        st.lists(inner, max_size=8) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


# a loaded machine draws slowly: the draws' time is no property of the reader
@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from([*deck.REQUIRED, *deck.OPTIONAL]), json_values))
def test_any_card_is_read_or_refused_in_words(card: dict[str, Any]) -> None:
    """Whatever a card holds, reading it gives a card or a DeckFileError, never
    another exception (the file is a visitor's)."""
    try:
        (read,) = loads_deck(text_of({**GOOD, **card}))
    except DeckFileError as exc:
        assert str(exc).startswith("deck: card 1")
        return
    assert read.moves == Position.from_moves(read.moves).moves_string()
    assert read.answers and all(read.position.can_play(c - 1) for c in read.answers)
