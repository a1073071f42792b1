"""Traced searches: the tree of a person's own recursive search, recorded from its calls.

``@traced`` wraps a search function; inside ``with recording() as rec:`` every call of
it becomes a node of a standard trace (:mod:`treeviz.trace.nodes`): its parent is the
calling node, its move the column that turns the caller's position into its own, its
depth, the alpha and beta it received and the value it returned. Outside a recording
the wrapper only reads one context variable and calls the function.

A recording belongs to the thread (or asyncio task) that opened it: searches recorded
at once in different threads are independent, and a traced function called where no
recording is on just runs, whatever other threads are recording.

The hot path keeps, per call, a copy of the position (for the next call's move) and a
few numbers in compact arrays: nothing per node is a Python object. Everything else
(the positions of the nodes, legal moves and cutoffs, wins, the values in treeviz's
convention) is worked out once, with NumPy, when the result is asked for
(:mod:`treeviz.agents.user.instrument_result`).
"""

from __future__ import annotations

import functools
import inspect
import math
import time
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import numpy as np

from treeviz.agents.common import CAPACITY
from treeviz.agents.user.game_calls import (
    NO_MOVE,
    GameReader,
    Snap,
    accepts,
    check_keyed,
    inferred_game,
    named_game,
)
from treeviz.agents.user.game_result import build_game_result
from treeviz.agents.user.instrument_check import Checker
from treeviz.agents.user.instrument_result import as_float, build_result, first_number, is_number
from treeviz.agents.user.tuple_values import TupleValues
from treeviz.connect4.board import Position
from treeviz.connect4.grid import (
    EMPTY,
    column_rows,
    flat_rows,
    grid_rows,
    occupancy,
    read_grid,
)
from treeviz.errors import (
    InvalidParameterError,
    InvalidPositionError,
    UserAgentError,
    exception_line,
)
from treeviz.rules.base import StepGame
from treeviz.settings import DEFAULT_CAPACITY, show_value
from treeviz.trace.nodes import NO_PARENT, NOT_RECORDED

NEW = -3  # a call that makes a new node (beside NO_PARENT and NOT_RECORDED)
UNKNOWN = -1  # ``maximizing`` not given or not a bool


def occupied(obj: Any) -> set[int]:
    """Where the stones of a position argument are, as bitboards (both readings of a
    grid)."""
    if isinstance(obj, Position) or _is_moves(obj):
        return {to_position(obj).mask}
    return occupancy(obj)


def _is_moves(obj: Any) -> bool:
    """Whether ``obj`` is a move string (not a flat board's 42 characters)."""
    return isinstance(obj, str) and flat_rows(obj) is None


def to_position(obj: Any) -> Position:
    """A :class:`Position` from a position, a move string, a board grid or a flat board
    (:func:`~treeviz.connect4.grid.flat_rows`); :class:`InvalidPositionError` when
    ``obj`` is none of them."""
    if isinstance(obj, Position):
        return obj.copy()
    if _is_moves(obj):
        return Position.from_moves(obj)
    return read_grid(obj).position  # root= settles a colouring the grid cannot


# ------------------------------------------------------------------ board snapshots
class Reader:
    """Copies a position argument cheaply and finds the column between two copies."""

    flat = False  # its copies are flat boards, 42 cells row by row (checked as grids)

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height

    def snap(self, obj: Any) -> Any:
        raise NotImplementedError

    def column(self, before: Any, after: Any) -> int:
        """The 0-based column of the one stone ``after`` has over ``before``, or -1."""
        raise NotImplementedError


class PositionReader(Reader):
    def snap(self, obj: Any) -> Any:
        return obj.mask

    def column(self, before: Any, after: Any) -> int:
        bit = after ^ before
        if bit & (bit - 1) or not bit & after:
            return NO_MOVE
        return (bit.bit_length() - 1) // (self.height + 1)


class MovesReader(Reader):
    def snap(self, obj: Any) -> Any:
        return obj

    def column(self, before: Any, after: Any) -> int:
        if len(after) != len(before) + 1 or not after.startswith(before):
            return NO_MOVE
        return int(after[-1]) - 1 if after[-1].isdigit() else NO_MOVE


