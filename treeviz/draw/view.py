"""Which part of a trace to show, and how: the one walker every view draws from.

:func:`select` picks a subtree: from a root node, down to a depth, at most ``top_k``
children per node (by the agent's weight, most visited first for MCTS, else in search
order), the rest summarised per parent as one "+N more" entry, collapsed nodes shown
without their children, and the moves a cutoff pruned as stubs. :func:`walk` turns a
selection into :class:`Drawn` entries, decorated by small functions (label, colour,
edge width) in the manner of OpenSpiel's ``treeviz``; networkx (:func:`to_networkx`),
the exporters and the dashboard's tree component all consume those entries, so they
show the same labels and colours. Values are for the root player
(:mod:`treeviz.trace.values`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import networkx as nx
import numpy as np

from treeviz.connect4.board import Position
from treeviz.draw.style import MORE_FILL, STUB_FILL, UNKNOWN_FILL, value_colour
from treeviz.rules.protocol import can_draw
from treeviz.settings import DRAW_DEPTH
from treeviz.trace.kinds import ValueKind
from treeviz.trace.nodes import CUTOFF, FLAG_NAMES, NO_VALUE, ON_PV, TERMINAL, TT_HIT, Trace
from treeviz.trace.numbers import number_text
from treeviz.trace.reading import reading_of
from treeviz.trace.sides import root_signs
from treeviz.trace.values import (
    KIND_TEXT,
    OUTCOME_KIND,
    PROVEN,
    RESULT_WORDS,
    NodeValue,
    bound_text,
    kind_text,
    node_value,
    read_as_words,
    scale_stops,
    scale_words,
    window_bound,
)

# Another game's values where Connect 4's words speak of its stone scores.
GAME_KIND_TEXT = {
    "exact": "exact value for the root player: a win or a loss in plies, 0 a draw",
    "heuristic": "heuristic points for the root player; proven results as a win or a loss in plies",
}
# The kinds of the agents on any game, said for a game that cannot draw (Hex, Nim):
# no "0 a draw", no draw worth half a win.
DRAWLESS_KIND_TEXT = {
    "exact:outcome": "result for the root player: a win or a loss in plies (no draws in this game)",
    OUTCOME_KIND: "0 no result within the depth (no draws in this game); a win or a loss "
    "in plies, for the root player",
    "win_rate": "share of playouts won by the root player (no draws in this game)",
}
# The heuristic of the agents on any game when none is passed: 0 for every game not
# over, so its scale holds a loss, 0 and a win only.
OUTCOME_ONLY = "heuristic:outcome"
# What grey stands for on another game's windowed trace: a cut left a bound that does
# not settle the result ("≤ win in 5" may be a loss), or the search gave no value.
OPEN_TEXT = "not known"
OPEN_WORDS = "grey: not known (a cut left only a bound such as ≤ win, or no value)"


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
    """Children of ``node``, most important first: by the trace's weight (MCTS: most
    visits), else in search order."""
    kids = trace.children(node)
    weight = reading_of(trace).weight
    if weight and len(kids):
        kids = kids[np.argsort(-trace.nodes[weight][kids], kind="stable")]
    return kids


def pruned_columns(trace: Trace, node: int) -> list[int]:
    """0-based columns a cutoff at ``node`` left unsearched."""
    mask = int(trace.nodes["pruned"][node])
    return [c for c in range(trace.width) if mask >> c & 1]


def select(
    trace: Trace,
    root: int = 0,
    *,
    max_depth: int | None = DRAW_DEPTH,
    top_k: int | None = None,
    collapsed: frozenset[int] | set[int] = frozenset(),
    stubs: bool = True,
    max_nodes: int | None = None,
    expanded: frozenset[int] | set[int] = frozenset(),
    breadth: int | None = None,
) -> Selection:
    """The subtree a view draws (see the module docs); ``max_depth`` counts from ``root``.
    With ``max_nodes``, nodes beyond the first ``max_nodes`` in breadth-first order
    are left out and counted in their parent's "+N more". With ``breadth``, a node
    whose children would make the drawing more than that many leaves across (each leaf
    a row of labels) is drawn folded, unless it is in ``expanded``; nodes in
    ``expanded`` show their children even below ``max_depth`` (unfolded on demand)."""
    if not 0 <= root < len(trace):
        raise IndexError(f"node {root} is not in this trace of {len(trace)} nodes")
    sel = Selection(trace, root, [])
    base = int(trace.nodes["depth"][root])
    leaves = 1
    queue = deque([root])
    while queue:
        node = queue.popleft()
        if max_nodes is not None and len(sel.ids) >= max_nodes:
            parent = int(trace.nodes["parent"][node])
            sel.more[parent] = sel.more.get(parent, 0) + 1
            continue
        sel.ids.append(node)
        if stubs and trace.nodes["pruned"][node]:
            sel.stubs[node] = pruned_columns(trace, node)  # a leaf in its place
        opened = node in expanded
        if node in collapsed or (
            not opened and max_depth is not None and trace.nodes["depth"][node] - base >= max_depth
        ):
            continue
        kids = ranked_children(trace, node)
        if top_k is not None and len(kids) > top_k:
            sel.more[node] = len(kids) - top_k
            kids = kids[:top_k]
        grow = len(kids) + (node in sel.more) - (node not in sel.stubs)
        # a view always shows its root's children, whatever the budget
        if breadth is not None and leaves + grow > breadth and not opened and node != root:
            sel.more.pop(node, None)  # folded: its "+N more" and stubs would hang in the air
            sel.stubs.pop(node, None)
            continue
        leaves += max(0, grow)
        queue.extend(int(k) for k in kids)
    return sel


# --- decorators: what a node looks like ------------------------------------------------


def colour(x: float | None) -> str:
    """Fill of a value scaled to [-1, 1] (:func:`treeviz.draw.style.value_colour`)."""
    return value_colour(x)


def legend_stops(trace: Trace) -> list[tuple[str, str]]:
    """The colour scale as (colour, value text) pairs, worst to best for the root
    player: what a legend shows beside a tree of this trace. Five for Connect 4; another
    game's heuristic scale names the results its ends stand for, and a windowed search
    on another game adds grey, the colour of a result a cut left open
    (:func:`open_bound`)."""
    stops = _game_heuristic_stops(trace) if _game_heuristic(trace) else scale_stops(trace)
    pairs = [(colour(x), text) for x, text in stops]
    if _may_leave_open(trace):
        pairs.append((UNKNOWN_FILL, OPEN_TEXT))
    return pairs


def _game_heuristic(trace: Trace) -> bool:
    """Whether ``trace`` is another game's search valued by a heuristic, whose proven
    results are coloured at the scale's ends."""
    return not trace.is_connect4 and trace.kind.base == "heuristic"


