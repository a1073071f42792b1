"""Compiled bitboard kernels (numba over ``uint64``) shared by every search.

A position is two ``uint64`` words, ``cur`` (stones of the player to move) and ``mask``
(all stones), in the layout documented in :mod:`treeviz.connect4.board`: bit ``col * (h + 1) + row``
with row 0 at the bottom and one always-empty sentinel bit on top of every column. The
sentinel stops horizontal and diagonal shifts from wrapping into the next column.

Every function takes the board height ``h`` (and width ``w`` where it needs it) so the
same compiled code serves all board sizes. Integer literals are wrapped in ``np.uint64``
on purpose: mixing ``uint64`` with ``int64`` makes numba promote to ``float64``.

Compiled kernels take their arguments positionally (``treeviz.jit`` says why).
"""

from __future__ import annotations

import numpy as np

from treeviz.jit import njit

U0 = np.uint64(0)
U1 = np.uint64(1)


@njit(cache=True)
def bottom_bit(col: int, h: int) -> np.uint64:
    """Bit of the lowest cell of ``col``."""
    return U1 << np.uint64(col * (h + 1))


@njit(cache=True)
def top_bit(col: int, h: int) -> np.uint64:
    """Bit of the highest playable cell of ``col``."""
    return U1 << np.uint64(col * (h + 1) + h - 1)


@njit(cache=True)
def column_bits(col: int, h: int) -> np.uint64:
    """All playable cells of ``col``."""
    return ((U1 << np.uint64(h)) - U1) << np.uint64(col * (h + 1))


@njit(cache=True)
def bottom_mask(w: int, h: int) -> np.uint64:
    """One bit at the bottom of every column."""
    m = U0
    for c in range(w):
        m |= bottom_bit(c, h)
    return m


@njit(cache=True)
def board_mask(w: int, h: int) -> np.uint64:
    """Every playable cell."""
    m = U0
    for c in range(w):
        m |= column_bits(c, h)
    return m


@njit(cache=True)
def can_play(mask: np.uint64, col: int, h: int) -> bool:
    """True when ``col`` is not full."""
    return (mask & top_bit(col, h)) == U0


@njit(cache=True)
def play(cur: np.uint64, mask: np.uint64, col: int, h: int) -> tuple[np.uint64, np.uint64]:
    """Drop a stone of the player to move in ``col`` (unchecked); returns the new pair.

    The new ``cur`` is the opponent's stones (``cur ^ mask``): the mover's stone is only
    added to ``mask``, because after the move the opponent is the player to move.
    """
    return cur ^ mask, mask | (mask + bottom_bit(col, h))


@njit(cache=True)
def has_four(stones: np.uint64, h: int) -> bool:
    """True when ``stones`` contain four in a row in any direction."""
    for shift in (1, h, h + 1, h + 2):  # vertical, diagonal /, horizontal, diagonal \
        s = np.uint64(shift)
        m = stones & (stones >> s)
        if m & (m >> (s + s)):
            return True
    return False


@njit(cache=True)
def winning_cells(stones: np.uint64, mask: np.uint64, w: int, h: int) -> np.uint64:
    """Empty cells (playable now or later) where ``stones`` would complete four."""
    return four_cells(stones, h) & (board_mask(w, h) ^ mask)


@njit(cache=True)
def four_cells(stones: np.uint64, h: int) -> np.uint64:
    """Every bit where one more stone would complete four with ``stones``, taken or
    off the board included: callers mask it (see :func:`winning_cells`)."""
    h1 = np.uint64(h + 1)
    # vertical: three stacked stones and the cell above them
    r = (stones << U1) & (stones << np.uint64(2)) & (stones << np.uint64(3))
    for d in (h1, h1 - U1, h1 + U1):  # horizontal, diagonal /, diagonal \
        p = (stones << d) & (stones << (d + d))
        r |= p & (stones << (d * np.uint64(3)))
        r |= p & (stones >> d)
        p = (stones >> d) & (stones >> (d + d))
        r |= p & (stones >> (d * np.uint64(3)))
        r |= p & (stones << d)
    return r


