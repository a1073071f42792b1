"""Which direction a four runs in, and whether an agent's misses keep to one direction:
the black-box mark of a win test or an evaluation that ignores horizontal, vertical or
one diagonal's fours.

A position that tests a win at once counts the directions of the fours its winning
columns make; one that tests a block, those of the fours the opponent threatens. An
agent blind to one direction misses most of the positions whose every four runs that
way and none of those with a four in another direction (it sees that one).
"""

from __future__ import annotations

from dataclasses import dataclass

from treeviz.checkup.checks import facts_of
from treeviz.connect4.board import Position

# a direction's bit step in the bitboard (a column is height + 1 bits: see board.py)
STEPS = {
    "horizontal": lambda h: h + 1,
    "vertical": lambda h: 1,
    "diagonal /": lambda h: h + 2,
    "diagonal \\": lambda h: h,
}
BLIND_EVIDENCE = 3  # misses in the one direction, and positions of the others, to say so


@dataclass(frozen=True)
class Blind:
    """Misses that keep to ``direction``: ``missed`` of the ``only`` positions whose
    every four runs that way, none of the ``others``."""

    direction: str
    missed: int
    only: int
    others: int


def _through(stones: int, bit: int, step: int) -> bool:
    """``stones`` hold four in a row through ``bit`` along ``step`` (the empty sentinel
    row above each column ends every run, as in :func:`~treeviz.connect4.board.has_four`)."""
    run = 1
    for sign in (1, -1):
        b = bit + sign * step
        while b >= 0 and stones >> b & 1:
            run, b = run + 1, b + sign * step
    return run >= 4


def directions(moves: str, check: str) -> frozenset[str]:
    """The directions of the fours that decide the position after ``moves`` for
    ``check``: the side to move's winning fours (``misses-win``), the opponent's
    threatened ones (``misses-block``); empty for another check."""
    pos = Position.from_moves(moves)
    f = facts_of(moves)
    cols, stones = (
        (f.wins, pos.current)
        if check == "misses-win"
        else (f.threats, pos.current ^ pos.mask)
        if check == "misses-block"
        else (frozenset(), 0)
    )
    out = set()
    for c in cols:
        base = c * (pos.height + 1)
        cell = (pos.mask + (1 << base)) & (((1 << pos.height) - 1) << base)
        bit = cell.bit_length() - 1
        out |= {d for d, step in STEPS.items() if _through(stones | cell, bit, step(pos.height))}
    return frozenset(out)


def blind(check: str, failed: list[str], of: list[str]) -> Blind | None:
    """The direction the misses of ``check`` keep to, when the evidence says so: at
    least :data:`BLIND_EVIDENCE` misses, all on positions whose every four runs that
    way, at least half of those positions missed, and at least
    :data:`BLIND_EVIDENCE` positions with a four in another direction, none missed."""
    missed = set(failed)
    for d in STEPS:
        only = [m for m in of if directions(m, check) == {d}]
        others = [m for m in of if m not in only]
        hits = sum(m in missed for m in only)
        if (
            hits >= BLIND_EVIDENCE
            and 2 * hits >= len(only)
            and len(others) >= BLIND_EVIDENCE
            and not any(m in missed for m in others)
        ):
            return Blind(d, hits, len(only), len(others))
    return None
