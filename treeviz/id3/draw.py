"""A learned tree drawn like a search tree: the same :class:`~treeviz.draw.view.Drawn`
entries feed networkx, the DOT/SVG/PNG/PDF/GraphML exporters and the dashboard's
tree component. Nodes read "Pat = Full", with their split or class, entropy, samples
and class distribution; leaves are filled with their class's colour (inner nodes a
pale tint of their majority), edges are as wide as the rows that pass them.

For the UCI Connect-4 table (attributes ``a1``..``g6``: column letter, row from the
bottom) a node's tests are also a board pattern (:func:`pattern`).
"""

from __future__ import annotations

import json
from collections import deque
from html import escape
from pathlib import Path

import networkx as nx

from treeviz.connect4.board import DEFAULT_HEIGHT, Position
from treeviz.connect4.notation import parse_position
from treeviz.draw.export import ExportLimitError, dot_source, graphml_of, render
from treeviz.draw.style import MORE_FILL, PALETTE, tint
from treeviz.draw.view import Drawn, drawn_graph
from treeviz.errors import InvalidParameterError
from treeviz.exact.scores import exact_scores
from treeviz.id3.learn import DecisionTree, Node
from treeviz.id3.table import CONNECT4_COLUMNS, CONNECT4_NAMES
from treeviz.safe_io import atomic_write
from treeviz.settings import EXACT_SECONDS, EXPORT_MAX_NODES, show_path, show_value
from treeviz.trace.values import RESULT_WORDS

TREE_FORMATS = ("svg", "png", "pdf", "dot", "graphml", "json")


def class_colour(tree: DecisionTree, cls: int, amount: float = 1.0) -> str:
    """The colour of class ``cls``, mixed with white when ``amount`` < 1."""
    return tint(PALETTE[cls % len(PALETTE)], amount)


def edge_text(tree: DecisionTree, node: Node) -> str:
    """The test on the edge into ``node``: ``Pat = Full``, ``Humidity <= 77.5``,
    ``root`` at the top."""
    if node.parent < 0:
        return "root"
    attr = tree.feature(tree.nodes[node.parent])
    if node.branch[:1] in "<>":
        return f"{attr} {node.branch}"
    if attr in CONNECT4_NAMES and node.branch == "b":  # the UCI data's "b" is an empty cell
        return f"{attr} = blank"
    return f"{attr} = {node.branch}"


def distribution(tree: DecisionTree, node: Node) -> str:
    """``No 2 · Yes 4`` (classes with rows only)."""
    parts = [f"{tree.table.classes[c]} {int(k)}" for c, k in enumerate(node.counts) if k]
    return " · ".join(parts) or "no rows"


def label(tree: DecisionTree, node: Node) -> str:
    """The multi-line label of a node."""
    what = (
        f"→ {tree.table.classes[node.prediction]}"
        if node.is_leaf
        else (f"split on {tree.feature(node)}")
    )
    if node.empty:
        what += " (parent's majority)"
    return "\n".join(
        [
            edge_text(tree, node),
            what,
            f"entropy {node.entropy:.3f}",
            f"{node.samples} samples",
            distribution(tree, node),
        ]
    )


def short(tree: DecisionTree, node: Node) -> str:
    """The one-line label of a node."""
    tail = (
        f"→ {tree.table.classes[node.prediction]}" if node.is_leaf else (f"{tree.feature(node)}?")
    )
    return f"#{node.id} {edge_text(tree, node)} {tail} ({node.samples})"


def rule(tree: DecisionTree, nid: int) -> str:
    """The tests from the root to ``nid``, joined by ``and``."""
    tests = []
    while nid > 0:
        node = tree.nodes[nid]
        tests.append(edge_text(tree, node))
        nid = node.parent
    return " and ".join(reversed(tests)) or "root"