def _game_heuristic_stops(trace: Trace) -> list[tuple[float, str]]:
    """Another game's heuristic scale: a decided game is coloured at an end (a loss -1,
    a win +1), as is the heuristic's largest magnitude, so each end names both
    (``win or +12``); the outcome heuristic has no points but 0 (a game not over, or a
    draw), so its ends are a loss and a win and no value lies between."""
    stops = scale_stops(trace)
    if trace.value_kind == OUTCOME_ONLY:
        return [(x, _result_at(x) or (number_text(0) if x == 0 else "")) for x, _ in stops]
    return [(x, f"{_result_at(x)} or {text}" if _result_at(x) else text) for x, text in stops]


def _result_at(x: float) -> str:
    """``loss`` at -1 and ``win`` at +1 of the scale, else ''."""
    return RESULT_WORDS[int(x)] if abs(x) == 1 else ""


def _may_leave_open(trace: Trace) -> bool:
    """Whether a node of ``trace`` can be a bound that leaves its result open: another
    game's search with an alpha-beta window, valued in results or a heuristic."""
    return not trace.is_connect4 and trace.windowed and trace.kind.base in ("exact", "heuristic")


def open_bound(trace: Trace, node: int) -> bool:
    """Whether ``node``'s value, on another game, is a bound a cut left that does not
    settle its result for the root player: at most a win or a draw (or the outcome
    heuristic's 0, a game not over), at least a loss or a draw (a bound towards its
    result, "≤ loss in 3" or "≥ win in 5", proves that result). A heuristic's bound is
    coloured by its number, as Connect 4's are."""
    if not _may_leave_open(trace):
        return False
    raw = int(trace.nodes["value"][node])
    if raw == NO_VALUE:
        return False
    bound, sign = window_bound(trace, node, raw), int(root_signs(trace)[node])  # built once
    v = sign * raw
    results = trace.kind.base == "exact" or trace.value_kind == OUTCOME_ONLY
    if bound == "exact" or (abs(v) < PROVEN and not results):
        return False
    upper = (bound == "upper") == (sign > 0)  # for the root player (the mover's flips)
    return not (v <= -PROVEN if upper else v >= PROVEN)


