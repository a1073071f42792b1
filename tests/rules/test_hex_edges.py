"""Hex's board names each player's borders: two opposite borders per player in that
player's stones' colour, and a caption saying who joins what. Which sides are whose is
checked from OpenSpiel's own finished games, read from the SVG alone: the winner
(OpenSpiel's ``returns()``) has a chain of stones joining its two drawn borders, the
loser none joining its own."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET

import pytest

pyspiel = pytest.importorskip("pyspiel")

from treeviz.rules import load_game  # noqa: E402
from treeviz.rules.svg import CELL  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
Point = tuple[float, float]
Line = tuple[Point, Point]


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def stones(root: ET.Element, player: int) -> list[Point]:
    return [
        (float(c.get("cx", "")), float(c.get("cy", "")))
        for c in root.iter(f"{SVG}circle")
        if f"p{player}" in (c.get("class") or "").split()
    ]


def edges(root: ET.Element, player: int) -> list[Line]:
    found = []
    for line in root.iter(f"{SVG}line"):
        if {"edge", f"p{player}"} <= set((line.get("class") or "").split()):
            ends = [float(line.get(k, "")) for k in ("x1", "y1", "x2", "y2")]
            found.append(((ends[0], ends[1]), (ends[2], ends[3])))
    return found


def distance(p: Point, line: Line) -> float:
    """From ``p`` to the straight line through ``line``'s ends."""
    (x1, y1), (x2, y2) = line
    return abs((x2 - x1) * (y1 - p[1]) - (x1 - p[0]) * (y2 - y1)) / math.dist(*line)


def joins(points: list[Point], borders: list[Line]) -> bool:
    """Whether a chain of touching stones (centres one cell apart) runs from a stone
    beside the first border to a stone beside the second."""
    near = [[p for p in points if distance(p, b) < CELL] for b in borders]
    reached, todo = set(near[0]), list(near[0])
    while todo:
        p = todo.pop()
        for q in points:
            if q not in reached and math.dist(p, q) < 1.2 * CELL:
                reached.add(q)
                todo.append(q)
    return any(p in reached for p in near[1])


def finished(size: int, seed: int) -> tuple[str, int]:
    """A seeded random game of OpenSpiel's Hex played to its end: its action ids and
    the winner by OpenSpiel's ``returns()``."""
    state, rng = (
        pyspiel.load_game(f"hex(board_size={size})").new_initial_state(),
        random.Random(seed),
    )
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return " ".join(map(str, state.history())), 0 if state.returns()[0] > 0 else 1


@pytest.mark.parametrize("size", [3, 5, 7])
def test_each_player_has_two_opposite_borders_in_its_stones_colour(size: int) -> None:
    game = load_game(f"hex(board_size={size})")
    root = parsed(game.svg(game.from_text("0 1")))
    for player in (0, 1):
        colour = {
            c.get("fill") for c in root.iter(f"{SVG}circle") if f"p{player}" in c.get("class", "")
        }
        lines = edges(root, player)
        assert len(lines) == 2 and len(colour) == 1
        assert {
            line.get("stroke")
            for line in root.iter(f"{SVG}line")
            if f"p{player}" in line.get("class", "")
        } == colour
        (a, b), (c, d) = lines
        slope = (b[1] - a[1], b[0] - a[0])
        assert math.isclose(slope[0] * (d[0] - c[0]), slope[1] * (d[1] - c[1]))  # parallel
        assert distance(c, lines[0]) > (size - 1) * CELL * 0.8  # across the board


@pytest.mark.parametrize("size", [3, 5, 7])
def test_the_winner_joins_its_drawn_borders_and_the_loser_does_not(size: int) -> None:
    game = load_game(f"hex(board_size={size})")
    for seed in range(12):
        history, winner = finished(size, seed)
        root = parsed(game.svg(game.from_text(history)))
        assert joins(stones(root, winner), edges(root, winner)), (history, winner)
        assert not joins(stones(root, 1 - winner), edges(root, 1 - winner)), (history, winner)


def test_the_caption_names_who_joins_what() -> None:
    game = load_game("hex")
    root = parsed(game.svg(game.initial()))
    caption = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert caption == ["x (red) joins top and bottom", "o (yellow) joins left and right"]
    top = min(edges(root, 0) + edges(root, 1), key=lambda line: line[0][1] + line[1][1])
    assert top in edges(root, 0)  # x's are the top and bottom borders, as its words say
