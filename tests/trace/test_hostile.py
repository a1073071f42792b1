"""Hostile and broken files: always a typed error naming the problem (or a valid
object), never another exception, and bounded memory for a decompression bomb."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.connect4.notation import parse_position
from treeviz.errors import TraceFormatError, TreevizError
from treeviz.trace.files import dumps, loads


@pytest.fixture(scope="module")
def good() -> dict[str, Any]:
    return json.loads(dumps(search(Position.from_moves("4453"), "alphabeta:depth=2").trace))


def broken(good: dict[str, Any], change: Any) -> bytes:
    data = json.loads(json.dumps(good))
    change(data)
    return json.dumps(data).encode()


CASES = {
    "parent is a number": lambda d: d["nodes"].__setitem__("parent", 5),
    "value too large": lambda d: d["nodes"]["value"].__setitem__(1, 10**400),
    "nested values": lambda d: d["nodes"].__setitem__("value", [[1, 2]] * len(d["nodes"]["value"])),
    "numbers as strings": lambda d: d["nodes"]["depth"].__setitem__(1, "1"),
    "booleans": lambda d: d["nodes"]["move"].__setitem__(1, True),
    "extra not an object": lambda d: d.__setitem__("extra", [1]),
    "root off the board": lambda d: d.__setitem__("root_moves", "9"),
    "finished root": lambda d: d.__setitem__("root_moves", "4455667"),
    "too deep for the board": lambda d: d.__setitem__(
        "root_moves", "1" * 6 + "2" * 6 + "3" * 6 + "4" * 6 + "5" * 6 + "6" * 6 + "7" * 5
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_broken_fields_are_typed_errors(good: dict[str, Any], name: str) -> None:
    with pytest.raises(TraceFormatError):
        loads(broken(good, CASES[name]), "t.json")


def test_deep_nesting_and_huge_integers() -> None:
    with pytest.raises(TraceFormatError, match="nested too deeply"):
        loads(b"[" * 100_000 + b"]" * 100_000)
    with pytest.raises(TreevizError, match="nested too deeply"):
        parse_position('{"a":' * 100_000)  # deep (and unbalanced): still typed
    with pytest.raises(TreevizError):
        parse_position('{"moves": "44", "width": ' + "9" * 5000 + "}")
    with pytest.raises(TraceFormatError):
        loads(b'{"schema": ' + b"7" * 5000 + b"}")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@pytest.mark.slow
@given(json_values)
@settings(max_examples=300, deadline=None)
def test_any_json_document_is_a_trace_or_a_typed_error(doc: Any) -> None:
    with contextlib.suppress(TraceFormatError):  # anything else fails the test
        loads(json.dumps(doc).encode())


@pytest.mark.slow
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "schema",
                "algorithm",
                "params",
                "root_moves",
                "width",
                "height",
                "counters",
                "fields",
                "nodes",
                "extra",
                "value_kind",
            ]
        ),
        json_values,
    )
)
@settings(max_examples=300, deadline=None)
def test_trace_shaped_documents_are_typed_errors(doc: dict[str, Any]) -> None:
    with contextlib.suppress(TraceFormatError):  # anything else fails the test
        loads(json.dumps(doc).encode())


@given(st.text(max_size=200))
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_position_or_a_typed_error(text: str) -> None:
    with contextlib.suppress(TreevizError):
        parse_position(text)


BOMB_PROBE = """
import resource, sys
from treeviz.errors import TraceFormatError
from treeviz.trace.files import load
try:
    load(sys.argv[1])
except TraceFormatError as exc:
    print("refused:", exc)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