def fill_of(trace: Trace, node: int, value: NodeValue) -> str:
    """Fill of ``node`` whose value is ``value``: its place on the scale, grey where a
    cut left its result open (:func:`open_bound`)."""
    return UNKNOWN_FILL if open_bound(trace, node) else colour(value.scaled)


def legend_title(trace: Trace) -> str:
    """What the colours mean, in words, and how they are spread when not in proportion."""
    words = scale_words(trace) or (OPEN_WORDS if _may_leave_open(trace) else "")
    return f"colour: {value_kind_text(trace)}" + (f", {words}" if words else "")


WINDOWED = "; a move the window cut has a bound, said in its words"


def value_kind_text(trace: Trace) -> str:
    """What ``trace``'s values are, in words: :func:`kind_text`, except that another
    game's exact and proven values are a win or a loss in plies (Connect 4's count
    stones, which other games have not), with no draw named in a game that cannot draw."""
    if not trace.is_connect4 and trace.value_kind in KIND_TEXT:  # the kinds of any game
        if trace.value_kind in DRAWLESS_KIND_TEXT and not can_draw(trace.rules()):
            text = DRAWLESS_KIND_TEXT[trace.value_kind]
        else:
            text = KIND_TEXT[trace.value_kind]
        # a windowed search (alpha-beta, the solver) proves the best move's value and
        # bounds the others it cut: the line says what its rows say, not "exact" alone
        return text + (WINDOWED if "alpha" in trace.fields else "")
    kind = ValueKind.parse(trace.value_kind)
    named = GAME_KIND_TEXT.get(kind.base) if not trace.is_connect4 else None
    if named is None:
        return kind_text(trace.value_kind) + read_as_words(trace.extra)
    return f"{kind.name} {named}" if kind.name else named


def node_position(trace: Trace, node: int) -> Position:
    """The board at trace node ``node``."""
    moves = trace.root_moves + trace.path_moves(node)
    return Position.from_moves(moves, trace.width, trace.height)


def node_colour(trace: Trace, node: int) -> str:
    """Fill colour of ``node``: its value for the root player on the trace's scale
    (:func:`fill_of`)."""
    return fill_of(trace, node, node_value(trace, node))


def move_label(trace: Trace, node: int) -> str:
    """How a person writes the move into ``node`` (not the root): Connect 4's 1-based
    column, another game's label of the move in its parent's state (``"x(1,1)"``)."""
    move = int(trace.nodes["move"][node])
    if trace.is_connect4:
        return str(move + 1)
    parent = int(trace.nodes["parent"][node])
    return trace.rules().label(trace.state(parent), move)


def node_head(trace: Trace, node: int) -> str:
    """``root``, ``col 4``, or another game's move label."""
    move = int(trace.nodes["move"][node])
    if node == 0 or move < 0:
        return "root"
    return f"col {move + 1}" if trace.is_connect4 else move_label(trace, node)


def search_pass(trace: Trace, node: int) -> tuple[int, int] | None:
    """``(k, of)`` when ``node``'s parent searched its column ``of`` times (the solver's
    null-window passes, a re-search with a wider window): ``node`` is the ``k``-th of
    them in creation order. None for a column searched once from its parent."""
    parent = int(trace.nodes["parent"][node])
    if parent < 0:
        return None
    kids = trace.children(parent)
    same = kids[trace.nodes["move"][kids] == trace.nodes["move"][node]]
    if len(same) < 2:
        return None
    return int(np.searchsorted(same, node)) + 1, len(same)


def pass_text(trace: Trace, node: int) -> str:
    """Why a column repeats under one parent, for ``node``'s label: ``visit 2 of 6:
    column 4 searched 6 times from this position``; "" when searched once."""
    found = search_pass(trace, node)
    if found is None:
        return ""
    what = "column" if trace.is_connect4 else "move"
    return (
        f"visit {found[0]} of {found[1]}: {what} {move_label(trace, node)} searched "
        f"{found[1]} times from this position"
    )


