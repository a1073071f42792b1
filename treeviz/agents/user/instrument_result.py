"""A recording's calls turned into a standard trace and result, with NumPy.

Values become treeviz's convention: for the side to move at each node (a minimiser's
values and window are negated), stored as *symmetric ranks* so that the int32 node
fields keep any number a person's search returns (1e14 for a win, 0.37, ±inf): the
distinct magnitudes, sorted, go in ``trace.extra["user_values"]``; a stored ``k > 0``
means ``user_values[k - 1]``, ``-k`` its negation, 0 zero, ±INF ±infinity. Ranks keep
order and negation, so every comparison the views make on stored values still holds.

The nodes' positions are rebuilt level by level from the root and the moves (bitboards
as uint64 arrays): legal columns, cutoffs (legal columns a node that searched some
children never called) and wins come from them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from numbers import Real
from typing import Any

import numpy as np

from treeviz.agents.common import column_rows, result
from treeviz.agents.user.movers import mover_reading
from treeviz.agents.user.scale import results_centre
from treeviz.agents.user.sides import inferred_flags
from treeviz.connect4.board import PLAYERS
from treeviz.trace.kinds import RESULTS_KIND
from treeviz.trace.nodes import (
    CUTOFF,
    INF,
    NO_VALUE,
    ON_PV,
    TERMINAL,
    MoveStat,
    SearchResult,
    Trace,
    new_nodes,
)
from treeviz.trace.recorder import CORE_FIELDS, check_playable
from treeviz.trace.values import MARK_BOUND, PROVEN, bound_mark, user_number, user_words

# A recording (``treeviz.agents.user.instrument.Recording``, which imports this module: typed
# ``Any`` here so the two do not import each other).
Recording = Any

MAX_RANKS = PROVEN - 1  # ranks stay clear of the proven-win range


def build_result(rec: Recording) -> SearchResult:
    """The :class:`SearchResult` of a finished recording (see the module docs);
    :class:`InvalidPositionError` when its root is a finished game (no move to
    choose)."""
    root = rec.root
    assert root is not None
    check_playable(root)
    n = len(rec.parent)
    parent = np.frombuffer(rec.parent, np.int32).copy()
    move = np.frombuffer(rec.move, np.int8).copy()
    depth = np.frombuffer(rec.depth, np.int16).copy()
    rec.tuples.settle(parent, move, plain_means(rec))
    visits, mean = returned(rec)
    if rec.forced is None and rec.spec is not None and rec.spec.chosen is None:
        rec.column_base = rec.tuples.column_base(parent, move, mean)  # read by _said only
    alpha_in, beta_in = np.frombuffer(rec.alpha, np.float64), np.frombuffer(rec.beta, np.float64)
    flags, pruned = board_facts(root, parent, move, depth=depth, visits=visits)
    maxi = np.frombuffer(rec.maxi, np.int8)
    four = ((flags & TERMINAL) != 0) & (root.ply + depth < root.width * root.height)
    named = (maxi >= 0).any()  # a maximiser named: its values are not negated
    centre = results_centre(
        mean, (alpha_in, beta_in), four=four, visits=visits, parent=None if named else parent
    )
    reading = None
    if not named and not (visits > 1).any():  # no flag, no means: whose?
        window = (alpha_in, beta_in)
        found = inferred_flags(
            root, parent=parent, depth=depth, flags=flags, mean=mean, window=window
        )
        if found is not None:
            maxi, reading = found
    elif not named:  # means, no flag: kept for the mover of each node?
        reading = mover_reading(
            root, parent=parent, depth=depth, flags=flags, visits=visits, mean=mean
        )
    # results in 0..1 are stored centred (a draw 0): a negation is the other side's view;
    # rounded, so that 1 - 0.46 and 0.54 stay one number once 0.5 is taken from each
    if centre:
        mean, alpha_in, beta_in = (np.round(a - centre, 12) for a in (mean, alpha_in, beta_in))
    if reading is not None and reading.get("player") == "mover":
        mean = -mean  # read, as every trace is, for the side to move
    flip = maxi == 0  # a minimiser's numbers are the maximiser's: negate them
    value = np.where(flip, -1.0, 1.0) * mean
    alpha = np.where(flip, -beta_in, alpha_in)
    beta = np.where(flip, -alpha_in, beta_in)
    table = magnitudes(value, alpha, beta)
    nodes = new_nodes(n)
    nodes["parent"], nodes["move"], nodes["depth"] = parent, move, depth
    nodes["static_eval"], nodes["order"] = NO_VALUE, -1  # as ``record`` leaves them
    nodes["value"] = encode(value, table)
    nodes["alpha"], nodes["beta"] = encode(alpha, table), encode(beta, table)
    if math.isnan(value[0]):  # a root that was not a call: its best child's value
        kids = np.flatnonzero(parent == 0)
        known = nodes["value"][kids][nodes["value"][kids] != NO_VALUE]
        nodes["value"][0] = -known.min() if len(known) else NO_VALUE
    nodes["flags"], nodes["pruned"] = flags, pruned
    fields = ["alpha", "beta"] if np.isfinite(alpha_in).any() else []
    if (visits > 1).any():  # calls came back to nodes: their counts matter (MCTS)
        nodes["visits"] = visits
        fields.append("visits")
    spec = rec.spec
    trace = Trace(
        algorithm=rec.name or f"traced:{spec.name if spec else 'search'}",
        params={},
        root_moves=root.moves_string(),
        width=root.width,
        height=root.height,
        nodes=nodes,
        fields=tuple(dict.fromkeys((*CORE_FIELDS, "pruned", *fields))),
        counters={
            "nodes": rec.calls,
            "recorded": n,
            "cutoffs": int((flags & CUTOFF != 0).sum()),
            "tt_hits": 0,
            "leaves": int((np.bincount(parent[1:], minlength=n) == 0).sum()),
            "time_s": rec.seconds,
            "truncated": n >= rec.capacity and rec.calls > n,
            "capacity": rec.capacity,
            "left_out": rec.left_out,
        },
        extra={"user_values": table.tolist()},
        value_kind=RESULTS_KIND if centre else "user",
    )
    sides = maximizing(root, parent, depth, maxi=maxi, flag=spec.flag if spec else None)
    if sides:
        trace.extra["maximizing"] = sides
    if reading is not None:
        trace.extra["perspective"] = reading
    if rec.counted:  # the person's own visit counts (-1: none read)
        trace.extra["user_visits"] = [rec.counted.get(k, -1) for k in range(n)]
    checked = rec.facts()
    if checked is not None:
        trace.extra["checked"] = checked
    return _answer(rec, trace)


def plain_means(rec: Recording) -> np.ndarray:
    """Per node, the mean of the plain numbers (not tuples) it returned (NaN: none)."""
    visits = np.frombuffer(rec.visits, np.int32)
    sums = np.frombuffer(rec.value, np.float64)
    return np.divide(sums, visits, out=np.full(len(visits), np.nan), where=visits > 0)


def returned(rec: Recording) -> tuple[np.ndarray, np.ndarray]:
    """Per node: the calls that returned a value, and the mean of those values as the
    function returned them (NaN: none), tuples' values included."""
    visits = np.frombuffer(rec.visits, np.int32).copy()
    sums = np.frombuffer(rec.value, np.float64).copy()
    for node, (total, count) in rec.tuples.totals().items():  # tuples' values, read once
        sums[node] += total
        visits[node] += count
    mean = np.divide(sums, visits, out=np.full(len(visits), np.nan), where=visits > 0)
    return visits, mean