class ArrayReader(Reader):
    def snap(self, obj: Any) -> Any:
        return np.array(obj, copy=True)

    def column(self, before: Any, after: Any) -> int:
        after = np.asarray(after)
        changed = np.flatnonzero(after != before)
        if len(changed) == 1:
            return int(changed[0]) % self.width
        return _one_cell(np.ravel(before).tolist(), after.ravel().tolist(), self.width)


class FlatReader(Reader):
    """A flat board's cells, row by row (a string or a list)."""

    flat = True

    def snap(self, obj: Any) -> Any:
        return obj if isinstance(obj, str) else tuple(obj)

    def column(self, before: Any, after: Any) -> int:
        return _one_cell(list(before), list(after), self.width)


class RowsReader(Reader):
    def snap(self, obj: Any) -> Any:
        return [r if isinstance(r, str) else tuple(r) for r in obj]

    def column(self, before: Any, after: Any) -> int:
        lengths = {len(row) for row in (*before, *after)}
        if len(before) != len(after) or len(lengths) != 1:
            return NO_MOVE
        flat = [[cell for row in rows for cell in row] for rows in (before, after)]
        return _one_cell(flat[0], flat[1], lengths.pop())


class ColumnsReader(RowsReader):
    """A board given column by column (:func:`~treeviz.connect4.grid.column_rows`),
    copied as its rows."""

    def snap(self, obj: Any) -> Any:
        rows = column_rows(obj)
        return [tuple(r) for r in rows] if rows is not None else [tuple(c) for c in obj]


def _one_cell(before: list[Any], after: list[Any], width: int) -> int:
    """The column (a cell's index modulo ``width``) of the one cell where the grid
    ``after`` differs from ``before``, both flattened row by row; or of the one stone
    more when ``after`` shows the board from the other side (its two symbols swapped:
    a search that keeps the board for the side to move, ``-board`` or swapped pieces
    passed down, as AlphaZero-style code does); else ``NO_MOVE``."""
    if len(before) != len(after):
        return NO_MOVE
    diff = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    if len(diff) == 1:
        return diff[0] % width
    swapped = _swapped(after)
    if swapped is None:
        return NO_MOVE
    diff = [i for i, (a, b) in enumerate(zip(before, swapped, strict=True)) if a != b]
    return diff[0] % width if len(diff) == 1 and _empty(before[diff[0]]) else NO_MOVE


def _swapped(cells: list[Any]) -> list[Any] | None:
    """``cells`` with its two stone symbols exchanged (None: not exactly two)."""
    try:
        symbols = list(dict.fromkeys(c for c in cells if not _empty(c)))
    except TypeError:  # unhashable cells: not symbols
        return None
    if len(symbols) != 2:
        return None
    a, b = symbols
    return [b if c == a else a if c == b else c for c in cells]


def _empty(cell: Any) -> bool:
    """Whether a grid's ``cell`` is an empty one (:data:`EMPTY`)."""
    try:
        return bool(cell in EMPTY)
    except TypeError:  # unhashable: a stone of some kind
        return False


def reader_for(obj: Any, width: int, height: int) -> Reader:
    """The snapshot reader for position arguments like ``obj``."""
    if isinstance(obj, Position):
        return PositionReader(width, height)
    if _is_moves(obj):
        return MovesReader(width, height)
    if column_rows(obj) is not None:  # before arrays: a 7 x 6 one is column by column
        return ColumnsReader(width, height)
    if isinstance(obj, np.ndarray):  # a flat array too: a cell's index modulo the width
        return ArrayReader(width, height)
    if flat_rows(obj) is not None:
        return FlatReader(width, height)
    return RowsReader(width, height)


# ------------------------------------------------------------------- what a call means
def _reads_as_position(arg: Any) -> bool:
    """Whether ``arg`` is a Connect 4 position, move string, board grid or flat board."""
    shaped = any(read(arg) is not None for read in (grid_rows, flat_rows, column_rows))
    if not (isinstance(arg, Position | str) or shaped):
        return False
    try:
        to_position(arg)
    except (InvalidPositionError, ValueError):
        return False
    return True