def node_label(trace: Trace, node: int) -> str:
    """Multi-line label: move, readable value, a repeated column's visit, and what the
    algorithm recorded."""
    n = trace.nodes[node]
    lines = [node_head(trace, node), node_value(trace, node).text or "-"]
    if again := pass_text(trace, node):
        lines.append(again)
    labels = reading_of(trace).labels
    if labels is not None:
        lines.extend(labels(trace, node))
    marks = [
        name
        for bit, name in FLAG_NAMES.items()
        if n["flags"] & bit and bit in (CUTOFF, TT_HIT, TERMINAL)
    ]
    if marks:
        lines.append(",".join(marks))
    return "\n".join(lines)


def short_label(trace: Trace, node: int) -> str:
    """One-line label: id, column (with its visit ``2/5`` when its parent searched it
    more than once: :func:`search_pass`), readable value, and the trace's weight
    (MCTS: N)."""
    n = trace.nodes[node]
    if n["parent"] < 0:
        head = "root"
    else:
        head = f"c{int(n['move']) + 1}" if trace.is_connect4 else move_label(trace, node)
    if (again := search_pass(trace, node)) is not None:
        head += f" ({again[0]}/{again[1]})"
    text = f"#{node} {head} {node_value(trace, node).text or '-'}"
    weight = reading_of(trace).weight
    return text + (f" N={int(n[weight])}" if weight else "")


def stub_label(trace: Trace, node: int) -> str:
    """Label of a pruned stub: which columns, and the cutoff that pruned them, in the
    root player's values as the node labels have them (stored, they are the mover's:
    "value -38 ≥ beta -63" hung under a node labelled +38)."""
    n = trace.nodes[node]
    cols = ",".join(str(c + 1) for c in pruned_columns(trace, node))
    value, beta = int(n["value"]), int(n["beta"])
    if n["depth"] % 2 == 0:  # the root player moves here: a reply too good to allow
        return (
            f"pruned {cols}: worth at least {_signed(trace, value)} here, more "
            f"than the opponent allows (beta {_signed(trace, beta)})"
        )
    return (
        f"pruned {cols}: worth at most {_signed(trace, -value)} here, no more "
        f"than the root player has elsewhere (alpha {_signed(trace, -beta)})"
    )


def _signed(trace: Trace, raw: int) -> str:
    """A bound as the node labels write values: a number with its sign (``+3``), zero
    without one (``0``: no side is ahead)."""
    text = bound_text(trace, raw)
    return f"+{text}" if text[:1].isdigit() and text != "0" else text


def stub_short(trace: Trace, node: int) -> str:
    """A pruned stub's label where room is short (a deep tree's level): its columns,
    runs written as ranges (``pruned 1-3,5-7``); :func:`stub_label` says the cutoff."""
    return f"pruned {column_runs([c + 1 for c in pruned_columns(trace, node)])}"


def column_runs(cols: list[int]) -> str:
    """Ascending columns with each run of three or more as a range: ``1-3,5,6``."""
    runs: list[list[int]] = []
    for c in cols:
        if runs and c == runs[-1][-1] + 1:
            runs[-1].append(c)
        else:
            runs.append([c])
    return ",".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ",".join(map(str, r)) for r in runs)


def edge_scale(sel: Selection) -> int:
    """The weight (MCTS: visits) that draws the widest edge: the heaviest node of ``sel``
    below its root (the root's own would make every edge thin); 0 when edges carry none."""
    weight = reading_of(sel.trace).weight
    if not weight or len(sel.ids) < 2:
        return 0
    return max(1, int(sel.trace.nodes[weight][sel.ids[1:]].max()))


# --- the walker ------------------------------------------------------------------------


@dataclass
class Drawn:
    """One entry of a drawn tree. ``key``: ``"<id>"`` for a trace node, ``"more:<id>"``
    for a parent's hidden children, ``"pruned:<id>"`` for a cutoff's pruned moves;
    ``parent`` is the key of the entry above (None at the top). ``weight`` in [0, 1]
    is the share of the widest edge (visits), None where edges carry no weight."""

    key: str
    kind: str
    parent: str | None
    label: str
    short: str
    fill: str
    node: int = -1
    column: int = 0
    on_pv: bool = False
    terminal: bool = False
    tt_hit: bool = False
    weight: float | None = None
    folded: bool = False  # has children the selection does not show


Decorator = Callable[[Trace, int], str]


