"""Rich display in notebooks, drawn by higher layers through hooks.

A :class:`~treeviz.connect4.board.Position` shows itself as SVG, a search result or a
trace as HTML, and they open an interactive tree widget; what they look like is drawn
by higher layers (the board, the verdict, the tree), which these classes' layers must
not import. So their display methods call :func:`show`, which imports the module
that draws that kind (:data:`RENDERERS`, by name) on first use: importing treeviz
stays quick, a position's board does not load the search machinery, and nothing is
displayed by printing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

RENDERERS = {  # kind -> the module that registers its renderer when imported
    "position_svg": "treeviz.draw.board_svg",
    "result_html": "treeviz.draw.notebook",
    "trace_html": "treeviz.draw.notebook",
    "review_html": "treeviz.draw.notebook",
    "widget": "treeviz.draw.notebook",
}
HOOKS: dict[str, Callable[..., Any]] = {}


def register(kind: str, fn: Callable[..., Any]) -> None:
    """Draw objects of ``kind`` (a key of :data:`RENDERERS`) with ``fn``."""
    HOOKS[kind] = fn


def show(kind: str, obj: Any, **options: Any) -> Any:
    """What the renderer of ``kind`` makes of ``obj``."""
    if kind not in HOOKS:
        importlib.import_module(RENDERERS[kind])
    return HOOKS[kind](obj, **options)
