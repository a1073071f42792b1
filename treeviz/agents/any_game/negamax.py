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

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from treeviz.agents.any_game.tree import (
    ROOT_ARGS,
    Heuristic,
    Search,
    decided,
    heuristic_points,
    outcome_value,
    row,
    whole_points,
)
from treeviz.errors import InvalidPositionError
from treeviz.rules.protocol import Game
from treeviz.rules.steps import steps_of
from treeviz.settings import show_value
from treeviz.trace.nodes import (
    C_CUTOFFS,
    C_LEAVES,
    C_TT_HITS,
    CUTOFF,
    EXACT,
    INF,
    NO_VALUE,
    NOT_RECORDED,
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
    """One negamax search (see the module docstring).

    It walks the game's raw states (:mod:`treeviz.rules.steps`): one call per
    question, a child made only when it is searched. The recursion is one closure
    over what every node reads (:meth:`walker`): a node of OpenSpiel's tic-tac-toe
    costs the game about 1.2 us, and each Python call or attribute looked up on the
    way would add a tenth of that again."""

    def __init__(self, search: Search, plan: Plan) -> None:
        self.s, self.game, self.plan = search, search.game, plan
        self.walk = steps_of(search.game, search.root)
        self.table: dict[Hashable, tuple[int, int, int, int]] = {}
        self.path: list[int] = []  # the moves from the root to the node searched
        self.exact_flag = EXACT if plan.depth is None else 0  # the solver's values are exact
        window = ("alpha", "beta") if plan.prune else ()
        # the root's, as the search's first node; the others are packed as each is left
        self.dense = {
            name: search.dense.setdefault(name, []) for name in ("value", "flags", *window)
        }
        search.packed_fields = ("parent", "move", "depth", *window, "value", "flags")
        self.statics = search.sparse.setdefault("static_eval", ([], []))  # horizon leaves
        # nodes, leaves, cutoffs and table hits so far: set by walker
        self.count: Callable[[], tuple[int, int, int, int]] = lambda: (0, 0, 0, 0)

    # ------------------------------------------------------------------ the root
    def root(self) -> tuple[int, dict[int, int], dict[int, bool]]:
        """(the best move, each root move's value for the root side, whether each is
        exact rather than an upper bound), ties to the move listed first."""
        raw, side = self.walk.start, self.s.root_side
        node = self.s.add(*ROOT_ARGS)
        visit = self.walker()  # counting on from the root
        window = {"value": NO_VALUE, "flags": 0, "alpha": -INF, "beta": INF}
        for name, column in self.dense.items():
            column.append(window[name])
        legal = list(self.walk.actions(raw))
        values: dict[int, int] = {}
        exact: dict[int, bool] = {}
        best_move: int | None = None
        alpha = -INF
        moves, made = self.ordered(raw, side, None)
        for move in moves:
            child = self.walk.child(raw, move) if made is None else made[move]
            earlier = best_move is not None and legal.index(move) < legal.index(best_move)
            low = alpha - 1 if self.plan.prune and earlier else alpha
            self.path.append(move)
            values[move] = visit(child, node, move, 1, side, low, INF)
            self.path.pop()
            # minimax's values are all exact; alpha-beta's at most ``low`` are upper bounds
            exact[move] = not self.plan.prune or values[move] > low
            if best_move is None or values[move] > alpha or (values[move] == alpha and earlier):
                best_move, alpha = move, values[move]
        self.dense["value"][node] = alpha
        ctr = self.s.rec.ctr
        self.s.nodes, ctr[C_LEAVES], ctr[C_CUTOFFS], ctr[C_TT_HITS] = self.count()
        assert best_move is not None  # a state that is not over has a legal move
        return best_move, values, exact

    # ------------------------------------------------------------------ the tree
    def walker(self) -> Callable[[Any, int, int, int, int, int, int], int]:
        """``visit(raw, parent, move, ply, parent_side, alpha, beta)``: record and
        search the child ``raw`` (``move`` from ``parent``, whose side is
        ``parent_side`` and window ``alpha``..``beta``); its value for the parent. A
        node is over, at the horizon, settled by the table, or searched through its
        children, cut off when the window closes (the moves not searched are its legal
        moves minus its recorded children: :meth:`Trace.unsearched`).

        One function with everything it reads bound once, recording as
        :meth:`Search.add` does (counted, past the capacity not recorded, the stop
        flag read every :data:`POLL` nodes) without a call. A node is recorded once,
        as it is left, into :attr:`Search.packed` (ids still in the order nodes are
        entered): one list grown once where one list a field took seven appends and
        two writes. This and the trace are the whole cost of a search beside the
        game's own (BENCHMARKS.md, any game)."""
        walk, search, plan = self.walk, self.s, self.plan
        mover, returns, actions, child, key_of = (
            walk.mover,
            walk.returns,
            walk.actions,
            walk.child,
            walk.key,
        )
        table, path, exact_flag = self.table, self.path, self.exact_flag
        over_flag = TERMINAL | exact_flag
        ordered, probe, store = self.ordered, self.probe, self.store
        game, heuristic, wrap = self.game, plan.heuristic, walk.wrap
        # the moves from the root, kept only for what reads them
        track = heuristic is not None or (plan.tt and walk.paths)
        prune, tt, sorted_moves = plan.prune, plan.tt, plan.ordering
        horizon = INF if plan.depth is None else plan.depth
        nodes = check_at = search.nodes  # searched so far; when to look at the stop flag
        # a node's id is the count before it less the nodes not recorded (past the
        # capacity): a second count per node cost more than the recording's append
        missed, capacity = nodes - len(search.parent), search.capacity
        # nodes searched through their children, the root first; the leaves are the
        # nodes neither searched so nor settled by the table (a count per leaf cost more)
        inner, cutoffs, hits = nodes, 0, 0
        packed = search.packed
        static_ids, static_values = self.statics

        def visit(
            raw: Any, parent: int, move: int, ply: int, parent_side: int, alpha: int, beta: int
        ) -> int:
            to_move = mover(raw)
            side = 1 - parent_side if to_move < 0 else to_move  # see tree.side_of
            flip = side != parent_side
            if flip:
                alpha, beta = -beta, -alpha
            nonlocal nodes, check_at, missed, packed, inner, cutoffs, hits
            if nodes >= check_at:
                check_at = self.check(nodes)
            node = nodes - missed  # ids in the order nodes are entered, as the table's
            nodes += 1
            if parent == NOT_RECORDED or node >= capacity:
                search.truncated, node, missed = True, NOT_RECORDED, missed + 1
            if to_move < 0:
                mine, flag = returns(raw)[side], over_flag  # outcome_value, without a call
                value = 0 if mine == 0 else WIN - ply if mine > 0 else ply - WIN
            elif ply >= horizon:
                if heuristic is None:
                    value = 0
                else:  # a whole number in range is taken as it is, without a call
                    points = heuristic(game, wrap(raw, path), side)
                    whole = type(points) is int and -PROVEN < points < PROVEN
                    value = points if whole else whole_points(points)  # type: ignore[assignment]
                flag = 0
                if node >= 0:
                    static_ids.append(node)
                    static_values.append(value)
            else:
                key = hit = found = None
                if tt:
                    key = key_of(raw, path)
                    hit = table.get(key)
                    found = None if hit is None else probe(hit, ply, alpha, beta)
                if found is not None:
                    hits += 1
                    value, flag = found, TT_HIT
                else:
                    inner += 1
                    # a loop over the moves calling child: a zip of them with a map of
                    # child over them cost a fifth of tic-tac-toe's search
                    if sorted_moves:
                        steps, made = ordered(raw, side, hit[3] if hit else None)
                    else:
                        steps, made = actions(raw), None
                    value, best_move, low, flag = -INF, -1, alpha, 0
                    for step in steps:
                        after = child(raw, step) if made is None else made[step]
                        if track:
                            path.append(step)
                        v = visit(after, node, step, ply + 1, side, low, beta)
                        if track:
                            path.pop()
                        if v > value:
                            value, best_move = v, step
                        if prune and v > low:
                            low = v
                            if low >= beta:
                                cutoffs += 1
                                flag = CUTOFF
                                break
                    if tt:
                        store(key, ply, value, best_move, alpha, beta)
                    if alpha < value < beta:
                        flag |= exact_flag
            if node >= 0:  # one list grown once (Search.packed): fields in packed_fields
                if prune:
                    packed += (node, parent, move, ply, alpha, beta, value, flag)
                else:
                    packed += (node, parent, move, ply, value, flag)
            return -value if flip else value

        def count() -> tuple[int, int, int, int]:
            return nodes, nodes - inner - hits, cutoffs, hits

        self.count = count
        return visit

    def check(self, nodes: int) -> int:
        """Before the node after ``nodes``: stop when asked, refuse past the budget;
        the count at which to check again."""
        poll_at = self.s.poll(nodes)
        budget = self.plan.budget
        if budget is None:
            return poll_at
        if nodes >= budget:
            self.refuse(budget)
        return min(poll_at, budget)

    def ordered(
        self, raw: Any, side: int, first: int | None
    ) -> tuple[Sequence[int], dict[int, Any] | None]:
        """The legal moves in the order searched, and their children when ordering
        made them (None: each child is made when it is reached): the game's order, or
        with ordering the table's best move first, then the heuristic's best for
        ``side`` (which makes every child first)."""
        walk = self.walk
        moves = walk.actions(raw)
        if self.plan.ordering and self.plan.heuristic is not None:
            pairs = [(m, walk.child(raw, m)) for m in moves]
            pairs.sort(key=lambda p: -self.guess(p, side))
            if first is not None:
                pairs.sort(key=lambda p: p[0] != first)
            return [m for m, _ in pairs], dict(pairs)
        if self.plan.ordering and first is not None and first in moves:
            moves = [first, *(m for m in moves if m != first)]
        return moves, None

    def guess(self, pair: tuple[int, Any], side: int) -> float:
        """The heuristic's view for ``side`` of a child (move, state); a finished
        game: its outcome."""
        move, raw = pair
        if self.walk.mover(raw) < 0:
            return outcome_value(self.walk.returns(raw), side, 0)
        return self.points(raw, [*self.path, move], side)

    # ------------------------------------------------------------------ helpers
    def points(self, raw: Any, path: list[int], side: int) -> int:
        """The heuristic's points for ``side`` of the state ``path`` reached (0 without
        one: the protocol's state is made only for a heuristic to read)."""
        heuristic = self.plan.heuristic
        if heuristic is None:
            return 0
        return heuristic_points(heuristic, self.game, self.walk.wrap(raw, path), side)

    def store(
        self, key: Hashable, ply: int, value: int, best_move: int, alpha: int, beta: int
    ) -> None:
        """Keep a searched node's value in the table, as a bound of the window it had."""
        bound = UPPER if value <= alpha else LOWER if value >= beta else EXACT_BOUND
        self.table[key] = (self.remaining(ply), self.to_table(value, ply), bound, best_move)

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

    def refuse(self, budget: int) -> NoReturn:
        """Refuse a solve past its node budget, quoting the position."""
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
    if value > 0:  # an upper bound of a win: as soon a win, a slower one, a draw or a loss
        return f"a win in {plies} plies or worse: cut by the window"
    return f"loses in at most {plies} plies: cut by the window"
