"""A deck of puzzles as a file: JSON, versioned, read as data and checked field by field.

``{"format": "treeviz-deck", "version": 1, "cards": [{"moves": "4453", "answers": [3],
"kind": "win", "played": 5, "class": "blunder", "by": "human", "source": "game.json",
"scores": [...]}, ...]}``. ``moves``, ``answers`` and ``kind`` are required; the rest
is optional, and no other field is taken. A deck is user input: every field is
checked and a bad one raises :class:`DeckFileError` naming the card and the field and
quoting the value.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from treeviz.connect4.board import Position
from treeviz.errors import TreevizError
from treeviz.learn.puzzles import KINDS, PUZZLE_CLASSES, Card, keeping, kind_of
from treeviz.safe_io import atomic_write, read_bounded, versioned_json
from treeviz.settings import DECK_MAX_BYTES, DECK_MAX_CARDS, show_path, show_value

DECK_FORMAT = "treeviz-deck"
DECK_VERSION = 1
REQUIRED = ("moves", "answers", "kind")
TEXT_MAX_CHARS = 1_000  # of ``by`` and ``source``: a spec or a file name, not a document


class DeckFileError(TreevizError):
    """A deck file that cannot be read: not JSON, another format, or a bad field."""


def deck_dict(cards: Sequence[Card]) -> dict[str, Any]:
    """The deck file's content."""
    return {"format": DECK_FORMAT, "version": DECK_VERSION, "cards": [c.as_dict() for c in cards]}


def dumps_deck(cards: Sequence[Card]) -> str:
    """The deck file's text."""
    return json.dumps(deck_dict(cards), indent=1)


def save_deck(cards: Sequence[Card], path: str | Path) -> None:
    """Write the deck file at ``path`` (whole or not at all)."""
    with atomic_write(path, "w", encoding="utf-8") as out:
        out.write(dumps_deck(cards))


def load_deck(path: str | Path) -> list[Card]:
    """The cards of the deck file at ``path``."""
    what = f"deck file {show_path(path)}"
    try:
        raw = read_bounded(path, DECK_MAX_BYTES, what)
    except OSError as exc:
        raise DeckFileError(f"cannot read {what}: {exc.strerror}") from None
    return loads_deck(raw, what)


def loads_deck(text: str | bytes, source: str = "deck") -> list[Card]:
    """The cards of a deck file's text; :class:`DeckFileError` for anything else."""
    data = versioned_json(
        text,
        source,
        "deck",
        cap=DECK_MAX_BYTES,
        fmt=DECK_FORMAT,
        version=DECK_VERSION,
        field="cards",
        shape=list,
        error=DeckFileError,
    )
    cards = data["cards"]
    if len(cards) > DECK_MAX_CARDS:
        raise DeckFileError(f"{source} has {len(cards):,} cards: at most {DECK_MAX_CARDS:,}")
    return [card_of(item, f"{source}: card {i + 1}") for i, item in enumerate(cards)]


def card_of(item: Any, where: str) -> Card:
    """One card of a deck file, each field checked (``where`` names the card)."""
    if not isinstance(item, dict):
        raise DeckFileError(f"{where} is {show_value(item)}, not an object")
    for name in REQUIRED:
        if name not in item:
            raise DeckFileError(f"{where} has no {name!r}")
    unknown = sorted(set(item) - set(REQUIRED) - set(OPTIONAL), key=str)
    if unknown:  # a misspelt field would be lost without a word
        raise DeckFileError(
            f"{where} has a field {show_value(unknown[0])} a card does not "
            f"have (its fields: {', '.join((*REQUIRED, *OPTIONAL))})"
        )
    pos = _position(item["moves"], where)
    card = Card(
        pos.moves_string(),
        _answers(item["answers"], pos, where),
        _choice(item["kind"], KINDS, "kind", where),
    )
    for name, (attr, read) in OPTIONAL.items():
        if item.get(name) is not None:
            setattr(card, attr, read(item[name], pos, f"{where}: {name!r}"))
    if card.scores is not None:
        _agrees(card, where)
    return card


