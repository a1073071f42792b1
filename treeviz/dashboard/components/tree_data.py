"""What the browser needs to answer a click in a tree view by itself: the drawn
entries of a :class:`~treeviz.draw.view.Selection` (:func:`tree_entries`) and, for
every drawn node, what its panel shows (:func:`node_panel`): its path, its board as
cells, its facts and its children's rows, each cell already in words.

Only data: texts, numbers, colours. The browser's script (``static/tree_panel.js``)
draws them; no value here is ever run as code, and another game's drawing goes to
the browser as an image (an ``<img>`` never runs a script).
"""

from __future__ import annotations

import base64
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd

from treeviz.connect4.board import Position
from treeviz.dashboard.components.board import last_disc
from treeviz.dashboard.components.node_tables import children_columns, node_stats
from treeviz.dashboard.server.cache import known_exact
from treeviz.draw.style import (
    BOARD_FRAME,
    LAST_MOVE,
    NODE_LINE,
    PV_LINE,
    PV_WIDTH,
    SELECTED_FILL,
    SELECTED_LINE,
    STONES,
    STUB_LINE,
    TT_RING,
    UNTESTED_CELL,
    WIN_RING,
    edge_width,
)
from treeviz.draw.view import Decorator, Drawn, Selection, node_position, short_label, walk
from treeviz.trace.nodes import Trace
from treeviz.trace.numbers import cell, missing

# The look the script draws with: the style table's, so the tree and the board look as
# they do everywhere else.
LOOK = {
    "selectedFill": SELECTED_FILL,
    "selectedLine": SELECTED_LINE,
    "pvLine": PV_LINE,
    "nodeLine": NODE_LINE,
    "stubLine": STUB_LINE,
    "pvWidth": PV_WIDTH,
    "ttRing": TT_RING,
    "frame": BOARD_FRAME,
    "lastMove": LAST_MOVE,
    "winRing": WIN_RING,
    "stones": {"X": STONES["X"], "O": STONES["O"], ".": STONES[None]},
}


NO_ROWS: dict[str, Any] = {"head": [], "rows": [], "sort": []}


def tree_entries(sel: Selection, *, short: Decorator = short_label) -> list[dict[str, Any]]:
    """Each entry ``sel`` draws, parents first: its key and its parent's, its kind
    (node, more, pruned), its label (``short``'s), its whole text (the tooltip), its
    fill and marks, its level below the view's root (nodes), and whether it is drawn
    folded (``▸``: children the selection does not send)."""
    trace = sel.trace
    base = int(trace.nodes["depth"][sel.root])
    return [_entry(trace, d, base) for d in walk(sel, short=short)]


def _entry(trace: Trace, d: Drawn, base: int) -> dict[str, Any]:
    """One entry of :func:`tree_entries`."""
    out: dict[str, Any] = {"key": d.key, "parent": d.parent, "kind": d.kind, "text": d.short}
    out["fill"] = d.fill
    if d.kind != "node":
        out["tip"] = d.label
        return out
    where = trace.path_moves(d.node) or "root"
    out |= {"tip": f"{where}: {d.short}", "node": d.node, "pv": d.on_pv, "end": d.terminal}
    out |= {"tt": d.tt_hit, "folded": d.folded}
    out["level"] = int(trace.nodes["depth"][d.node]) - base
    if d.weight is not None:
        out["edge"] = edge_width(d.weight)
    return out


