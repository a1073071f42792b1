"""Which part of a trace to show, and how: shared by the dashboard and the exporters.

A :class:`Selection` is a subtree: from a root node, down to a depth, at most ``top_k``
children per node (by visits for MCTS, else in search order), the rest summarised per
parent as one "+N more" entry, collapsed nodes shown without their children, and the
moves a cutoff pruned as stubs. Labels and colours come from here too, so an exported
diagram looks like the view it came from. Values are shown for the root player.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

import networkx as nx
import numpy as np

from treeviz.board import Position
from treeviz.trace import CUTOFF, FLAG_NAMES, NO_VALUE, ON_PV, TERMINAL, TT_HIT, Trace

WIN_THRESHOLD = 500_000  # alpha-beta values beyond this are wins or losses


@dataclass
class Selection:
    """A subtree of a trace: ``ids`` in breadth-first order, root first; its length
    is the number of entries drawn (nodes, "+N more" summaries, one stub per cutoff)."""

    trace: Trace
    root: int
    ids: list[int]
    more: dict[int, int] = field(default_factory=dict)  # parent -> hidden children
    stubs: dict[int, list[int]] = field(default_factory=dict)  # node -> pruned columns

    def __len__(self) -> int:
        return len(self.ids) + len(self.more) + len(self.stubs)  # entries drawn


def ranked_children(trace: Trace, node: int) -> np.ndarray:
    """Children of ``node``, most important first: most visits for MCTS, else search order."""
    kids = trace.children(node)
    if "visits" in trace.fields and len(kids):
        kids = kids[np.argsort(-trace.nodes["visits"][kids], kind="stable")]
    return kids


def edge_scale(sel: Selection) -> int:
    """The visits that draw the widest edge: the most visited node of ``sel`` below its
    root (the root's own visits would make every edge thin); 0 when there are none."""
    if "visits" not in sel.trace.fields or len(sel.ids) < 2:
        return 0
    return max(1, int(sel.trace.nodes["visits"][sel.ids[1:]].max()))


def pruned_columns(trace: Trace, node: int) -> list[int]:
    """0-based columns a cutoff at ``node`` left unsearched."""
    mask = int(trace.nodes["pruned"][node])
    return [c for c in range(trace.width) if mask >> c & 1]


def select(
    trace: Trace,
    root: int = 0,
    max_depth: int | None = 3,
    top_k: int | None = None,
    collapsed: frozenset[int] | set[int] = frozenset(),
    stubs: bool = True,
    max_nodes: int | None = None,
) -> Selection:
    """The subtree a view draws (see the module docs); ``max_depth`` counts from ``root``.
    With ``max_nodes``, nodes beyond the first ``max_nodes`` in breadth-first order
    are left out and counted in their parent's "+N more"."""
    if not 0 <= root < len(trace):
        raise IndexError(f"node {root} is not in this trace of {len(trace)} nodes")
    sel = Selection(trace, root, [])
    base = int(trace.nodes["depth"][root])
    queue = deque([root])
    while queue:
        node = queue.popleft()
        if max_nodes is not None and len(sel.ids) >= max_nodes:
            parent = int(trace.nodes["parent"][node])
            sel.more[parent] = sel.more.get(parent, 0) + 1
            continue
        sel.ids.append(node)
        if stubs and trace.nodes["pruned"][node]:
            sel.stubs[node] = pruned_columns(trace, node)
        if node in collapsed or (
            max_depth is not None and trace.nodes["depth"][node] - base >= max_depth
        ):
            continue
        kids = ranked_children(trace, node)
        if top_k is not None and len(kids) > top_k:
            sel.more[node] = len(kids) - top_k
            kids = kids[:top_k]
        queue.extend(int(k) for k in kids)
    return sel


def root_value(trace: Trace, node: int) -> float | None:
    """The node's value for the root player: MCTS mean result, else its backed-up value."""
    n = trace.nodes[node]
    if "visits" in trace.fields:
        if n["visits"] == 0:
            return None
        q = float(n["value_sum"]) / float(n["visits"])  # for the player who moved in
        return q if n["depth"] % 2 == 1 else 1.0 - q
    if n["value"] == NO_VALUE:
        return None
    return float(n["value"]) * (1 if n["depth"] % 2 == 0 else -1)


def value_scale(trace: Trace) -> tuple[float, float]:
    """(centre, half-range) that maps this trace's root-view values onto [-1, 1]."""
    if "visits" in trace.fields:
        return 0.5, 0.5
    vals = np.abs(trace.nodes["value"][trace.nodes["value"] != NO_VALUE].astype(np.int64))
    vals = vals[vals < WIN_THRESHOLD]
    return 0.0, float(max(1, vals.max() if len(vals) else 1))


def colour(x: float | None) -> str:
    """Diverging colour for a value scaled to [-1, 1]: red (bad for the root player),
    white (even), blue (good); grey when unknown."""
    if x is None:
        return "#d9d9d9"
    x = max(-1.0, min(1.0, x))
    lo, mid, hi = (202, 0, 32), (247, 247, 247), (5, 113, 176)
    end = hi if x > 0 else lo
    rgb = [round(m + abs(x) * (e - m)) for m, e in zip(mid, end, strict=True)]
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def legend_stops(trace: Trace) -> list[tuple[str, str]]:
    """The colour scale as five (colour, value text) pairs, worst to best for the root
    player: what a legend shows beside a tree of this trace."""
    centre, half = value_scale(trace)
    spec = ".2f" if "visits" in trace.fields else "+.0f"
    return [(colour(float(x)), format(centre + x * half, spec)) for x in np.linspace(-1, 1, 5)]


def flag_text(flags: int) -> str:
    """The names of the flags set in ``flags``, comma-separated."""
    return ", ".join(name for bit, name in FLAG_NAMES.items() if flags & bit)


def node_position(trace: Trace, node: int) -> Position:
    """The board at trace node ``node``."""
    moves = trace.root_moves + trace.path_moves(node)
    return Position.from_moves(moves, trace.width, trace.height)


def node_colour(trace: Trace, node: int, scale: tuple[float, float]) -> str:
    """Fill colour of ``node`` on the trace's scale."""
    v = root_value(trace, node)
    return colour(None if v is None else (v - scale[0]) / scale[1])


def format_value(trace: Trace, v: float | None) -> str:
    """Readable value: ``win+3`` / ``loss+3`` for alpha-beta wins, 2 decimals for Q."""
    if v is None:
        return "?"
    if "visits" in trace.fields:
        return f"{v:.2f}"
    if abs(v) >= WIN_THRESHOLD:
        plies = 1_000_000 - abs(int(v))
        return f"{'win' if v > 0 else 'loss'}@{plies}"
    return str(int(v))


def node_label(trace: Trace, node: int) -> str:
    """Short multi-line label: move, value, and what the algorithm recorded."""
    n = trace.nodes[node]
    head = "root" if node == 0 or n["move"] < 0 else f"col {int(n['move']) + 1}"
    lines = [head, format_value(trace, root_value(trace, node))]
    if "visits" in trace.fields:
        lines.append(f"N={int(n['visits'])}")
    if "alpha" in trace.fields and n["alpha"] != NO_VALUE:
        lines.append(f"α={_bound(n['alpha'])} β={_bound(n['beta'])}")
    if "f" in trace.fields and node:
        lines.append(f"f={int(n['f'])}")
    marks = [
        name
        for bit, name in FLAG_NAMES.items()
        if n["flags"] & bit and bit in (CUTOFF, TT_HIT, TERMINAL)
    ]
    if marks:
        lines.append(",".join(marks))
    return "\n".join(lines)


def _bound(v: Any) -> str:
    v = int(v)
    return "∞" if v >= 2_000_000 else "-∞" if v <= -2_000_000 else str(v)


def stub_label(trace: Trace, node: int) -> str:
    """Label of a pruned stub: which columns, and the cutoff that pruned them."""
    n = trace.nodes[node]
    cols = ",".join(str(c + 1) for c in pruned_columns(trace, node))
    return f"pruned {cols}: {int(n['value'])} ≥ β={_bound(n['beta'])}"


def to_networkx(
    trace: Trace,
    root: int = 0,
    max_depth: int | None = 3,
    top_k: int | None = None,
    collapsed: frozenset[int] | set[int] = frozenset(),
    stubs: bool = True,
) -> nx.DiGraph:
    """The selected subtree as a DiGraph: trace nodes keyed by id with every recorded
    field plus ``label``, ``root_value``, ``colour``, ``on_pv``, ``kind`` ("node");
    summaries keyed ``"more:<parent>"`` (kind "more", ``count``) and pruned stubs
    ``"pruned:<node>"`` (kind "pruned", ``columns`` 1-based). Edges carry the column
    played (1-based) and, for MCTS, the child's visits."""
    sel = select(trace, root, max_depth, top_k, collapsed, stubs)
    return selection_graph(sel)


def selection_graph(sel: Selection) -> nx.DiGraph:
    """:func:`to_networkx` for an existing selection."""
    trace = sel.trace
    scale = value_scale(trace)
    g = nx.DiGraph(algorithm=trace.algorithm, root_moves=trace.root_moves, root=sel.root)
    chosen = set(sel.ids)
    for i in sel.ids:
        n = trace.nodes[i]
        attrs = {f: n[f].item() for f in trace.fields}
        v = root_value(trace, i)
        g.add_node(
            i,
            **attrs,
            kind="node",
            label=node_label(trace, i),
            root_value=v if v is not None else float("nan"),
            colour=node_colour(trace, i, scale),
            on_pv=bool(n["flags"] & ON_PV),
            path=trace.path_moves(i),
        )
        p = int(n["parent"])
        if i != sel.root and p in chosen:
            g.add_edge(p, i, column=int(n["move"]) + 1, visits=int(n["visits"]))
    for p, count in sel.more.items():
        g.add_node(f"more:{p}", kind="more", count=count, label=f"+{count} more")
        g.add_edge(p, f"more:{p}", column=0, visits=0)
    for i, cols in sel.stubs.items():
        g.add_node(
            f"pruned:{i}",
            kind="pruned",
            columns=",".join(str(c + 1) for c in cols),
            label=stub_label(trace, i),
        )
        g.add_edge(i, f"pruned:{i}", column=0, visits=0)
    return g
