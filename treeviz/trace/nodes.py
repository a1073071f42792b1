"""The search trace: one structured NumPy array of nodes, shared by every algorithm.

Node id = the order in which the search created the node; the root is ``ROOT`` (0) and
its parent ``NO_PARENT`` (-1). Values stored in a node (``value``, ``static_eval``,
``alpha``, ``beta``, ``h``) are from the perspective of the player to move *at that
node* (negamax convention); views flip odd depths to show the root player's view. The
trace's ``value_kind`` (:mod:`treeviz.trace.values`) names their units. Fields (bytes)::

    parent       int32  (4)  id of the parent, -1 for the root
    move         int32  (4)  move played to reach the node; -1 at the root. Connect 4:
                             the 0-based column; another game: its action id
    depth        int16  (2)  plies below the root
    iteration    int16  (2)  iterative-deepening depth that made the node
    flags        uint8  (1)  TERMINAL | CUTOFF | TT_HIT | ON_PV | CLOSED | EXACT | BOOK
    pruned       uint16 (2)  bit c set: column c was never searched here (cutoff)
    value        int32  (4)  backed-up value, NO_VALUE while unknown
    static_eval  int32  (4)  heuristic of the node, NO_VALUE when not evaluated
    alpha, beta  int32  (8)  window on entry (±INF: open)
    g, h, f      int32 (12)  A*: plies from the root, heuristic cost, priority g + h
    order        int32  (4)  A*: when the node left the frontier, else -1
    visits       int32  (4)  MCTS visits
    value_sum    float32(4)  MCTS sum of results, for the player who moved into the node
    expanded_at  int32  (4)  MCTS iteration that created the node
    proven       int8   (1)  MCTS: PROVEN_WIN / PROVEN_LOSS / PROVEN_DRAW for the player
                             to move at the node, PROVEN_OPEN (0) while unproven

60 bytes per node. A trace has a hard capacity: once full, the search goes on correctly
without recording and the trace says ``truncated``.

Flags mean one thing for every agent: TERMINAL, the game is over at the node; CUTOFF,
the search stopped searching the node's children because the window closed (the rest
are in ``pruned``); TT_HIT, a transposition: the position had been met before and what
was stored about it (a table entry, or A*'s closed set) settled or bounded the node
instead of a full search; ON_PV, on the principal variation; CLOSED, expanded by a
best-first search; EXACT, the node's value is its exact game-theoretic score; BOOK, that
score came from the opening book (:mod:`treeviz.exact.book`). Which fields each agent
writes, and what they hold for it, is part of the agent's declaration
(``Agent.fields``): ``treeviz agents --fields`` prints the table, which
docs/reference/agents.md shows.

A trace knows its game (:attr:`Trace.game`, a name :func:`treeviz.rules.load_game`
reads; Connect 4 unless said). ``move`` is int32 since schema 3 because another game's
action ids go past int8 (Hex's 25 cells fit, chess's 4,672 ids and a course's own ids
do not); schema 2 files hold int8 moves and are read and widened.

Compiled kernels take their arguments positionally (``treeviz.jit`` says why).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from treeviz.connect4.board import Position
from treeviz.jit import njit
from treeviz.rules.protocol import Game
from treeviz.rules.registry import CONNECT4, load_game
from treeviz.trace.kinds import ValueKind

SCHEMA_VERSION = 3  # 3: int32 moves and the game; 2: value_kind; 1 and 2 still read
ROOT = 0
NO_PARENT = -1
NOT_RECORDED = -2  # a node past the capacity: its children are not recorded either
NO_VALUE = np.int32(-(2**31))
WIN = 1_000_000  # negamax: a win with the stone at ``plies`` below the root is WIN - plies
INF = 2 * WIN  # negamax: the open window
# what an explicit-stack kernel's ``_enter`` answers for a node whose children are still
# to be searched (any other answer is the node's value): below every value
OPEN_NODE = -(1 << 40)
PROVEN_OPEN, PROVEN_WIN, PROVEN_LOSS, PROVEN_DRAW = 0, 1, -1, 2
MOVE_SEPARATOR = " "  # between another game's move labels, as its position text has them

TERMINAL, CUTOFF, TT_HIT, ON_PV, CLOSED, EXACT, BOOK = 1, 2, 4, 8, 16, 32, 64
FLAG_NAMES = {
    TERMINAL: "terminal",
    CUTOFF: "cutoff",
    TT_HIT: "transposition hit",
    ON_PV: "principal variation",
    CLOSED: "closed",
    EXACT: "exact",
    BOOK: "opening book",
}


def flag_text(flags: int) -> str:
    """The names of the flags set in ``flags``, comma-separated."""
    return ", ".join(name for bit, name in FLAG_NAMES.items() if flags & bit)


NODE_DTYPE = np.dtype(
    [
        ("parent", np.int32),
        ("move", np.int32),
        ("depth", np.int16),
        ("iteration", np.int16),
        ("flags", np.uint8),
        ("pruned", np.uint16),
        ("value", np.int32),
        ("static_eval", np.int32),
        ("alpha", np.int32),
        ("beta", np.int32),
        ("g", np.int32),
        ("h", np.int32),
        ("f", np.int32),
        ("order", np.int32),
        ("visits", np.int32),
        ("value_sum", np.float32),
        ("expanded_at", np.int32),
        ("proven", np.int8),
    ]
)
# What a field holds where it was not set (the others: 0, a real value there).
FIELD_DEFAULTS = {
    "value": NO_VALUE,
    "static_eval": NO_VALUE,
    "alpha": NO_VALUE,
    "beta": NO_VALUE,
    "order": -1,
}


def field_is_set(field: str, value: Any) -> Any:
    """Whether recorded ``field`` holds a value (``value``: a number or an array of
    them; the answer has its shape)."""
    # (every value of the other fields is real: x == x is True in the shape of x)
    return value != FIELD_DEFAULTS[field] if field in FIELD_DEFAULTS else value == value


# Counters the kernels update, by index into an int64 array.
C_NODES, C_CUTOFFS, C_TT_HITS, C_RECORDED, C_TRUNCATED, C_LEAVES = range(6)
# Node budget of the exact solver: 0 = none; set to -1 by the kernel once exceeded.
C_BUDGET = 6
# Set to 1 from outside (Ctrl-C, a deadline): the kernels stop soon and unwind.
C_STOP = 7
N_COUNTERS = 8


def new_nodes(capacity: int) -> np.ndarray:
    """An empty node table (recording fills it from id 0)."""
    return np.zeros(capacity, dtype=NODE_DTYPE)


def new_counters() -> np.ndarray:
    """The counters array the kernels update."""
    return np.zeros(N_COUNTERS, dtype=np.int64)


# Inlined: an array argument costs reference counting on every call, and every
# searched node calls these.
@njit(cache=True, inline="always")
def record(
    nodes: np.ndarray, ctr: np.ndarray, parent: int, move: int, depth: int, iteration: int
) -> int:
    """Append a node and return its id, or ``NOT_RECORDED`` past capacity.

    A node whose parent was not recorded is not recorded either, so the stored nodes
    always form a tree rooted at 0.
    """
    n = ctr[C_RECORDED]
    if parent == NOT_RECORDED or n >= nodes.shape[0]:
        ctr[C_TRUNCATED] = 1
        return NOT_RECORDED
    rec = nodes[n]
    rec.parent = parent
    rec.move = move
    rec.depth = depth
    rec.iteration = iteration
    rec.flags = 0
    rec.pruned = 0
    rec.value = NO_VALUE
    rec.static_eval = NO_VALUE
    rec.alpha = NO_VALUE
    rec.beta = NO_VALUE
    rec.order = -1
    ctr[C_RECORDED] = n + 1
    return n


@njit(cache=True, inline="always")
def record_counted(
    nodes: np.ndarray, ctr: np.ndarray, parent: int, move: int, depth: int, iteration: int
) -> int:
    """:func:`record` a node the search has just made, and count it in ``C_NODES``
    (the searches that count a node on entering it count there instead)."""
    ctr[C_NODES] += 1
    return record(nodes, ctr, parent, move, depth, iteration)


@njit(cache=True, inline="always")
def finish(nodes: np.ndarray, node: int, value: int, flags: int) -> None:
    """Store a node's backed-up value and add ``flags`` (no-op for unrecorded nodes)."""
    if node >= 0:
        nodes[node].value = value
        nodes[node].flags |= flags


