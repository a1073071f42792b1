"""The protocol's contract on seeded random games of every registered game and of the
adapted course examples, checked after every step (as pgx's and our agents' contract
tests do): moves iff not over, play leaves its state as it was, keys, text and labels
both ways, a zero-sum outcome only at the end, and an SVG board with the pieces the
game's own printed board shows."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

pytest.importorskip("pyspiel")

from rules_examples import every_game

from treeviz.rules import NOBODY

GAMES = every_game()
SEEDS = range(2)
SVG = "{http://www.w3.org/2000/svg}"
# Who owns each character of a board as the game prints it (OpenSpiel's state string,
# Position's diagram): the first player's pieces first. Checkers' kings: 8 and *.
OWNERS = {
    "connect4": {"X": 0, "O": 1},
    "tic_tac_toe": {"x": 0, "o": 1},
    "othello": {"x": 0, "o": 1},
    "breakthrough": {"b": 0, "w": 1},
    "hex": {"x": 0, "o": 1},
    "checkers": {"o": "p0", "8": "p0 king", "+": "p1", "*": "p1 king"},
    "clobber": {"o": 0, "x": 1},
    "mnk": {"x": 0, "o": 1},
}
NIM_TOKENS = 1 + 3 + 5 + 7


def printed_pieces(name: str, game: Any, state: Any) -> Counter[str]:
    """Pieces per player ('p0', 'p1 king'; 'token' for Nim) read from the printed board."""
    if name == "nim":  # every move's label says how many tokens it took
        taken = sum(int(n) for n in re.findall(r"take:(\d+)", game.to_text(state)))
        return Counter({"token": NIM_TOKENS - taken})
    text = str(state.state if hasattr(state, "state") else state)
    lines = text.splitlines()
    if name == "connect4":
        lines = lines[:-1]  # the column numbers
    elif any(line[:1].isdigit() for line in lines):  # ranks 1-8: only those lines, less
        # the rank before (checkers' "88." is rank 8, then a king) and after (othello)
        lines = [re.sub(r"^\d| \d$", "", line) for line in lines if line[:1].isdigit()]
    owners = OWNERS[name]
    return Counter(
        owners[ch] if isinstance(owners[ch], str) else f"p{owners[ch]}"
        for line in lines
        for ch in line
        if ch in owners
    )


def drawn_pieces(svg: str) -> Counter[str]:
    """Pieces per player ('p0', 'p1 king', 'token') in the SVG (it must parse as XML)."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    found: Counter[str] = Counter()
    for element in root.iter():
        classes = element.get("class", "").split()
        if "piece" in classes:
            owner = " ".join(c for c in classes if c in ("p0", "p1", "king"))
            found[owner or "token"] += 1
    return found


def check_state(name: str, game: Any, state: Any) -> None:
    """Every invariant of one state (not the step that made it)."""
    moves, outcome = game.legal_moves(state), game.outcome(state)
    assert (moves == []) == (outcome is not None)
    assert game.to_move(state) in ((NOBODY,) if outcome is not None else (0, 1))
    if outcome is not None:
        assert sum(outcome) == 0 and set(outcome) <= {-1.0, 0.0, 1.0}
    again = game.from_text(game.to_text(state))
    assert again == state and game.key(again) == game.key(state)
    assert game.to_text(again) == game.to_text(state)
    for move in moves:
        assert game.parse_move(state, game.label(state, move)) == move
    svg = game.svg(state)
    if name in OWNERS or name == "nim":
        assert drawn_pieces(svg) == printed_pieces(name, game, state)
    else:
        drawn_pieces(svg)  # parses as XML


@pytest.mark.parametrize("name", list(GAMES))
def test_random_games_keep_the_contract(name: str) -> None:
    game = GAMES[name]
    for seed in SEEDS:
        rng, state, plies = random.Random(seed), game.initial(), 0
        check_state(name, game, state)
        while game.outcome(state) is None:
            text, key = game.to_text(state), game.key(state)
            child = game.play(state, rng.choice(game.legal_moves(state)))
            assert child is not state and child != state
            assert (game.to_text(state), game.key(state)) == (text, key)
            state, plies = child, plies + 1
            check_state(name, game, state)
        assert plies > 0
