"""Minimax, alpha-beta and the exact solver on any game: one negamax over the game's
states, its pruning, table and depth set by the agent.

- Minimax searches every move to ``depth`` plies (no window, no table).
- Alpha-beta cuts with the window, orders moves (the table's best move first, then by
  the heuristic when a person gives one) and keeps a transposition table keyed by the
  game's key. An entry is used only for the same remaining depth, so alpha-beta
  answers exactly what minimax does: the same value, and the same move, because at the
  root a move listed before the best so far is searched with a window one lower, so a
  tie is seen as a tie and goes, as in minimax, to the move listed first.
- The solver is alpha-beta to the end of the game, with a node budget past which it
  refuses (:class:`InvalidPositionError`): a solve that would take hours is declined,
  not started.

Stored values are for the node's side, the table's decided values relative to the
node (a win ``k`` plies below it) so that a position met at two depths shares them.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from treeviz.agents.any_game.tree import (
    ROOT_ARGS,
    Heuristic,
    Search,
    decided,
    heuristic_points,
    outcome_value,
    row,
    side_of,
    to_parent,
)
from treeviz.errors import InvalidPositionError
from treeviz.rules.protocol import Game
from treeviz.settings import show_value
from treeviz.trace.nodes import (
    C_CUTOFFS,
    C_LEAVES,
    C_NODES,
    C_TT_HITS,
    CUTOFF,
    EXACT,
    INF,
    TERMINAL,
    TT_HIT,
    WIN,
    MoveStat,
)
from treeviz.trace.values import PROVEN

EXACT_BOUND, LOWER, UPPER = 0, 1, 2


@dataclass(frozen=True)
class Plan:
    """How the negamax searches: ``depth`` plies (None: to the end), with the window
    (``prune``), the table (``tt``), move ordering, a heuristic at the horizon and a
    node budget (None: none)."""

    depth: int | None
    prune: bool
    tt: bool
    ordering: bool
    heuristic: Heuristic | None
    budget: int | None


class Negamax:
    """One negamax search (see the module docstring)."""

    def __init__(self, search: Search, plan: Plan) -> None:
        self.s, self.game, self.plan = search, search.game, plan
        self.table: dict[Hashable, tuple[int, int, int, int]] = {}

    # ------------------------------------------------------------------ the root
    def root(self) -> tuple[int, dict[int, int], dict[int, bool]]:
        """(the best move, each root move's value for the root side, whether each is
        exact rather than an upper bound), ties to the move listed first."""
        state, side = self.s.root, self.s.root_side
        node = self.s.add(*ROOT_ARGS)
        self.mark_window(node, -INF, INF)
        legal = self.game.legal_moves(state)
        values: dict[int, int] = {}
        exact: dict[int, bool] = {}
        best_move: int | None = None
        alpha = -INF
        for move, child in self.ordered(state, side, None):
            earlier = best_move is not None and legal.index(move) < legal.index(best_move)
            low = alpha - 1 if self.plan.prune and earlier else alpha
            values[move] = self.child(child, node, move, 1, side, low, INF)
            # minimax's values are all exact; alpha-beta's at most ``low`` are upper bounds
            exact[move] = not self.plan.prune or values[move] > low
            if best_move is None or values[move] > alpha or (values[move] == alpha and earlier):
                best_move, alpha = move, values[move]
        self.s.set(node, value=alpha)
        assert best_move is not None  # a state that is not over has a legal move
        return best_move, values, exact

    # ------------------------------------------------------------------ the tree
    def child(
        self, state: Any, parent: int, move: int, ply: int, parent_side: int, alpha: int, beta: int
    ) -> int:
        """Record and search the child ``state``; its value for ``parent_side``."""
        side = side_of(self.game, state, parent_side)
        node = self.s.add(parent, move, ply)
        window = (alpha, beta) if side == parent_side else (-beta, -alpha)
        return to_parent(self.value(state, node, side, ply, window), side, parent_side)

    def value(self, state: Any, node: int, side: int, ply: int, window: tuple[int, int]) -> int:
        """The negamax value of ``state`` for ``side`` within ``window``."""
        self.check_budget()
        alpha, beta = window
        self.mark_window(node, alpha, beta)
        returns = self.game.outcome(state)
        if returns is not None:
            return self.leaf(node, outcome_value(returns, side, ply), TERMINAL | self.exact_flag)
        if self.plan.depth is not None and ply >= self.plan.depth:
            points = heuristic_points(self.plan.heuristic, self.game, state, side)
            self.s.set(node, static_eval=points)
            return self.leaf(node, points, 0)
        key = self.game.key(state) if self.plan.tt else None
        hit = self.table.get(key) if key is not None else None
        if hit is not None and (found := self.probe(hit, ply, alpha, beta)) is not None:
            self.s.rec.ctr[C_TT_HITS] += 1
            self.s.set(node, value=found, flags=TT_HIT)
            return found
        best, best_move = self.children(state, node, side, ply, window, hit)
        if key is not None:
            bound = UPPER if best <= alpha else LOWER if best >= beta else EXACT_BOUND
            self.table[key] = (self.remaining(ply), self.to_table(best, ply), bound, best_move)
        flags = self.exact_flag if alpha < best < beta else 0
        self.s.set(node, value=best, flags=flags)
        return best

    def children(
        self,
        state: Any,
        node: int,
        side: int,
        ply: int,
        window: tuple[int, int],
        hit: tuple[int, int, int, int] | None,
    ) -> tuple[int, int]:
        """(value, best move) of ``state`` from its children, cutting off when the
        window closes (the moves not searched are the node's legal moves minus its
        recorded children: :meth:`Trace.unsearched`)."""
        alpha, beta = window
        best, best_move = -INF, -1
        for move, child in self.ordered(state, side, hit[3] if hit else None):
            v = self.child(child, node, move, ply + 1, side, alpha, beta)
            if v > best:
                best, best_move = v, move
            if self.plan.prune:
                alpha = max(alpha, v)
                if alpha >= beta:
                    self.s.rec.ctr[C_CUTOFFS] += 1
                    self.s.set(node, flags=CUTOFF)
                    break
        return best, best_move

    def ordered(self, state: Any, side: int, first: int | None) -> list[tuple[int, Any]]:
        """The legal moves with their children: the game's order, or with ordering the
        table's best move first, then the heuristic's best for ``side``."""
        pairs = [(m, self.game.play(state, m)) for m in self.game.legal_moves(state)]
        if not self.plan.ordering:
            return pairs
        if self.plan.heuristic is not None:
            pairs.sort(key=lambda p: -self.guess(p[1], side))
        if first is not None:
            pairs.sort(key=lambda p: p[0] != first)
        return pairs

    def guess(self, state: Any, side: int) -> float:
        """The heuristic's view of a child for ``side`` (a finished game: its outcome)."""
        returns = self.game.outcome(state)
        if returns is not None:
            return outcome_value(returns, side, 0)
        return heuristic_points(self.plan.heuristic, self.game, state, side)

    # ------------------------------------------------------------------ helpers
    @property
    def exact_flag(self) -> int:
        """EXACT for the solver's exact values, else nothing."""
        return EXACT if self.plan.depth is None else 0

    def leaf(self, node: int, value: int, flags: int) -> int:
        self.s.rec.ctr[C_LEAVES] += 1
        self.s.set(node, value=value, flags=flags)
        return value

    def mark_window(self, node: int, alpha: int, beta: int) -> None:
        if self.plan.prune:
            self.s.set(node, alpha=alpha, beta=beta)

    def remaining(self, ply: int) -> int:
        """Plies left below a node (-1: to the end)."""
        return -1 if self.plan.depth is None else self.plan.depth - ply

    def probe(self, hit: tuple[int, int, int, int], ply: int, alpha: int, beta: int) -> int | None:
        """A table entry's value when it settles the node here, else None."""
        remaining, stored, bound, _ = hit
        if remaining != self.remaining(ply):
            return None
        v = self.from_table(stored, ply)
        fits = bound == EXACT_BOUND or (bound == LOWER and v >= beta)
        return v if fits or (bound == UPPER and v <= alpha) else None

    @staticmethod
    def to_table(value: int, ply: int) -> int:
        """A decided value relative to the node ``ply`` below the root."""
        if not decided(value):
            return value
        return value + ply if value > 0 else value - ply

    @staticmethod
    def from_table(value: int, ply: int) -> int:
        """:meth:`to_table` undone at ``ply``."""
        if not decided(value):
            return value
        return value - ply if value > 0 else value + ply

    def check_budget(self) -> None:
        """Refuse a solve past its node budget, quoting the position."""
        budget = self.plan.budget
        if budget is not None and self.s.rec.ctr[C_NODES] > budget:
            text = self.game.to_text(self.s.root)
            raise InvalidPositionError(
                f"solving {show_value(text)} in {self.game.name} takes more than "
                f"{budget:,} nodes (node_budget): search it with alphabeta, or raise the budget"
            )


def rows_of(
    game: Game[Any], state: Any, values: dict[int, int], exact: dict[int, bool]
) -> list[MoveStat]:
    """One row per legal move, in the game's order: its value for the root side, an
    upper bound where the window cut it ("at most"); its text says a decided result in
    plies, never the stored ``WIN - plies``."""
    out = []
    for move in game.legal_moves(state):
        value = values[move]
        out.append(row(game, state, move, float(value), row_words(value, exact=exact[move])))
    return out


def row_words(value: int, *, exact: bool) -> str:
    """A row's value in words where words say more than the number: a decided game in
    plies (from the root), and what a bound the window cut at means ("" for an exact
    heuristic value, which the row's number says)."""
    plies = WIN - abs(value)
    if exact:
        if abs(value) < PROVEN:
            return ""
        return f"wins in {plies} plies" if value > 0 else f"loses in {plies} plies"
    if abs(value) < PROVEN:
        return f"at most {value}: cut by the window"
    if value > 0:  # an upper bound of a win: a win no sooner, or worse
        return f"at best a win in {plies} plies: cut by the window"
    return f"loses in at most {plies} plies: cut by the window"