@pytest.mark.slow
def test_a_gzip_bomb_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    """1 GiB of JSON spaces, about 1 MB compressed: refused before it is expanded."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    chunk = b" " * (1 << 20)
    bomb = tmp_path / "bomb.json.gz"
    with bomb.open("wb") as out:
        for _ in range(1024):
            out.write(packer.compress(chunk))
        out.write(packer.flush())
    done = subprocess.run(
        [sys.executable, "-c", BOMB_PROBE, str(bomb)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("refused:") and "expands to more than" in lines[0]
    assert int(lines[-1]) < 1_500_000  # ru_maxrss is in KiB on Linux: below 1.5 GB


@pytest.fixture(scope="module")
def mcts_trace() -> dict[str, Any]:
    return json.loads(dumps(search(Position.from_moves("4453"), "mcts:iterations=60").trace))


def _overfill(d: dict[str, Any]) -> None:
    """A line of seven stones in one column: the seventh cannot be played."""
    root = d["root_moves"]
    n = 6 - root.count("1") + 1
    d["nodes"] = {f: [0] * (n + 1) for f in d["fields"]}
    d["nodes"]["parent"] = [-1, *range(n)]
    d["nodes"]["move"] = [-1] + [0] * n
    d["nodes"]["depth"] = list(range(n + 1))


def _after_a_win(d: dict[str, Any]) -> None:
    """From 1212121 (X has won by the fourth 1) a node plays on."""
    d["root_moves"] = "121212"
    d["nodes"] = {f: [0] * 3 for f in d["fields"]}
    d["nodes"]["parent"], d["nodes"]["move"] = [-1, 0, 1], [-1, 0, 1]
    d["nodes"]["depth"] = [0, 1, 2]


MORE_CASES = {
    "schema true": (lambda d: d.__setitem__("schema", True), "schema"),
    "width 7.5": (lambda d: d.__setitem__("width", 7.5), "width/height"),
    "a column overfilled": (_overfill, "plays a full column or after a win"),
    "a move after a win": (_after_a_win, "plays a full column or after a win"),
}


@pytest.mark.parametrize("name", list(MORE_CASES))
def test_traces_no_game_can_make_are_refused(good: dict[str, Any], name: str) -> None:
    change, words = MORE_CASES[name]
    with pytest.raises(TraceFormatError, match=words):
        loads(broken(good, change), "t.json")


def test_a_float32_field_out_of_its_range_is_refused(mcts_trace: dict[str, Any]) -> None:
    """1e300 fits a JSON number but not a float32: it loaded as inf, with a warning."""
    data = json.loads(json.dumps(mcts_trace))
    data["nodes"]["value_sum"][1] = 1e300
    with pytest.raises(TraceFormatError, match="value_sum"):
        loads(json.dumps(data), "t.json")


GOOD_TRACE = json.loads(dumps(search(Position.from_moves("4453"), "alphabeta:depth=2").trace))


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_first_node_out_of_place_is_named(data: st.DataObject) -> None:
    """A node whose parent is not an earlier node, whose move is off the board or
    whose depth is not its parent's + 1: the error names the field and the first such
    node (a brute-force scan of the lists is the answer)."""
    d = json.loads(json.dumps(GOOD_TRACE))
    cols = d["nodes"]
    n = len(cols["parent"])
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(1, n - 1))
        field = data.draw(st.sampled_from(["parent", "move", "depth"]))
        bad = {
            "parent": data.draw(st.integers(i, n + 5)),
            "move": data.draw(st.sampled_from([-1, 7, 9])),
            "depth": cols["depth"][i] + data.draw(st.sampled_from([-1, 1, 2])),
        }
        cols[field][i] = bad[field]
    first = next(
        (
            (i, f)
            for i in range(1, n)
            for f, wrong in (
                ("parent", not 0 <= cols["parent"][i] < i),
                ("move", not 0 <= cols["move"][i] < 7),
                (
                    "depth",
                    0 <= cols["parent"][i] < i
                    and cols["depth"][i] != cols["depth"][cols["parent"][i]] + 1,
                ),
            )
            if wrong
        ),
        None,
    )
    assume(first is not None)  # unless the changes undid each other
    with pytest.raises(TraceFormatError, match=rf"'{first[1]}'.*\(node {first[0]} is not\)"):
        loads(json.dumps(d).encode())
