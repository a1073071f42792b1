"""The boards of OpenSpiel's games, read from the state rather than from its rules.

Grid games are read from the observation tensor as player 0 sees it (one plane per kind
of cell, ``planes x rows x columns``, row 0 at the top as the game prints it): which
planes hold whose pieces is stated per game below, checked against each game's printed
board by tests/rules/test_boards.py. Nim's heaps come from its state text
(``"(0): 1 3 5 7"``). A game with no entry is drawn as its state text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from treeviz.rules import svg

# plane -> (player, crowned), in observation_tensor(0)
Planes = Mapping[int, tuple[int, bool]]
MAN_0, MAN_1, KING_0, KING_1 = (0, False), (1, False), (0, True), (1, True)
GRID_PLANES: dict[str, Planes] = {
    "tic_tac_toe": {2: MAN_0, 1: MAN_1},  # x, o (plane 0: empty)
    "mnk": {2: MAN_0, 1: MAN_1},
    "othello": {1: MAN_0, 2: MAN_1},  # planes of the player observing first, then the other
    "breakthrough": {0: MAN_0, 1: MAN_1},  # b (moves first), w (plane 2: empty)
    "clobber": {0: MAN_0, 1: MAN_1},  # o (moves first), x
    "checkers": {0: MAN_0, 1: KING_0, 2: MAN_1, 3: KING_1},  # o, its kings, +, its kings
}
CHECKERED = {"checkers"}
# Hex's planes are cell states: white's four (o, player 1), empty, black's four (x)
HEX_PLAYERS = {**dict.fromkeys(range(4), MAN_1), **dict.fromkeys(range(5, 9), MAN_0)}


def planes_of(game: Any, state: Any) -> np.ndarray:
    """The observation tensor of player 0 as planes x rows x columns."""
    shape = game.observation_tensor_shape()
    return np.asarray(state.observation_tensor(0)).reshape(shape)


def pieces(tensor: np.ndarray, planes: Planes) -> dict[tuple[int, int], tuple[int, bool]]:
    """The cells that hold a piece, by the planes that say whose it is."""
    found = {}
    for plane, owner in planes.items():
        for r, c in zip(*np.nonzero(tensor[plane]), strict=True):
            found[(int(r), int(c))] = owner
    return found


def heap_sizes(state: Any) -> list[int]:
    """Nim's heaps from its state text ``"(player): 1 3 5 7"``."""
    return [int(n) for n in str(state).split(":", 1)[1].split()]


def draw(game: Any, state: Any) -> str:
    """The SVG board of ``state``, a state of the OpenSpiel ``game``."""
    short = game.get_type().short_name
    if short in GRID_PLANES:
        tensor = planes_of(game, state)
        cells = pieces(tensor, GRID_PLANES[short])
        rows, columns = tensor.shape[1:]
        return svg.grid(rows, columns, cells, checkered=short in CHECKERED)
    return DRAWERS.get(short, lambda g, s: svg.text_board(str(s)))(game, state)


def draw_hex(game: Any, state: Any) -> str:
    """Hex's rhombus with each player's borders in its colour: in OpenSpiel's Hex, x
    (player 0) joins the top and bottom rows, o the left and right columns (checked
    against the winning chains of finished games by tests/rules/test_hex_edges.py)."""
    tensor = planes_of(game, state)
    rows, columns = tensor.shape[1:]
    caption = (
        f"x ({svg.PLAYER_COLOUR[0]}) joins top and bottom",
        f"o ({svg.PLAYER_COLOUR[1]}) joins left and right",
    )
    return svg.rhombus(rows, columns, pieces(tensor, HEX_PLAYERS), top_bottom=0, caption=caption)


DRAWERS: dict[str, Callable[[Any, Any], str]] = {
    "hex": draw_hex,
    "nim": lambda game, state: svg.heaps(heap_sizes(state)),
}