@njit(cache=True)
def subtree_sizes_of(parent: np.ndarray) -> np.ndarray:
    """Nodes in every node's subtree, itself included, for a ``parent`` array in id
    order (every parent before its children, the root's -1): one pass from the last
    id back, each node adding its finished size to its parent's."""
    size = np.ones(parent.shape[0], np.int64)
    for i in range(parent.shape[0] - 1, 0, -1):
        if parent[i] >= 0:
            size[parent[i]] += size[i]
    return size


@njit(cache=True)
def root_children_of(parent: np.ndarray) -> np.ndarray:
    """For every node, the root child it descends from (the root and its children map
    to themselves), for a ``parent`` array in id order: one pass, each node taking its
    parent's answer."""
    top = np.arange(parent.shape[0])
    for i in range(1, parent.shape[0]):
        if parent[i] > 0:
            top[i] = top[parent[i]]
    return top


@dataclass(eq=False)
class Trace:
    """What one search did: its nodes, settings and counters.

    ``nodes`` holds only the recorded nodes (length = recorded count). ``fields`` names
    the node fields this algorithm fills; the others stay at their defaults and are
    left out of files. ``counters`` has ``nodes`` (all nodes searched, recorded or not),
    ``recorded``, ``cutoffs``, ``tt_hits``, ``leaves``, ``time_s``, ``truncated`` and
    ``capacity``.
    """

    algorithm: str
    params: dict[str, Any]
    root_moves: str
    width: int
    height: int
    nodes: np.ndarray
    fields: tuple[str, ...]
    counters: dict[str, Any]
    schema: int = SCHEMA_VERSION
    extra: dict[str, Any] = field(default_factory=dict)
    value_kind: str = "heuristic"  # units of the values (treeviz.trace.values); set by the agent
    # The game searched, as load_game names it. For Connect 4 (any board size: width and
    # height say it) the name stays "connect4" and root_moves is the move string, so its
    # traces read as before; for another game root_moves is the root in the game's text
    # (Game.to_text), width and height are 0 and ``pruned`` is unused: the moves a cutoff
    # left unsearched are the node's legal moves minus its recorded children, exact for
    # a complete trace (a truncated one cannot tell a cut move from an unrecorded one).
    game: str = CONNECT4

    def position(self) -> Position:
        """The root position, on the trace's board size (Connect 4's traces only)."""
        return Position.from_moves(self.root_moves, self.width, self.height)

    @property
    def is_connect4(self) -> bool:
        """Whether the game is Connect 4, whose moves are 0-based columns."""
        return self.game == CONNECT4

    def rules(self) -> Game[Any]:
        """The game object of :attr:`game` (Connect 4 on the trace's board size), loaded
        once (an OpenSpiel game takes milliseconds to load)."""
        cached = self.__dict__.get("_rules")
        if cached is None:
            name = self.game
            if self.is_connect4:
                name = f"connect4(width={self.width},height={self.height})"
            cached = self.__dict__["_rules"] = load_game(name)
        return cached

    def read_with(self, game: Game[Any]) -> None:
        """Make ``game`` this trace's :meth:`rules`: a person's own game object, which
        :func:`load_game` cannot find by its name, searched by
        :func:`treeviz.search_game`."""
        self.__dict__["_rules"] = game

    def state(self, node: int, game: Game[Any] | None = None) -> Any:
        """The state of ``node`` in ``game`` (default :meth:`rules`): the root read from
        :attr:`root_moves`, then the moves from the root replayed, so nothing but the
        move of each node is stored."""
        rules = self.rules() if game is None else game
        state = rules.from_text(self.root_moves)
        for n in self.path(node)[1:]:
            state = rules.play(state, int(self.nodes["move"][n]))
        return state

    def unsearched(self, node: int, game: Game[Any] | None = None) -> list[int]:
        """Another game's moves of ``node`` a cutoff left unsearched: its legal moves
        that no recorded child played (Connect 4 keeps them in ``pruned``). Exact for a
        complete trace only; in a truncated one an unrecorded child looks unsearched."""
        rules = self.rules() if game is None else game
        seen = {int(self.nodes["move"][c]) for c in self.children(node)}
        return [m for m in rules.legal_moves(self.state(node, rules)) if m not in seen]

    def __len__(self) -> int:
        return int(self.nodes.shape[0])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trace):
            return NotImplemented
        meta = (
            "algorithm",
            "params",
            "root_moves",
            "width",
            "height",
            "fields",
            "counters",
            "schema",
            "extra",
            "value_kind",
            "game",
        )
        return all(getattr(self, k) == getattr(other, k) for k in meta) and bool(
            np.array_equal(self.nodes, other.nodes)
        )

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    @property
    def kind(self) -> ValueKind:
        """:attr:`value_kind` parsed (:class:`~treeviz.trace.kinds.ValueKind`)."""
        return ValueKind.parse(self.value_kind)

    @property
    def windowed(self) -> bool:
        """Whether the nodes carry the alpha-beta window they were searched with."""
        return "alpha" in self.fields and "beta" in self.fields

    @property
    def truncated(self) -> bool:
        """True when the search created more nodes than the capacity allowed."""
        return bool(self.counters.get("truncated", False))

    def children(self, node: int) -> np.ndarray:
        """Ids of ``node``'s children in creation order."""
        order, start = self._child_index()
        return order[start[node] : start[node + 1]]

    def child_counts(self) -> np.ndarray:
        """Number of recorded children of every node, indexed by id."""
        _, start = self._child_index()
        return np.diff(start)[: len(self)]

    def subtree_sizes(self) -> np.ndarray:
        """Recorded nodes in every node's subtree, itself included, indexed by id
        (built once: :func:`subtree_sizes_of`)."""
        cached = self.__dict__.get("_subtree_sizes")
        if cached is None:
            cached = self.__dict__["_subtree_sizes"] = subtree_sizes_of(self.nodes["parent"])
        return cached

    def root_children(self) -> np.ndarray:
        """The root child every node descends from, indexed by id (the root maps to
        itself; built once: :func:`root_children_of`)."""
        cached = self.__dict__.get("_root_children")
        if cached is None:
            parent = self.nodes["parent"]
            cached = self.__dict__["_root_children"] = root_children_of(parent)
        return cached

    def _child_index(self) -> tuple[np.ndarray, np.ndarray]:
        """Children of every node, grouped by parent (built once: O(n log n))."""
        cached = self.__dict__.get("_children_csr")
        if cached is None:
            parent = self.nodes["parent"].astype(np.int64)
            order = np.argsort(parent[1:], kind="stable") + 1
            counts = np.bincount(parent[1:], minlength=len(self) + 1)
            start = np.concatenate(([0], np.cumsum(counts)))
            cached = self.__dict__["_children_csr"] = (order, start)
        return cached

    def path(self, node: int) -> list[int]:
        """Node ids from the root to ``node`` inclusive."""
        out = []
        while node != NO_PARENT:
            out.append(node)
            node = int(self.nodes["parent"][node])
        return out[::-1]

    def path_moves(self, node: int, game: Game[Any] | None = None) -> str:
        """The moves from the root to ``node``: for Connect 4 a 1-based move string; for
        another game the moves' labels in ``game`` (default :meth:`rules`), one space
        apart as the game's position text writes them."""
        if self.is_connect4:
            return "".join(str(int(self.nodes["move"][n]) + 1) for n in self.path(node)[1:])
        rules = self.rules() if game is None else game
        state, words = rules.from_text(self.root_moves), []
        for n in self.path(node)[1:]:
            move = int(self.nodes["move"][n])
            words.append(rules.label(state, move))
            state = rules.play(state, move)
        return MOVE_SEPARATOR.join(words)

    def _repr_html_(self) -> str:
        """A notebook's view: what was searched, and a small drawing of the tree."""
        from treeviz.draw.notebook import trace_html

        return trace_html(self)

    def widget(self, **options: Any) -> Any:
        """The interactive tree (an anywidget): click a node for its board and values,
        fold, re-root. ``options``: ``max_nodes`` (default 2,000), ``depth``."""
        from treeviz.draw.notebook import widget

        return widget(self, **options)