@njit(cache=True)
def legal_columns(mask: np.uint64, w: int, h: int) -> int:
    """Bit ``c`` set for every playable column ``c`` (0-based)."""
    bits = 0
    for c in range(w):
        if can_play(mask, c, h):
            bits |= 1 << c
    return bits


@njit(cache=True)
def is_winning_move(cur: np.uint64, mask: np.uint64, col: int, w: int, h: int) -> bool:
    """True when the player to move completes four by playing ``col`` (assumed legal)."""
    cell = (mask + bottom_bit(col, h)) & column_bits(col, h)
    return (winning_cells(cur, mask, w, h) & cell) != U0


@njit(cache=True, inline="always")
def insert_sorted(
    cols: np.ndarray, row: int, keys: np.ndarray, n: int, col: int, key: int | np.integer
) -> int:
    """Insert ``col`` with ``key`` into ``cols[row, :n]`` kept in ascending ``keys``
    order (stable: after equal keys, so ties keep their earlier order); returns
    ``n + 1``. The row is written in place: a row view per node costs reference counting."""
    j = n
    while j > 0 and keys[j - 1] > key:
        cols[row, j] = cols[row, j - 1]
        keys[j] = keys[j - 1]
        j -= 1
    cols[row, j] = col
    keys[j] = key
    return n + 1


@njit(cache=True)
def xorshift(state: np.ndarray) -> np.uint64:
    """Advance the xorshift64* generator held in ``state[0]`` and return 64 random bits."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return x * np.uint64(2685821657736338717)


def new_rng(seed: int) -> np.ndarray:
    """A generator state for :func:`xorshift`; any seed (0 included) is valid."""
    mixed = (seed * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) % (1 << 64)
    return np.array([mixed or 1], dtype=np.uint64)


@njit(cache=True)
def random_playout(
    cur: np.uint64, mask: np.uint64, w: int, h: int, rng: np.ndarray
) -> tuple[int, int]:
    """Play uniformly random legal moves to the end of the game.

    Returns (result, plies played): result +1 if the player to move at the start wins,
    -1 if they lose, 0 for a draw. The start must be a position where nobody has won.
    """
    full = board_mask(w, h)
    sign, plies = 1, 0
    while mask != full:
        plies += 1
        col = int(xorshift(rng) % np.uint64(w))
        while not can_play(mask, col, h):
            col = int(xorshift(rng) % np.uint64(w))
        mover = cur | ((mask + bottom_bit(col, h)) & column_bits(col, h))
        if has_four(mover, h):
            return sign, plies
        cur, mask = play(cur, mask, col, h)
        sign = -sign
    return 0, plies


# Not cached: numba's on-disk cache of a self-recursive function crashes when loaded.
@njit
def perft(cur: np.uint64, mask: np.uint64, depth: int, w: int, h: int) -> int:
    """Number of move sequences of length ``depth``; a win ends a sequence."""
    if depth == 0:
        return 1
    total = 0
    for col in range(w):
        if can_play(mask, col, h):
            if depth == 1:
                total += 1
            elif not is_winning_move(cur, mask, col, w, h):
                ncur, nmask = play(cur, mask, col, h)
                total += perft(ncur, nmask, depth - 1, w, h)
    return total


@njit(cache=True)
def expand_level(
    curs: np.ndarray, masks: np.ndarray, w: int, h: int
) -> tuple[np.ndarray, np.ndarray]:
    """All children of the given positions, skipping children of finished games.

    A child that wins is still returned (it is a position after that many plies), but the
    caller's next expansion must not continue from it: callers pass only unfinished
    parents, which :func:`has_four` on ``cur ^ mask`` identifies.
    """
    n = curs.shape[0]
    out_c = np.empty(n * w, dtype=np.uint64)
    out_m = np.empty(n * w, dtype=np.uint64)
    k = 0
    for i in range(n):
        cur, mask = curs[i], masks[i]
        if has_four(cur ^ mask, h):
            continue
        for col in range(w):
            if can_play(mask, col, h):
                out_c[k], out_m[k] = play(cur, mask, col, h)
                k += 1
    return out_c[:k], out_m[:k]
