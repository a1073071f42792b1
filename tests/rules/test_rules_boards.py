"""What each board drawer draws beyond the pieces (counted by the contract test): Hex's
cells, checkers' dark squares, Nim's heaps, a game without a drawer as its own text;
and the adapters' keys for transpositions."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("pyspiel")

from rules_examples import aima_nim, state_tictactoe

from treeviz.rules import load_game
from treeviz.rules.svg import DARK_SQUARE

SVG = "{http://www.w3.org/2000/svg}"


def elements(svg: str, tag: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter(f"{SVG}{tag}"))


@pytest.mark.parametrize("size", [3, 5, 7])
def test_hex_draws_a_rhombus_of_size_squared_cells(size: int) -> None:
    game = load_game(f"hex(board_size={size})")
    cells = elements(game.svg(game.initial()), "polygon")
    assert len(cells) == size * size
    lefts = sorted(
        {round(min(float(p.split(",")[0]) for p in c.get("points", "").split())) for c in cells}
    )
    # each row half a cell right of the one above: column + row / 2 takes 3 size - 2
    # values (a square grid's lefts would take size)
    assert len(lefts) == 3 * size - 2


def test_checkers_is_checkered_and_starts_with_twelve_men_a_side() -> None:
    game = load_game("checkers")
    svg = game.svg(game.initial())
    dark = [r for r in elements(svg, "rect") if r.get("fill") == DARK_SQUARE]
    assert len(elements(svg, "rect")) == 64 and len(dark) == 32
    assert svg.count('class="piece p0"') == svg.count('class="piece p1"') == 12


def test_nim_draws_one_row_of_tokens_per_heap() -> None:
    game = load_game("nim(pile_sizes=2;4;6,is_misere=False)")
    state = game.from_text("pile:3, take:5;")
    tokens = [float(c.get("cy", "")) for c in elements(game.svg(state), "circle")]
    counts = [tokens.count(y) for y in sorted(set(tokens))]  # rows from the top
    assert counts == [2, 4, 1]


def test_a_game_without_a_drawer_is_drawn_as_its_text() -> None:
    game = load_game("pentago")
    state = game.initial()
    lines = [t.text or "" for t in elements(game.svg(state), "text")]
    assert lines == str(state.state).splitlines()


def test_the_adapters_give_a_transposition_one_key() -> None:
    nim = aima_nim((1, 3, 5))
    one = nim.from_text("(1, 1) (2, 2)")  # heap 1 less one, heap 2 less two
    other = nim.from_text("(2, 2) (1, 1)")
    assert nim.key(one) == nim.key(other) and nim.to_text(one) != nim.to_text(other)
    ttt = state_tictactoe()
    assert ttt.key(ttt.from_text("x11 o22 x33")) == ttt.key(ttt.from_text("x33 o22 x11"))
