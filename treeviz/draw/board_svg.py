"""A position drawn as SVG: what notebooks show for a :class:`Position` (the
python-chess convention, ``_repr_svg_``) and what reports put beside a search.

Colours from the style table: X's stones red, O's yellow; the last move has a dark
ring; column numbers 1..w run below the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from treeviz.connect4.board import Position
from treeviz.draw.style import BOARD_FRAME, PV_LINE, STONES


def board_svg(
    pos: Position, *, cell: int = 36, numbers: bool = True, marks: Mapping[int, str] | None = None
) -> str:
    """The board of ``pos`` as an SVG document (``cell`` pixels a cell); ``marks``
    colours columns (0-based) with a bar under the board and their number in bold:
    an answer, the right ones."""
    w, h, pad = pos.width, pos.height, 4
    width, height = w * cell + 2 * pad, h * cell + 2 * pad + (18 if numbers else 0)
    last = pos.history[-1] if pos.history else None
    last_row = pos.column_height(last) - 1 if last is not None else -1
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="Connect 4 board">',
        f'<rect width="{w * cell + 2 * pad}" height="{h * cell + 2 * pad}" rx="8" '
        f'fill="{BOARD_FRAME}"/>',
    ]
    r = cell / 2 - 4
    for col in range(w):
        for row in range(h):
            fill = STONES[pos.cell(col, row)]
            ring = f' stroke="{PV_LINE}" stroke-width="3"' if (col, row) == (last, last_row) else ""
            cx, cy = pad + col * cell + cell / 2, pad + (h - 1 - row) * cell + cell / 2
            parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}"{ring}/>')
        mark = (marks or {}).get(col)
        if mark is not None:
            parts.append(
                f'<rect x="{pad + col * cell + 3}" y="{h * cell + 2 * pad - 5}" '
                f'width="{cell - 6}" height="4" fill="{mark}"/>'
            )
        if numbers:
            bold = f' font-weight="bold" fill="{mark}"' if mark is not None else ""
            parts.append(
                f'<text x="{pad + col * cell + cell / 2:g}" y="{height - 4}" '
                f'text-anchor="middle" font-family="sans-serif" font-size="12"{bold}>'
                f"{col + 1}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


def js_style() -> dict[str, Any]:
    """The colours the tree's script and the reports' boards draw with."""
    from treeviz.draw.style import CHART_FRAME, NODE_LINE, SELECTED_LINE

    return {
        "frame": BOARD_FRAME,
        "x": STONES["X"],
        "o": STONES["O"],
        "empty": STONES[None],
        "pv": PV_LINE,
        "line": CHART_FRAME,
        "node": NODE_LINE,
        "selected": SELECTED_LINE,
    }
