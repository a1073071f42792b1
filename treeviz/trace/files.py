"""Trace files: JSON (``.json``), gzip-compressed JSON (``.json.gz``) or NumPy arrays
(``.npz``, :mod:`treeviz.trace.arrays`: made for traces of millions of nodes).

A file holds the trace's settings and, per node field the algorithm fills, one list of
numbers (struct of arrays, as in memory). Loading checks the tree here (shape, legal
moves) and every other field a view reads in :mod:`treeviz.trace.validate`, and raises
:class:`TraceFormatError` naming the field and the problem. A round trip is exact:
fields left out of a file take the defaults recording gives them, and a user search's
infinite values (JSON has none) are written as ``"+inf"``/``"-inf"``.

Compiled kernels take their arguments positionally (``treeviz.jit`` says why).
"""

from __future__ import annotations

import gzip
import io
import json
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from treeviz.connect4 import kernels as K
from treeviz.connect4.board import Position, check_size
from treeviz.errors import TraceFormatError, TreevizError
from treeviz.jit import njit
from treeviz.rules.registry import CONNECT4
from treeviz.safe_io import atomic_write, read_bounded
from treeviz.settings import (
    TRACE_MAX_JSON_BYTES,
    TRACE_MAX_LISTS,
    TRACE_MAX_NODES,
    TRACE_MAX_OBJECTS,
    TRACE_META_MAX_BYTES,
    TRACE_NAME_MAX_CHARS,
)
from treeviz.trace.arrays import MAGIC, read_npz, save_npz, write_npz
from treeviz.trace.extra import INFINITE
from treeviz.trace.game_files import check_game_root, game_of
from treeviz.trace.nodes import FIELD_DEFAULTS, NODE_DTYPE, SCHEMA_VERSION, Trace
from treeviz.trace.validate import check_trace

ANY_MOVE = 2**31 - 1  # another game's moves: any action id from 0 (legality checks them)
READABLE_SCHEMAS = (1, 2, SCHEMA_VERSION)  # 1 and 2: int8 moves, read widened
NPZ_MAX_BYTES = TRACE_MAX_NODES * NODE_DTYPE.itemsize + TRACE_META_MAX_BYTES  # read whole at most
# Decompressed JSON refused beyond this, before parsing: parsed, JSON numbers take about
# seven times their text in memory, so this bounds a load near 1 GB.
HEADER = (
    "schema",
    "algorithm",
    "params",
    "root_moves",
    "width",
    "height",
    "counters",
    "fields",
    "nodes",
)


def to_dict(trace: Trace) -> dict[str, Any]:
    """The JSON-ready form of ``trace``."""
    return header(trace) | {"nodes": {f: trace.nodes[f].tolist() for f in trace.fields}}


def header(trace: Trace) -> dict[str, Any]:
    """Everything about ``trace`` but its node columns."""
    return {
        "schema": trace.schema,
        "algorithm": trace.algorithm,
        "value_kind": trace.value_kind,
        "params": trace.params,
        "root_moves": trace.root_moves,
        "width": trace.width,
        "height": trace.height,
        "counters": trace.counters,
        "extra": infinite_values(trace.extra, to_file=True),
        "fields": list(trace.fields),
        "game": trace.game,
    }


def infinite_values(extra: dict[str, Any], to_file: bool) -> dict[str, Any]:
    """``extra`` with the values of its answer (``extra.result``: the chosen column's
    and each row's) that are infinite (a user search's) as the texts of
    :data:`INFINITE` (``to_file``), or those texts back as numbers; ``extra`` itself is
    left as it was."""
    res = extra.get("result")
    if not isinstance(res, dict):
        return extra
    out = dict(res)
    if "value" in res:
        out["value"] = _infinite(res["value"], to_file)
    if isinstance(res.get("moves"), list):
        out["moves"] = [
            dict(r, value=_infinite(r["value"], to_file))
            if isinstance(r, dict) and "value" in r
            else r
            for r in res["moves"]
        ]
    return dict(extra, result=out)