@dataclass
class MoveStat:
    """One row of the per-move table: for Connect 4 the 1-based ``column`` (``label``
    left "", meaning ``str(column)``); for another game ``column`` is the move's action
    id and ``label`` how the game writes it.

    ``value`` is for the root player in the trace's value kind, a plain number and
    never a sentinel (a proven result: Connect 4's exact score, another game's 1 a win
    and -1 a loss); None for a column the agent did not look at (a full one, or one it
    never searched) and for another game's move whose win the window only bounded from
    above (nothing proven): ``text`` says why. ``outcome`` is set when the search
    proved the result (:func:`treeviz.trace.values.outcome`, plies from the root);
    ``text`` says it in words.
    """

    column: int
    value: float | None
    extra: dict[str, Any] = field(default_factory=dict)
    outcome: dict[str, Any] | None = None
    text: str = ""
    label: str = ""

    @property
    def action(self) -> int:
        """The row's move as its game numbers it: another game's action id (what
        ``column`` holds there, under Connect 4's name), Connect 4's 1-based column."""
        return self.column

    def as_dict(self) -> dict[str, Any]:
        """Flat JSON-ready form (``label`` only where set: Connect 4's rows as before)."""
        return {
            "column": self.column,
            **({"label": self.label} if self.label else {}),
            "value": self.value,
            "outcome": self.outcome,
            "text": self.text,
            **self.extra,
        }