def maximizing(
    root: Any, parent: np.ndarray, depth: np.ndarray, *, maxi: np.ndarray, flag: str | None
) -> dict[str, Any]:
    """Whose values a search with a maximizing flag returns: ``maximizer``, the player
    (X or O) its flag True stands for (read at the first node that got one), ``flag``
    the argument's name, and ``same`` the nodes whose flag was their parent's (the
    turn did not pass; only when there are some). Empty without a flag."""
    known = np.flatnonzero(maxi >= 0)
    if not len(known):
        return {}
    first = int(known[0])
    side = PLAYERS[(root.ply + int(depth[first])) % 2]
    out: dict[str, Any] = {
        "maximizer": side if maxi[first] == 1 else PLAYERS[side == "X"],
        "flag": flag,
    }
    up = maxi[np.maximum(parent, 0)]
    same = np.flatnonzero((parent >= 0) & (maxi >= 0) & (up >= 0) & (maxi == up))
    if len(same):
        out["same"] = same.tolist()
    return out


def magnitudes(*arrays: np.ndarray) -> np.ndarray:
    """The sorted distinct finite non-zero magnitudes in ``arrays`` (rounded to fewer
    significant digits in the rare search with more distinct values than ranks)."""
    every = np.abs(np.concatenate(arrays))
    every = every[np.isfinite(every) & (every > 0)]
    table = np.unique(every)
    digits = 12
    while len(table) > MAX_RANKS:
        digits -= 1
        exp = np.floor(np.log10(table))
        table = np.unique(np.round(table / 10**exp, digits) * 10**exp)
    return table


