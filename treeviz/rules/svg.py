"""The boards of every game as SVG text: one drawer for square grids (pieces by cell),
one for Hex's rhombus, one for Nim's heaps, and the state's own text for the rest.

Each piece is one element of class ``piece``, with ``p0`` or ``p1`` when it belongs to
a player and ``king`` for a crowned one, so a test (or a style sheet) can find them.
The colours are named here because the style table sits in :mod:`treeviz.draw`, a layer
above the rules; they follow its convention (the first player red, the second yellow).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

CELL = 40  # pixels per cell
PLAYER_FILL = ("crimson", "gold")
PLAYER_COLOUR = ("red", "yellow")  # the fills in words, for captions
BOARD_FILL, LINE, DARK_SQUARE, TOKEN_FILL = "whitesmoke", "dimgray", "tan", "steelblue"
HEX_SQRT3 = 3**0.5
EDGE_MARGIN, EDGE_WIDTH = 10, 6  # Hex: the room around the cells for each side's borders

# (row, column) -> (player, crowned): row 0 is the top row as the board is shown
Pieces = Mapping[tuple[int, int], tuple[int, bool]]


def document(width: float, height: float, body: Sequence[str]) -> str:
    """A standalone SVG document of ``width`` x ``height`` pixels around ``body``."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}">' + "".join(body) + "</svg>"
    )


def piece(x: float, y: float, player: int, king: bool = False) -> str:
    """One disc of ``player`` centred at (x, y); a crowned one has a ring inside."""
    kind = f"piece p{player}" + (" king" if king else "")
    ring = 'stroke-width="5"' if king else 'stroke-width="1"'
    return (
        f'<circle class="{kind}" cx="{x:g}" cy="{y:g}" r="{CELL * 0.4:g}" '
        f'fill="{PLAYER_FILL[player]}" stroke="{LINE}" {ring}/>'
    )


def grid(rows: int, columns: int, pieces: Pieces, *, checkered: bool = False) -> str:
    """A ``rows`` x ``columns`` board of squares with ``pieces`` on their cells; a
    checkered board darkens the squares where (row + column) is odd."""
    body = []
    for r in range(rows):
        for c in range(columns):
            fill = DARK_SQUARE if checkered and (r + c) % 2 else BOARD_FILL
            body.append(
                f'<rect x="{c * CELL}" y="{r * CELL}" width="{CELL}" height="{CELL}" '
                f'fill="{fill}" stroke="{LINE}"/>'
            )
    for (r, c), (player, king) in sorted(pieces.items()):
        body.append(piece((c + 0.5) * CELL, (r + 0.5) * CELL, player, king))
    return document(columns * CELL, rows * CELL, body)


def hexagon(x: float, y: float, radius: float) -> str:
    """The points of a pointy-top hexagon centred at (x, y)."""
    half: list[tuple[float, float]] = [(0, -1), (HEX_SQRT3 / 2, -0.5), (HEX_SQRT3 / 2, 0.5)]
    corners = half + [(-dx, -dy) for dx, dy in half]
    return " ".join(f"{x + dx * radius:.1f},{y + dy * radius:.1f}" for dx, dy in corners)


def rhombus(
    rows: int, columns: int, pieces: Pieces, *, top_bottom: int, caption: Sequence[str]
) -> str:
    """A Hex board: each row shifted half a cell right of the one above it, inside a
    margin where each player's two borders are drawn in that player's colour (player
    ``top_bottom`` joins the top and bottom rows, the other the first and last
    columns): lines of class ``edge`` and ``p0`` or ``p1``; ``caption``'s lines below
    say it."""
    radius = CELL / HEX_SQRT3  # pointy-top cells one CELL wide
    centres = {
        (r, c): (EDGE_MARGIN + (c + r / 2 + 0.5) * CELL, EDGE_MARGIN + radius + r * 1.5 * radius)
        for r in range(rows)
        for c in range(columns)
    }
    body = [
        f'<polygon points="{hexagon(x, y, radius)}" fill="{BOARD_FILL}" stroke="{LINE}"/>'
        for x, y in centres.values()
    ]
    body += hex_edges(centres, rows, columns, radius, top_bottom)
    for cell, (player, king) in sorted(pieces.items()):
        body.append(piece(*centres[cell], player, king))
    width = (columns + (rows - 1) / 2) * CELL + 2 * EDGE_MARGIN
    height = (1.5 * rows + 0.5) * radius + 2 * EDGE_MARGIN
    body += [
        f'<text class="caption" x="{EDGE_MARGIN}" y="{height + 14 * (i + 1):g}" '
        f'font-size="12">{escape(line)}</text>'
        for i, line in enumerate(caption)
    ]
    # a caption may be wider than a small board: about 6.5 pixels a character
    wide = max((6.5 * len(line) + EDGE_MARGIN for line in caption), default=0)
    return document(max(width, wide), height + 14 * len(caption) + 6, body)


def hex_edges(
    centres: Mapping[tuple[int, int], tuple[float, float]],
    rows: int,
    columns: int,
    radius: float,
    top_bottom: int,
) -> list[str]:
    """The four borders of a Hex board of cells at ``centres``, half a margin outside
    the cells: top and bottom in player ``top_bottom``'s colour, the sides in the
    other's."""
    half, gap = CELL / 2, EDGE_MARGIN / 2
    (tlx, tly), (trx, _) = centres[(0, 0)], centres[(0, columns - 1)]
    (blx, bly), (brx, _) = centres[(rows - 1, 0)], centres[(rows - 1, columns - 1)]
    trx_y, brx_y = centres[(0, columns - 1)][1], centres[(rows - 1, columns - 1)][1]
    sides = 1 - top_bottom
    lines = (
        ("top", top_bottom, (tlx - half, tly - radius - gap, trx + half, tly - radius - gap)),
        ("bottom", top_bottom, (blx - half, bly + radius + gap, brx + half, bly + radius + gap)),
        ("left", sides, (tlx - half - gap, tly, blx - half - gap, bly)),
        ("right", sides, (trx + half + gap, trx_y, brx + half + gap, brx_y)),
    )
    return [
        f'<line class="edge p{player} {where}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
        f'y2="{y2:.1f}" stroke="{PLAYER_FILL[player]}" stroke-width="{EDGE_WIDTH}" '
        'stroke-linecap="round"/>'
        for where, player, (x1, y1, x2, y2) in lines
    ]


def heaps(sizes: Sequence[int]) -> str:
    """Nim's heaps: one row of tokens per heap, its number on the left."""
    longest = max(sizes, default=0)
    body = []
    for h, size in enumerate(sizes):
        y = (h + 0.5) * CELL
        body.append(f'<text x="{CELL * 0.3:g}" y="{y + 5:g}" font-size="16">{h + 1}</text>')
        body.extend(
            f'<circle class="piece" cx="{(t + 1.5) * CELL:g}" cy="{y:g}" '
            f'r="{CELL * 0.35:g}" fill="{TOKEN_FILL}"/>'
            for t in range(size)
        )
    return document((longest + 1) * CELL, max(len(sizes), 1) * CELL, body)


def text_board(text: str) -> str:
    """A game with no drawer of its own: its state's text in a fixed-width font."""
    lines = text.splitlines() or [""]
    body = [
        f'<text x="8" y="{(i + 1) * 18}" font-family="monospace" font-size="14" '
        f'xml:space="preserve">{escape(line)}</text>'
        for i, line in enumerate(lines)
    ]
    width = 16 + 8.5 * max(len(line) for line in lines)
    return document(width, 18 * len(lines) + 8, body)