def walk(
    sel: Selection,
    *,
    label: Decorator = node_label,
    short: Decorator = short_label,
    fill: Decorator = node_colour,
) -> list[Drawn]:
    """Every entry of ``sel`` in breadth-first order, parents before children, styled
    by the decorator functions."""
    trace, top = sel.trace, edge_scale(sel)
    counts = trace.child_counts()
    shown = set(sel.ids)
    has_shown_child = {int(trace.nodes["parent"][i]) for i in sel.ids[1:]}
    heavy = reading_of(trace).weight
    out = []
    for i in sel.ids:
        n = trace.nodes[i]
        p = int(n["parent"])
        flags = int(n["flags"])
        out.append(
            Drawn(
                key=str(i),
                kind="node",
                parent=str(p) if i != sel.root and p in shown else None,
                label=label(trace, i),
                short=short(trace, i),
                fill=fill(trace, i),
                node=i,
                column=int(n["move"]) + 1,
                on_pv=bool(flags & ON_PV),
                terminal=bool(flags & TERMINAL),
                tt_hit=bool(flags & TT_HIT),
                weight=float(n[heavy]) / top if heavy and top else None,
                folded=bool(counts[i]) and i not in sel.more and i not in has_shown_child,
            )
        )
    for p, count in sel.more.items():
        text = f"+{count} more"
        out.append(Drawn(f"more:{p}", "more", str(p), text, text, MORE_FILL))
    for i in sel.stubs:
        out.append(
            Drawn(
                f"pruned:{i}",
                "pruned",
                str(i),
                stub_label(trace, i),
                stub_short(trace, i),
                STUB_FILL,
            )
        )
    return out


def to_networkx(
    trace: Trace,
    root: int = 0,
    *,
    max_depth: int | None = DRAW_DEPTH,
    top_k: int | None = None,
    collapsed: frozenset[int] | set[int] = frozenset(),
    stubs: bool = True,
) -> nx.DiGraph:
    """The selected subtree as a DiGraph: trace nodes keyed by id with every recorded
    field plus ``label``, ``root_value`` (NaN when unknown), ``text``, ``colour``,
    ``on_pv``, ``path``, ``kind`` ("node"); summaries keyed ``"more:<parent>"`` (kind
    "more", ``count``) and pruned stubs ``"pruned:<node>"`` (kind "pruned", ``columns``
    1-based). Edges carry the column played (1-based) and the child's visits."""
    return selection_graph(
        select(trace, root, max_depth=max_depth, top_k=top_k, collapsed=collapsed, stubs=stubs)
    )


def selection_graph(sel: Selection) -> nx.DiGraph:
    """:func:`to_networkx` for an existing selection."""
    trace = sel.trace

    def node_attrs(d: Drawn) -> dict[str, object]:
        n = trace.nodes[d.node]
        v = node_value(trace, d.node)
        return {f: n[f].item() for f in trace.fields} | {
            "root_value": v.value if v.value is not None else float("nan"),
            "text": v.text,
            "colour": d.fill,
            "on_pv": d.on_pv,
            "path": trace.path_moves(d.node),
        }

    def summary_attrs(d: Drawn) -> dict[str, object]:
        at = int(d.key.split(":")[1])
        if d.kind == "more":
            return {"count": sel.more[at]}
        return {"columns": ",".join(str(c + 1) for c in sel.stubs[at])}

    def edge_attrs(d: Drawn) -> dict[str, object]:
        visits = int(trace.nodes["visits"][d.node]) if d.kind == "node" else 0
        return {"column": d.column, "visits": visits}

    g = drawn_graph(
        walk(sel), node_attrs=node_attrs, summary_attrs=summary_attrs, edge_attrs=edge_attrs
    )
    g.graph.update(
        algorithm=trace.algorithm,
        root_moves=trace.root_moves,
        root=sel.root,
        value_kind=trace.value_kind,
    )
    return g


Attrs = Callable[[Drawn], dict[str, object]]


def drawn_graph(
    entries: list[Drawn], *, node_attrs: Attrs, summary_attrs: Attrs, edge_attrs: Attrs
) -> nx.DiGraph:
    """Drawn entries of any tree as a DiGraph: node entries keyed by their node id
    (``kind``, ``label`` and ``node_attrs``), summaries and stubs by their key
    (``summary_attrs``); each edge into an entry carries ``edge_attrs``."""
    g = nx.DiGraph()
    for d in entries:
        key: int | str = d.node if d.kind == "node" else d.key
        attrs: dict[str, object] = {"kind": d.kind, "label": d.label}
        attrs |= node_attrs(d) if d.kind == "node" else summary_attrs(d)
        g.add_node(key, **attrs)
        if d.parent is not None:
            g.add_edge(int(d.parent), key, **edge_attrs(d))
    return g
