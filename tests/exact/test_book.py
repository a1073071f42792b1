"""The opening book: our reader against labelled positions and the database's own
documented examples, mirror symmetry, equality with plain search, fallback when the
book is missing, and compiled kernels loaded from numba's disk cache."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from conftest import data_lines

import treeviz.exact.book as B
from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.connect4.notation import parse_position
from treeviz.errors import InvalidParameterError
from treeviz.exact.scores import column_scores, solve


@pytest.fixture(scope="module")
def book() -> B.Book:
    loaded = B.load_book()
    assert loaded is not None, "bitbully-databases is a dependency: the book must load"
    return loaded


def mirror(pos: Position) -> Position:
    return Position.from_moves("".join(str(pos.width - c) for c in pos.history))


def random_12_ply(rng: random.Random) -> Position:
    """A 12-stone position reached by random play, no win yet, X not winning at once."""
    while True:
        pos = Position()
        while pos.ply < B.BOOK_PLY and not pos.is_over():
            pos.play(rng.choice(pos.legal_moves()))
        if not pos.is_over() and not pos.can_win_next():
            return pos


def lookup(pos: Position, book: B.Book) -> int:
    return int(B.lookup(np.uint64(pos.current), np.uint64(pos.mask), book.keys, book.scores))


# The database's documented examples (bitbully_databases docstrings): 1 = X, 2 = O,
# rows top first; X to move; values 71 (X wins 29 stones later) and -88 (O wins 12
# stones later), i.e. X's 21st stone (+1) and O's 12th stone (-10) on our scale.
DOCUMENTED = [
    ("0000000 0001000 0102000 0201020 0102010 0201020", 1),
    ("0000000 0000000 0011000 0022000 0121000 0112022", -10),
    ("0000000 0000000 0100000 0220100 0210200 1121200", 22 - (12 + 27 + 1) // 2),
]


@pytest.mark.parametrize("rows, score", DOCUMENTED)
def test_documented_examples(rows: str, score: int, book: B.Book) -> None:
    cells = str.maketrans("012", ".XO")
    diagram = "\n".join(r.translate(cells) for r in rows.split())
    pos = parse_position(diagram)
    assert pos.ply == B.BOOK_PLY and lookup(pos, book) == score
    assert B.to_score(71) == 1 and B.to_score(-88) == -10 and B.to_score(0) == 0


@pytest.mark.slow
def test_scores_of_labelled_positions_up_to_12_plies() -> None:
    """Every labelled position the book reaches (at most 12 stones): exact per column."""
    checked = 0
    for name in ("begin_analyze.txt", "middle_analyze.txt"):
        for moves, scores in data_lines(name):
            pos = Position.from_moves(moves)
            if pos.ply > B.BOOK_PLY:
                continue
            got = column_scores(pos)
            assert [-1000 if s is None else s for s in got] == scores, moves
            checked += 1
    for moves, (score,) in data_lines("begin_score.txt"):
        if len(moves) <= B.BOOK_PLY:
            assert solve(Position.from_moves(moves)) == score, moves
            checked += 1
    assert checked >= 40


def test_empty_board_and_first_moves_from_the_book() -> None:
    assert column_scores(Position()) == [-2, -1, 0, 1, 0, -1, -2]
    assert solve(Position()) == 1
    assert column_scores(Position.from_moves("4")) == [-4, -2, -2, -1, -2, -2, -4]


def test_mirror_symmetry_and_coverage(book: B.Book) -> None:
    rng = random.Random(7)
    for _ in range(300):
        pos = random_12_ply(rng)
        score = lookup(pos, book)
        assert score != B.NOT_FOUND, pos.moves_string()
        assert lookup(mirror(pos), book) == score
        key = B.book_key(np.uint64(pos.current), np.uint64(pos.mask), True)
        assert key == B.book_key(np.uint64(mirror(pos).current), np.uint64(mirror(pos).mask), False)


def test_book_equals_plain_search() -> None:
    """Where both can answer (11-12 stones), the book and a search without it agree."""
    rng = random.Random(3)
    for _ in range(4):
        pos = random_12_ply(rng)
        parent = Position.from_moves(pos.moves_string()[:-1])
        assert solve(pos, book=True) == solve(pos, book=False)
        assert column_scores(parent, book=True) == column_scores(parent, book=False)


def test_solver_agent_names_the_source() -> None:
    with_book = search(Position.from_moves("44455566332"), "solver")
    without = search(Position.from_moves("44455566332"), "solver:book=false")
    assert [m.value for m in with_book.moves] == [m.value for m in without.moves]
    sources = {m.extra["source"] for m in with_book.moves if m.value is not None}
    assert sources <= {"opening book", "wins at once"} and "opening book" in sources
    assert {m.extra["source"] for m in without.moves if m.value is not None} <= {
        "solved by search",
        "wins at once",
    }
    assert with_book.stats["nodes"] < without.stats["nodes"]


@pytest.fixture
def no_installed_book(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """The package's file replaced by a corrupt one (the cached book cleared around)."""
    bad = tmp_path / "book.dat"
    bad.write_bytes(b"\x00" * 1000)
    monkeypatch.setattr(B, "default_path", lambda: bad)
    B.load_book.cache_clear()
    yield bad
    B.load_book.cache_clear()


