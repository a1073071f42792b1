"""Build the shallow book: the exact score of every 6-stone position, so positions of
fewer stones are solved by a search of at most 6 plies instead of one down to the
12-stone opening book (the empty board: 7 lookups deep instead of 467,000 nodes).

Run ``python -m treeviz.exact.shallow_book [OUT]`` (default: the file the package ships,
``treeviz/data/book_6ply.npz``). Each score is our own solver's, searched to the
12-ply book of ``bitbully-databases`` (MIT licence), so the file is derived from that
data. Format: ``keys`` (int32, ascending; :func:`treeviz.exact.book.book_key` of one board
of each mirror pair, the smaller) and ``scores`` (int8, exact, side to move: X).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from treeviz.connect4.board import distinct_positions
from treeviz.exact.book import SHALLOW_PATH, SHALLOW_PLY, book_key
from treeviz.exact.scores import solve
from treeviz.safe_io import atomic_write


def build(ply: int = SHALLOW_PLY) -> tuple[np.ndarray, np.ndarray]:
    """(keys, scores) of every ``ply``-stone position, one per mirror pair."""
    found: dict[int, int] = {}
    for pos in distinct_positions(ply):
        cur, mask = np.uint64(pos.current), np.uint64(pos.mask)
        key = min(book_key(cur, mask, False), book_key(cur, mask, True))
        if key not in found:
            found[key] = solve(pos)
    keys = np.array(sorted(found), dtype=np.int32)
    return keys, np.array([found[int(k)] for k in keys], dtype=np.int8)


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else SHALLOW_PATH
    keys, scores = build()
    with atomic_write(out) as f:  # the shipped book is never left half-written
        np.savez_compressed(f, keys=keys, scores=scores)
    print(f"{out}: {len(keys):,} positions of {SHALLOW_PLY} stones")


if __name__ == "__main__":
    main(sys.argv[1:])