def rule_tree_data(
    entries: list[Drawn],
    *,
    where: Callable[[Drawn], str],
    panels: dict[int, dict[str, Any]],
    room: int,
) -> dict[str, Any]:
    """What the browser draws a tree that is not a search from (ID3's decision tree):
    its drawn ``entries`` (``where`` names a node in its tooltip), each drawn node's
    panel (``panels``: its ``title``, ``facts`` and, for Connect-4, the ``pattern`` of
    cells its tests fix), labels sized for ``room`` pixels. All its nodes' children
    that are drawn are sent: nothing is asked of the server."""
    level: dict[str | None, int] = {None: -1}
    out = []
    for d in entries:
        level[d.key] = level[d.parent] + 1
        entry: dict[str, Any] = {"key": d.key, "parent": d.parent, "kind": d.kind}
        entry |= {"text": d.short, "fill": d.fill, "tip": d.label}
        if d.kind == "node":
            entry |= {"tip": f"{where(d)}: {d.label}", "node": d.node, "pv": d.on_pv}
            entry |= {"end": d.terminal, "tt": False, "folded": d.folded, "level": level[d.key]}
        out.append(entry)
    top = out[0]["node"] if out else 0
    nodes = {str(k): v for k, v in panels.items()}
    look = LOOK | {"untested": UNTESTED_CELL}
    shown = {"rules": True, "entries": out, "nodes": nodes, "look": look, "room": room}
    # as a search's view is sent: one tree, nothing unfolded yet, no link nor What if?
    return shown | {"trace": "", "selected": top, "opened": [], "link": False, "whatif": False}


def node_panel(trace: Trace, node: int, *, exact_on: bool) -> dict[str, Any]:
    """What the panel shows for ``node``: its path from the trace's root (``""`` at
    the root), the position as text, the board (Connect 4: cells; another game: its
    drawing as an image), its facts as (name, words) pairs, and its children table
    (``kids``); ``ask``: the children's exact scores may be asked for (``exact_on``,
    Connect 4, not known yet)."""
    path = trace.path_moves(node)
    out: dict[str, Any] = {"path": path}
    exact = None
    if trace.is_connect4:
        pos = node_position(trace, node)
        exact = known_exact(pos)
        out |= {"position": trace.root_moves + path, "board": board_cells(pos)}
    else:
        game, at = trace.rules(), trace.state(node)
        out |= {"position": game.to_text(at), "image": svg_image(game.svg(at))}
    out["facts"] = [[str(k), str(v)] for k, v in node_stats(trace, node).items()]
    has_kids = bool(trace.child_counts()[node])
    # a leaf's empty table costs as much as a full one to build: most drawn nodes are leaves
    out["kids"] = table_rows(children_columns(trace, node, exact)) if has_kids else NO_ROWS
    out["ask"] = bool(trace.is_connect4 and exact is None and exact_on and has_kids)
    return out


def board_cells(pos: Position) -> dict[str, Any]:
    """The board as the panel draws it: ``rows`` top row first, one character a cell
    (``X``, ``O``, ``.``), the winning four's cells and the last disc as [column, row
    from the top] (0-based; None without a last move)."""
    rows = [
        "".join(pos.cell(c, r) or "." for c in range(pos.width))
        for r in range(pos.height - 1, -1, -1)
    ]
    top = pos.height - 1
    won = [[c, top - r] for c, r in pos.winning_four()]
    last = last_disc(pos)
    return {"rows": rows, "won": won, "last": None if last is None else [last[0], top - last[1]]}


def svg_image(svg: str) -> str:
    """A game's SVG drawing as a data URL for an ``<img>``: shown as a picture, any
    script in it never runs."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def table_rows(table: Mapping[str, Sequence[Any]]) -> dict[str, Any]:
    """``table`` (columns by name, of equal length; a frame's columns as lists) for the
    browser: its ``head``, its ``rows`` in words (numbers rounded for reading, missing
    blank) and the ``sort`` key of each cell (numbers as numbers, so a header sorts
    them as numbers; missing last)."""
    if isinstance(table, pd.DataFrame):
        table = {c: table[c].tolist() for c in table.columns}
    cells = list(zip(*table.values(), strict=True))
    rows = [[_words(v) for v in row] for row in cells]
    keys = [[_key(v) for v in row] for row in cells]
    return {"head": [str(c) for c in table], "rows": rows, "sort": keys}


def _words(value: Any) -> str:
    """A cell as the tables write it: floats rounded for reading, missing blank."""
    return "" if missing(value) else cell(value)


def _key(value: Any) -> float | str | None:
    """A cell's sort key: a number, a text, or None (missing). An infinite number
    (a window's -inf) sorts as the largest finite one of its sign: JSON has no
    infinity, and the browser's parser refused the whole view for one."""
    if missing(value):
        return None
    if isinstance(value, bool):
        return str(value)
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    return number if math.isfinite(number) else math.copysign(sys.float_info.max, number)