def _infinite(value: Any, to_file: bool) -> Any:
    """``value`` as :func:`infinite_values` writes (``to_file``) or reads it."""
    if to_file and isinstance(value, float) and value in INFINITE.values():
        return next(text for text, v in INFINITE.items() if v == value)
    if not to_file and isinstance(value, str):
        return INFINITE.get(value, value)
    return value


def dumps(trace: Trace) -> str:
    """``trace`` as compact JSON text."""
    return json.dumps(to_dict(trace), separators=(",", ":"))


def npz_bytes(trace: Trace) -> bytes:
    """``trace`` as the bytes of an ``.npz`` file (a download)."""
    out = io.BytesIO()
    write_npz(header(trace), trace, out)
    return out.getvalue()


def save(trace: Trace, path: str | Path) -> None:
    """Write ``trace`` to ``path``: ``.npz`` as arrays, else JSON (gzip-compressed when
    the name ends in ``.gz``). Whole or not at all: an error midway leaves the old file."""
    if str(path).endswith(".npz"):
        save_npz(header(trace), trace, path)
        return
    data = dumps(trace).encode()
    with atomic_write(path) as out:
        out.write(gzip.compress(data) if str(path).endswith(".gz") else data)


def load(path: str | Path) -> Trace:
    """Read a trace file written by :func:`save` (or by hand), validating it."""
    limit = NPZ_MAX_BYTES if str(path).endswith(".npz") else TRACE_MAX_JSON_BYTES
    raw = read_bounded(path, limit, f"trace file {str(path)!r}")
    return loads(raw, str(path))


def loads(raw: bytes | str, source: str = "trace") -> Trace:
    """Parse a trace: JSON (bytes may be gzip-compressed) or ``.npz`` bytes;
    :class:`TraceFormatError` if bad."""
    if isinstance(raw, bytes) and raw[:4] == MAGIC:
        head, columns = read_npz(raw, source)
        return from_dict(head | {"nodes": columns}, source)
    if isinstance(raw, bytes) and raw[:2] == b"\x1f\x8b":
        raw = _gunzip(raw, source)
    if len(raw) > TRACE_MAX_JSON_BYTES:
        raise TraceFormatError(f"{source}: {len(raw):,} bytes of JSON, more than the limit")
    _check_containers(raw, source)
    try:
        data = json.loads(raw)
    except RecursionError:
        raise TraceFormatError(f"{source}: nested too deeply to be a trace") from None
    except (ValueError, UnicodeDecodeError) as exc:  # also integers of thousands of digits
        raise TraceFormatError(f"{source}: not JSON ({str(exc)[:120]})") from None
    return from_dict(data, source)


# A trace holds a few dozen JSON objects and at most one list per recorded iteration
# (MCTS's log) besides its columns: a file of millions of tiny "{}" or "[]" would make
# the parser build gigabytes of them from 128 MiB of text. Counted before parsing.


def _check_containers(raw: bytes | str, source: str) -> None:
    """Refuse JSON with more objects or lists than any trace has (bounded memory)."""
    text = raw.encode() if isinstance(raw, str) else raw
    if text.count(b"{") > TRACE_MAX_OBJECTS or text.count(b"[") > TRACE_MAX_LISTS:
        raise TraceFormatError(f"{source}: more JSON objects or lists than a trace holds")


def _gunzip(raw: bytes, source: str) -> bytes:
    """Decompress at most ``TRACE_MAX_JSON_BYTES`` (a small file must not expand without end)."""
    unzip = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        out = unzip.decompress(raw, TRACE_MAX_JSON_BYTES + 1)
    except zlib.error as exc:
        raise TraceFormatError(f"{source}: broken gzip data ({exc})") from None
    if len(out) > TRACE_MAX_JSON_BYTES:
        raise TraceFormatError(
            f"{source}: expands to more than {TRACE_MAX_JSON_BYTES:,} bytes of JSON, the limit"
        )
    if not unzip.eof:
        raise TraceFormatError(f"{source}: broken gzip data (truncated)")
    return out


def _need(cond: bool, source: str, field: str, problem: str) -> None:
    if not cond:
        raise TraceFormatError(f"{source}: trace field '{field}' {problem}")