def _number(ret: Any) -> float:
    """The default value of a return: the number, or a tuple's first number (NaN: none)."""
    if is_number(ret):
        return _float(ret)
    i = first_number(ret) if isinstance(ret, tuple | list) else None
    return math.nan if i is None else _float(ret[i])


def _argument(sig: inspect.Signature | None, name: str | None) -> Callable[..., Any] | None:
    """A getter of argument ``name`` from ``(args, kwargs)``, or None when the function
    has no such parameter."""
    if name is None or sig is None or name not in sig.parameters:
        return None
    param = sig.parameters[name]
    index = list(sig.parameters).index(name)
    default = None if param.default is inspect.Parameter.empty else param.default

    def get(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        return args[index] if index < len(args) else kwargs.get(name, default)

    return get


@dataclass
class TraceSpec:
    """How to read one traced function's calls (see :func:`traced`)."""

    fn: Callable[..., Any]
    name: str
    position: Callable[..., Any] | None
    value: Callable[[Any], Any] | None
    maximizing: Callable[..., Any] | None
    alpha: Callable[..., Any] | None
    beta: Callable[..., Any] | None
    chosen: Callable[[Any], Any] | None
    game: Any = None  # the game named (a treeviz.rules game), None: Connect 4 or inferred
    player: int | None = None  # values always for this player (``player=``), None: inferred
    index: int | None = None  # the argument holding the position, once found
    flag: str | None = None  # the name of the ``maximizing`` argument, when given
    visits: Callable[..., Any] | None = None  # the person's own visit count of a call

    def count(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
        """The visit count ``visits=`` reads from one call's arguments (when it has
        returned), -1 when it gives None; :class:`UserAgentError` when it raises or gives
        something that is not a whole number."""
        try:
            n = self.visits(*args, **kwargs)  # type: ignore[misc]  # only called when given
        except Exception as exc:
            raise UserAgentError(f"visits= of {self.name}() raised {exception_line(exc)}") from exc
        if n is None:
            return -1
        if not is_number(n) or not math.isfinite(n) or n != int(n) or n < 0:
            raise UserAgentError(
                f"visits= of {self.name}() gave {show_value(n)}: expected a "
                "count (a whole number, 0 or more) or None"
            )
        return int(n)

    def board(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """The position argument of one call."""
        if self.position is not None:
            return self.position(*args, **kwargs)
        if self.index is None:
            self.index = self._find(args, kwargs)
        if self.index < len(args):
            return args[self.index]
        return list(kwargs.values())[self.index - len(args)]

    def _find(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
        """The first argument that reads as a position: a state of the game named, else
        a Connect 4 position or a state of a game inferred from it
        (:mod:`.game_calls`)."""
        is_state = accepts(self.game)
        for i, arg in enumerate([*args, *kwargs.values()]):
            if (self.game is None and _reads_as_position(arg)) or is_state(arg):
                return i
        raise InvalidParameterError(
            f"no argument of {self.name}() reads as a position (a Position, a move string, "
            "a board grid, a flat board of 42 cells, seven columns or a game's state): pass "
            "position=, a function of the call's arguments, or game="
        )

    def number(self, ret: Any) -> float:
        """The value of a return, as a float (NaN: no value); :class:`UserAgentError`
        when ``value=`` raises or gives something that is not a number or None."""
        if self.value is None:
            return _number(ret)
        try:
            v = self.value(ret)
        except Exception as exc:
            raise UserAgentError(
                f"value= of {self.name}() raised {exception_line(exc)} on "
                f"the return {show_value(ret)}"
            ) from exc
        if v is None:
            return math.nan
        if not is_number(v):
            raise UserAgentError(
                f"value= of {self.name}() gave {show_value(v)} for the return "
                f"{show_value(ret)}: expected a number or None"
            )
        return _float(v)


def traced(
    fn: Callable[..., Any] | None = None,
    *,
    position: Callable[..., Any] | None = None,
    value: Callable[[Any], Any] | None = None,
    maximizing: str | None = None,
    alpha: str | None = "alpha",
    beta: str | None = "beta",
    chosen: Callable[[Any], Any] | None = None,
    visits: Callable[..., Any] | None = None,
    game: Any = None,
    player: int | None = None,
) -> Any:
    """Record the calls of ``fn`` as a search tree while :func:`recording` is on.

    ``position(*args, **kwargs)`` gives a call's position (a :class:`Position`, a move
    string or a board grid; default: the first argument that reads as one). ``value(ret)``
    the number a call returned (default: the return; for a tuple, the item that holds
    values in every tuple the search returned: see :mod:`.tuple_values`).
    ``maximizing`` names a bool argument: values are then from the maximiser's side
    (``maximizingPlayer``); without it, from the side to move at the call (negamax).
    ``alpha``/``beta`` name the window's arguments when the function has them.
    ``chosen(ret)`` gives the 0-based column the root's return chose (default: a
    tuple's first integer that is a column of the board and not the value ``value=``
    reads; else the best child by the recorded values). ``visits(*args, **kwargs)``:
    a search that counts its visits (an MCTS) gives the count of the call's node, read
    when the call returns (``visits=lambda node: node.visits``); the last one read per
    node is recorded (``trace.extra["user_visits"]``) for the doctor to check that
    counts add up. Usable as ``@traced`` or ``@traced(...)``.

    Any game: ``game`` names the game whose states the function searches (a name such
    as ``"tic_tac_toe"``, a game of :mod:`treeviz.rules`, an aima-style ``Game``, a
    ``pyspiel.Game``); without it a ``pyspiel.State`` argument is read as a state of
    its own game (:mod:`.game_calls`). Moves, ``chosen`` included, are then the game's
    action ids, and the values' side is inferred (:mod:`.game_result`) unless
    ``maximizing`` names the flag or ``player`` (0 or 1) says the values are always
    that player's, as OpenSpiel's ``minimax`` returns them. :class:`GameError` for a
    game name no one knows or OpenSpiel missing, :class:`InvalidParameterError` for a
    ``game`` that is none or a ``player`` that is not 0 or 1."""
    if fn is None:
        return functools.partial(
            traced,
            position=position,
            value=value,
            maximizing=maximizing,
            alpha=alpha,
            beta=beta,
            chosen=chosen,
            visits=visits,
            game=game,
            player=player,
        )
    if player not in (None, 0, 1):
        raise InvalidParameterError(f"player={show_value(player)}: expected 0, 1 or None")
    try:
        sig: inspect.Signature | None = inspect.signature(fn)
    except (TypeError, ValueError):
        sig = None
    if maximizing is not None and (sig is None or maximizing not in sig.parameters):
        raise InvalidParameterError(f"{fn.__qualname__}() has no argument {maximizing!r}")
    spec = TraceSpec(
        fn,
        fn.__qualname__,
        position,
        value,
        _argument(sig, maximizing),
        _argument(sig, alpha),
        _argument(sig, beta),
        chosen,
        flag=maximizing,
        visits=visits,
        game=named_game(game),
        player=player,
    )

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        rec = _ACTIVE.get()
        if rec is None:
            return fn(*args, **kwargs)
        return rec.call(spec, args, kwargs)

    wrapper.__treeviz_trace__ = spec  # type: ignore[attr-defined]
    return wrapper


# ------------------------------------------------------------------------- recording
# The recording on in this thread or task. A context variable, not a global: sessions
# of a dashboard record their searches at once, each on its own thread (a new thread
# starts with no recording; an asyncio task, with a copy of its creator's).
_ACTIVE: ContextVar[Recording | None] = ContextVar("treeviz_recording", default=None)
# Whether recordings opened without saying check= check every call (the doctor turns
# it on around a person's agent, whose own code opens the recording)
_CHECKING: ContextVar[bool] = ContextVar("treeviz_checking", default=False)


@contextmanager
def checking() -> Iterator[None]:
    """Within the block (this thread, and the threads a move limit starts from it),
    a recording opened without ``check=`` checks every call (:func:`recording`)."""
    token = _CHECKING.set(True)
    try:
        yield
    finally:
        _CHECKING.reset(token)


class Recording:
    """The calls made while recording: compact per-node arrays, filled in call order.

    ``result`` (and ``trace``) turn them into a :class:`~treeviz.trace.nodes.SearchResult`
    on first use. ``root``: the position the search is about (a file agent's
    position, or another game's state); top-level calls then hang below it, or are it.
    Whether the search is Connect 4's or another game's is settled by its first call
    (:meth:`_top`)."""

    checks = False  # whether each call is checked (CheckedRecording: Connect 4 only)

    def __init__(self, root: Any = None, capacity: int = DEFAULT_CAPACITY) -> None:
        self.root = root.copy() if isinstance(root, Position) else None
        self.root_given = root is not None
        # another game's search: its game, the state given as root= and the root's
        # snapshot (:mod:`.game_calls`); None for Connect 4
        self.game: StepGame | None = None
        self.game_root = None if isinstance(root, Position) else root
        self.root_snap: Snap | None = None
        self.capacity = capacity
        self.parent, self.move, self.depth = array("i"), array("b"), array("h")
        self.value, self.alpha, self.beta = array("d"), array("d"), array("d")
        self.maxi = array("b")
        # calls that reach a node again (a re-search, an MCTS descent) add to its visits
        # and its sum of values; first child and next sibling find such a node
        self.visits, self.first, self.sibling = array("i"), array("i"), array("i")
        # the person's own counts (``visits=``), by node: a dict filled only when given,
        # so a search without them pays one test per call
        self.counted: dict[int, int] = {}
        self.calls = 0
        self.stack: list[tuple[int, Any]] = []  # (node, snapshot) of the calls under way
        self.reader: Reader | GameReader | None = None
        self.spec: TraceSpec | None = None
        self.root_call: int | None = None  # node of the call made at the root
        self.root_return: Any = None
        self.t0 = time.perf_counter()
        self.seconds = 0.0
        self.tuples = TupleValues()  # a default value= on tuple returns (see its module)
        self.left_out = 0  # calls not one move after their caller's, kept out of the tree
        self.left_out_text = ""  # the first of them, in words
        self.forced: int | None = None  # the column the agent answered, when it said
        self.column_base = 0  # 1: the tuples' columns count from 1 (set at the end)
        self.name: str | None = None  # the agent's spec, for a file agent's search
        self.said = False  # the column chosen is the search's answer (not read from values)
        self._result: Any = None

    def call(self, spec: TraceSpec, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Record one call of a traced function and make it."""
        self.calls += 1
        board = spec.board(args, kwargs)
        if self.stack:
            parent, before = self.stack[-1]
            reader: Reader | GameReader = self.reader  # type: ignore[assignment]  # set by the first call
            snap = reader.snap(board)
            move = reader.column(before, snap) if parent >= 0 else NO_MOVE
            if move == NO_MOVE and parent >= 0:
                parent = self._stray(spec, board)
        else:
            parent, move, snap = self._top(spec, board)
        node = self._node(parent, move)
        if node == NEW:
            node = self._add(spec, parent, move, args, kwargs)
        self.stack.append((node, snap))
        try:
            ret = spec.fn(*args, **kwargs)
        finally:
            self.stack.pop()
        if node >= 0:
            if spec.value is None and isinstance(ret, tuple | list):
                self.tuples.add(node, ret)  # which item is the value: decided at the end
            else:
                v = spec.number(ret)
                if v == v:  # not NaN: a value was returned
                    self.value[node] += v
                    self.visits[node] += 1
            if node == 0:
                self.root_return = ret
            if spec.visits is not None:
                self.counted[node] = spec.count(args, kwargs)
        return ret

    def _node(self, parent: int, move: int) -> int:
        """The node a call reaches again (the same move from the same node), NEW for a
        new one, NOT_RECORDED below an unrecorded node."""
        if parent >= 0:
            child = self.first[parent]
            while child >= 0:
                if self.move[child] == move:
                    return child
                child = self.sibling[child]
            return NEW
        if parent == NOT_RECORDED:
            return NOT_RECORDED
        return 0 if self.parent else NEW  # the root, called again

    def _add(
        self, spec: TraceSpec, parent: int, move: int, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> int:
        """Append a node (-1 when the capacity is reached: its calls are not recorded)."""
        if len(self.parent) >= self.capacity:
            return NOT_RECORDED
        a = _float(spec.alpha(args, kwargs)) if spec.alpha else math.nan
        b = _float(spec.beta(args, kwargs)) if spec.beta else math.nan
        m = spec.maximizing(args, kwargs) if spec.maximizing else None
        return self._append(parent, move, a, b, UNKNOWN if m is None else 1 if m else 0)

    def _top(self, spec: TraceSpec, board: Any) -> tuple[int, int, Any]:
        """(parent, move, snapshot) of a call made from outside any traced call: the
        root (the first such call, or the ``root`` given; it may be called again, as an
        MCTS loop does) or, below a given root, one move after it."""
        if self.game is None and self.root is None:
            self._choose_game(spec, board)
        if self.game is not None:
            return self._game_top(spec, board)
        if self.root is None:
            self.root = to_position(board)
        root = self.root
        self.tuples.width = root.width
        if self.reader is None:
            self.reader = reader_for(board, root.width, root.height)
            self.spec = spec
        snap = self.reader.snap(board)
        masks = occupied(board) if self.parent or self.root_given else {root.mask}
        if root.mask in masks:
            self.root_call = 0
            return NO_PARENT, NO_MOVE, snap
        if not self.parent:  # the root itself was never a call: a node of its own
            self.add_root()
        for mask in masks:
            bit = mask ^ root.mask
            if mask & root.mask == root.mask and bit and not bit & (bit - 1):
                return 0, (bit.bit_length() - 1) // (root.height + 1), snap
        where = root.moves_string() or "the empty board"
        if len(self.parent) > 1:  # a search under way: a stone its root loop left behind
            return self._stray_top(spec, board, where), NO_MOVE, snap
        raise _second_search(spec, board, where)

    def _choose_game(self, spec: TraceSpec, board: Any) -> None:
        """At the first call: the game named, or the game of the root given or of the
        call's state, when it is not Connect 4's (:mod:`.game_calls`)."""
        given = board if self.game_root is None else self.game_root
        game = spec.game if spec.game is not None else inferred_game(given)
        if game is None:
            if self.game_root is not None:
                raise InvalidParameterError(
                    f"root={show_value(self.game_root)} is neither a Connect 4 position "
                    "nor a state of a game: name its game with traced(game=...)"
                )
            return
        if self.checks:
            raise InvalidParameterError(
                f"{spec.name}() searches {game.name}: checking each call is for Connect 4 "
                "searches only in this version"
            )
        self.game, self.reader, self.spec = game, GameReader(game), spec
        self.move = array("i")  # action ids go past a byte
        if self.game_root is not None:
            self.root_snap = self.reader.snap(self.game_root)

    def _game_top(self, spec: TraceSpec, board: Any) -> tuple[int, int, Any]:
        """:meth:`_top` for another game's states: keys compared, not stones."""
        reader: GameReader = self.reader  # type: ignore[assignment]  # set with the game
        snap = reader.snap(board)
        if self.root_snap is None:
            check_keyed(reader.game, snap)
            self.root_snap = snap
        root = self.root_snap
        if snap.node.key == root.node.key:
            self.root_call = 0
            return NO_PARENT, NO_MOVE, snap
        if not self.parent:  # the root itself was never a call: a node of its own
            self.add_root()
        move = reader.column(root, snap)
        if move != NO_MOVE:
            return 0, move, snap
        where = reader.game.to_text(root.node) or "the start"
        if len(self.parent) > 1:  # a search under way: a move its root loop left played
            return self._stray_top(spec, board, where), NO_MOVE, snap
        raise _second_search(spec, board, where)

    def _stray_top(self, spec: TraceSpec, board: Any, where: str) -> int:
        """A call from outside any traced call, once the search has recorded some of
        its tree, whose position is neither the root nor one move after it: the
        person's root loop left a stone on the board (a move played in place and not
        taken back). Left out and counted as :meth:`_stray` does: the search runs on."""
        if not self.left_out:
            self.left_out_text = (
                f"call {self.calls} of {spec.name}(), made from outside any traced call, "
                f"got a position that is neither the root {where!r} nor one move after "
                f"it: {show_value(board)} (a move played on the board and not taken back?)"
            )
        self.left_out += 1
        return NOT_RECORDED

    def add_root(self) -> None:
        """Node 0, the root, with no value yet."""
        self._append(NO_PARENT, NO_MOVE, math.nan, math.nan, UNKNOWN)

    def add_child(self, column: int, value: float) -> None:
        """A child of the root through 0-based ``column`` with ``value`` for its side to
        move (an agent that gave per-column values but traced no search)."""
        self.calls += 1
        node = self._append(0, column, math.nan, math.nan, UNKNOWN)
        self.value[node], self.visits[node] = value, 1

    def _append(self, parent: int, move: int, alpha: float, beta: float, maxi: int) -> int:
        """A new node below ``parent`` (-1: the root); its id."""
        n = len(self.parent)
        self.parent.append(parent)
        self.move.append(move)
        self.depth.append(self.depth[parent] + 1 if parent >= 0 else 0)
        self.value.append(0.0)
        self.visits.append(0)
        self.alpha.append(alpha)
        self.beta.append(beta)
        self.maxi.append(maxi)
        self.first.append(-1)
        self.sibling.append(self.first[parent] if parent >= 0 else -1)
        if parent >= 0:
            self.first[parent] = n
        return n

    def _stray(self, spec: TraceSpec, board: Any) -> int:
        """A call whose position is not one move after its caller's (a move played in
        place and not taken back, a helper traced by mistake): kept out of the tree
        with its subtree (``NOT_RECORDED``), counted in ``counters["left_out"]``, and
        the first one described in :attr:`left_out_text`. The search itself goes on as
        it would without treeviz: tracing never turns a bug into a crash. A checking
        recording notes the call against its caller instead."""
        if not self.left_out:
            self.left_out_text = self._not_one_move(spec, board)
        self.left_out += 1
        return NOT_RECORDED

    def _not_one_move(self, spec: TraceSpec, board: Any) -> str:
        parent = self.stack[-1][0]
        return (
            f"call {self.calls} of {spec.name}() (depth {self.depth[parent] + 1}) got a "
            f"position that is not one move after its caller's: {show_value(board)}; trace "
            "a function that is called once per move, or pass position="
        )

    def facts(self) -> dict[str, Any] | None:
        """What checking found (``trace.extra["checked"]``); None: not checked."""
        return None

    @property
    def result(self) -> Any:
        """The :class:`~treeviz.trace.nodes.SearchResult` of the recorded search."""
        if self._result is None:
            if not self.parent:
                raise InvalidParameterError(
                    "nothing was recorded: no traced function was called inside the recording"
                )
            game = self.game
            self._result = build_result(self) if game is None else build_game_result(self, game)
        return self._result

    @property
    def trace(self) -> Any:
        """The recorded search's :class:`~treeviz.trace.nodes.Trace`."""
        return self.result.trace


class CheckedRecording(Recording):
    """A recording that also checks each call as the search runs (``recording(check=
    True)``): the stone a call adds (one, of the colour of the side to move, the
    maximizing flag passed on), the position a call leaves behind (as it received it),
    and a call on a position that is not one move after its caller's, recorded instead
    of raised. What it finds goes to ``trace.extra["checked"]``
    (:mod:`treeviz.agents.user.instrument_check`). A subclass, so that the plain
    recording's hot path has not one test more."""

    checks = True

    def __init__(self, root: Any = None, capacity: int = DEFAULT_CAPACITY) -> None:
        super().__init__(root, capacity)
        self.checker = Checker(self)
        # the calls in the order they were made: each one's node (NOT_RECORDED: none)
        # and the value it returned (NaN: none; a tuple's, read once its slot is known)
        self.call_node, self.call_value = array("i"), array("d")
        self.call_tuples: dict[int, tuple[Any, ...] | list[Any]] = {}

    def call(self, spec: TraceSpec, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        i = len(self.call_node)
        self.call_node.append(NOT_RECORDED)  # its node, once the recording places it
        self.call_value.append(math.nan)
        ret = self.checker.call(super().call, spec, args=args, kwargs=kwargs)
        if self.call_node[i] >= 0:
            if spec.value is None and isinstance(ret, tuple | list):
                self.call_tuples[i] = ret
            else:
                self.call_value[i] = spec.number(ret)
        return ret

    def _node(self, parent: int, move: int) -> int:
        node = super()._node(parent, move)
        self.checker.entered(parent, move, node)
        if node != NEW:  # the current call's entry is the last one: its calls come after
            self.call_node[-1] = node
        return node

    def _add(
        self, spec: TraceSpec, parent: int, move: int, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> int:
        node = super()._add(spec, parent, move, args, kwargs)
        self.checker.added(parent, node)
        self.call_node[-1] = node
        return node

    def _stray(self, spec: TraceSpec, board: Any) -> int:
        return self.checker.stray(board)

    def facts(self) -> dict[str, Any] | None:
        return {**self.checker.facts(), "sequence": self.sequence()}

    def sequence(self) -> dict[str, list[Any]]:
        """The calls in the order they were made, as plain JSON: ``node`` (-1: left
        out of the tree) and ``value``, what each returned in treeviz's convention
        (for the side to move at its node; None: no value, or not finite), so that the state of the
        tree before any call can be rebuilt (an MCTS's visits and sums as each
        selection saw them)."""
        values = np.frombuffer(self.call_value, np.float64).copy()
        slot = self.tuples.index()
        for i, ret in self.call_tuples.items():
            if slot is not None and slot < len(ret) and is_number(ret[slot]):
                values[i] = _float(ret[slot])
        nodes = np.frombuffer(self.call_node, np.int32)
        maxi = np.frombuffer(self.maxi, np.int8)
        flip = np.zeros(len(nodes), bool)
        if len(maxi):
            flip = (nodes >= 0) & (maxi[np.maximum(nodes, 0)] == 0)
        values = np.where(flip, -values, values)  # a minimiser's numbers are the maximiser's
        return {
            "node": nodes.tolist(),
            # a trace file holds finite numbers: an infinity (a search's "no
            # move yet" or its win) is no value here, as NaN is
            "value": [float(v) if math.isfinite(v) else None for v in values.tolist()],
        }


def _second_search(spec: TraceSpec, board: Any, where: str) -> InvalidParameterError:
    """The error of a call from outside that is neither the root nor one move after it."""
    return InvalidParameterError(
        f"a recording holds one search: {spec.name}() was called from outside on "
        f"{show_value(board)}, which is not its root {where!r} nor one move after it "
        "(record one search per recording, or trace the function that makes these calls)"
    )


def _float(x: Any) -> float:
    """A number a search gave (a window bound, a value) as a float (NaN when it is not
    a number)."""
    return as_float(x) if is_number(x) else math.nan


def answered(
    rec: Recording,
    pos: Position,
    *,
    name: str,
    column: int,
    values: dict[int, float],
    seconds: float,
) -> Any:
    """The :class:`~treeviz.trace.nodes.SearchResult` of an agent that answered 0-based
    ``column``: its recorded tree when it traced one, else a root and one child per
    column it gave a value for (``values``: the root player's, by 0-based column)."""
    if not rec.parent:
        rec.root = pos.copy()
        rec.add_root()
        for col, v in values.items():
            rec.add_child(col, -v)  # stored for the child's side to move
    rec.forced, rec.name, rec.seconds = column, name, seconds
    return rec.result


@contextmanager
def recording(
    root: Any = None, capacity: int = DEFAULT_CAPACITY, check: bool | None = None
) -> Iterator[Recording]:
    """Record the traced calls made inside the block (one search) in this thread or
    task. ``root``: the position searched (a Connect 4 position or move string, or
    another game's state), when the traced function is called on its children rather
    than on it; ``capacity``: the nodes kept (an int, see
    :data:`~treeviz.agents.common.CAPACITY`); ``check``: also check every call's
    position as the search runs (:class:`CheckedRecording`: slower, for the doctor;
    by default, whether a :func:`checking` block is open).
    One recording at a time per thread: :class:`InvalidParameterError` when one is
    already on here."""
    if _ACTIVE.get() is not None:
        raise InvalidParameterError("a recording is already on: recordings do not nest")
    pos = Position.from_moves(root) if isinstance(root, str) else root
    check = _CHECKING.get() if check is None else check
    rec = (CheckedRecording if check else Recording)(pos, CAPACITY.check(capacity))
    token = _ACTIVE.set(rec)
    try:
        yield rec
    finally:
        _ACTIVE.reset(token)
        rec.seconds = time.perf_counter() - rec.t0
