"""Alpha-beta by hand: a small game tree, the reference run a learner's sheet is checked
against, and the checking.

A :class:`HandTree` is either a textbook tree (given or seeded leaf numbers, a chosen
branching and depth) or a real position searched a few plies deep, its columns (all,
or a chosen few) from left to right, with the heuristic's values at its leaves. Values
are for MAX, the player to move at the root; levels alternate MAX, MIN, MAX... The
learner writes, at every node the search enters that has children, alpha and beta *as
the node returns*, and marks every branch the search never enters. :func:`solve` runs the textbook
alpha-beta (fail-soft, children left to right) to get the answers; on a real position
with all its columns it visits, and prunes, exactly what treeviz's own alpha-beta
without move ordering does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from treeviz.agents.registry import search
from treeviz.connect4.board import DEFAULT_WIDTH, Position
from treeviz.errors import InvalidParameterError
from treeviz.settings import (
    HAND_BRANCHING,
    HAND_DEPTH,
    HAND_LEAF_RANGE,
    HAND_MAX_LEAVES,
    show_value,
)
from treeviz.trace.nodes import WIN, Trace
from treeviz.trace.values import PROVEN

INF = math.inf


@dataclass(frozen=True)
class HandTree:
    """A game tree in pre-order (node 0 the root): ``parent`` of each node (-1 for the
    root), ``leaf`` its value for MAX at a leaf (None inside), ``edge`` the label of
    the branch into it (a column 1..7 or a letter; "" at the root), ``names`` how a
    person calls each node, ``moves`` the root position of a real tree (None for a
    textbook one), ``note`` what the numbers mean."""

    parent: tuple[int, ...]
    leaf: tuple[int | None, ...]
    edge: tuple[str, ...]
    names: tuple[str, ...]
    moves: str | None = None
    note: str = ""

    def __len__(self) -> int:
        return len(self.parent)

    def children(self, node: int) -> list[int]:
        """The children of ``node``, left to right."""
        return [i for i in range(node + 1, len(self)) if self.parent[i] == node]

    def depth(self, node: int) -> int:
        """Levels below the root."""
        d = 0
        while self.parent[node] >= 0:
            node, d = self.parent[node], d + 1
        return d

    def is_max(self, node: int) -> bool:
        """Whether MAX (the root's player) chooses at ``node``."""
        return self.depth(node) % 2 == 0


def letters(i: int) -> str:
    """A, B, ..., Z, AA, AB, ...: the i-th node's name on a textbook sheet."""
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(ord("A") + r) + name
    return name


def textbook_tree(
    branching: int = 3, depth: int = 3, *, seed: int = 0, leaves: Sequence[int] | None = None
) -> HandTree:
    """A full tree with ``branching`` children per node, ``depth`` levels below the
    root; its leaves (left to right) are ``leaves`` when given, else numbers in
    ±``HAND_LEAF_RANGE`` drawn from ``seed``. Bad sizes raise :class:`InvalidParameterError`."""
    HAND_BRANCHING.check(branching)
    HAND_DEPTH.check(depth)
    count = branching**depth
    if leaves is None:
        rng = random.Random(seed)
        leaves = [rng.randint(-HAND_LEAF_RANGE, HAND_LEAF_RANGE) for _ in range(count)]
    elif len(leaves) != count or not all(isinstance(v, int) for v in leaves):
        raise InvalidParameterError(
            f"leaves {show_value(list(leaves))}: a tree of branching {branching} and depth "
            f"{depth} needs {count} whole numbers"
        )
    parent: list[int] = []
    leaf: list[int | None] = []
    edge: list[str] = []
    values = iter(leaves)

    def grow(p: int, d: int, label: str) -> None:
        me = len(parent)
        parent.append(p)
        edge.append(label)
        leaf.append(next(values) if d == depth else None)
        if d < depth:
            for c in range(branching):
                grow(me, d + 1, "abcd"[c])

    grow(-1, 0, "")
    names = tuple(letters(i) for i in range(len(parent)))
    note = f"textbook tree: branching {branching}, depth {depth}"
    return HandTree(tuple(parent), tuple(leaf), tuple(edge), names, None, note)


def position_tree(
    position: Position | str,
    depth: int = 2,
    heuristic: str = "window",
    *,
    columns: Sequence[int] | None = None,
) -> HandTree:
    """The tree of ``position`` searched ``depth`` plies deep, its leaves valued by
    ``heuristic`` for the player to move at the root (a position won at the leaf:
    ±(a round number above every heuristic value there, minus the plies to the win),
    so that the order of the values, and with it the search, is unchanged).

    ``columns`` (1..7; None: all) are the columns tried at every node, left to right:
    ``(2, 3, 4, 5, 6)`` keeps a depth-2 tree to 25 leaves, a lesson's size. With all
    columns, :func:`solve` visits and prunes exactly what treeviz's alpha-beta without
    move ordering does. A tree of more than ``HAND_MAX_LEAVES`` leaves, a column out of
    range, or a node where none of ``columns`` can be played raises
    :class:`InvalidParameterError`."""
    HAND_DEPTH.check(depth)
    chosen = _columns(columns)
    spec = f"minimax:depth={depth},ordering=left,tt=false,heuristic={heuristic}"
    trace = search(position, spec).trace
    kept = _kept(trace, chosen)
    leaves = sum(1 for i in kept if not any(trace.nodes["parent"][k] == i for k in kept))
    if leaves > HAND_MAX_LEAVES:
        raise InvalidParameterError(
            f"position {trace.root_moves!r} at depth {depth} has "
            f"{leaves} leaves: more than {HAND_MAX_LEAVES} to fill "
            "by hand"
        )
    return _from_trace(trace, heuristic, kept, chosen)


def _columns(columns: Sequence[int] | None) -> tuple[int, ...] | None:
    """The chosen columns, 0-based and in increasing order (None: all)."""
    if columns is None:
        return None
    bad = [c for c in columns if not (isinstance(c, int) and 1 <= c <= DEFAULT_WIDTH)]
    if bad or not columns:
        raise InvalidParameterError(
            f"columns {show_value(list(columns))}: give columns from 1 to {DEFAULT_WIDTH}"
        )
    return tuple(sorted({c - 1 for c in columns}))


def _kept(trace: Trace, chosen: tuple[int, ...] | None) -> list[int]:
    """The nodes of ``trace`` reached through ``chosen`` columns only (pre-order); a
    node that had children but keeps none raises :class:`InvalidParameterError`."""
    parent, move = trace.nodes["parent"], trace.nodes["move"]
    keep = [True] * len(trace)
    for i in range(1, len(trace)):
        keep[i] = keep[int(parent[i])] and (chosen is None or int(move[i]) in chosen)
    kept = [i for i in range(len(trace)) if keep[i]]
    for i in kept:
        kids = trace.children(i)
        if len(kids) and not any(keep[int(k)] for k in kids):
            cols = "".join(str(c + 1) for c in chosen or ())
            raise InvalidParameterError(
                f"columns {cols!r}: none can be played at {trace.path_moves(i) or 'the root'}"
            )
    return kept


def _from_trace(
    trace: Trace, heuristic: str, kept: list[int], chosen: tuple[int, ...] | None
) -> HandTree:
    """The ``kept`` nodes of a full-width depth-first trace (ids in pre-order) as a
    :class:`HandTree`."""
    index = {old: new for new, old in enumerate(kept)}
    parent = tuple(index[int(trace.nodes["parent"][i])] if i else -1 for i in kept)
    inner = set(parent)
    sign = [1 if int(trace.nodes["depth"][i]) % 2 == 0 else -1 for i in kept]
    raw = [sign[n] * int(trace.nodes["value"][i]) for n, i in enumerate(kept)]  # for MAX
    plain = [abs(v) for n, v in enumerate(raw) if n not in inner and abs(v) < PROVEN]
    # a round number above every plain value, and above it still less the plies to a win
    win = 10 ** len(str(max(plain, default=0) + int(trace.nodes["depth"].max()) + 1))

    def sheet(v: int) -> int:
        return v if abs(v) < PROVEN else int(math.copysign(win - (WIN - abs(v)), v))

    leaf = tuple(None if n in inner else sheet(raw[n]) for n in range(len(kept)))
    edge = tuple("" if i == 0 else str(int(trace.nodes["move"][i]) + 1) for i in kept)
    names = tuple(trace.path_moves(i) or "root" for i in kept)
    only = "" if chosen is None else f", columns {''.join(str(c + 1) for c in chosen)} only"
    note = (
        f"position {trace.root_moves or '(empty)'}{only}, heuristic {heuristic} for the "
        f"player to move; a win in p plies is ±({win} − p)"
    )
    return HandTree(parent, leaf, edge, names, trace.root_moves, note)


@dataclass(frozen=True)
class NodeKey:
    """What alpha-beta did at one node: ``visited``; the window it entered with and
    left with (for MAX; ±inf open); the value it returned; ``cut`` when it stopped
    early; ``steps``, in words, how alpha and beta got their final values."""

    visited: bool
    alpha_in: float = -INF
    beta_in: float = INF
    alpha: float = -INF
    beta: float = INF
    value: float | None = None
    cut: bool = False
    steps: tuple[str, ...] = ()


@dataclass(frozen=True)
class Key:
    """The answer key of a :class:`HandTree`: one :class:`NodeKey` per node, and
    ``pruned``, the nodes whose branch the search never entered below a node it did."""

    tree: HandTree
    nodes: tuple[NodeKey, ...]
    pruned: frozenset[int]


def bound_text(v: float | None) -> str:
    """A bound or value as written on a sheet: a number, -inf or +inf."""
    if v is None:
        return ""
    if math.isinf(v):
        return "+inf" if v > 0 else "-inf"
    return str(int(v))


def solve(tree: HandTree) -> Key:
    """Textbook alpha-beta over ``tree``: children left to right, fail-soft (a node
    returns the best value it saw), a node stops once alpha >= beta."""
    keys: dict[int, NodeKey] = {}
    pruned: set[int] = set()

    def visit(i: int, a: float, b: float) -> float:
        if tree.leaf[i] is not None:
            v = float(tree.leaf[i])  # type: ignore[arg-type]
            keys[i] = NodeKey(True, a, b, a, b, v)
            return v
        a_in, b_in, is_max = a, b, tree.is_max(i)
        best = -INF if is_max else INF
        steps, kids = [], tree.children(i)
        for n, k in enumerate(kids):
            r = visit(k, a, b)
            best = max(best, r) if is_max else min(best, r)
            a, b = (max(a, best), b) if is_max else (a, min(b, best))
            steps.append(
                f"{tree.names[k]} returned {bound_text(r)}, so "
                + (f"α = {bound_text(a)}" if is_max else f"β = {bound_text(b)}")
            )
            if a >= b and n + 1 < len(kids):
                pruned.update(kids[n + 1 :])
                rest = ", ".join(tree.names[x] for x in kids[n + 1 :])
                steps.append(f"α ≥ β ({bound_text(a)} ≥ {bound_text(b)}): {rest} pruned")
                keys[i] = NodeKey(True, a_in, b_in, a, b, best, True, tuple(steps))
                return best
        keys[i] = NodeKey(True, a_in, b_in, a, b, best, False, tuple(steps))
        return best

    visit(0, -INF, INF)
    nodes = tuple(keys.get(i, NodeKey(False)) for i in range(len(tree)))
    return Key(tree, nodes, frozenset(pruned))


def parse_bound(text: str) -> float | None:
    """A bound a learner wrote: an integer, ``inf``/``+inf``/``-inf`` (or ∞); None when
    empty. Anything else raises :class:`InvalidParameterError` quoting it."""
    t = text.strip().replace("∞", "inf").replace("−", "-").lower()
    if not t:
        return None
    if t in ("inf", "+inf"):
        return INF
    if t == "-inf":
        return -INF
    try:
        return float(int(t))
    except ValueError:
        raise InvalidParameterError(
            f"{show_value(text)} is not a bound: write a whole number, -inf or +inf"
        ) from None


@dataclass(frozen=True)
class Mistake:
    """One wrong entry on a sheet: the ``node``, ``what`` (``alpha``, ``beta``,
    ``pruned``), what was written and what is right, and why in words."""

    node: int
    what: str
    given: str
    right: str
    reason: str


@dataclass(frozen=True)
class SheetCheck:
    """A checked sheet: its mistakes in pre-order (the first is the one to explain),
    and the bounds of searched nodes left blank (not yet filled in: not mistakes)."""

    key: Key
    mistakes: tuple[Mistake, ...]
    blank: tuple[Mistake, ...] = ()

    @property
    def right(self) -> bool:
        """Whether the whole sheet is filled in and right."""
        return not self.mistakes and not self.blank


def check_sheet(
    tree: HandTree,
    alpha: Mapping[int, str],
    beta: Mapping[int, str],
    pruned: Iterable[int],
) -> SheetCheck:
    """Check a learner's sheet node by node in pre-order: ``alpha`` and ``beta``
    (node -> text as written, blank for none) at every visited node with children,
    nothing at a node never visited, and ``pruned``, the nodes whose branch was marked
    pruned. A blank bound at a searched node is not a mistake but a field left to fill
    in (``blank``). A bound that is not a number raises :class:`InvalidParameterError`.

    All four positional: they are the sheet itself, not options, and the teacher's
    tutorial calls ``treeviz.check_sheet(tree, alphas, betas, pruned)``."""
    key = solve(tree)
    marked = set(pruned)
    out: list[Mistake] = []
    blank: list[Mistake] = []
    for i, nk in enumerate(key.nodes):
        out += _branch_mistakes(key, i, i in marked)
        if tree.leaf[i] is not None:
            continue
        for what, given, right in (
            ("alpha", alpha.get(i, ""), nk.alpha),
            ("beta", beta.get(i, ""), nk.beta),
        ):
            wrote = parse_bound(given)
            if nk.visited and not given.strip():  # not filled in yet: not a mistake
                blank.append(Mistake(i, what, "", bound_text(right), "not filled in"))
            elif nk.visited and wrote != right:
                out.append(
                    Mistake(i, what, given.strip(), bound_text(right), _bound_reason(key, i, what))
                )
            elif not nk.visited and wrote is not None:
                out.append(
                    Mistake(
                        i,
                        what,
                        given.strip(),
                        "",
                        f"{tree.names[i]} is never searched: it lies in a pruned branch",
                    )
                )
    return SheetCheck(key, tuple(out), tuple(blank))


def _branch_mistakes(key: Key, i: int, marked: bool) -> list[Mistake]:
    """A branch marked pruned that the search entered, or left unmarked though pruned."""
    tree = key.tree
    if marked == (i in key.pruned):
        return []
    p = tree.parent[i]
    if i in key.pruned:
        reason = f"{tree.names[p]} stops before {tree.names[i]}: " + key.nodes[p].steps[-1]
        return [Mistake(i, "pruned", "not marked", "pruned", reason)]
    if p < 0 or not key.nodes[i].visited:
        reason = f"{tree.names[i]} lies below a pruned branch: mark only the branch at its top"
    else:
        reason = (
            f"{tree.names[i]} is searched: when it comes, α = "
            f"{bound_text(key.nodes[i].alpha_in)} < β = {bound_text(key.nodes[i].beta_in)}"
        )
    return [Mistake(i, "pruned", "pruned", "not pruned", reason)]


def _bound_reason(key: Key, i: int, what: str) -> str:
    """Why node ``i`` leaves with its alpha (or beta): where it came from, the steps."""
    tree, nk = key.tree, key.nodes[i]
    role = "MAX" if tree.is_max(i) else "MIN"
    moves = "α" if tree.is_max(i) else "β"
    asked = "α" if what == "alpha" else "β"
    start = (
        f"{tree.names[i]} ({role}) enters with α = {bound_text(nk.alpha_in)}, "
        f"β = {bound_text(nk.beta_in)} from its parent"
    )
    if (what == "alpha") != tree.is_max(i):
        return f"{start}; a {role} node changes only {moves}, so {asked} stays as it came."
    return f"{start}; " + "; ".join(nk.steps) + "."