def from_dict(data: Any, source: str = "trace") -> Trace:
    """Build a :class:`Trace` from its JSON form, checking every field."""
    _need(isinstance(data, dict), source, "<top>", "must be a JSON object")
    for key in HEADER:
        _need(key in data, source, key, "is missing")
    _need(
        type(data["schema"]) is int and data["schema"] in READABLE_SCHEMAS,
        source,
        "schema",
        f"is {data['schema']!r}, expected one of {', '.join(map(str, READABLE_SCHEMAS))}",
    )
    _need(
        isinstance(data["algorithm"], str)
        and 0 < len(data["algorithm"]) <= TRACE_NAME_MAX_CHARS
        and data["algorithm"].isprintable(),
        source,
        "algorithm",
        f"must be a name of 1 to {TRACE_NAME_MAX_CHARS} printable characters, "
        f"got {data['algorithm']!r:.60}",
    )
    for key in ("params", "counters"):
        _need(isinstance(data[key], dict), source, key, "must be an object")
    _need(isinstance(data.get("extra", {}), dict), source, "extra", "must be an object")
    game = data.get("game", CONNECT4)
    _need(
        isinstance(game, str) and 0 < len(game) <= TRACE_NAME_MAX_CHARS and game.isprintable(),
        source,
        "game",
        f"must be a game's name, got {game!r:.60}",
    )
    kind = data.get("value_kind") if data["schema"] >= 2 else legacy_kind(data)
    _need(isinstance(kind, str), source, "value_kind", f"must be a string, got {kind!r:.60}")
    _need(
        all(type(data[k]) is int for k in ("width", "height")),
        source,
        "width/height",
        "must be whole numbers",
    )
    nodes = _connect4_nodes(data, source) if game == CONNECT4 else _game_nodes(data, game, source)
    trace = Trace(
        algorithm=data["algorithm"],
        params=data["params"],
        root_moves=data["root_moves"],
        width=int(data["width"]),
        height=int(data["height"]),
        nodes=nodes,
        fields=tuple(data["fields"]),
        counters=data["counters"],
        schema=SCHEMA_VERSION,
        extra=dict(data.get("extra") or {}),
        value_kind=str(kind),
        game=game,
    )
    with _named(source):
        check_trace(trace)
    trace.extra = infinite_values(trace.extra, to_file=False)
    return trace


def _connect4_nodes(data: dict[str, Any], source: str) -> np.ndarray:
    """The nodes of a Connect 4 trace: a move string at the root, a board size, each
    move a column that can be played (compiled checks)."""
    _need(
        (isinstance(data["root_moves"], str) and data["root_moves"].isdigit())
        or data["root_moves"] == "",
        source,
        "root_moves",
        f"must be a move string, got {data['root_moves']!r}",
    )
    try:
        check_size(data["width"], data["height"])
    except (TreevizError, TypeError) as exc:
        raise TraceFormatError(f"{source}: trace field 'width'/'height' invalid: {exc}") from None
    nodes = _nodes(data["fields"], data["nodes"], data["width"], source)
    _check_root(data["root_moves"], int(data["width"]), int(data["height"]), nodes, source)
    return nodes


def _game_nodes(data: dict[str, Any], game: str, source: str) -> np.ndarray:
    """The nodes of another game's trace: no board size (0 x 0), the root in the game's
    text, each move legal where it is played (:mod:`treeviz.trace.game_files`)."""
    _need(data["width"] == data["height"] == 0, source, "width/height", "must be 0 (not Connect 4)")
    rules = game_of(game, source)
    nodes = _nodes(data["fields"], data["nodes"], ANY_MOVE, source)
    check_game_root(rules, data["root_moves"], nodes, source)
    return nodes


@contextmanager
def _named(source: str) -> Iterator[None]:
    """Errors of the checks inside, prefixed with the file they are about."""
    try:
        yield
    except TraceFormatError as exc:
        raise TraceFormatError(f"{source}: {exc}") from None


