"""The transposition tables and move order the compiled searches share.

Two tables. The solver's (:func:`new_table`): one ``uint64`` per slot holding a hashed
key and a bound on the exact score, lower or upper (:func:`tt_probe`), on huge pages.
The depth-limited negamax's (:func:`new_value_table`): keys and packed entries
``(value, depth left, bound, best column)``, columns named ``TT_*`` below. Both slot a
key by Fibonacci hashing (:func:`tt_slot`). Move order: columns from the centre out.

Compiled kernels take their arguments positionally (``treeviz.jit`` says why).
"""

from __future__ import annotations

import contextlib
import mmap

import numpy as np

from treeviz.connect4 import kernels as K
from treeviz.connect4.board import DEFAULT_CELLS
from treeviz.jit import njit

VALUE_TT_BITS = 20
# The value table's entry columns, and its bound kinds.
TT_VALUE, TT_DEPTH, TT_BOUND, TT_MOVE = 0, 1, 2, 3
TT_EXACT, TT_LOWER, TT_UPPER = 1, 2, 3
TT_BITS = 21  # 2M slots of 8 bytes (16 MiB on huge pages, touched lazily)
PHI = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing multiplier (odd: a bijection)


def new_table(empty: int = 64) -> np.ndarray:
    """An empty transposition table of one ``uint64`` per slot (see :func:`tt_probe`),
    sized for a position with ``empty`` free cells: a small search in a large fresh
    table pays a page fault for nearly every probe."""
    return zeroed(1 << min(TT_BITS, 12 + empty // 2))


def zeroed(n: int) -> np.ndarray:
    """``n`` zero ``uint64`` on transparent huge pages where the system offers them.

    A table probe lands on a random page; with 4 KiB pages a table of 16 MiB or more
    overflows the TLB, and each probe would pay a page walk on top of its cache miss.
    """
    if not hasattr(mmap, "MADV_HUGEPAGE"):
        return np.zeros(n, dtype=np.uint64)
    buf = mmap.mmap(-1, n * 8, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)  # zero-filled
    with contextlib.suppress(OSError):  # a kernel without huge pages: small pages it is
        buf.madvise(mmap.MADV_HUGEPAGE)
    return np.frombuffer(buf, dtype=np.uint64)


UPPER_BASE, LOWER_BASE = 64, 192  # bound codes: upper bound u -> u + 64, lower l -> l + 192


@njit(cache=True)
def bound_code(value: int, lower: bool) -> np.uint64:
    """The table's code of a bound on a score (scores lie within -32..32)."""
    return np.uint64(value + (LOWER_BASE if lower else UPPER_BASE))


@njit(cache=True)
def tt_slot(key: np.uint64) -> int:
    """Table index of a key: Fibonacci hashing, because the low bits of a key only
    describe the leftmost columns and would crowd a few slots."""
    return int((key * PHI) >> np.uint64(64 - TT_BITS))


@njit(cache=True)
def tt_shift(tt: np.ndarray) -> np.uint64:
    """``64 - log2(len(tt))``: a hashed key's top bits, shifted down, are its slot."""
    bits = 0
    while (1 << (bits + 1)) <= tt.shape[0]:
        bits += 1
    return np.uint64(64 - bits)


@njit(cache=True, inline="always")
def tt_index(key: np.uint64, shift: np.uint64) -> int:
    """The slot of ``key`` in a table of ``2 ** (64 - shift)`` slots."""
    return int((key * PHI) >> shift)


@njit(cache=True, inline="always")
def tt_probe(tt: np.ndarray, key: np.uint64, shift: np.uint64) -> tuple[int, int]:
    """``(slot, bound code)`` of ``key``, code 0 when the table has no bound for it.

    A slot holds ``(hashed key << 8) | code``: the slot is the hashed key's top bits
    and the entry keeps its low 56, so (with at least 256 slots) the whole hash, and
    the key it is a bijection of, is known: no false hits, on any board size.
    """
    hk = key * PHI
    slot = tt_index(key, shift)
    e = tt[slot]
    if e != K.U0 and (e ^ (hk << np.uint64(8))) < np.uint64(256):
        return slot, int(e & np.uint64(255))
    return slot, 0


@njit(cache=True, inline="always")
def tt_store(tt: np.ndarray, slot: int, key: np.uint64, code: np.uint64) -> None:
    """Store a bound code for ``key`` in its ``slot`` (replacing whatever was there)."""
    tt[slot] = ((key * PHI) << np.uint64(8)) | code


@njit(cache=True)
def centre_order(w: int) -> np.ndarray:
    """Columns from the centre outwards, left before right: 3 2 4 1 5 0 6 for w = 7."""
    order = np.empty(w, dtype=np.int64)
    for i in range(w):
        order[i] = w // 2 + (1 - 2 * (i % 2)) * ((i + 1) // 2)
    return order


def new_value_table(depth: int = DEFAULT_CELLS) -> tuple[np.ndarray, np.ndarray]:
    """Keys and packed entries ``(value, depth left, bound, best column)``, sized for a
    search ``depth`` plies deep: a shallow search touches few slots, and every fresh
    page of a large table costs a page fault on first touch."""
    size = 1 << min(VALUE_TT_BITS, 9 + depth)
    return np.zeros(size, dtype=np.uint64), np.zeros((size, 4), dtype=np.int64)