def test_a_corrupt_book_falls_back_to_search(no_installed_book: Path) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scores = column_scores(Position.from_moves("44455566332"), table=None)
    assert any("corrupt" in str(w.message) for w in caught)
    assert scores == column_scores(Position.from_moves("44455566332"), book=False)


def test_a_named_book_must_exist(tmp_path: Path) -> None:
    with pytest.raises(InvalidParameterError, match="does not exist"):
        B.use_book_file(str(tmp_path / "missing.dat"))
    junk = tmp_path / "junk.dat"
    junk.write_bytes(b"abc")
    with pytest.raises(InvalidParameterError, match="is not an opening book"):
        B.use_book_file(str(junk))


CACHE_PROBE = """
import json
import sys
from numba.core.registry import CPUDispatcher
from treeviz.connect4.board import Position
from treeviz.agents.registry import AGENTS, search
for name in AGENTS:
    search(Position.from_moves("4453"), name if name != "solver" else "solver:weak=true")
misses, hits = {}, 0
for module in [m for n, m in list(sys.modules.items()) if n.startswith("treeviz.")]:
    for name, f in vars(module).items():
        if isinstance(f, CPUDispatcher) and f.__module__ == module.__name__:
            stats = f.stats
            hits += sum(stats.cache_hits.values())
            if sum(stats.cache_misses.values()):
                misses[f"{module.__name__}.{name}"] = sum(stats.cache_misses.values())
print(json.dumps({"misses": misses, "hits": hits}))
"""


@pytest.mark.slow
def test_a_second_process_compiles_nothing() -> None:
    """Every kernel is cached on disk: after the first process (``make setup`` warms
    the cache), another one loads compiled code and compiles nothing."""
    for _ in range(2):  # the first run may fill the cache; the second must only read
        out = subprocess.run(
            [sys.executable, "-c", CACHE_PROBE],
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
        )
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["misses"] == {} and report["hits"] > 0, report


@pytest.mark.slow
def test_a_search_does_not_load_scipy_linalg() -> None:
    """numba's BLAS probe would import scipy.linalg (about 0.5 s) in every process that
    runs a kernel; treeviz's kernels need no BLAS, so a search leaves it unloaded."""
    code = (
        "import sys; from treeviz.connect4.board import Position; "
        "from treeviz.agents.registry import search; "
        "search(Position.from_moves('4453'), 'alphabeta:depth=3'); "
        "search(Position(), 'mcts:iterations=50'); print('scipy.linalg' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=600
    )
    assert out.stdout.strip().splitlines()[-1] == "False"


@pytest.mark.slow
def test_the_shallow_book_is_what_a_fresh_build_gives() -> None:
    """The shipped 6-stone book is reproducible from the 12-stone one by our solver."""
    from treeviz.exact.shallow_book import build

    keys, scores = build()
    shallow = B.load_shallow()
    assert shallow is not None and len(keys) > 8000
    assert np.array_equal(keys, shallow.keys) and np.array_equal(scores, shallow.scores)


def test_shallow_book_agrees_with_search_to_the_12_stone_book(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(5)
    positions = [Position()]
    for plies in (1, 2, 3, 4, 5, 5):
        pos = Position()
        for _ in range(plies):
            pos.push(rng.choice(pos.legal_moves()))
        positions.append(pos)
    fast = [column_scores(p) for p in positions]
    monkeypatch.setattr(B, "load_shallow", lambda: None)  # searches down to 12 stones
    assert fast == [column_scores(p) for p in positions]


def test_a_corrupt_shallow_book_falls_back(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bad = tmp_path / "book_6ply.npz"
    bad.write_bytes(b"not a numpy file")
    monkeypatch.setattr(B, "SHALLOW_PATH", bad)
    B.load_shallow.cache_clear()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert column_scores(Position()) == [-2, -1, 0, 1, 0, -1, -2]
        assert any("shallow book" in str(w.message) for w in caught)
    finally:
        B.load_shallow.cache_clear()
