"""What the agents on any game share: the recording of one search over a game's
states, values in the negamax convention, and the result's per-move rows.

Values are int32, for the node's side to move, as in Connect 4's traces: a decided
game is ``±(WIN - plies)`` with ``plies`` counted from the root (a quicker win is
worth more), a draw 0, a heuristic's number rounded to a whole one. A node's side is
the player to move there; at a finished node (nobody to move) it is the player who
did not make the last move. Sides are compared, never assumed to alternate: in some
games (checkers' multiple jumps) a player moves twice in a row, and then a child's
value is its parent's without a flip.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from treeviz.agents.common import RESULT_KEYS, mark_pv, pv_ids, stats_of
from treeviz.errors import InvalidParameterError, SearchStopped
from treeviz.rules.connect4 import Connect4
from treeviz.rules.protocol import NOBODY, Game
from treeviz.settings import show_value
from treeviz.trace.nodes import (
    C_NODES,
    C_RECORDED,
    C_STOP,
    C_TRUNCATED,
    FIELD_DEFAULTS,
    NO_PARENT,
    NO_VALUE,
    NOT_RECORDED,
    WIN,
    MoveStat,
    SearchResult,
    Trace,
    new_nodes,
)
from treeviz.trace.recorder import Recorder
from treeviz.trace.values import PROVEN

# A person's heuristic: (game, state, player) -> points for ``player`` (whole numbers
# are kept as they are, others rounded; a decided game is the game's outcome instead).
Heuristic = Callable[[Game[Any], Any, int], float]
ROOT_ARGS = (NO_PARENT, -1, 0)  # Search.add's arguments for the root
# A packed node (Search.packed, read by unpack): seven int32 at RECORD.size times its
# id, its parent, move, depth, alpha, beta, value and flags (a search without a window
# writes -INF and INF, not kept), written by one pack_into as the search holds them:
# a flat list of Python ints cost the walk more (each int kept alive) and NumPy's
# reading of it at the end as much again. Two flags above the trace's spare a leaf
# new ints and calls: PARENT_WINDOW, it holds its parent's window, (alpha, beta), its
# own being (-beta, -alpha); AT_HORIZON, its value is also its static evaluation.
RECORD = struct.Struct("<7i")
PARENT_WINDOW, AT_HORIZON = 256, 512
# Nodes between two looks at the stop flag: a look is a NumPy item read (about 0.1 us,
# a tenth of a node of the fastest game), and 1,024 nodes take a few milliseconds.
POLL = 1024


def side_of(game: Game[Any], state: Any, parent_side: int) -> int:
    """The side whose view a node's value takes (see the module docstring)."""
    mover = game.to_move(state)
    return 1 - parent_side if mover == NOBODY else mover


def to_parent(value: int, side: int, parent_side: int) -> int:
    """A child's value (for ``side``) as its parent's side sees it."""
    return value if side == parent_side else -value


def outcome_value(returns: Sequence[float], side: int, plies: int) -> int:
    """A finished game's value for ``side``, ``plies`` below the root: WIN - plies for
    a win, its negation for a loss, 0 for a draw."""
    mine = returns[side]
    if mine == 0:
        return 0
    return WIN - plies if mine > 0 else plies - WIN


def decided(value: int) -> bool:
    """Whether a stored value is a decided game (not a heuristic's points)."""
    return abs(value) >= PROVEN


def heuristic_points(heuristic: Heuristic | None, game: Game[Any], state: Any, side: int) -> int:
    """``heuristic``'s points for ``side`` (0 without one), as a whole number below the
    decided values; :class:`InvalidParameterError` quoting a number out of range."""
    if heuristic is None:
        return 0
    return whole_points(heuristic(game, state, side))


def whole_points(points: Any) -> int:
    """A heuristic's ``points`` as a whole number below the decided values;
    :class:`InvalidParameterError` quoting a number out of range."""
    if not isinstance(points, int | float) or not abs(points) < PROVEN:
        raise InvalidParameterError(
            f"the heuristic returned {show_value(points)}: it must be a number "
            f"between -{PROVEN:,} and {PROVEN:,} (decided games are scored apart)"
        )
    return round(points)


