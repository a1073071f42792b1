"""Balanced short openings for arena games.

Deterministic agents would replay one game forever, so arena games start from short
openings whose exact score is even (a draw with perfect play from there, read from the
opening book), each played twice with colours swapped. One of each mirror pair is
kept: a mirrored opening is the same game for every agent that sees the board.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np

from treeviz.connect4.board import Position, distinct_positions
from treeviz.errors import OpeningsError, TreevizError
from treeviz.exact.scores import solve
from treeviz.safe_io import read_bounded
from treeviz.settings import OPENING_PLIES, OPENINGS_MAX_BYTES, show_path, show_value


@functools.cache
def balanced_openings(plies: int = OPENING_PLIES) -> tuple[str, ...]:
    """Every ``plies``-move opening (one of each mirror pair, no game over) whose exact
    score is 0, in move-string order. Instant from the opening book."""
    out: list[str] = []
    seen: set[int] = set()
    for pos in distinct_positions(plies):
        key = min(pos.key(), pos.mirror_key())
        if key not in seen:
            seen.add(key)
            if solve(pos) == 0:
                out.append(pos.moves_string())
    return tuple(out)


def pick_openings(count: int, seed: int) -> list[str]:
    """``count`` distinct balanced openings drawn with ``seed`` (all of them, reordered,
    when fewer exist)."""
    if count <= 0:
        raise OpeningsError(f"--openings {count}: the number of openings is 1 or more")
    pool = balanced_openings()
    order = np.random.default_rng(seed).permutation(len(pool))
    return [pool[i] for i in order[:count]]


def read_openings(path: str | Path) -> list[str]:
    """The openings of a text file: one move string per line (``#`` comments and blank
    lines skipped); each must be legal and leave the game unfinished."""
    try:
        what = f"openings file {show_path(path)}"
        text = read_bounded(path, OPENINGS_MAX_BYTES, what).decode()
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise OpeningsError(f"cannot read openings file {show_path(path)}: {why}") from None
    out = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            pos = Position.from_moves(line)
        except TreevizError as exc:
            raise OpeningsError(f"openings file {show_path(path)}, line {n}: {exc}") from None
        if pos.is_over():
            raise OpeningsError(
                f"openings file {show_path(path)}, line {n}: {show_value(line)} ends the game"
            )
        out.append(pos.moves_string())
    if not out:
        raise OpeningsError(f"openings file {show_path(path)} has no openings")
    return out
