"""Trace files: exact round trips and clear errors for malformed input."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from conftest import npz_of

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.draw.view import select, to_networkx
from treeviz.errors import TraceFormatError
from treeviz.trace.files import dumps, header, load, loads, save


@pytest.mark.parametrize(
    "agent", ["random", "greedy", "astar", "minimax", "alphabeta", "mcts", "solver"]
)
@pytest.mark.parametrize("suffix", [".json", ".json.gz", ".npz"])
def test_round_trip_is_exact(agent: str, suffix: str, tmp_path: Path) -> None:
    pos = Position.from_moves("76724423326731757151271355323125166645")
    trace = search(pos, agent).trace
    path = tmp_path / f"t{suffix}"
    save(trace, path)
    assert load(path) == trace


def test_bad_files_name_field_and_problem() -> None:
    good = json.loads(dumps(search(Position.from_moves("4453"), "alphabeta", depth=2).trace))
    cases = {
        "parent": lambda d: d["nodes"]["parent"].__setitem__(3, 99),
        "move": lambda d: d["nodes"]["move"].__setitem__(2, 9),
        "schema": lambda d: d.__setitem__("schema", 99),
        "depth": lambda d: d["nodes"]["depth"].__setitem__(2, 7),
        "algorithm": lambda d: d.pop("algorithm"),
    }
    for field, breaker in cases.items():
        data = json.loads(json.dumps(good))
        breaker(data)
        with pytest.raises(TraceFormatError, match=f"'{field}'"):
            loads(json.dumps(data))
    with pytest.raises(TraceFormatError, match="not JSON"):
        loads(b"{oops")


def test_selection_and_networkx_view() -> None:
    trace = search(Position.from_moves("4453"), "alphabeta", depth=4, tt=False).trace
    sel = select(trace, max_depth=2, top_k=2)
    assert all(trace.nodes["depth"][i] <= 2 for i in sel.ids)
    assert all(len([k for k in trace.children(i) if k in sel.ids]) <= 2 for i in sel.ids)
    g = to_networkx(trace, max_depth=2, top_k=2)
    assert {n for n in g if isinstance(n, int)} == set(sel.ids)
    assert all(g.nodes[n]["kind"] == "more" for n in g if str(n).startswith("more:"))
    for parent, hidden in sel.more.items():
        assert hidden == len(trace.children(parent)) - 2


def test_select_caps_the_drawn_nodes() -> None:
    trace = search(Position.from_moves("4453"), "alphabeta", depth=4).trace
    full = select(trace, max_depth=None, stubs=False)
    capped = select(trace, max_depth=None, stubs=False, max_nodes=50)
    assert capped.ids == full.ids[:50]
    shown = set(capped.ids)
    assert capped.more and not full.more
    for parent, hidden in capped.more.items():
        assert parent in shown
        assert hidden == sum(int(k) not in shown for k in trace.children(parent))


@pytest.mark.parametrize(
    "agent, kind",
    [
        ("mcts", "win_rate"),
        ("solver", "exact"),
        ("solver:weak=true", "exact:weak"),
        ("alphabeta:heuristic=centre", "heuristic:centre"),
        ("minimax", "heuristic:window"),
        ("greedy:heuristic=centre", "heuristic:centre"),
        ("astar", "heuristic:window"),
        ("random", "probability"),
    ],
)
def test_version_1_files_are_still_read(agent: str, kind: str) -> None:
    """Version 1 did not record the value kind: it follows from the fields the search
    recorded (and the heuristic its params name)."""
    pos = Position.from_moves("76724423326731757151271355323125166645")
    trace = search(pos, agent).trace
    data = json.loads(dumps(trace))
    data["schema"] = 1
    del data["value_kind"]
    old = loads(json.dumps(data))
    assert old.value_kind == kind == trace.value_kind
    assert np.array_equal(old.nodes, trace.nodes)


@pytest.mark.slow
def test_npz_files_are_checked_like_json() -> None:
    """The same checks as a JSON file, and the archive's own: known members only, no
    pickled objects, no member larger than a trace can be."""
    import io
    import zipfile

    from treeviz.trace.files import npz_bytes

    trace = search(Position.from_moves("4453"), "alphabeta", depth=2).trace
    meta = json.dumps(header(trace)).encode()
    columns = {f: trace.nodes[f].copy() for f in trace.fields}
    assert loads(npz_bytes(trace)) == trace
    broken = dict(columns, move=columns["move"].copy())
    broken["move"][2] = 9
    with pytest.raises(TraceFormatError, match="'move'"):
        loads(npz_of(broken, meta))
    with pytest.raises(TraceFormatError, match="not a trace field"):
        loads(npz_of(dict(columns, evil=np.zeros(3)), meta))
    with pytest.raises(TraceFormatError, match="no 'meta'"):
        loads(npz_of(columns))
    with pytest.raises(TraceFormatError, match="not a plain array"):
        loads(npz_of(dict(columns, value=np.array([object()] * len(trace))), meta))
    with pytest.raises(TraceFormatError, match="not JSON"):
        loads(npz_of(columns, b"{oops"))
    bomb = io.BytesIO()  # 200 MB of zeros that deflate to a few hundred KB
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("value.npy", b"\0" * (200 << 20))
    with pytest.raises(TraceFormatError, match="larger than a trace"):
        loads(bomb.getvalue())


def test_an_npz_member_of_no_dimension_is_refused() -> None:
    """A 0-d member has no length: it raised a TypeError."""
    trace = search(Position.from_moves("4453"), "alphabeta", depth=2).trace
    columns = {f: trace.nodes[f].copy() for f in trace.fields}
    columns["value"] = np.array(5, dtype=np.int32)
    with pytest.raises(TraceFormatError, match="trace field 'value' is not a plain array"):
        loads(npz_of(columns, json.dumps(header(trace)).encode()), "t.npz")


def test_an_npy_header_of_a_trillion_elements_is_refused_unread() -> None:
    """Refused from the member's header alone: nothing near its size is allocated (it
    raised a MemoryError allocating 3.6 TiB)."""
    import io
    import tracemalloc
    import zipfile

    trace = search(Position.from_moves("4453"), "alphabeta", depth=2).trace
    head = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        head, {"descr": "<i4", "fortran_order": False, "shape": (10**12,)}
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("meta.npy", npz_member(json.dumps(header(trace)).encode()))
        for f in trace.fields:
            z.writestr(
                f"{f}.npy",
                head.getvalue() + b"\0" * 64 if f == "value" else npz_member(trace.nodes[f]),
            )
    tracemalloc.start()
    try:
        with pytest.raises(TraceFormatError, match="'value' is longer than a trace's"):
            loads(out.getvalue(), "t.npz")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 50 << 20


def npz_member(data: bytes | np.ndarray) -> bytes:
    """The ``.npy`` bytes of ``data`` (bytes: a uint8 array, as ``meta`` is written)."""
    import io

    out = io.BytesIO()
    array = np.frombuffer(data, dtype=np.uint8) if isinstance(data, bytes) else data
    np.lib.format.write_array(out, np.ascontiguousarray(array))
    return out.getvalue()
