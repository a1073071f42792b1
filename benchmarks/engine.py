"""Random playouts per second: treeviz's compiled kernel, a plain-Python bitboard
port and OpenSpiel's C++ connect_four driven from Python, measured side by side.

Run: ``.venv/bin/python benchmarks/engine.py`` (``make bench``). Prints medians of
``REPEATS`` runs and the ratios against each peer.
"""

from __future__ import annotations

import random
import statistics
import time

import numpy as np

from treeviz.connect4 import kernels as K

REPEATS = 5
H, W = 6, 7


def python_playout(rng: random.Random) -> int:
    """The same algorithm as the kernel, in plain Python integers."""
    cur = mask = 0
    full = sum(((1 << H) - 1) << (c * (H + 1)) for c in range(W))
    sign = 1
    while mask != full:
        col = rng.randrange(W)
        while mask & (1 << (H - 1 + col * (H + 1))):
            col = rng.randrange(W)
        mover = cur | ((mask + (1 << col * (H + 1))) & (((1 << H) - 1) << col * (H + 1)))
        for s in (1, H, H + 1, H + 2):
            m = mover & (mover >> s)
            if m & (m >> 2 * s):
                return sign
        cur, mask = cur ^ mask, mask | (mask + (1 << col * (H + 1)))
        sign = -sign
    return 0


def rate(fn, n: int) -> float:  # type: ignore[no-untyped-def]
    """Median playouts per second of ``fn(n)`` over REPEATS runs."""
    times = []
    for _ in range(REPEATS):
        t = time.perf_counter()
        fn(n)
        times.append(time.perf_counter() - t)
    return n / statistics.median(times)


def kernel_batch(n: int) -> None:
    rng = K.new_rng(1)
    for _ in range(n):
        K.random_playout(np.uint64(0), np.uint64(0), W, H, rng)


def python_batch(n: int) -> None:
    rng = random.Random(1)
    for _ in range(n):
        python_playout(rng)


def openspiel_batch(n: int) -> None:
    import pyspiel

    game = pyspiel.load_game("connect_four")
    rng = random.Random(1)
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))


def main() -> None:
    kernel_batch(10)  # compile
    k = rate(kernel_batch, 200_000)
    p = rate(python_batch, 5_000)
    o = rate(openspiel_batch, 5_000)
    print(f"treeviz kernel      {k:12,.0f} playouts/s")
    print(f"plain Python        {p:12,.0f} playouts/s   ratio {k / p:6.1f}x")
    print(f"OpenSpiel via Python{o:12,.0f} playouts/s   ratio {k / o:6.1f}x")


if __name__ == "__main__":
    main()
