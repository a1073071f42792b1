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
    AT_HORIZON,
    PARENT_WINDOW,
    RECORD,
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
    TERMINAL,
    TT_HIT,
    WIN,
    MoveStat,
)
from treeviz.trace.values import PROVEN
from treeviz.trace.values import plies as plies_text

EXACT_BOUND, LOWER, UPPER = 0, 1, 2
# visit(raw, side, parent, move, ply, alpha, beta, only) (Negamax.walker)
Visit = Callable[
    [Any, int, int, int, int, int, int, "tuple[Sequence[int], dict[int, Any] | None]"], int
]


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
    question, a child made only when it is searched, and in a game that can take a
    move back, moves played on one state and taken back (no state copied; not with a
    heuristic, which is handed states it may keep). The recursion is one closure over
    what every node reads (:meth:`walker`): a node of OpenSpiel's tic-tac-toe costs
    the game about 0.5-1.2 us, and each Python call or attribute looked up on the way
    would add a tenth of that again."""

    def __init__(self, search: Search, plan: Plan) -> None:
        self.s, self.game, self.plan = search, search.game, plan
        self.walk = steps_of(search.game, search.root)
        self.in_place = self.walk.in_place if plan.heuristic is None else None
        self.table: dict[Hashable, tuple[int, int, int, int]] = {}
        self.path: list[int] = []  # the moves from the root to the node searched
        self.exact_flag = EXACT if plan.depth is None else 0  # the solver's values are exact
        window = ("alpha", "beta") if plan.prune else ()
        # the root's, as the search's first node; the others are packed
        self.dense = {
            name: search.dense.setdefault(name, []) for name in ("value", "flags", *window)
        }
        search.windowed = plan.prune
        # nodes, leaves, cutoffs and table hits so far: set by walker
        self.count: Callable[[], tuple[int, int, int, int]] = lambda: (0, 0, 0, 0)

    # ------------------------------------------------------------------ the root
    def root(self) -> tuple[int, dict[int, int], dict[int, bool]]:
        """(the best move, each root move's value for the root side, whether each is
        exact rather than an upper bound), ties to the move listed first."""
        start, side = self.walk.start, self.s.root_side
        raw = start if self.in_place is None else self.in_place.copy(start)
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
        now: list[int] = []
        if self.plan.depth is None and self.plan.prune:  # the solver: the values it must prove
            now = self.wins_at_once(raw, side, moves)
            moves = [*now, *(m for m in moves if m not in now)]
        for move in moves:
            if now and move not in now:  # a win at once is the best there is: the rest,
                # not one (OpenSpiel's play said so), are at best a win in 3 plies
                values[move], exact[move] = WIN - 3, False
                continue
            earlier = best_move is not None and legal.index(move) < legal.index(best_move)
            low = alpha - 1 if self.plan.prune and earlier else alpha
            # the root's children one at a time: the move's value for the root side
            values[move] = visit(raw, side, node, -1, 0, low, INF, ((move,), made))
            # minimax's values are all exact; alpha-beta's at most ``low`` are upper bounds,
            # but for a move that wins at once (nothing is better: it ended the game)
            exact[move] = not self.plan.prune or values[move] > low or values[move] == WIN - 1
            if best_move is None or values[move] > alpha or (values[move] == alpha and earlier):
                best_move, alpha = move, values[move]
        self.dense["value"][node] = alpha
        ctr = self.s.rec.ctr
        self.s.nodes, ctr[C_LEAVES], ctr[C_CUTOFFS], ctr[C_TT_HITS] = self.count()
        assert best_move is not None  # a state that is not over has a legal move
        return best_move, values, exact

    # ------------------------------------------------------------------ the tree
    def walker(self) -> Visit:
        """``visit(raw, side, parent, move, ply, alpha, beta, only=None)``: record and
        search the child ``raw`` (``side`` to move, neither over nor at the horizon)
        reached by ``move`` from ``parent``, with the window ``alpha``..``beta`` as
        ``side`` sees it; its value for ``side`` (the parent flips both when its own
        side differs). A node is settled by the table or searched through its
        children, cut off when the window closes (the moves not searched are its
        legal moves minus its recorded children: :meth:`Trace.unsearched`). With
        ``only`` (moves, their children made or None) ``raw`` is the root, ``parent``
        its id, and those moves are searched for the root's side as :meth:`root`
        asks, nothing else done.

        A child that is a leaf (over, or at the horizon) is searched and recorded in
        the loop over the moves, without a call (most nodes of a depth-limited search
        are leaves). One function with everything it reads bound once, counting and
        recording as :meth:`Search.add` does (past the capacity not recorded, the
        stop flag read every :data:`POLL` nodes) without a call of ours; a node is
        packed once, at its id in :attr:`Search.packed` (:data:`RECORD`): a leaf when
        it is met, a node with children as it is left. This and the trace are the
        whole cost of a search beside the game's own (BENCHMARKS.md, any game)."""
        walk, search, plan = self.walk, self.s, self.plan
        mover, returns, actions, child, key_of = (
            walk.mover,
            walk.returns,
            walk.actions,
            walk.child,
            walk.key,
        )
        in_place = self.in_place
        play, undo = (None, None) if in_place is None else (in_place.play, in_place.undo)
        table, path, exact_flag = self.table, self.path, self.exact_flag
        # a finished game's side is never its parent's: its window is kept as theirs
        over_flag = TERMINAL | exact_flag | PARENT_WINDOW
        ordered, probe, store = self.ordered, self.probe, self.store
        game, heuristic, wrap = self.game, plan.heuristic, walk.wrap
        # the moves from the root, kept only for what reads them
        track = heuristic is not None or (plan.tt and walk.paths)
        prune, tt, sorted_moves = plan.prune, plan.tt, plan.ordering
        horizon = INF if plan.depth is None else plan.depth
        # searched so far, which is the next node's id; when to look at the stop flag.
        # Past the capacity no node is recorded, so a recorded node's id is the count.
        nodes = check_at = search.nodes
        # nodes searched through their children, the root first; the leaves are the
        # nodes neither searched so nor settled by the table (a count per leaf cost more)
        inner, cutoffs, hits = nodes, 0, 0
        packed, pack, size, grow = search.packed, RECORD.pack_into, RECORD.size, search.grow
        room = 0  # the ids packed holds: a node past them makes more, up to the capacity
        # a leaf at the horizon: its flags, by whether its side is not its parent's
        horizon_flags = (AT_HORIZON, AT_HORIZON | PARENT_WINDOW)

        def visit(
            raw: Any,
            side: int,
            parent: int,
            move: int,
            ply: int,
            alpha: int,
            beta: int,
            only: tuple[Sequence[int], dict[int, Any] | None] | None = None,
        ) -> int:
            nonlocal nodes, check_at, inner, hits, cutoffs, room
            if only is None:  # a node below the root: entered, recorded, asked of the table
                if nodes >= check_at:
                    check_at = self.check(nodes)
                node = nodes
                nodes += 1
                if node >= room:
                    room = grow(node)
                key = hit = None
                if tt:
                    key = key_of(raw, path)
                    hit = table.get(key)
                    found = None if hit is None else probe(hit, ply, alpha, beta)
                    if found is not None:
                        hits += 1
                        if node < room:
                            pack(packed, node * size, parent, move, ply, alpha, beta, found, TT_HIT)
                        return found
                inner += 1
                if sorted_moves and (hit is not None or heuristic is not None):
                    steps, made = ordered(raw, side, None if hit is None else hit[3])
                else:  # what ordered answers without a heuristic or the table's move
                    made = None
                    steps = actions(raw)
            else:  # the root, recorded by root(), searching the moves it is given
                node, key = parent, None
                steps, made = only
            value = -INF
            best_move = -1
            low = alpha
            below = ply + 1
            for step in steps:
                if play is None:
                    after = child(raw, step) if made is None else made[step]
                else:
                    play(raw, step)
                    after = raw
                if track:
                    path.append(step)
                to_move = mover(after)
                if to_move >= 0 and below < horizon:  # the window and value as its side sees them
                    if to_move != side:
                        v = -visit(after, to_move, node, step, below, -beta, -low)
                    else:
                        v = visit(after, to_move, node, step, below, low, beta)
                else:  # a leaf, here without a call (see tree.side_of for its side)
                    if nodes >= check_at:
                        check_at = self.check(nodes)
                    leaf = nodes
                    nodes += 1
                    if to_move < 0:  # outcome_value without a call; its side is the other
                        mine, flag = returns(after)[1 - side], over_flag
                        value_here = 0 if mine == 0 else WIN - below if mine > 0 else below - WIN
                        v = -value_here
                    elif heuristic is None:
                        flag = horizon_flags[to_move != side]
                        value_here = v = 0
                    else:  # a whole number in range is taken as it is
                        flag = horizon_flags[to_move != side]
                        points = heuristic(game, wrap(after, path), to_move)
                        whole = type(points) is int and -PROVEN < points < PROVEN
                        value_here = points if whole else whole_points(points)  # type: ignore[assignment]
                        v = value_here if to_move == side else -value_here
                    if leaf >= room:
                        room = grow(leaf)
                    if leaf < room:  # the window it has is (-beta, -low) when it flips
                        pack(packed, leaf * size, node, step, below, low, beta, value_here, flag)
                if undo is not None:
                    undo(raw, side, step)
                if track:
                    path.pop()
                if v > value:
                    value, best_move = v, step
                if prune and v > low:
                    low = v
                    if low >= beta:
                        cutoffs += 1
                        break
            if only is not None:
                return value
            if key is not None:
                store(key, ply, value, best_move, alpha, beta)
            if node < room:
                flag = CUTOFF if prune and value >= beta else 0
                if alpha < value < beta:
                    flag |= exact_flag
                pack(packed, node * size, parent, move, ply, alpha, beta, value, flag)
            return value

        def count() -> tuple[int, int, int, int]:
            search.packed_to = min(nodes, room)
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

    def wins_at_once(self, raw: Any, side: int, moves: Sequence[int]) -> list[int]:
        """The root's ``moves`` that end the game with a win for ``side``, in their
        order. Where there is one, the root's value is known, and the solver cuts the
        other moves at the root: a solve of a position won in one move was refused past
        its budget, each move before the winning one solved in full first (a window
        proves a move no better than a win at once only by searching it whole).
        Alpha-beta to a depth searches them as it did, its tree the one it draws."""
        ended = (self.ended(self.walk.child(raw, m), side) for m in moves)
        return [m for m, value in zip(moves, ended, strict=True) if value is not None and value > 0]

    def ended(self, raw: Any, side: int) -> int | None:
        """The outcome's value for ``side`` of ``raw`` when the game is over there, else
        None."""
        if self.walk.mover(raw) >= 0:
            return None
        return outcome_value(self.walk.returns(raw), side, 0)

    def guess(self, pair: tuple[int, Any], side: int) -> float:
        """The heuristic's view for ``side`` of a child (move, state); a finished
        game: its outcome."""
        move, raw = pair
        value = self.ended(raw, side)
        return value if value is not None else self.points(raw, [*self.path, move], side)

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
        """Keep a searched node's value in the table, as a bound of the window it had;
        a decided value relative to the node, ``ply`` below the root (every searched
        node stores: a call less here is a hundredth of a search with a table)."""
        bound = UPPER if value <= alpha else LOWER if value >= beta else EXACT_BOUND
        if value >= PROVEN:
            value += ply
        elif value <= -PROVEN:
            value -= ply
        self.table[key] = (self.remaining(ply), value, bound, best_move)

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
    def from_table(value: int, ply: int) -> int:
        """A stored value (see :meth:`store`) ``ply`` below the root."""
        if not decided(value):
            return value
        return value - ply if value > 0 else value + ply

    def refuse(self, budget: int) -> NoReturn:
        """Refuse a solve past its node budget, quoting the position; the advice names
        the agent spec's option (``treeviz solve`` has none: ``analyze --agent`` takes
        the spec)."""
        text = self.game.to_text(self.s.root)
        raise InvalidPositionError(
            f"solving {show_value(text)} in {self.game.name} takes more than "
            f"{budget:,} nodes: search it with alphabeta, or give the solver more with "
            f"analyze --agent solver:node_budget=N --node-limit N (N above {budget}; the "
            "node limit stops any search of another game)"
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
    k = WIN - abs(value)
    if exact:
        if abs(value) < PROVEN:
            return ""
        return f"wins in {plies_text(k)}" if value > 0 else f"loses in {plies_text(k)}"
    if abs(value) < PROVEN:
        return f"at most {value}: cut by the window"
    if value > 0:  # an upper bound of a win: as soon a win, a slower one, a draw or a loss
        return f"a win in {plies_text(k)} or worse: cut by the window"
    return f"loses in at most {plies_text(k)}: cut by the window"
