"""Shared test helpers: the exact-score data files beside the checkout."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "positions"


def data_lines(name: str) -> list[tuple[str, list[int]]]:
    """(moves, scores) per line of ``shared/data/positions/<name>``."""
    out = []
    for line in (DATA / name).read_text().splitlines():
        moves, *scores = line.split()
        out.append((moves, [int(s) for s in scores]))
    return out