def _check_root(moves: str, width: int, height: int, nodes: np.ndarray, source: str) -> None:
    """The root position is legal for the board size and unfinished, its recorded
    children are playable there, and no line is longer than the empty cells."""
    try:
        pos = Position.from_moves(moves, width, height)
    except TreevizError as exc:
        raise TraceFormatError(
            f"{source}: trace field 'root_moves' is not a legal position: {exc}"
        ) from None
    _need(not pos.is_over(), source, "root_moves", f"is a finished game ({pos.status()})")
    depth = nodes["depth"].astype(np.int64) - int(nodes["depth"][0])
    _need(
        int(depth.max()) <= width * height - pos.ply,
        source,
        "depth",
        "goes deeper than the empty cells of the root position",
    )
    bad = first_illegal_node(
        np.uint64(pos.current),
        np.uint64(pos.mask),
        nodes["parent"].astype(np.int64),
        nodes["move"].astype(np.int64),
        width,
        height,
    )
    _need(bad < 0, source, "move", f"of node {bad} plays a full column or after a win")


def legacy_kind(data: dict[str, Any]) -> str:
    """The value kind of a version 1 file, which did not state it: its fields tell
    which kind of search wrote it (visit counts: win rates; a static evaluation: the
    heuristic its params name; a window without one: exact scores; neither: the
    probabilities of a random choice)."""
    fields, params = data["fields"], data["params"]
    if not isinstance(fields, list) or not isinstance(params, dict):
        return "heuristic:window"  # the checks that follow reject the file
    if "visits" in fields:
        return "win_rate"
    if "static_eval" in fields:
        return f"heuristic:{params.get('heuristic', 'window')}"
    if "alpha" in fields:
        return "exact:weak" if params.get("weak") else "exact"
    return "probability"


def _numbers(col: list[Any], field: str, source: str) -> np.ndarray:
    """``col`` as a flat float array: JSON numbers only, never strings, booleans, nested
    lists, NaN, Infinity or numbers beyond float range."""
    named = f"{source}: trace field '{field}' must hold"
    plain = f"{named} plain numbers only (no strings, booleans or lists)"
    finite = f"{named} finite numbers (no NaN or Infinity)"
    if isinstance(col, np.ndarray):  # an .npz column: typed already
        if col.ndim != 1 or col.dtype.kind not in "iuf":
            raise TraceFormatError(plain)
        arr = col
    else:
        try:
            arr = np.asarray(col)
        except (ValueError, OverflowError):  # ragged nesting
            raise TraceFormatError(plain) from None
        if arr.ndim != 1 or arr.dtype.kind not in "iuf" or any(type(v) is bool for v in col):
            raise TraceFormatError(plain)
    try:
        out = arr.astype(np.float64)
    except OverflowError:
        raise TraceFormatError(finite) from None
    if not bool(np.all(np.isfinite(out))):
        raise TraceFormatError(finite)
    return out


def _nodes(fields: Any, columns: Any, width: int, source: str) -> np.ndarray:
    """The node array from per-field lists; checks names, lengths, types and the tree."""
    _need(
        isinstance(fields, list) and isinstance(columns, dict),
        source,
        "nodes",
        "must map field names to lists",
    )
    for f in ("parent", "move", "depth"):
        _need(f in fields, source, f, "is missing from 'fields'")
    _need(len(set(map(str, fields))) == len(fields), source, "fields", "names a field twice")
    _need(_is_column(columns.get("parent")), source, "parent", "must be a list")
    n = len(columns["parent"])
    limit = f"must list 1 to {TRACE_MAX_NODES:,} nodes, got {n:,}"
    _need(1 <= n <= TRACE_MAX_NODES, source, "parent", limit)
    nodes = np.zeros(n, dtype=NODE_DTYPE)
    typed: dict[str, np.ndarray] = {}  # .npz columns of their fields' own types
    for f in fields:
        _need(f in (NODE_DTYPE.names or ()), source, "fields", f"names {f!r:.60}, not a node field")
        col = columns.get(f)
        _need(_is_column(col) and len(col) == n, source, f, f"must be a list of {n} numbers")
        if (
            isinstance(col, np.ndarray)
            and col.ndim == 1
            and col.dtype == NODE_DTYPE[f]
            and col.dtype.kind in "iu"
        ):
            typed[f] = col
            continue
        arr = _numbers(col, f, source)
        info = np.iinfo(NODE_DTYPE[f]) if NODE_DTYPE[f].kind in "iu" else None
        if info is not None:
            _need(
                bool(np.all(arr == np.round(arr)))
                and arr.min() >= info.min
                and arr.max() <= info.max,
                source,
                f,
                f"must hold integers in {info.min}..{info.max}",
            )
        elif NODE_DTYPE[f] == np.float32:  # float32: 1e300 would load as inf
            limit32 = float(np.finfo(np.float32).max)
            _need(
                bool(np.all(np.abs(arr) <= limit32)),
                source,
                f,
                f"must hold numbers within ±{limit32:.3g}",
            )
        nodes[f] = arr
    _fill(nodes, typed, {f: d for f, d in FIELD_DEFAULTS.items() if f not in fields})
    _need(int(nodes["parent"][0]) == -1, source, "parent", "of node 0 (the root) must be -1")
    kind, node = _first_misplaced(nodes["parent"], nodes["move"], nodes["depth"], width)
    if kind:
        field, rule = _MISPLACED[kind]
        _need(False, source, field, f"{rule.format(w=width - 1)} (node {node} is not)")
    return nodes