def encode(x: np.ndarray, table: np.ndarray) -> np.ndarray:
    """Values as symmetric ranks into ``table`` (NaN: ``NO_VALUE``; ±inf: ±``INF``)."""
    out = np.full(x.shape, NO_VALUE, np.int32)
    fin = np.isfinite(x)
    mag = np.abs(x[fin])
    ranks = np.minimum(np.searchsorted(table, mag), max(len(table) - 1, 0)) + 1
    ranks = np.where(mag > 0, ranks, 0)
    out[fin] = np.sign(x[fin]).astype(np.int32) * ranks
    out[np.isposinf(x)], out[np.isneginf(x)] = INF, -INF
    return out


def board_facts(
    root: Any, parent: np.ndarray, move: np.ndarray, *, depth: np.ndarray, visits: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per node: flags (TERMINAL where a four was made or the board filled; CUTOFF where
    a node searched once left legal columns unsearched) and the ``pruned`` column bits.
    A node reached many times (MCTS) has columns it has not tried yet, not cut off."""
    n, w, h = len(parent), root.width, root.height
    h1 = np.uint64(h + 1)
    cols = np.arange(w, dtype=np.uint64)
    bottom = np.uint64(1) << (cols * h1)
    column = ((np.uint64(1) << np.uint64(h)) - np.uint64(1)) << (cols * h1)
    top = np.uint64(1) << (cols * h1 + np.uint64(h - 1))
    first_x = root.side_to_move == "X"
    mask = np.zeros(n, np.uint64)
    x = np.zeros(n, np.uint64)
    x_root, o_root = root.stones
    mask[0], x[0] = np.uint64(x_root | o_root), np.uint64(x_root)
    terminal = np.zeros(n, bool)
    for d in range(1, int(depth.max(initial=0)) + 1):
        ids = np.flatnonzero(depth == d)
        p, c = parent[ids], move[ids].astype(np.int64)
        stone = (mask[p] + bottom[c]) & column[c]
        mask[ids] = mask[p] | stone
        x_moved = first_x == (d % 2 == 1)
        x[ids] = x[p] | stone if x_moved else x[p]
        mover = x[ids] if x_moved else mask[ids] ^ x[ids]
        terminal[ids] = has_four(mover, h) | (np.bitwise_count(mask[ids]) == w * h)
    legal = np.zeros(n, np.uint16)
    for col in range(w):
        legal |= np.where(mask & top[col] == 0, np.uint16(1 << col), np.uint16(0))
    called = np.zeros(n, np.uint16)
    np.bitwise_or.at(called, parent[1:], (np.uint16(1) << move[1:].astype(np.uint16)))
    pruned = np.where((called != 0) & (visits <= 1), legal & ~called, 0).astype(np.uint16)
    flags = np.where(terminal, TERMINAL, 0) | np.where(pruned != 0, CUTOFF, 0)
    return flags.astype(np.uint8), pruned


def has_four(stones: np.ndarray, height: int) -> np.ndarray:
    """Which bitboards hold four in a row (``board.has_four``, over an array)."""
    out = np.zeros(len(stones), bool)
    for shift in (1, height, height + 1, height + 2):
        s = np.uint64(shift)
        m = stones & (stones >> s)
        out |= (m & (m >> (s + s))) != 0
    return out


def _answer(rec: Recording, trace: Trace) -> SearchResult:
    """The chosen column, the per-column rows and the principal variation."""
    root = rec.root
    assert root is not None
    nodes = trace.nodes
    kids = trace.children(0)
    firsts: dict[int, int] = {}  # column -> its node
    for k in kids:  # a column called twice from the root: its first call counts
        firsts.setdefault(int(nodes["move"][k]), int(k))
    values = {col: int(nodes["value"][k]) for col, k in firsts.items()}
    best = _chosen(rec, values, _visits(trace, kids))
    if rec.said:  # an answer given, not read from the values: the doctor judges it
        trace.extra["answered"] = best
    pv = [best, *_line(trace, next((int(k) for k in kids if nodes["move"][k] == best), None))]
    node = 0
    nodes["flags"][0] |= ON_PV
    for col in pv:
        found = [int(k) for k in trace.children(node) if nodes["move"][k] == col]
        if not found:
            break
        node = found[0]
        nodes["flags"][node] |= ON_PV

    def row(col: int) -> MoveStat:
        if col not in values:
            return MoveStat(col + 1, None, {}, text="not searched")
        raw = values[col]
        if raw == NO_VALUE:
            return MoveStat(col + 1, None, {}, text="no value returned")
        v, mark = user_number(trace, -raw), bound_mark(trace, firsts[col])
        # a column searched with a window it fell outside: only a bound (as alpha-beta's)
        extra = {"bound": MARK_BOUND[mark]} if trace.windowed else {}
        said = user_words(trace, v)
        text = f"{mark} {said} ({MARK_BOUND[mark]} bound: cut off)" if mark else said
        return MoveStat(col + 1, v, extra, text=text)

    rows = column_rows(root, row)
    root_raw = int(nodes["value"][0])
    value = user_number(trace, root_raw) if root_raw != NO_VALUE else None
    return result(
        trace, best, rows, pv=pv, value=value, function=rec.spec.name if rec.spec else None
    )


def _visits(trace: Trace, kids: np.ndarray) -> dict[int, int]:
    """Column -> visits of the root's children, for a search that came back to nodes
    (an MCTS; empty for any other)."""
    if "visits" not in trace.fields:
        return {}
    nodes = trace.nodes
    return {int(nodes["move"][k]): int(nodes["visits"][k]) for k in kids}


def _chosen(rec: Recording, values: dict[int, int], visits: dict[int, int]) -> int:
    """The root's column: what its return says, else for an MCTS its most visited
    child (UCT's answer; the best valued among those), else the best child by its
    values (the first called among equals), else the first legal column."""
    root = rec.root
    assert root is not None
    said = rec.forced if rec.forced is not None else _said(rec)
    if said is not None and root.can_play(said):
        rec.said = True  # the search's own answer, not one read from its values
        return said
    if visits:
        most = max(visits.values())
        values = {c: v for c, v in values.items() if visits.get(c) == most}
    best, top = None, None
    for col, v in values.items():  # in call order
        if v != NO_VALUE and (top is None or -v > top):
            best, top = col, -v
    if best is not None:
        return best
    return next(iter(values)) if values else root.legal_moves()[0]


def _said(rec: Recording) -> int | None:
    """The 0-based column the root call's return names, if any: ``chosen=``'s answer,
    else a returned tuple's first integer that is a column of the board and not its
    value (the number ``value=`` reads, or without it the item the search's tuples hold
    their values in: :mod:`~treeviz.agents.user.tuple_values`). A value
    is never taken for a column: ``(0, 3)`` read with ``value=lambda r: r[0]`` chose 3,
    and ``(-100, 5)`` chose 5."""
    root = rec.root
    if root is None:
        return None
    base = rec.column_base
    return said_move(rec, lambda x: _column(x - base if is_number(x) else x, root.width))


def said_move(rec: Recording, move_of: Callable[[Any], int | None]) -> int | None:
    """The move the root call's return names (:func:`_said`), read by ``move_of``
    (an item to a move, None: it is none)."""
    spec, ret = rec.spec, rec.root_return
    if spec is None or rec.root_call is None:
        return None
    if spec.chosen is not None:
        return move_of(spec.chosen(ret))
    if not isinstance(ret, tuple | list):
        return None
    ints = [
        i
        for i, item in enumerate(ret)
        if isinstance(item, int | np.integer) and not isinstance(item, bool)
    ]
    if spec.value is None:
        slot = rec.tuples.index()
        value_at = first_number(ret) if slot is None else slot
    else:
        value_at = _value_index(ret, ints, spec)
    found = (move_of(ret[i]) for i in ints if i != value_at)
    return next((c for c in found if c is not None), None)


def _value_index(ret: tuple[Any, ...] | list[Any], ints: list[int], spec: Any) -> int | None:
    """Which integer of ``ret`` holds the value ``value=`` reads, if any: the one whose
    change changes the value (``r[0]``, ``-r[0]``, ``r[1] / 100`` alike), else the one
    equal to it (a ``value=`` that cannot read a changed copy). Where the value and a
    column are the same number, either reads the same."""
    v = spec.number(ret)
    if math.isnan(v):
        return None
    for i in ints:
        try:
            if spec.value(_changed(ret, i)) != spec.value(ret):
                return i
        except Exception:  # a person's accessor may refuse a copy: compare numbers instead
            break
    exact = [i for i in ints if as_float(ret[i]) == v]
    found = exact or [i for i in ints if as_float(ret[i]) == -v]
    return found[0] if found else None


def _changed(ret: tuple[Any, ...] | list[Any], i: int) -> Any:
    """A copy of ``ret`` (of its own type, named tuples included) with item ``i`` one
    more."""
    items = list(ret)
    items[i] = items[i] + 1
    return type(ret)(*items) if hasattr(ret, "_fields") else type(ret)(items)


def _column(x: Any, width: int) -> int | None:
    """``x`` as a 0-based column of a board ``width`` wide, or None."""
    if not is_number(x) or not math.isfinite(x) or x != int(x):  # 3.0 reads as 3
        return None
    return int(x) if 0 <= x < width else None


def is_number(item: Any) -> bool:
    """A number a search returns (a bool is not one)."""
    kind = type(item)
    if kind is int or kind is float:  # the common case, without the ABC's slow check
        return True
    return isinstance(item, Real) and not isinstance(item, bool)


def as_float(x: Any) -> float:
    """A number as a float; an integer past the float range (``10**400``) as ±inf, the
    value that keeps its order among the others."""
    try:
        return float(x)
    except OverflowError:
        return math.inf if x > 0 else -math.inf


def first_number(ret: tuple[Any, ...] | list[Any]) -> int | None:
    """The index of the first number in a returned tuple or list, if any."""
    return next((i for i, item in enumerate(ret) if is_number(item)), None)


def _line(trace: Trace, node: int | None) -> list[int]:
    """Best replies below ``node`` by the recorded values (0-based columns)."""
    out: list[int] = []
    while node is not None:
        kids = trace.children(node)
        vals = trace.nodes["value"][kids]
        ok = vals != NO_VALUE
        if not ok.any():
            break
        k = int(kids[ok][np.argmin(vals[ok])])  # the child worst for its mover
        out.append(int(trace.nodes["move"][k]))
        node = k
    return out
