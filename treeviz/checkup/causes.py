"""Causes the answers alone can name, where the positions rule the others out: each
with the counts that say how sure.

``slow-win``
    every miss of a forced win played a column that wins too, only later, and the
    wins it missed were in more than one column and more than one direction of four
    (so not a column or a direction it cannot see): a search that scores a win the same
    however far away it is.

``full-board``
    every endgame it got wrong (within its horizon) had a draw as its best outcome
    and it chose a loss, while it got right every endgame (at least
    :data:`SLOW_EVIDENCE`) whose best outcome was a win: it tells a win from a loss but
    not a draw, which only a full board makes: a full board not scored as a draw.

(``blind-direction``, misses that keep to one direction of four: :mod:`.directions`.)
"""

from __future__ import annotations

from treeviz.checkup.ask import Answer
from treeviz.checkup.checks import facts_of, outcomes_of
from treeviz.checkup.directions import directions

OUTSIDE_CAUSES = {
    "slow-win": "a win is scored the same however far away it is",
}
SLOW_EVIDENCE = 3  # misses with a known outcome, at least, to name slow-win


def slow_win(check: str, failed: list[Answer]) -> int:
    """How many misses of ``check`` (a missed win at once) show ``slow-win`` (every one
    whose outcome is known played a later win; the missed wins in several columns and
    directions), or 0 when the evidence does not say so."""
    if check != "misses-win":
        return 0
    known = [(a, outcomes_of(a.moves)) for a in failed if a.column is not None]
    judged = [(a, dict(o)) for a, o in known if o is not None]
    if len(judged) < SLOW_EVIDENCE or any(o.get((a.column or 0) - 1) != 1 for a, o in judged):
        return 0
    columns = set().union(*(facts_of(a.moves).wins for a, _ in judged))
    ways = set().union(*(directions(a.moves, check) for a, _ in judged))
    return len(judged) if len(columns) > 1 and len(ways) > 1 else 0


def draw_misvalued(check: str, failed: list[Answer], of: list[str]) -> tuple[int, int] | None:
    """For ``endgame``: (the misses, the endgames won at best that it kept) when the
    misses show ``full-board`` (see the module), else None."""
    if check != "endgame" or not failed:
        return None
    best = {m: max(o for _, o in found) for m in of if (found := outcomes_of(m)) is not None}
    if any(best.get(a.moves) != 0 for a in failed):
        return None
    missed = {a.moves for a in failed}
    won = [m for m, b in best.items() if b == 1]
    if len(won) < SLOW_EVIDENCE or any(m in missed for m in won):
        return None
    return len(failed), len(won)


def draw_words(missed: int, won: int) -> str:
    """The text a full-board finding ends with."""
    return (f"; all {missed} endgames it got wrong had a draw as their best outcome, and it "
            f"chose a loss, while it kept the win in all {won} endgames won at best: the "
            "mark of a full board (the only draw) not scored as a draw")  # fmt: skip


def slow_win_words(count: int) -> str:
    """The text a slow-win finding ends with."""
    return (f"; in all {count} misses whose outcome is known its column wins too, only later, "
            "and the wins it missed are in several columns and directions: the mark of a "
            "search that scores a win the same however far away it is (score a sooner win "
            "higher, such as WIN plus the depth left)")  # fmt: skip