@dataclass
class SearchResult:
    """A search's answer: the chosen move, per-move rows, PV, trace. ``move`` and
    ``pv`` are Connect 4's 1-based columns, or another game's action ids. ``value`` is
    for the player to move at the root in the trace's value kind, never a sentinel: a
    proven result is its score, and :attr:`outcome` says in how many plies."""

    move: int
    value: float | None
    moves: list[MoveStat]
    pv: list[int]
    stats: dict[str, Any]
    trace: Trace
    # Search state an agent can continue from (MCTS tree reuse); never serialised.
    tree: Any = field(default=None, repr=False, compare=False)

    @property
    def outcome(self) -> dict[str, Any] | None:
        """What the search proved of its chosen move: its row's ``outcome`` (the result
        for the player to move, ``plies`` to the end from the root, ``score`` its value:
        Connect 4's exact score, another game's 1 a win and -1 a loss), or None."""
        return next((m.outcome for m in self.moves if m.column == self.move), None)

    def _repr_html_(self) -> str:
        """A notebook's view: the board, the verdict, the per-move table, a small tree."""
        from treeviz.draw.notebook import result_html

        return result_html(self)

    def widget(self, **options: Any) -> Any:
        """The interactive tree of this search (see :meth:`Trace.widget`)."""
        return self.trace.widget(**options)

    def as_dict(self) -> dict[str, Any]:
        """The ``--json`` form of the CLI (without the trace)."""
        return {
            "position": self.trace.root_moves,
            "agent": self.trace.algorithm,
            "params": self.trace.params,
            "value_kind": self.trace.value_kind,
            "move": self.move,
            "value": self.value,
            "moves": [m.as_dict() for m in self.moves],
            "pv": self.pv,
            "stats": self.stats,
        }