def drawn(
    tree: DecisionTree,
    root: int = 0,
    *,
    max_depth: int | None = None,
    collapsed: frozenset[int] | set[int] = frozenset(),
    max_nodes: int | None = None,
    path: frozenset[int] | set[int] = frozenset(),
) -> list[Drawn]:
    """The entries of the subtree at ``root``, breadth first, down to ``max_depth``
    levels, ``collapsed`` nodes without their children, at most ``max_nodes`` nodes
    (the rest as "+N more" per parent); nodes in ``path`` are drawn bold."""
    base, top = tree.nodes[root].depth, max(1, tree.nodes[root].samples)
    out: list[Drawn] = []
    more: dict[int, int] = {}
    queue = deque([root])
    while queue:
        node = tree.nodes[queue.popleft()]
        if max_nodes is not None and len(out) >= max_nodes:
            more[node.parent] = more.get(node.parent, 0) + 1
            continue
        stop = node.id in collapsed or (max_depth is not None and node.depth - base >= max_depth)
        out.append(_entry(tree, node, root, top, bool(node.children) and stop, path))
        if not stop:
            queue.extend(node.children)
    out += [
        Drawn(f"more:{p}", "more", str(p), f"+{n} more", f"+{n} more", MORE_FILL)
        for p, n in more.items()
    ]
    return out


def _entry(
    tree: DecisionTree,
    node: Node,
    root: int,
    top: int,
    folded: bool,
    path: frozenset[int] | set[int],
) -> Drawn:
    shade = 1.0 if node.is_leaf else 0.35
    return Drawn(
        key=str(node.id),
        kind="node",
        parent=None if node.id == root else str(node.parent),
        label=label(tree, node),
        short=short(tree, node),
        fill=class_colour(tree, node.prediction, shade),
        node=node.id,
        on_pv=node.id in path,
        terminal=node.is_leaf,
        weight=node.samples / top,
        folded=folded,
    )


def fitting_depth(tree: DecisionTree, limit: int = EXPORT_MAX_NODES) -> int:
    """The most levels a drawing of the whole tree can show within ``limit`` nodes."""
    per_level: dict[int, int] = {}
    for n in tree.nodes:
        per_level[n.depth] = per_level.get(n.depth, 0) + 1
    total, depth = 0, 0
    for d in sorted(per_level):
        total += per_level[d]
        if total > limit:
            break
        depth = d
    return depth


def legend(tree: DecisionTree, title: str) -> str:
    """The DOT graph label: title, tree size and one swatch per class."""
    swatches = "".join(
        f'<TD BGCOLOR="{class_colour(tree, c)}">{escape(name)}</TD>'
        for c, name in enumerate(tree.table.classes)
    )
    head = (
        f"{title} · target {tree.table.target.name} · {len(tree.nodes)} nodes, "
        f"depth {tree.depth}, {tree.leaves} leaves"
    )
    span = len(tree.table.classes)
    return (
        f'<<TABLE BORDER="0" CELLSPACING="2"><TR><TD COLSPAN="{span}">{escape(head)}'
        f"</TD></TR><TR>{swatches}</TR></TABLE>>"
    )


def to_dot(tree: DecisionTree, entries: list[Drawn], title: str) -> str:
    """DOT source of the drawn entries."""

    def attrs(d: Drawn) -> dict[str, str]:
        out: dict[str, str] = {
            "fillcolor": d.fill,
            "label": d.label,
            "id": f"node-{d.node}",
            "tooltip": rule(tree, d.node),
        }
        if d.terminal:
            out["style"] = "filled"  # square corners: a leaf
        if d.on_pv:
            out["penwidth"] = "3"
        return out

    return dot_source(entries, legend(tree, title), attrs)


def to_networkx(tree: DecisionTree, entries: list[Drawn]) -> nx.DiGraph:
    """The drawn entries as a DiGraph: nodes keyed by id with attribute, threshold,
    branch, samples, entropy, prediction, per-class counts, colour and rule."""
    classes = tree.table.classes

    def node_attrs(d: Drawn) -> dict[str, object]:
        n = tree.nodes[d.node]
        attrs: dict[str, object] = {
            "attribute": "" if n.is_leaf else tree.feature(n),
            "branch": n.branch,
            "threshold": n.threshold,
            "samples": n.samples,
            "entropy": n.entropy,
            "prediction": classes[n.prediction],
            "colour": d.fill,
            "leaf": n.is_leaf,
            "rule": rule(tree, d.node),
        }
        return attrs | {f"n_{c}": int(k) for c, k in zip(classes, n.counts, strict=True)}

    def edge_attrs(d: Drawn) -> dict[str, object]:
        n = tree.nodes[d.node]
        return {"branch": n.branch, "samples": n.samples}

    g = drawn_graph(
        entries,
        node_attrs=node_attrs,
        summary_attrs=lambda d: {"count": int(d.label.split()[0][1:])},
        edge_attrs=edge_attrs,
    )
    g.graph.update(target=tree.table.target.name, criterion=tree.criterion)
    return g


