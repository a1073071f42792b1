"""The opening book: exact scores of every 12-ply position, read by our own code.

The data is the 12-ply database with distances of the ``bitbully-databases`` package
(MIT licence, data only): 4,200,899 records of 5 bytes, sorted by key, one position of
each mirror pair, never a position where the side to move (X, after 12 stones) wins at
once. A record is a big-endian signed 32-bit key and a signed byte:

* key: the board as a bit string read column by column from the left, each column
  from the bottom: ``10`` for an X stone, ``11`` for an O stone, ``0`` closing the
  column (also after a full one), then one ``0``: 32 bits for 12 stones, read as a
  two's-complement integer.
* value: for X (to move), ``100 - d`` when X wins ``d`` stones later, ``-(100 - d)``
  when O does, 0 for a draw.

:func:`load_book` converts the values to our exact scores (side to move; 22 minus the
winner's stones) once, so lookups (:func:`lookup`, compiled, used inside the solver)
return scores directly. A missing or corrupt file gives ``None`` and a warning: the
solver then searches, and never returns a wrong score.

Compiled kernels take their arguments positionally (``treeviz.jit`` says why).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np

from treeviz.connect4 import kernels as K
from treeviz.connect4.board import DEFAULT_HEIGHT, DEFAULT_WIDTH, score_top
from treeviz.errors import InvalidParameterError
from treeviz.jit import njit
from treeviz.settings import show_path

BOOK_PLY = 12
RECORD = np.dtype([("key", ">i4"), ("value", "i1")])
RECORDS = 4_200_899
PACKAGE, ASSET = "bitbully_databases", "assets/book_12ply_distances.dat"
NOT_FOUND = -128  # lookup's answer for a position the book does not hold
SHALLOW_PLY = 6  # the shallow book: every 6-stone position (treeviz/exact/shallow_book.py)
SHALLOW_PATH = Path(__file__).resolve().parents[1] / "data" / "book_6ply.npz"


@dataclass(frozen=True)
class Book:
    """Sorted keys and the exact score (side to move) of each position."""

    keys: np.ndarray  # int32, ascending
    scores: np.ndarray  # int8
    source: str


def default_path() -> Path | None:
    """Where the installed package keeps the database, or None when it is missing."""
    try:
        path = Path(str(resources.files(PACKAGE).joinpath(ASSET)))
    except ModuleNotFoundError:
        return None
    return path if path.is_file() else None


_CHOSEN: list[str] = []  # a book file named by the user, used instead of the package's


def use_book_file(path: str) -> None:
    """Read the book from ``path`` from now on in this process; a path that is not a
    book file (missing, a folder, a device or a pipe, the wrong size) or fails the
    checks raises :class:`InvalidParameterError` naming it and what it is."""
    check_book_file(path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if load_book(str(path)) is None:
            raise InvalidParameterError(
                f"{show_path(path)} is not an opening book: expected "
                f"{RECORDS:,} sorted 5-byte records"
            )
    _CHOSEN[:] = [str(path)]


def check_book_file(path: str) -> None:
    """Refuse, before reading a byte, a path that cannot be a book: missing, a folder,
    not a regular file (``/dev/zero`` would be read forever) or not a book's size."""
    where, shown = Path(path), show_path(path)
    try:
        if not where.exists():
            raise InvalidParameterError(f"opening book {shown} does not exist")
        if where.is_dir():
            raise InvalidParameterError(f"opening book {shown} is a directory: name the book file")
        if not where.is_file():
            raise InvalidParameterError(
                f"opening book {shown} is not a regular file (a device "
                "or a pipe): name the book file"
            )
        size = where.stat().st_size
    except OSError as exc:  # a name too long, a folder that cannot be searched
        raise InvalidParameterError(f"opening book {shown}: {exc.strerror}") from None
    if size != RECORDS * RECORD.itemsize:
        raise InvalidParameterError(
            f"{shown} is not an opening book: it holds {size:,} bytes, "
            f"a book {RECORDS * RECORD.itemsize:,}"
        )


