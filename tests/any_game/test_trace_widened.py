"""Schema 3 widens ``move`` to int32 and names the game; files of schema 2 (int8
moves, no game) still load, widened, to the same search."""

from __future__ import annotations

import gzip
import io
import json

import numpy as np

from treeviz.agents.registry import search
from treeviz.trace.files import dumps, loads, npz_bytes
from treeviz.trace.nodes import NODE_DTYPE, SCHEMA_VERSION


def test_moves_are_int32_and_connect4_is_the_default_game() -> None:
    trace = search("4453", "alphabeta:depth=3").trace
    assert NODE_DTYPE["move"] == np.int32
    assert trace.game == "connect4" and trace.schema == SCHEMA_VERSION == 3
    assert json.loads(dumps(trace))["game"] == "connect4"


def schema2_json(text: str) -> str:
    """A file as schema 2 wrote it: no game, version 2."""
    data = json.loads(text)
    del data["game"]
    data["schema"] = 2
    return json.dumps(data)


def schema2_npz(raw: bytes) -> bytes:
    """An .npz as schema 2 wrote it: int8 moves, no game in the header."""
    out = io.BytesIO()
    with np.load(io.BytesIO(raw)) as data:
        columns = {name: data[name] for name in data.files}
    meta = json.loads(columns["meta"].tobytes())
    del meta["game"]
    meta["schema"] = 2
    columns["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    columns["move"] = columns["move"].astype(np.int8)
    np.savez(out, **columns)
    return out.getvalue()


def test_schema2_files_load_widened() -> None:
    trace = search("3344", "mcts:iterations=80,seed=2").trace
    from_json = loads(gzip.compress(schema2_json(dumps(trace)).encode()))
    from_npz = loads(schema2_npz(npz_bytes(trace)))
    for loaded in (from_json, from_npz):
        assert loaded.nodes["move"].dtype == np.int32
        assert np.array_equal(loaded.nodes["move"], trace.nodes["move"])
        assert loaded.game == "connect4"
        assert np.array_equal(loaded.nodes, trace.nodes)
