"""Causes the answers alone can name, where the positions rule the others out: each
with the counts that say how sure.

``slow-win``
    every miss of a forced win played a column that wins too, only later, and the
    wins it missed were in more than one column and more than one direction of four
    (so not a column or a direction it cannot see): a search that scores a win the same
    however far away it is.

``slow-loss``
    every miss of a block whose outcome is known was in a position where every column
    loses, the block only later: a search that scores a loss the same however soon it
    comes (a lost line scored ``-inf``, or a flat loss), so that all its columns tie.

``full-board``
    in every endgame it got wrong (within its horizon) a draw was at stake: it chose
    a loss where a draw was best, or a draw where a win was; and it got right every
    endgame (at least :data:`SLOW_EVIDENCE`) where no column draws (a win beside a
    loss): it tells a win from a loss but not a draw, which only a full board makes: a
    full board not scored as a draw (one scored as a loss for the side to move there
    makes the other side prefer it to a win, as well as a loss to it).

``best-outside-test``
    at least :data:`EDGE_SHARE` of its answers (of :data:`EDGE_EVIDENCE` or more) were
    the rightmost open column, or all were the leftmost, and at least
    :data:`SLOW_EVIDENCE` of those lost a better outcome: a search that keeps the last
    (or the first) column it tries whatever it is worth, as one whose best move is
    updated outside its ``if value > best`` test (or never) does. A correct search picks
    an edge column only where it is best, far less often.

(``blind-direction``, misses that keep to one direction of four: :mod:`.directions`.)
"""

from __future__ import annotations

from treeviz.checkup.ask import Answer
from treeviz.checkup.checks import facts_of, outcomes_of
from treeviz.checkup.directions import directions
from treeviz.connect4.board import Position

OUTSIDE_CAUSES = {
    "slow-win": "a win is scored the same however far away it is",
    "slow-loss": "a loss is scored the same however soon it comes",
}
SLOW_EVIDENCE = 3  # misses with a known outcome, at least, to name slow-win
EDGE_SHARE = 0.9  # answers at one edge of the open columns, at least, to name it
EDGE_EVIDENCE = 20  # answers judged, at least


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


def slow_loss(check: str, failed: list[Answer]) -> int:
    """How many misses of ``check`` (a block missed) show ``slow-loss``: every one
    whose outcome is known is lost whatever it plays (the block too, only later); 0
    when the evidence does not say so."""
    if check != "misses-block":
        return 0
    known = [outcomes_of(a.moves) for a in failed if a.column is not None]
    judged = [dict(o) for o in known if o is not None]
    if len(judged) < SLOW_EVIDENCE or any(max(o.values()) != -1 for o in judged):
        return 0
    return len(judged)


def draw_misvalued(check: str, failed: list[Answer], of: list[str]) -> tuple[int, int] | None:
    """For ``endgame``: (the misses, the endgames with no drawing column, all kept)
    when the misses show ``full-board`` (see the module), else None."""
    if check != "endgame" or not failed:
        return None
    found = {m: dict(o) for m in of if (o := outcomes_of(m)) is not None}
    for a in failed:
        out = found.get(a.moves, {})
        best, mine = max(out.values(), default=None), out.get((a.column or 0) - 1)
        if (best, mine) not in ((0, -1), (1, 0)):  # no draw at stake in this miss
            return None
    decided = [m for m, out in found.items() if 0 not in out.values()]
    return (len(failed), len(decided)) if len(decided) >= SLOW_EVIDENCE else None


def draw_words(missed: int, decided: int) -> str:
    """The text a full-board finding ends with."""
    return (
        f"; in all {missed} endgames it got wrong a draw was at stake (it chose a loss "
        "over a draw, or a draw over a win), while it chose right in all "
        f"{decided} endgames where no column draws (a win beside a loss): it tells a "
        "win from a loss but not a draw, which only a full board makes: the mark of "
        "a full board (the only draw) not scored as a draw"
    )


def slow_win_words(count: int) -> str:
    """The text a slow-win finding ends with."""
    return (
        f"; in all {count} misses whose outcome is known its column wins too, only later, "
        "and the wins it missed are in several columns and directions: the mark of a "
        "search that scores a win the same however far away it is (score a sooner win "
        "higher, such as WIN plus the depth left)"
    )


def slow_loss_words(count: int) -> str:
    """The text a slow-loss finding ends with."""
    return (
        f"; in all {count} misses whose outcome is known every column loses, the block "
        "only later: the mark of a search that scores a loss the same however soon it "
        "comes, so that every column ties (score a sooner loss lower, such as minus "
        "WIN minus the depth left)"
    )


def edge_kept(answers: list[Answer]) -> tuple[str, int, int, int] | None:
    """("rightmost" or "leftmost", answers at that edge of the open columns, answers
    judged, of the edge answers those that lost a better outcome) when the answers
    show ``best-outside-test`` (see the module), else None."""
    judged = [(a, Position.from_moves(a.moves)) for a in answers if a.column is not None]
    if len(judged) < EDGE_EVIDENCE:
        return None
    for side, pick in (("rightmost", max), ("leftmost", min)):
        at = [a for a, pos in judged if a.column == pick(pos.legal_moves()) + 1]
        if len(at) >= EDGE_SHARE * len(judged):
            worse = sum(_worse(a) for a in at)
            if worse >= SLOW_EVIDENCE:
                return side, len(at), len(judged), worse
    return None


def _worse(a: Answer) -> bool:
    """Whether ``a``'s column has a worse exact outcome than the position's best."""
    found = outcomes_of(a.moves)
    if found is None or a.column is None:
        return False
    out = dict(found)
    return out.get(a.column - 1, 1) < max(out.values())


def edge_words(side: str, at: int, judged: int, worse: int) -> str:
    """The text a best-outside-test finding ends with. Positional: its four values are
    the tuple ``edge_kept`` returns, passed whole (``edge_words(*kept)``)."""
    return (
        f"; it answered the {side} open column in {at} of {judged} positions, and "
        f"{worse} of those lost a better outcome: the mark of a search that keeps the "
        f"{'last' if side == 'rightmost' else 'first'} column it tries whatever it is "
        "worth (the best move updated outside its `if value > best` test)"
    )
