"""Schema 3 widens ``move`` to int32 and names the game; files of schema 2 (int8
moves, no game) still load, widened, to the same search; another game's trace reads
back equal, checked through its game."""

from __future__ import annotations

import gzip
import io
import json
import re
from typing import Any

import numpy as np
import pytest

from treeviz.agents.any_game.registry import search_game
from treeviz.agents.registry import search
from treeviz.errors import TraceFormatError
from treeviz.rules import load_game
from treeviz.trace.files import dumps, loads, npz_bytes
from treeviz.trace.nodes import NODE_DTYPE, SCHEMA_VERSION, Trace


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


@pytest.mark.parametrize(
    "spec", ["random", "greedy", "minimax:depth=2", "alphabeta:depth=3", "mcts:iterations=50"]
)
@pytest.mark.parametrize("game", ["tic_tac_toe", "nim", "hex"])
def test_another_games_trace_reads_back_equal(game: str, spec: str) -> None:
    trace = search_game(game, None, spec).trace
    assert trace.game == load_game(game).name and trace.width == trace.height == 0
    assert loads(dumps(trace)) == trace == loads(npz_bytes(trace))


def test_the_solvers_trace_of_tic_tac_toe_reads_back_equal() -> None:
    trace = search_game("tic_tac_toe", "x(1,1)", "solver").trace
    assert loads(npz_bytes(trace)) == trace


def edited(trace: Trace, **changes: Any) -> str:
    """The JSON of ``trace`` with header fields or node columns changed."""
    data = json.loads(dumps(trace))
    for key, value in changes.items():
        if key in data["nodes"]:
            data["nodes"][key] = value
        else:
            data[key] = value
    return json.dumps(data)


def test_another_games_file_is_checked_through_the_game() -> None:
    trace = search_game("tic_tac_toe", "x(1,1)", "minimax:depth=2").trace
    moves = trace.nodes["move"].tolist()
    again = [moves[0], moves[1], *([moves[1]] * (len(moves) - 2))]  # replays a taken cell
    bad = {
        "game": ("tic_tac_tow", "tic_tac_tow"),
        "root_moves": ("x(1,1) x(1,1)", "x(1,1) x(1,1)"),
        "width": (7, "must be 0"),
        "move": (again, "not a legal move"),
    }
    for key, (value, quoted) in bad.items():
        with pytest.raises(TraceFormatError, match=re.escape(quoted)):
            loads(edited(trace, **{key: value}))