def _agrees(card: Card, where: str) -> None:
    """A card that carries its exact scores must ask what they answer: its kind is
    their best outcome and its answers the columns keeping it."""
    assert card.scores is not None
    kind = kind_of(max(s for s in card.scores if s is not None))
    if kind != card.kind:
        raise DeckFileError(
            f"{where}: 'kind' is {card.kind!r} but its 'scores' say {kind or 'loss'}"
        )
    if keeping(card.scores) != card.answers:
        raise DeckFileError(
            f"{where}: 'answers' {card.answers} are not the columns its "
            f"'scores' keep the {kind} with: {keeping(card.scores)}"
        )


def _fail(what: str, value: Any, wanted: str) -> DeckFileError:
    return DeckFileError(f"{what} is {show_value(value)}, not {wanted}")


def _position(moves: Any, where: str) -> Position:
    """The card's position: legal moves from the empty 7x6 board, the game not over."""
    if not isinstance(moves, str):
        raise _fail(f"{where}: 'moves'", moves, "a move string (columns 1-7)")
    try:
        pos = Position.from_moves(moves)
    except TreevizError as exc:
        raise DeckFileError(f"{where}: 'moves': {exc}") from None
    if pos.is_over():
        raise DeckFileError(
            f"{where}: 'moves' {show_value(moves)} ends the game: no move is left to find"
        )
    return pos


def _column(value: Any, pos: Position, what: str) -> int:
    """A column 1..7 that can be played in ``pos``."""
    if type(value) is not int or not 1 <= value <= pos.width:
        raise _fail(what, value, f"a column 1-{pos.width}")
    if not pos.can_play(value - 1):
        raise DeckFileError(f"{what}: column {value} is full in {show_value(pos.moves_string())}")
    return value


def _answers(value: Any, pos: Position, where: str) -> list[int]:
    """A non-empty list of distinct playable columns, in increasing order."""
    what = f"{where}: 'answers'"
    if not isinstance(value, list) or not value:
        raise _fail(what, value, "a non-empty list of columns 1-7")
    cols = [_column(v, pos, what) for v in value]
    if len(set(cols)) != len(cols):
        raise _fail(what, value, "a list of distinct columns")
    return sorted(cols)


def _choice(value: Any, choices: tuple[str, ...], name: str, where: str) -> str:
    if value not in choices or not isinstance(value, str):
        raise _fail(f"{where}: {name!r}", value, f"one of {', '.join(choices)}")
    return value


def _text(value: Any, pos: Position, what: str) -> str:
    if not isinstance(value, str) or len(value) > TEXT_MAX_CHARS:
        raise _fail(what, value, f"a text of at most {TEXT_MAX_CHARS:,} characters")
    return value


def _cls(value: Any, pos: Position, what: str) -> str:
    if value not in PUZZLE_CLASSES or not isinstance(value, str):
        raise _fail(what, value, f"one of {', '.join(PUZZLE_CLASSES)}")
    return value


def _scores(value: Any, pos: Position, what: str) -> list[int | None]:
    """One exact score per column, null exactly for the full ones, within the scale."""
    top = (pos.width * pos.height) // 2
    if not isinstance(value, list) or len(value) != pos.width:
        raise _fail(what, value, f"a list of {pos.width} scores")
    for c, s in enumerate(value):
        full = not pos.can_play(c)
        ok = s is None if full else type(s) is int and -top <= s <= top
        if not ok:
            wanted = "null (a full column)" if full else f"a whole number from {-top} to {top}"
            raise DeckFileError(f"{what}: column {c + 1}'s score is {show_value(s)}, not {wanted}")
    return list(value)


# Optional fields: the file's name -> (the card's attribute, its reader).
OPTIONAL: dict[str, tuple[str, Callable[[Any, Position, str], Any]]] = {
    "played": ("played", _column),
    "class": ("cls", _cls),
    "by": ("by", _text),
    "source": ("source", _text),
    "scores": ("scores", _scores),
}