# what _first_misplaced finds wrong, by its code: the field, what every node must be
_MISPLACED = {
    1: ("parent", "must point to an earlier node for every node but the root"),
    2: ("move", "must be a column 0-{w} for every node but the root"),
    3: ("depth", "must be the parent's depth + 1"),
}


@njit(cache=True)
def _first_misplaced(
    parent: np.ndarray, move: np.ndarray, depth: np.ndarray, width: int
) -> tuple[int, int]:
    """(what, node) of the first node but the root that is not where a tree's node
    must be: 1, a parent that is not an earlier node; 2, a move off the board; 3, a
    depth other than its parent's + 1; (0, -1) when every node is. One pass, where
    three whole-array checks and an index gather took 0.2 s for 2,000,000 nodes."""
    for i in range(1, parent.shape[0]):
        p = parent[i]
        if p < 0 or p >= i:
            return 1, i
        if move[i] < 0 or move[i] >= width:
            return 2, i
        if depth[i] != depth[p] + 1:
            return 3, i
    return 0, -1


FILL_ROWS = 8192  # rows per block: a block of every field stays in the processor's cache


def _fill(nodes: np.ndarray, columns: dict[str, np.ndarray], defaults: dict[str, Any]) -> None:
    """``nodes[f] = columns[f]`` and ``nodes[f] = defaults[f]`` for every field, block of
    rows by block: a field of a structured array is strided, and writing whole fields
    one after another went through the whole array once per field (0.4 s of an open
    for 2,000,000 nodes)."""
    for lo in range(0, len(nodes), FILL_ROWS):
        block = nodes[lo : lo + FILL_ROWS]
        for f, col in columns.items():
            block[f] = col[lo : lo + FILL_ROWS]
        for f, default in defaults.items():
            block[f] = default


def _is_column(col: Any) -> bool:
    """A list, or a one-dimensional array (an ``.npz`` member)."""
    return isinstance(col, list) or (isinstance(col, np.ndarray) and col.ndim == 1)


@njit(cache=True)
def first_illegal_node(
    cur0: np.uint64, mask0: np.uint64, parent: np.ndarray, move: np.ndarray, w: int, h: int
) -> int:
    """The first node whose move cannot be played from its parent's position (a full
    column, or a game already won), or -1. Parents precede their children."""
    n = parent.shape[0]
    cur = np.empty(n, dtype=np.uint64)
    mask = np.empty(n, dtype=np.uint64)
    won = np.zeros(n, dtype=np.bool_)
    cur[0], mask[0] = cur0, mask0
    for i in range(1, n):
        p = parent[i]
        if won[p] or not K.can_play(mask[p], move[i], h):
            return i
        won[i] = K.is_winning_move(cur[p], mask[p], move[i], w, h)
        cur[i], mask[i] = K.play(cur[p], mask[p], move[i], h)
    return -1