def export_tree(
    tree: DecisionTree,
    path: str | Path,
    *,
    title: str,
    fmt: str | None = None,
    depth: int | None = None,
) -> tuple[str, int]:
    """Write the tree (down to ``depth`` levels; default: as deep as fits in
    :data:`EXPORT_MAX_NODES` nodes) to ``path``, whole or not at all (an error midway
    leaves the old file); returns the format and the depth drawn."""
    kind = fmt or _suffix(path)
    if kind not in TREE_FORMATS:
        raise InvalidParameterError(
            f"cannot export a tree as {show_value(kind)}: use one of {', '.join(TREE_FORMATS)}"
        )
    if kind == "json":
        with atomic_write(path, "w", encoding="utf-8") as out:
            json.dump(tree.as_dict(), out)
        return kind, tree.depth
    shown = fitting_depth(tree) if depth is None else depth
    entries = drawn(tree, max_depth=shown)
    if len(entries) > EXPORT_MAX_NODES:
        raise ExportLimitError(
            f"drawing {len(entries):,} nodes is over the limit of "
            f"{EXPORT_MAX_NODES:,}: lower the drawing depth"
        )
    if kind == "graphml":
        data = graphml_of(to_networkx(tree, entries))
    else:
        dot = to_dot(tree, entries, title)
        data = dot.encode() if kind == "dot" else render(dot, kind)
    with atomic_write(path) as out:
        out.write(data)
    return kind, min(shown, tree.depth)


def _suffix(path: str | Path) -> str:
    suffix = Path(path).suffix.lower().lstrip(".")
    if not suffix:
        raise InvalidParameterError(
            f"{show_path(path)} has no suffix: end the file name "
            f"with one of .{', .'.join(TREE_FORMATS)}"
        )
    return suffix


# ---------------------------------------------------------------------- Connect-4
def is_connect4(tree: DecisionTree) -> bool:
    """Whether the tree was learned from the UCI Connect-4 layout."""
    return [c.name for c in tree.table.features] == CONNECT4_NAMES


def position_row(pos: Position) -> dict[str, str]:
    """A position as a Connect-4 table row: ``a1`` = column a, row 1 (bottom);
    ``x`` (first player), ``o`` or ``b`` (blank)."""
    out = {}
    for name in CONNECT4_NAMES:
        col, row = CONNECT4_COLUMNS.index(name[0]), int(name[1]) - 1
        out[name] = {"X": "x", "O": "o", None: "b"}[pos.cell(col, row)]
    return out


def pattern(tree: DecisionTree, nid: int) -> list[list[str]]:
    """The board cells the tests down to ``nid`` fix: rows top first, each cell
    ``X``, ``O``, ``.`` (blank) or ``?`` (not tested)."""
    cells = {name: "?" for name in CONNECT4_NAMES}
    while nid > 0:
        node = tree.nodes[nid]
        cells[tree.feature(tree.nodes[node.parent])] = {"x": "X", "o": "O"}.get(node.branch, ".")
        nid = node.parent
    return [[cells[f"{c}{r}"] for c in CONNECT4_COLUMNS] for r in range(DEFAULT_HEIGHT, 0, -1)]


def row_position(row: dict[str, str]) -> Position:
    """The position of a Connect-4 table row (the board as a diagram, read back)."""

    lines = [
        " ".join({"x": "X", "o": "O"}.get(row[f"{c}{r}"], ".") for c in CONNECT4_COLUMNS)
        for r in range(DEFAULT_HEIGHT, 0, -1)
    ]
    return parse_position("\n".join(lines), first="X")  # the table's x moved first


def exact_class(pos: Position, seconds: float = EXACT_SECONDS.default) -> str | None:
    """The UCI label of ``pos`` from the exact solver: the result for the first player
    (``win``, ``draw``, ``loss``), None past the budget."""

    scores = exact_scores(pos, seconds)
    if scores is None:
        return None
    best = max(s for s in scores if s is not None)
    mine = (best > 0) - (best < 0)
    first = mine if pos.side_to_move == "X" else -mine
    return RESULT_WORDS[first]
