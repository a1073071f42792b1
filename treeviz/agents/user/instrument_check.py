"""What a checking recording (``recording(check=True)``) checks as the search runs.

Each call's position is compared with the one its place in the tree says it should
be: its caller's position plus the one stone of the column between them, of the
colour of the side to move there (for board grids: the same symbol for a player's
stones throughout the search, or for the side to move's stones at every node, a board
kept from the side to move's view), with the ``maximizing`` flag passed on to the other
side; and a call must leave its position as it received it (a move played in place
and never taken back changes it). A call whose position is not one move after its
caller's is recorded as a problem, not raised: the search goes on and that call's
subtree is left out of the tree.

The first problem of each kind, in call order (node ids are call order), and how many
calls had one go to ``trace.extra["checked"]`` as plain JSON (columns 0-based)::

    turn        {"node", "call", "count", "kind": "stones" | "colour" | "flag", ...}
    mutation    {"node", "call", "count", "added", "removed", "recoloured"}
    calls       the traced calls checked (0: the agent traced no search; its tree is
                the per-column values it answered)
    incomplete  nodes with calls left out of the tree (below them: none)
    wrong       nodes whose position is not the one their place in the tree says (the
                positions below them are not judged again)

A ``stones`` problem with ``stray`` true names the node that made the call (the call
itself is not in the tree); ``added``/``removed``/``recoloured`` list the columns where
the two positions differ. ``colour`` gives the ``column`` of the stone, the ``mover``
(who made the move), its ``symbol`` and the symbols the ``mover`` and the other player
have elsewhere on the board (``mover_symbol``, ``other_symbol``, None when they have
no stone). ``flag`` gives the argument ``name`` and the ``value`` it got, the same as
its caller's. ``mutation`` names the first node whose call changed its position while
every call it made gave its own back unchanged (the code that forgot to undo), or,
when there is none, the first node whose position changed.

The recording is passed in whole and typed ``Any`` (``instrument`` imports this module).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from treeviz.connect4.board import PLAYERS, Position
from treeviz.connect4.grid import EMPTY, flat_rows, grid_rows
from treeviz.errors import IllegalMoveError, InvalidMoveError
from treeviz.trace.nodes import NO_PARENT, NOT_RECORDED

Recording = Any
Problem = dict[str, Any]


@dataclass(slots=True)
class Frame:
    """One call under way: its position argument and what checking knows of it."""

    board: Any
    call: int  # the call's number (1 = the first call of the recording)
    node: int = NOT_RECORDED
    snap: Any = None  # the reader's copy of the position on entry
    pos: Position | None = None  # the position the call should have
    problem: Problem | None = None  # found on entry, noted once the node has an id
    tainted: bool = False  # its position, or an ancestor's, was wrong: not judged again
    changed_below: bool = False  # a call it made changed its own position


class Checker:
    """The checks of one :class:`~treeviz.agents.user.instrument.CheckedRecording`."""

    def __init__(self, rec: Recording) -> None:
        self.rec = rec
        self.frames: list[Frame] = []
        self.symbols: dict[str, Any] = {}  # player -> its stones' symbol on the grids
        self.roles: dict[str, Any] = {}  # "to move" / "other" -> its stones' symbol
        self.ways = {"player", "role"}  # the ways of colouring every grid so far fits
        self.first: dict[str, Problem] = {}  # check -> its first problem in call order
        self.counts: dict[str, int] = {}
        self.culprit: Problem | None = None  # first mutation its own code made
        self.incomplete: set[int] = set()
        self.wrong: set[int] = set()  # nodes whose position is not the one they stand for
        self.calls = 0  # traced calls checked

    # --------------------------------------------------------------- the call hooks
    def call(
        self, make: Callable[..., Any], spec: Any, *, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        """Make the call through ``make`` (the plain recording's), checking it."""
        self.calls += 1
        frame = Frame(spec.board(args, kwargs), self.rec.calls + 1)
        self.frames.append(frame)
        try:
            ret = make(spec, args, kwargs)
        finally:
            self.frames.pop()
        self._returned(frame)
        return ret

    def entered(self, parent: int, move: int, node: int) -> None:
        """The recording placed the current call at ``node`` (``NEW``: about to be
        added), reached from ``parent`` by 0-based column ``move``."""
        frame = self.frames[-1]
        frame.node = node
        frame.snap = self.rec.reader.snap(frame.board)
        if node == NOT_RECORDED:
            return
        frame.pos = self._expected(parent, move)
        # below a wrong position every position is wrong: the first is the one to name
        frame.tainted = len(self.frames) > 1 and self.frames[-2].tainted
        frame.problem = None if frame.tainted else self._verify(frame, move)
        frame.tainted |= frame.problem is not None
        if node >= 0 and frame.problem is not None:
            self.wrong.add(node)
            self._note("turn", frame.call, node, frame.problem)

    def added(self, parent: int, node: int) -> None:
        """The current call made new node ``node`` below ``parent``."""
        frame = self.frames[-1]
        frame.node = node
        if node < 0:
            return
        if frame.problem is not None:
            self.wrong.add(node)
        problem = frame.problem or self._flag(parent, node)
        if problem is not None:
            self._note("turn", frame.call, node, problem)

    def stray(self, board: Any) -> int:
        """A call whose position is not one move after its caller's: noted against the
        caller's node; the call and its subtree stay out of the tree."""
        parent, before = self.rec.stack[-1]
        after = self.rec.reader.snap(board)
        self.incomplete.add(parent)
        problem = {"kind": "stones", "stray": True, **self._diff(before, after)}
        self._note("turn", self.rec.calls, parent, problem)
        return NOT_RECORDED

    def _returned(self, frame: Frame) -> None:
        """The call of ``frame`` returned: its position must be as it came in."""
        if frame.snap is None or _same(frame.snap, self.rec.reader.snap(frame.board)):
            return
        if self.frames:
            self.frames[-1].changed_below = True
        if frame.node < 0:
            return
        change = self._diff(frame.snap, self.rec.reader.snap(frame.board))
        self._note("mutation", frame.call, frame.node, change)
        if not frame.changed_below and (self.culprit is None or frame.call < self.culprit["call"]):
            self.culprit = {"node": frame.node, "call": frame.call, **change}

    def _note(self, check: str, call: int, node: int, problem: Problem) -> None:
        self.counts[check] = self.counts.get(check, 0) + 1
        if check not in self.first or call < self.first[check]["call"]:
            self.first[check] = {"node": node, "call": call, **problem}

    # --------------------------------------------------------------- what is checked
    def _expected(self, parent: int, move: int) -> Position | None:
        """The position the current call should have: the root's, or its caller's (the
        root when the caller is the root given to the recording) plus ``move``."""
        root = self.rec.root
        if parent == NO_PARENT:
            return root.copy()
        before = self.frames[-2].pos if len(self.frames) > 1 else root
        if before is None:
            return None
        if not before.can_play(move):
            return None
        pos = before.copy()
        pos.push(move)  # after a four too: a search that goes on is checked on
        return pos

    def _verify(self, frame: Frame, move: int) -> Problem | None:
        """A board grid's problem: not the expected stones (``stones``), or a player's
        stones shown in the other's symbol (``colour``); None when it is right (or not a
        grid: a Position or a move string cannot get a colour wrong)."""
        snap = frame.snap
        if getattr(self.rec.reader, "flat", False):  # a flat board's rows, as a grid's
            snap = flat_rows(snap)
        if not isinstance(snap, list | np.ndarray):
            return None
        pos = frame.pos
        readings = _readings(snap, self.rec.root.height)
        if readings is None:
            return None
        if pos is None:
            return {"kind": "stones", **self._against_caller(frame)}
        x, o = pos.stones
        fitting = [groups for mask, groups in readings if mask == pos.mask]
        for groups in fitting:
            symbols = _symbols(groups, x, o)
            if symbols is not None and self._agree(symbols, pos):
                return None
        if not fitting:
            return {"kind": "stones", **self._against_caller(frame)}
        found = _colour(fitting[0], pos, move, self._usual(pos))
        if "player" not in self.ways and len(self.roles) == 2:  # kept for the side to move
            found["roles"] = {k: _shown(v) for k, v in self.roles.items()}
        return found

    def _agree(self, symbols: dict[str, Any], pos: Position) -> bool:
        """Whether ``symbols`` (player -> symbol at ``pos``) keeps a way of colouring
        seen so far: a symbol per player throughout, or a symbol per role (the side
        to move's, the other's: a board kept for the side to move, negated or swapped
        at every ply). The ways ``symbols`` breaks are given up; what it shows is
        added to those it keeps. False when it keeps none."""
        roles = _by_role(symbols, pos)
        kept = {
            way: seen
            for way, seen, now in (("player", self.symbols, symbols), ("role", self.roles, roles))
            if way in self.ways and _consistent(seen, now)
        }
        if not kept:
            return False
        self.ways = set(kept)
        self.symbols.update(symbols if "player" in kept else {})
        self.roles.update(roles if "role" in kept else {})
        return True

    def _usual(self, pos: Position) -> dict[str, Any]:
        """player -> the symbol it usually has at ``pos`` (by the way still kept)."""
        if "player" in self.ways or not self.roles:
            return self.symbols
        roles = {p: "to move" if p == pos.side_to_move else "other" for p in PLAYERS}
        return {p: self.roles[r] for p, r in roles.items() if r in self.roles}

    def _against_caller(self, frame: Frame) -> Problem:
        """How the current position differs from its caller's (empty: no caller)."""
        if len(self.frames) < 2 or self.frames[-2].snap is None:
            return {}
        return self._diff(self.frames[-2].snap, frame.snap)

    def _flag(self, parent: int, node: int) -> Problem | None:
        """A maximizing flag equal to the caller's: the turn did not pass."""
        maxi = self.rec.maxi
        if parent < 0 or maxi[node] < 0 or maxi[node] != maxi[parent]:
            return None
        spec = self.rec.spec
        return {"kind": "flag", "name": spec.flag if spec else None, "value": bool(maxi[node])}

    def _diff(self, before: Any, after: Any) -> Problem:
        """The columns where two snapshots differ: stones added, removed, recoloured."""
        return _diff(before, after, self.rec.root)

    # --------------------------------------------------------------- the facts
    def facts(self) -> dict[str, Any]:
        """What was found, as plain JSON (see the module docs)."""
        out: dict[str, Any] = {"calls": self.calls}
        if "turn" in self.first:
            out["turn"] = {**self.first["turn"], "count": self.counts["turn"]}
        if "mutation" in self.first:
            found = self.culprit or self.first["mutation"]
            out["mutation"] = {**found, "count": self.counts["mutation"]}
        out["incomplete"] = sorted(self.incomplete)
        out["wrong"] = sorted(self.wrong)
        return out


# ------------------------------------------------------------------- board grids
def _readings(snap: Any, height: int) -> list[tuple[int, dict[Any, int]]] | None:
    """A grid's stones read top row first and bottom row first: per reading, the
    occupied cells and each symbol's cells, as bitboards; None when its cells are not
    symbols."""
    rows = grid_rows(snap)
    if rows is None or len(rows) != height:
        return None
    out = []
    try:
        for top_first in (True, False):
            mask, groups = 0, dict[Any, int]()
            for r, row in enumerate(rows):
                level = height - 1 - r if top_first else r
                for col, cell in enumerate(row):
                    if cell not in EMPTY:
                        bit = 1 << (col * (height + 1) + level)
                        groups[cell] = groups.get(cell, 0) | bit
                        mask |= bit
            out.append((mask, groups))
    except TypeError:  # unhashable cells: not symbols
        return None
    return out


def _symbols(groups: dict[Any, int], x: int, o: int) -> dict[str, Any] | None:
    """player -> symbol when each symbol's cells are exactly one player's stones."""
    out = {}
    for symbol, cells in groups.items():
        player = "X" if cells == x else "O" if cells == o else None
        if player is None:
            return None
        out[player] = symbol
    return out


def _by_role(symbols: dict[str, Any], pos: Position) -> dict[str, Any]:
    """``symbols`` (player -> symbol at ``pos``) by role: the side to move's, the other's."""
    mover = pos.side_to_move
    return {"to move" if p == mover else "other": s for p, s in symbols.items()}


def _consistent(seen: dict[str, Any], now: dict[str, Any]) -> bool:
    """Whether ``now`` (key -> symbol) keeps the symbols ``seen`` and gives its two
    keys different symbols."""
    merged = {**seen, **now}
    return all(seen.get(k, s) == s for k, s in now.items()) and len(set(merged.values())) == len(
        merged
    )


def _colour(groups: dict[Any, int], pos: Position, move: int, seen: dict[str, Any]) -> Problem:
    """The ``colour`` problem of a grid with the right cells taken but the wrong
    symbols: the symbol of the stone in column ``move`` and the players' usual ones."""
    h1 = pos.height + 1
    column = ((1 << pos.height) - 1) << (move * h1)
    top = pos.mask & column
    bit = 1 << (top.bit_length() - 1) if top else 0
    mover = PLAYERS[(pos.ply - 1) % 2]
    other = PLAYERS[pos.ply % 2]
    x, o = pos.stones
    stones = {"X": x & ~bit, "O": o & ~bit}

    def symbol_of(player: str) -> Any:
        found = [s for s, cells in groups.items() if cells & stones[player]]
        return found[0] if len(found) == 1 else seen.get(player)

    stone = next((s for s, cells in groups.items() if cells & bit), None)
    return {
        "kind": "colour",
        "column": move,
        "mover": mover,
        "symbol": _shown(stone),
        "mover_symbol": _shown(symbol_of(mover)),
        "other_symbol": _shown(symbol_of(other)),
    }


def _shown(symbol: Any) -> Any:
    """A symbol as plain JSON: text and whole numbers as they are, others as text."""
    if symbol is None or isinstance(symbol, str) or type(symbol) is int:
        return symbol
    return repr(symbol)


# ------------------------------------------------------------------- snapshots
def _same(a: Any, b: Any) -> bool:
    """Whether two snapshots of a position are equal."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return bool(np.array_equal(a, b))
    return bool(a == b)


def _diff(before: Any, after: Any, root: Position) -> Problem:
    """Columns (0-based) of the stones ``after`` has that ``before`` has not
    (``added``), of those it lost (``removed``) and of those of another symbol
    (``recoloured``), for two snapshots of the same kind (on ``root``'s board)."""
    out: dict[str, list[int]] = {"added": [], "removed": [], "recoloured": []}
    old, new = _mask(before, root), _mask(after, root)
    if old is not None and new is not None:
        for bits, key in ((new & ~old, "added"), (old & ~new, "removed")):
            while bits:
                low = bits & -bits
                out[key].append((low.bit_length() - 1) // (root.height + 1))
                bits ^= low
    else:
        for row_a, row_b in zip(grid_rows(before) or [], grid_rows(after) or [], strict=False):
            for col, (a, b) in enumerate(zip(row_a, row_b, strict=False)):
                if a != b:
                    out[_change(a, b)].append(col)
    return {k: sorted(v) for k, v in out.items()}


def _change(a: Any, b: Any) -> str:
    """How a cell changed from ``a`` to ``b`` (two different cells)."""
    try:
        if a in EMPTY:
            return "added"
        return "removed" if b in EMPTY else "recoloured"
    except TypeError:  # an unhashable cell: not a symbol
        return "recoloured"


def _mask(snap: Any, root: Position) -> int | None:
    """The occupied cells of a Position's or a move string's snapshot (None: a grid)."""
    if isinstance(snap, int):
        return snap
    if isinstance(snap, str):
        try:
            return Position.from_moves(snap, root.width, root.height).mask
        except (InvalidMoveError, IllegalMoveError):
            return 0  # not a position: every stone of the other one counts as changed
    return None