@cache
def load_book(path: str | None = None) -> Book | None:
    """The book (loaded once per process), or None with a warning when the file is
    missing or fails its checks (size, order, value range)."""
    path = path or (_CHOSEN[0] if _CHOSEN else None)
    where = Path(path) if path else default_path()
    if where is None:
        warnings.warn(
            "opening book not installed (bitbully-databases): searching instead", stacklevel=2
        )
        return None
    try:
        raw = np.fromfile(where, dtype=RECORD)
    except OSError as exc:
        warnings.warn(f"opening book {where} unreadable ({exc}): searching instead", stacklevel=2)
        return None
    keys = raw["key"].astype(np.int32)
    values = raw["value"]
    if (
        where.stat().st_size != RECORDS * RECORD.itemsize
        or not bool(np.all(keys[1:] > keys[:-1]))
        or int(values.min()) < -99
        or int(values.max()) > 99
    ):
        warnings.warn(f"opening book {where} is corrupt: searching instead", stacklevel=2)
        return None
    return Book(keys, SCORE_OF[values.astype(np.int64) + 100], str(where))


def to_score(value: int) -> int:
    """A book value (for X at 12 stones, ``±(100 - d)``, 0 a draw) as our exact score."""
    if value == 0:
        return 0
    d = 100 - abs(value)
    half = score_top(DEFAULT_WIDTH, DEFAULT_HEIGHT)
    if value > 0:
        return half - (BOOK_PLY + d + 1) // 2  # X's stones when X wins d stones later
    return -(half - (BOOK_PLY + d) // 2)  # O's stones when O wins


# Book value + 100 -> exact score: a table, so converting 4.2 million records is one take.
SCORE_OF = np.array([to_score(v) for v in range(-100, 101)], dtype=np.int8)


# The board sizes below are module globals: numba compiles them in as constants.
@njit(cache=True)
def book_key(x: np.uint64, mask: np.uint64, mirror: bool) -> int:
    """The database key of the stones ``x`` (X's) and ``mask`` (all), optionally of the
    mirrored board; only meaningful for 12 stones on 7x6 (the standard board)."""
    bits = 0
    for i in range(DEFAULT_WIDTH):
        col = DEFAULT_WIDTH - 1 - i if mirror else i
        for row in range(DEFAULT_HEIGHT):
            cell = K.U1 << np.uint64(col * (DEFAULT_HEIGHT + 1) + row)
            if mask & cell:
                bits = (bits << 2) | (2 if x & cell else 3)
                if row == DEFAULT_HEIGHT - 1:
                    bits <<= 1
            else:
                bits <<= 1
                break
    bits <<= 1
    return bits - (1 << 32) if bits >= (1 << 31) else bits


@njit(cache=True, inline="always")
def lookup(cur: np.uint64, mask: np.uint64, keys: np.ndarray, scores: np.ndarray) -> int:
    """Exact score for the side to move (X) of a 12-stone 7x6 position, or
    ``NOT_FOUND`` (a position where X wins at once is not in the book)."""
    for mirror in (False, True):
        key = book_key(cur, mask, mirror)
        i = np.searchsorted(keys, key)
        if i < keys.shape[0] and keys[i] == key:
            return int(scores[i])
    return NOT_FOUND


@cache
def load_shallow() -> Book | None:
    """The shallow book (every 6-stone position; see :mod:`treeviz.exact.shallow_book`), or
    None with a warning when the shipped file is missing or fails its checks."""
    try:
        with np.load(SHALLOW_PATH) as data:
            keys, scores = data["keys"].astype(np.int32), data["scores"].astype(np.int8)
    except (OSError, KeyError, ValueError) as exc:
        warnings.warn(
            f"shallow book {SHALLOW_PATH} unreadable ({exc}): searching deeper", stacklevel=2
        )
        return None
    if len(keys) != len(scores) or not bool(np.all(keys[1:] > keys[:-1])):
        warnings.warn(f"shallow book {SHALLOW_PATH} is corrupt: searching deeper", stacklevel=2)
        return None
    return Book(keys, scores, str(SHALLOW_PATH))


def book_arrays(
    width: int, height: int, *, enabled: bool, root_ply: int = BOOK_PLY
) -> tuple[np.ndarray, np.ndarray, int]:
    """What the solver kernel takes for a search from a position of ``root_ply``
    stones: (keys, scores, the ply they answer). Below ``SHALLOW_PLY`` stones the
    shallow book (6 stones), else the 12-stone book; the ply is -1 when the books are
    off, missing or not for this board size."""
    if not enabled or (width, height) != (DEFAULT_WIDTH, DEFAULT_HEIGHT):
        return np.zeros(1, np.int32), np.zeros(1, np.int8), -1
    shallow = load_shallow() if root_ply < SHALLOW_PLY else None
    if shallow is not None:
        return shallow.keys, shallow.scores, SHALLOW_PLY
    book = load_book()
    if book is None:
        return np.zeros(1, np.int32), np.zeros(1, np.int8), -1
    return book.keys, book.scores, BOOK_PLY