class Search:
    """One search's recording over ``game`` from ``root`` (a state that is not over).

    Nodes are kept in Python lists while the search runs and copied into the node
    table once at the end: a compiled ``record`` costs tens of microseconds a call
    from Python (its structured array is typed anew on every call), and even one
    NumPy item written costs a pure Python search's node several times what a list's
    append does. A search writes its nodes' fields into :attr:`dense` lists (one item
    per node from id 0, in id order), into :attr:`packed` (the nodes that follow
    those, each at its id: :data:`RECORD`) or, for a few nodes,
    through :meth:`set`. The table's rules hold all the same: past ``capacity`` a
    node, and every node below it, is not recorded and the trace says truncated.

    The node count and the stop flag are shared with the thread that waits on the
    search (:func:`~treeviz.agents.stopping.run_stoppable`) every :data:`POLL` nodes,
    and before the first. A search that reaches ``node_limit`` nodes (None: no limit;
    MCTS counts its playouts' plies too) is refused there, its message naming
    ``agent`` and ending with ``advice`` (how to ask for less).
    """

    def __init__(
        self,
        game: Game[Any],
        root: Any,
        capacity: int,
        *,
        node_limit: int | None = None,
        agent: str = "the search",
        advice: str = "",
    ) -> None:
        self.game, self.root = game, root
        self.node_limit, self.agent, self.advice = node_limit, agent, advice
        self.rec = Recorder(capacity, allocate=False)  # fill makes the recorded rows
        self.capacity = capacity
        self.root_side = game.to_move(root)
        self.nodes = 0  # searched, recorded or not
        self.poll_at = 0  # the count at which the stop flag is read next
        self.truncated = False
        self.parent: list[int] = []
        self.move: list[int] = []
        self.depth: list[int] = []
        # a field of the recorded nodes from id 0, in id order (all but the packed ones)
        self.dense: dict[str, list[Any]] = {"move": self.move, "depth": self.depth}
        # the nodes after the dense ones up to packed_to, each as RECORD says
        self.packed = bytearray()
        self.packed_to = 0
        self.windowed = False  # whether packed nodes hold their window
        self.columns: dict[str, dict[int, Any]] = {}  # a field of a few nodes (set)

    def add(self, parent: int, move: int, depth: int) -> int:
        """Record a searched node (counted), or ``NOT_RECORDED``; the root is
        ``add(*ROOT_ARGS)``. :class:`SearchStopped` once the search was asked to stop
        (:func:`~treeviz.agents.stopping.run_stoppable`: Ctrl-C, Stop, a deadline)."""
        if self.nodes >= self.poll_at:
            self.poll(self.nodes)
        self.nodes += 1
        n = len(self.parent)
        if parent == NOT_RECORDED or n >= self.capacity:
            self.truncated = True
            return NOT_RECORDED
        self.parent.append(parent)
        self.move.append(move)
        self.depth.append(depth)
        return n

    def poll(self, nodes: int) -> int:
        """Share the count of ``nodes`` searched so far; the count at which to poll
        next. :class:`SearchStopped` when the search was asked to stop."""
        self.rec.ctr[C_NODES] = self.nodes = nodes
        if self.rec.ctr[C_STOP]:
            raise SearchStopped(
                f"the search of {self.where()} was stopped after {nodes:,} nodes: lower "
                "its depth or iterations"
            )
        self.within_limit(nodes)
        limit = self.node_limit
        self.poll_at = nodes + POLL if limit is None else min(nodes + POLL, limit)
        return self.poll_at

    def projected_within_limit(self, plies: int, iterations: int) -> None:
        """:class:`InvalidParameterError` at once when ``iterations`` playouts as long
        as the first (``plies``) would pass the node limit: a large board's playouts
        would otherwise run for minutes before the limit stops them."""
        limit = self.node_limit
        if limit is not None and plies * iterations >= limit:
            raise InvalidParameterError(
                f"{self.agent} on {show_value(self.game.name)} at {self.where()}: its first "
                f"playout took {plies:,} plies, so {iterations:,} iterations would play "
                f"about {plies * iterations:,}, past its node_limit of {limit:,} (the CLI's "
                f"--node-limit): {self.advice}"
            )

    def within_limit(self, searched: int, what: str = "nodes") -> None:
        """:class:`InvalidParameterError` once ``searched`` (counted in ``what``)
        reaches the node limit, naming the agent, the game and the root."""
        limit = self.node_limit
        if limit is not None and searched >= limit:
            raise InvalidParameterError(
                f"{self.agent} on {show_value(self.game.name)} at {self.where()} reached "
                f"its node_limit of {limit:,} {what} (the CLI's --node-limit) before it "
                f"finished: {self.advice}"
            )

    def where(self) -> str:
        """The root as a person typed it, quoted (``the start`` for no moves)."""
        text = self.game.to_text(self.root)
        return show_value(text) if text else "the start"

    def grow(self, node: int) -> int:
        """Make :attr:`packed` hold the node ``node`` and as many again (a doubling:
        a few copies a search); the ids it then holds. Past the capacity it stays as
        it is and the trace is truncated (a node past it costs a call more)."""
        if node >= self.capacity:
            self.truncated = True
            return len(self.packed) // RECORD.size
        held = min(self.capacity, max(2 * node, 4096))
        self.packed.extend(bytes(held * RECORD.size - len(self.packed)))
        return held

    def set(self, node: int, **values: Any) -> None:
        """Write fields of a recorded node (``flags`` are added); nothing if unrecorded."""
        if node < 0:
            return
        for name, value in values.items():
            column = self.columns.setdefault(name, {})
            column[node] = column.get(node, 0) | value if name == "flags" else value

    def fill(self) -> None:
        """Make the recorder's table of the recorded nodes, and copy the counts."""
        n = max(len(self.parent), self.packed_to)
        self.rec.nodes = nodes = new_nodes(n)
        for name, default in FIELD_DEFAULTS.items():
            nodes[name] = default
        nodes["parent"][: len(self.parent)] = as_array(self.parent)
        for name, items in self.dense.items():
            nodes[name][: len(items)] = as_array(items)
        if n > len(self.parent):
            unpack(self.packed, nodes, len(self.parent), windowed=self.windowed)
        for name, column in self.columns.items():
            ids, given = list(column), np.array(list(column.values()))
            if name == "flags":  # added to what the dense list holds
                given = nodes[name][ids] | given.astype(nodes.dtype[name])
            nodes[name][ids] = given
        self.rec.ctr[C_RECORDED] = n
        self.rec.ctr[C_NODES] = self.nodes
        self.rec.ctr[C_TRUNCATED] = int(self.truncated)

    def trace(self, algorithm: str, params: dict[str, Any], *, fields: tuple[str, ...]) -> Trace:
        """The frozen trace: Connect 4 keeps its name and board size, other games their
        name and the root's text."""
        size = (self.game.width, self.game.height) if isinstance(self.game, Connect4) else (0, 0)
        name = "connect4" if isinstance(self.game, Connect4) else self.game.name
        root = (name, self.game.to_text(self.root), *size)
        self.fill()
        return self.rec.freeze(algorithm, params, root=root, fields=fields)


