"""Forced wins and losses a few plies deep, by exhaustive search on the bitboards: what a
correct search that looks ``k`` plies ahead sees for certain.

Plies count every stone from the position asked, the side to move's first: a win in 1
is a four now, a win in 3 is a move after which every reply leaves a four next, a loss
in 2 is a move after which the opponent has a four at once. A search that looks ``k``
plies ahead and scores fours as wins and losses sees every outcome decided within
``k`` plies exactly; what it sees beyond is chance. These are exact (no heuristic, no
time limit): every line is played out to the depth asked, repeated positions answered
from a table.
"""

from __future__ import annotations

from dataclasses import dataclass

from treeviz.connect4.board import Position, board_masks, cell_columns, win_cells

WIN_PLIES = (1, 3, 5)  # the forced wins the doctor puts to an agent, in plies
LOSS_PLIES = (2, 4)  # the forced losses it must walk around


@dataclass(frozen=True)
class Tactics:
    """The side to move's columns (0-based) by how soon they decide the game: ``win``
    maps a column to the plies of its shortest forced win (up to
    ``max(WIN_PLIES)``), ``loss`` a column to the plies of the opponent's shortest
    forced win after it (up to ``max(LOSS_PLIES)``); ``legal`` every legal column."""

    win: dict[int, int]
    loss: dict[int, int]
    legal: tuple[int, ...]

    def kind(self) -> int | None:
        """The ply count this position tests, or None: ``k`` odd when the shortest
        forced win is ``k`` plies; ``k`` even when no column wins, some lose and the
        shortest of those losses is ``k``, and some column does not lose within ``k``
        (there is something to choose)."""
        if self.win:
            return min(self.win.values())
        if not self.loss or len(self.loss) == len(self.legal):
            return None
        return min(self.loss.values())

    def right(self, k: int) -> frozenset[int]:
        """The columns a search that sees ``k`` plies plays here: those winning in
        ``k`` (``k`` odd), those not losing within ``k`` (``k`` even)."""
        if k % 2:
            return frozenset(c for c, p in self.win.items() if p <= k)
        return frozenset(c for c in self.legal if self.loss.get(c, k + 1) > k)


class _Search:
    """Exhaustive forced-win search on one board size, with a table per depth."""

    def __init__(self, width: int, height: int) -> None:
        self.w, self.h = width, height
        self.board, self.bottom = board_masks(width, height)
        self.column = (1 << height) - 1  # the first column's cells
        self.table: dict[tuple[int, int, int], bool] = {}

    def moves(self, mask: int) -> list[int]:
        top = self.h - 1
        return [c for c in range(self.w) if not mask >> (c * (self.h + 1) + top) & 1]

    def cell(self, mask: int, col: int) -> int:
        base = col * (self.h + 1)
        return (mask + (1 << base)) & (self.column << base)

    def wins(self, cur: int, mask: int) -> int:
        """The playable cells where ``cur`` (holding no four) would have four at once."""
        return win_cells(cur, (mask + self.bottom) & self.board, self.h)

    def after(self, cur: int, mask: int, col: int) -> tuple[int, int]:
        """The position after ``col``, seen by the next side to move."""
        return cur ^ mask, mask | self.cell(mask, col)

    def threats(self, cur: int, mask: int) -> list[int]:
        """The columns where the side not to move would have four if it moved now."""
        return cell_columns(self.wins(cur ^ mask, mask), self.w, self.h)

    def wins_within(self, cur: int, mask: int, plies: int) -> bool:
        """The side to move forces a four within ``plies`` plies (odd, >= 1)."""
        if self.wins(cur, mask):
            return True
        if plies < 3:
            return False
        key = (cur, mask, plies)
        if key not in self.table:
            # a threat of the opponent's must be stopped at once (two cannot be)
            forced = self.threats(cur, mask)
            self.table[key] = len(forced) < 2 and any(
                self.lost_within(*self.after(cur, mask, c), plies - 1)
                for c in forced or self.moves(mask)
            )
        return self.table[key]

    def lost_within(self, cur: int, mask: int, plies: int) -> bool:
        """Whatever the side to move plays, the opponent has four within ``plies``
        plies (even, >= 2); False on a full board (a draw) or when a move wins now."""
        legal = self.moves(mask)
        if not legal or self.wins(cur, mask):
            return False
        forced = self.threats(cur, mask)
        if len(forced) > 1:  # one is stopped, the other wins next
            return True
        return all(self.wins_within(*self.after(cur, mask, c), plies - 1) for c in forced or legal)


def could_be(pos: Position, k: int) -> bool:
    """A cheap necessary condition for ``tactics(pos).kind() == k`` (``k`` in
    :data:`WIN_PLIES` or :data:`LOSS_PLIES`): no win sooner than ``k``, and for ``k``
    3 a win in 3, for ``k`` 4 a column that loses within 4. The battery asks it
    before the full :func:`tactics` (which solves every column five plies deep)."""
    s = _Search(pos.width, pos.height)
    legal = s.moves(pos.mask)
    if k == 1 or s.wins(pos.current, pos.mask):
        return k == 1 and bool(legal) and s.wins_within(pos.current, pos.mask, 1)
    after = [s.after(pos.current, pos.mask, c) for c in legal]
    if any(s.lost_within(cur, mask, 2) for cur, mask in after):
        return k == 3
    if k == 4:
        return any(s.wins_within(cur, mask, 3) for cur, mask in after)
    return k in (2, 5)


def tactics(pos: Position) -> Tactics:
    """The :class:`Tactics` of ``pos`` (not over)."""
    s = _Search(pos.width, pos.height)
    legal = tuple(pos.legal_moves())
    win: dict[int, int] = {}
    loss: dict[int, int] = {}
    wins = s.wins(pos.current, pos.mask)
    for c in legal:
        if wins & s.cell(pos.mask, c):
            win[c] = 1
            continue
        cur, mask = s.after(pos.current, pos.mask, c)
        won = next((k for k in WIN_PLIES[1:] if s.lost_within(cur, mask, k - 1)), None)
        if won is not None:
            win[c] = won
            continue
        lost = next((k for k in LOSS_PLIES if s.wins_within(cur, mask, k - 1)), None)
        if lost is not None:
            loss[c] = lost
    return Tactics(win, loss, legal)