def unpack(packed: bytearray, nodes: np.ndarray, first: int, *, windowed: bool) -> None:
    """Write the nodes in ``packed`` (see :data:`RECORD`) from the id ``first`` to the
    table's end into the node table ``nodes``; the window only when ``windowed``."""
    table = nodes[first:]
    count, offset = len(table) * 7, first * RECORD.size
    rows = np.frombuffer(packed, dtype=np.int32, count=count, offset=offset)
    parent, move, depth, alpha, beta, value, flags = rows.reshape(-1, 7).T
    table["parent"], table["move"], table["depth"], table["value"] = parent, move, depth, value
    if windowed:
        theirs = (flags & PARENT_WINDOW) != 0
        table["alpha"] = np.where(theirs, -beta, alpha)
        table["beta"] = np.where(theirs, -alpha, beta)
    table["flags"] = flags & ~(PARENT_WINDOW | AT_HORIZON)
    horizon = (flags & AT_HORIZON) != 0
    table["static_eval"][horizon] = value[horizon]


def as_array(items: list[Any]) -> np.ndarray:
    """A recorded list as an array (NumPy reads a list of ints into a structured
    array's field at about twice the cost)."""
    kind = np.float64 if items and isinstance(items[0], float) else np.int64
    return np.fromiter(items, dtype=kind, count=len(items))


def row(game: Game[Any], state: Any, move: int, value: float | None, text: str = "") -> MoveStat:
    """A per-move row: the action id and its label (Connect 4: the 1-based column)."""
    if isinstance(game, Connect4):
        return MoveStat(move + 1, value, text=text)
    return MoveStat(move, value, text=text, label=game.label(state, move))


def result(
    search: Search,
    trace: Trace,
    best: int,
    rows: list[MoveStat],
    *,
    pv: list[int],
    value: Any,
    **stats: Any,
) -> SearchResult:
    """The search's answer; ``best`` and ``pv`` are moves (action ids), reported as
    Connect 4's 1-based columns or another game's action ids; ``stats`` join the
    result's statistics."""
    shift = 1 if isinstance(search.game, Connect4) else 0
    for r in rows:
        r.extra["chosen"] = r.action == best + shift
    mark_pv(trace, pv_ids(trace, pv))
    out = SearchResult(
        move=best + shift,
        value=value,
        moves=rows,
        pv=[m + shift for m in pv],
        stats=stats_of(trace, **stats),
        trace=trace,
    )
    trace.extra["result"] = {k: v for k, v in out.as_dict().items() if k in RESULT_KEYS}
    return out


def principal_variation(search: Search, trace: Trace, best: int) -> list[int]:
    """The moves from the root along recorded children whose value is their parent's
    (as the parent's side sees it), starting with ``best``: the line the values say
    both sides play."""
    game, state, side, node = search.game, search.root, search.root_side, 0
    pv: list[int] = []
    nodes = trace.nodes
    while True:
        for kid in trace.children(node):
            move = int(nodes["move"][kid])
            if node == 0 and move != best:
                continue
            child = game.play(state, move)
            child_side = side_of(game, child, side)
            backed = to_parent(int(nodes["value"][kid]), child_side, side)
            if nodes["value"][kid] != NO_VALUE and backed == nodes["value"][node]:
                pv.append(move)
                state, side, node = child, child_side, int(kid)
                break
        else:
            return pv
