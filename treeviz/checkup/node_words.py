"""The sentences of :mod:`treeviz.checkup.tree_bugs`: a node, its values and its window in
the words and numbers of the person's own search.

A search with a maximizing flag returns values for one player (the maximiser, which
the trace records in ``extra["maximizing"]``); a negamax returns them for the side to
move, as treeviz stores them. Every value also says whose it is ("-3 for O").
"""

from __future__ import annotations

from typing import Any

import numpy as np

from treeviz.checkup.leaf_sides import HEURISTIC
from treeviz.checkup.leaf_sides import Verdict as Sides
from treeviz.checkup.memo import Stale
from treeviz.checkup.node_tree import Tree
from treeviz.checkup.perspective import Avoided, Verdict
from treeviz.checkup.selection import SENSIBLE
from treeviz.checkup.selection import Verdict as Rule
from treeviz.trace.numbers import number_text
from treeviz.trace.values import plies, user_centre

__all__ = ["Words", "columns", "diff_text", "kept_stone"]


def columns_text(cols: list[int]) -> str:
    """``3``, ``3 and 7``, ``1, 3 and 7``: one helper for lists of columns across the
    doctor, inside and outside."""
    names = [str(c) for c in cols]
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def columns(cols: list[int]) -> str:
    """``column 3``, ``columns 3 and 7`` (1-based)."""
    return f"column{'s' if len(cols) > 1 else ''} {columns_text(cols)}"


def diff_text(found: dict[str, Any]) -> str:
    """``2 stones more (columns 3 and 5)``, ``a stone fewer (column 2)``, ``a stone
    recoloured (column 4)`` or ``no stone added`` from a checking recording's
    ``added``/``removed``/``recoloured`` (0-based columns)."""
    parts = []
    for key, words in (("added", "more"), ("removed", "fewer"), ("recoloured", "recoloured")):
        cols = found.get(key) or []
        if cols:
            count = "a stone" if len(cols) == 1 else f"{len(cols)} stones"
            parts.append(f"{count} {words} ({columns([c + 1 for c in cols])})")
    return ", ".join(parts) or "no stone added"


def kept_stone(found: dict[str, Any], t: Tree) -> bool:
    """Whether a checking recording's ``turn`` problem ``found`` is a call made on a
    board that kept a stone an earlier call left on it: more than one stone added to
    its caller's, in a recording that found a call changing its board (``mutation``)."""
    return (
        found["kind"] == "stones"
        and bool(found.get("stray"))
        and len(found.get("added") or []) > 1
        and "mutation" in t.facts
    )


class Words:
    """Sentences about the nodes of one :class:`~treeviz.checkup.node_tree.Tree`."""

    def __init__(self, tree: Tree) -> None:
        self.t = tree
        self.maximizer = tree.maximizer

    # ------------------------------------------------------------------ basics
    def num(self, v: float) -> str:
        """A number as the search gave it: ``+7``, ``-1e+14``, ``-inf``; zero as 0 (a
        result in 0..1 judged centred has its centre added back: ``Tree.offset``; a
        result is written without a sign: 0.5 is a draw, not a lead)."""
        v += self.t.offset
        return "0" if v == 0 else number_text(v, signed=not user_centre(self.t.trace))

    def for_parent(self, k: int) -> float:
        """Child ``k``'s value as its parent's side to move reads it, in the search's own
        numbers (for :meth:`num`): negated, or for results in 0..1 (centre ``c``)
        turned about their draw, ``c + edge * (v - c)``: an MCTS's mean 0.627 for O is
        0.373 for X, not -0.627."""
        t = self.t
        centre = user_centre(t.trace) - t.offset  # in the tree's numbers
        return centre + float(t.edge[k]) * (float(t.value[k]) - centre)

    def where(self, node: int) -> str:
        """``node 12 (4453 then 4 4 3, O to move)``; the root: ``node 0 (the root,
        4453, X to move)``."""
        t = self.t
        start = t.trace.root_moves or "the empty board"
        if node == 0:
            return f"node 0 (the root, {start}, {t.side(0)} to move)"
        line = " ".join(str(c) for c in t.line(node))
        return f"node {node} ({start} then {line}, {t.side(node)} to move)"

    def over(self, node: int) -> str:
        """Why the game is over at a finished node."""
        t = self.t
        if t.four[node]:
            return f"{'O' if t.side(node) == 'X' else 'X'} has made four in a row"
        return "the board is full (a draw)"

    def maximising(self, node: int) -> bool | None:
        """Whether the person's search maximises at ``node`` (None: a negamax, or not
        known)."""
        return None if self.maximizer is None else bool(self.t.maximising[node])

    def raw(self, node: int, v: float) -> float:
        """A value stored for ``node``'s side to move as the person's search gave it."""
        return -v if self.maximising(node) is False else v

    def value(self, node: int, v: float) -> str:
        """``-3 for O``, and what the person's function returned when that differs."""
        side = self.t.side(node)
        text = f"{self.num(v)} for {side}"
        if self.maximising(node) is False:
            text += (
                f" (your function returned {self.num(-v)}: its values are for "
                f"{self.maximizer}, the maximiser)"
            )
        return text

    def children(self, node: int) -> str:
        """``column 1: +3, column 4: -2`` in the person's numbers (for the side to
        move at each child when the convention is not known)."""
        t = self.t
        out = []
        for k in t.trace.children(node):
            v = float(t.value[k])
            shown = self.num(self.raw(int(k), v))
            out.append(f"column {int(t.move[k]) + 1}: {'no value' if np.isnan(v) else shown}")
        return ", ".join(out)

    def window(self, node: int, lo: float, hi: float) -> tuple[float, float]:
        """A window (or range) stored for ``node``'s side to move, in the person's
        numbers: a minimiser's is the negated one, reversed."""
        return (-hi, -lo) if self.maximising(node) is False else (lo, hi)

    def _best_column(self, node: int, best: float) -> int:
        t = self.t
        kids = t.trace.children(node)
        return next(int(t.move[k]) + 1 for k in kids if t.edge[k] * t.value[k] == best)

    # ------------------------------------------------------------------ checks
    def backup(self, node: int, best: float) -> str:
        """Why ``node``'s value is not its children's best (``best``, stored)."""
        t = self.t
        v, col = float(t.value[node]), self._best_column(node, best)
        side, maxi = t.side(node), self.maximising(node)
        if maxi is not None:
            word = "largest" if maxi else "smallest"
            should = (
                f"{side} {'maximises' if maxi else 'minimises'} here, so it returns "
                f"the {word} of its children's values, {self.num(self.raw(node, best))} "
                f"(column {col}), but it returned {self.num(self.raw(node, v))}"
            )
        else:
            should = (
                f"a negamax returns the largest of its children's values "
                f"{'turned (1 - r)' if t.offset else 'negated'}, "
                f"{self.num(best)} (column {col} returned {self.num(-best)}), but it "
                f"returned {self.num(v)}"
            )
        window = self._allowed(node, best)
        return f"{self.where(node)}: {should}; its children: {self.children(node)}{window}"

    def _allowed(self, node: int, best: float) -> str:
        """What its recorded window allowed it to return, when it has one."""
        t = self.t
        a, b = float(t.lo[node]), float(t.hi[node])
        if np.isnan(a) or np.isnan(b):
            return ""
        if a < best < b:
            allowed = "exactly that value, inside the window"
        else:
            lo, hi = (best, a) if best <= a else (b, best)
            rlo, rhi = self.window(node, lo, hi)
            allowed = f"anything from {self.num(rlo)} to {self.num(rhi)} (fail-soft to fail-hard)"
        return f". With {self.searched_window(node)} it may return {allowed}"

    def cutoff(self, node: int, best: float) -> str:
        """Why leaving ``node``'s other columns unsearched had no reason."""
        t = self.t
        kids = t.trace.children(node)
        searched = columns(sorted(int(t.move[k]) + 1 for k in kids))
        left = columns([c + 1 for c in range(t.root.width) if int(t.pruned[node]) >> c & 1])
        a, b = float(t.lo[node]), float(t.hi[node])
        ra, rb = self.window(node, max(a, best), b)
        return (
            f"{self.where(node)}: it searched {searched} and left {left} "
            f"unsearched, but its window was still open after its last child: alpha "
            f"{self.num(ra)} < beta {self.num(rb)} ({self.searched_window(node)}). A "
            "cutoff needs alpha >= beta"
        )

    def searched_window(self, node: int) -> str:
        """``the window it received (alpha -3, beta +5)``, or, narrowed before its
        loop, ``the window it searched with (alpha -3, beta +2; it received ...)``."""
        t = self.t
        ra, rb = self.window(node, float(t.lo[node]), float(t.hi[node]))
        ra0, rb0 = self.window(node, float(t.alpha[node]), float(t.beta[node]))
        if (ra, rb) == (ra0, rb0):
            return f"the window it received (alpha {self.num(ra)}, beta {self.num(rb)})"
        return (
            f"the window it searched with, as its children's windows show (alpha "
            f"{self.num(ra)}, beta {self.num(rb)}; it received alpha {self.num(ra0)}, "
            f"beta {self.num(rb0)})"
        )

    def sign(self, node: int, v: float, counts: dict[int, tuple[int, int]]) -> str:
        """Why a four scored positive for the loser is a sign error, with the count of
        such fours at even and odd depths."""
        t = self.t
        (k0, n0), (k1, n1) = counts[0], counts[1]
        each = [
            f"{k} of {n} at {parity} depths" if n else f"no four at {parity} depths"
            for (k, n), parity in (((k0, n0), "even"), ((k1, n1), "odd"))
        ]
        text = (
            f"{self.where(node)}: {self.over(node)}, so {t.side(node)} has lost, but it is "
            f"scored {self.value(node, v)}: a loss scored as a win. Finished games scored "
            f"so: {each[0]}, {each[1]}"
        )
        # most of one parity's fours wrong while the other's are all right: a side
        # mix-up, not a wrong sign everywhere (no fours at the other parity prove
        # nothing, and a few wrong fours among many right ones are no pattern)
        if (2 * k0 > n0 and k1 == 0 < n1) or (2 * k1 > n1 and k0 == 0 < n0):
            text += (
                "; one depth parity only: the mark of values taken from the wrong player "
                "at every other depth"
            )
            if self.maximizer is None:
                text += (
                    " (if your function returns values for one player, pass maximizing= "
                    "naming its flag to @treeviz.traced)"
                )
        return text

    def turn(self, found: dict[str, Any]) -> str:
        """A checking recording's first ``turn`` problem in words."""
        node, kind = found["node"], found["kind"]
        where = self.where(node)
        if kind == "stones" and found.get("stray"):
            text = (
                f"{where} called the search on a position that is not one move after "
                f"its own: {diff_text(found)}"
            )
            if kept_stone(found, self.t):
                text += " (the board kept a stone an earlier call left on it: see mutation)"
        elif kind == "stones":
            col = int(self.t.move[node]) + 1 if node else None
            text = (
                f"{where}: its board is not its caller's with one stone added in column "
                f"{col}: {diff_text(found)}"
            )
        elif kind == "colour":
            text = self._colour(where, found)
        else:
            text = (
                f"{where}: it got {found.get('name') or 'its maximizing flag'}="
                f"{found['value']}, the same as its caller: the turn did not pass to "
                "the other player"
            )
        count = found.get("count", 1)
        return text + (f" ({count} calls like this)" if count > 1 else "")

    @staticmethod
    def _colour(where: str, found: dict[str, Any]) -> str:
        mover, symbol = found["mover"], found["symbol"]
        other = "O" if mover == "X" else "X"
        text = f"{where}: the stone played in column {found['column'] + 1} is {symbol!r}"
        if found.get("other_symbol") == symbol:
            text += f", {other}'s symbol"
        text += f", but {mover} made that move"
        roles = found.get("roles")
        if roles and roles.get("other") != symbol:  # a board kept for the side to move
            return text + (
                f", and the board is kept for the side to move (at the calls before, the "
                f"side to move's stones are {roles['to move']!r}, the other's {roles['other']!r}):"
                f" it was not turned after {mover}'s move"
            )
        mine = found.get("mover_symbol")
        if mine is not None and mine != symbol:
            text += f" ({mover}'s stones are {mine!r})"
        return text

    # ------------------------------------------------------------------ memo
    def memo(self, found: Stale) -> str:
        """An unfinished position that returned at once with a value proven wrong."""
        t, node = self.t, found.node
        side = t.side(node)
        outcome = (
            "a draw"
            if found.outcome == "draw"
            else f"{side} {'wins' if found.outcome == 'win' else 'loses'} by force in "
            f"{plies(found.plies)}"
        )
        above = (
            f"in pass {found.passes} of its iterative deepening, at least "
            f"{plies(found.left)} above that pass's depth limit (each pass looks at "
            "least a ply deeper than the one before)"
            if found.passes
            else f"{plies(found.left)} above the depth limit of the search"
        )
        text = (
            f"{self.where(node)}: the game goes on there, {above}, yet it returned "
            f"{self.value(node, found.value)} without searching below: a stored value "
            f"(a memo table's, or another early return). But {outcome} (exact "
            "solver)"
        )
        if found.cause == "memo-side":
            text += (
                ": the value is the other player's. The memo table ignores whose turn "
                "it is (or whose values it holds): put the player to move in its key, "
                "or clear it when the player the search maximises for changes"
            )
        elif found.cause == "memo-depth":
            deep = "at least " if found.passes else ""
            text += (
                f": a search {deep}{plies(found.left)} deep finds that, so the value was "
                "stored by a shallower search. Keep the depth searched with each "
                "entry and use it only when it is at least the depth still to search"
            )
        else:
            text += ": the value it returned claims a result the position does not have"
        more = found.count - 1
        return text + (f" ({more} more position{'s' if more > 1 else ''} like it)" if more else "")

    # ------------------------------------------------------------------ visits
    def visits(self, node: int, own: int, kids: int) -> str:
        """A node's visit count against its children's sum."""
        t = self.t
        ids = t.trace.children(node)
        each = ", ".join(
            f"{int(t.move[k]) + 1}: {int(t.counted[k])}"
            for k in sorted(ids, key=lambda k: int(t.move[k]))
        )
        how = "fewer" if own < kids else "more"
        why = (
            "visits were lost on the way back: every iteration through a child also "
            "passes through this node (count it in the backpropagation, and count the "
            "iteration that expands)"
            if own < kids
            else "it counted iterations that went through none of its children (counted "
            "twice, or counted where no child was visited)"
        )
        return (
            f"{self.where(node)}: its visit count is {own}, {how} than its children's "
            f"{kids} ({each}) allow: a node's visits are the sum of its children's, "
            f"plus one for the visit that played out from it before it had any; {why}"
        )

    # ------------------------------------------------------------------ perspective
    def perspective(self, found: Verdict) -> str:
        """A node whose children's means are in the reverse order of their exact
        outcomes, with the counts per parity of depth."""
        t = self.t
        side = t.side(found.node)

        def child(k: int, outcome: int | None) -> str:
            mean = f"mean {self.num(round(self.for_parent(k), 3))}"
            result = (
                "makes four"
                if t.four[k]
                else ""
                if outcome is None
                else {1: "wins", 0: "draws", -1: "loses"}[outcome]
            )
            return f"column {int(t.move[k]) + 1} ({result + ', ' if result else ''}{mean})"

        pair = (
            f"{self.where(found.node)}: for {side}, "
            f"{child(found.better, found.outcomes[0])} is better than "
            f"{child(found.worse, found.outcomes[1])}, yet the search's mean results "
            "rank them the other way"
        )
        if found.everywhere:
            agree, rev = (sum(c[i] for c in found.counts.values()) for i in (0, 1))
            return (
                f"{pair}. Over the tree, {rev} of {agree + rev} such pairs of children "
                "are ranked against their exact outcomes, at every level: the values "
                "the search returns are for the player who moved into each node, "
                "where the tracing reads them for the player to move there (return "
                "the result for the player to move, or negate it in value=)"
            )
        agree, rev = found.counts[found.parity]
        o_agree, o_rev = found.counts[1 - found.parity]
        level = "even" if found.parity == 0 else "odd"
        other = f"; at the other levels {o_rev} of {o_agree + o_rev}" if o_agree + o_rev else ""
        return (
            f"{pair}. Over the tree, at {level} depths below the root {rev} of "
            f"{agree + rev} such pairs of children are ranked against their exact "
            f"outcomes{other}: the results are credited to the wrong player at every "
            "other level (flip the result at each step back up, so that each node "
            "keeps it for the player who moved into it)"
        )

    def avoided_wins(self, found: Avoided) -> str:
        """Wins at once that the search's choices leave behind, with the counts."""
        t = self.t

        def child(k: int) -> str:
            return f"column {int(t.move[k]) + 1} ({int(t.calls[k])} visits)"

        return (
            f"{self.where(found.node)}: {t.side(found.node)} wins at once with "
            f"{child(found.win)}, yet the search went more often to {child(found.other)}. "
            f"Over the tree, at {found.behind} of {found.judged} nodes where the player "
            f"to move could win at once (every column tried, and as often again) the "
            f"win was two visits or more behind another child, and the most visited at "
            f"{found.ahead}. UCT "
            "never leaves a child whose every result is a win so far behind: the "
            "results the search chooses by are the other player's, a win at once "
            f"counted as a loss. Its calls pass their child's result up as it came "
            f"({found.flipped:.0%} of them return it negated): turn it into the result "
            "for the player who moved into the child (1 - r for results from 0 to 1, "
            "-r from -1 to +1) before crediting the child and returning it"
        )

    def leaf_sides(self, found: Sides) -> str:
        """An evaluation from ``found.owner``'s side, with the evidence per owner and
        a leaf of the other owner where the person's value and treeviz's heuristic
        (both for that owner) disagree in sign."""
        t, node = self.t, found.node
        right, wrong = found.owner, "O" if found.owner == "X" else "X"
        h = found.heuristic
        mover = t.side(node) == wrong  # the value's owner is the side to move there
        flagged = self.maximizer is not None
        raw, h_owner = (float(t.value[node]), h) if mover else (-float(t.value[node]), -h)
        role = "the maximiser" if flagged else "to move"

        def group(owner: str) -> str:
            leaves, trees, r = found.counts[owner]
            where = f"where {owner} maximises" if flagged else f"with {owner} to move"
            searches = f"{trees} search{'es' if trees > 1 else ''}"
            return f"{leaves} leaves {where} ({searches}; rank correlation {r:+.2f})"

        whose = "whoever maximises" if flagged else "whoever is to move"
        fix = (
            "the evaluation must score the board for the maximiser"
            if flagged
            else "a negamax must score each leaf for the player to move there (multiply by "
            "the colour to move, or evaluate for that player)"
        )
        return (
            f"{self.where(node)}: your search scored this leaf {self.num(raw)} for "
            f"{wrong} ({role}), while treeviz's {HEURISTIC} heuristic gives {wrong} "
            f"{self.num(h_owner)}. At {group(right)} your evaluation rises with "
            f"{right}'s prospects (as treeviz's {HEURISTIC} heuristic judges them), at "
            f"{group(wrong)} it falls with {wrong}'s: it scores the board for {right} "
            f"{whose}, so the values are taken from the wrong player where {wrong}'s "
            f"are meant: {fix}"
        )

    # ------------------------------------------------------------------ the MCTS's rules
    def selection(self, found: Rule) -> str:
        """A selection rule that explains the choices where UCT does not."""
        s, row, rule, uct = found.steps, found.first, found.rule, found.uct
        node = int(s.node[row])
        kids = ", ".join(
            f"column {c + 1}: {int(s.n[row, c])} visits, mean "
            f"{self.num(round(float(s.mean[row, c]), 3))}"
            for c in range(s.n.shape[1])
            if s.n[row, c] > 0
        )
        ucts = columns([int(c) + 1 for c in np.flatnonzero(uct.prefers[row])])
        span = found.high - found.low
        values = f"values from {self.num(found.low)} to {self.num(found.high)} as recorded"
        head = (
            f"{self.where(node)}: after {int(s.total[row])} visits, with every column "
            f"tried ({kids}; means for {self.t.side(node)}), it chose column "
            f"{int(s.chosen[row]) + 1}, where UCT would choose {ucts}"
        )
        why = {
            "uct-no-log": "the exploration term has no logarithm, so it grows like a power "
            "of the visits and swamps the results: use sqrt(ln N / n)",
            "uct-sign": "the children are chosen for their worst mean for the player to "
            "move: the exploitation term works for the opponent (a wrong sign "
            "in it, or each child's total kept for the player to move there "
            "instead of the player who moved into it)",
            "uct-constant": f"the constant is {rule.c / span:.3g} times the "
            "range of the values: of the wrong scale for them (about 1 "
            "times the range is usual: sqrt 2 on results 0..1)",
        }[rule.cause]
        return (
            f"{head}. Over the tree, {found.count} such selections (at nodes whose every "
            f"column had been tried): {rule.formula()} with c = "
            f"{rule.c:.3g} ({values}) agrees with "
            f"{int(rule.agrees.sum())} of them; UCT, mean + c*sqrt(ln N / n), with c "
            f"from {SENSIBLE[0]:g} to {SENSIBLE[1]:g} times that range, "
            f"with at most {int(uct.agrees.sum())}. Where the two differ "
            f"({found.decisive} selections), the search followed the first in "
            f"{found.explained}: {why}"
        )

    def mean_choice(self, node: int, most: int) -> str:
        """The answered child has the best mean but not the most visits."""
        t = self.t

        def child(k: int) -> str:
            mean = self.num(round(self.for_parent(k), 3))
            return f"column {int(t.move[k]) + 1} ({int(t.calls[k])} visits, mean {mean})"

        return (
            f"{self.where(0)}: it answered {child(node)}, the best mean result for "
            f"{t.side(0)}, but {child(most)} was visited more: the final move is "
            "chosen by mean value. A mean over few visits is luck; an MCTS plays "
            "its most visited child"
        )

    def best_outside_test(self, node: int, best: int) -> str:
        """The answered child is the last searched and worse than another."""
        t = self.t
        side = t.side(0)
        worth = {k: f"{self.num(self.for_parent(k))} for {side}" for k in (node, best)}
        return (
            f"{self.where(0)}: it answered column {int(t.move[node]) + 1}, the last "
            f"column it searched, worth {worth[node]}, while column "
            f"{int(t.move[best]) + 1} is worth {worth[best]} (as its children returned "
            f"them: {self.children(0)}): the best move is updated for every "
            "column, outside the test of a better value (set it only where the best "
            "value is)"
        )

    def root_only(self, node: int) -> str:
        """The tree never grew below the root."""
        t = self.t
        return (
            f"{self.where(node)}: called {int(t.calls[node])} times, the game going on "
            f"there, yet no call below it or any other child of the root: the tree "
            "never grows below the root (a visited node must expand a child of its "
            "own and the descent go on through it)"
        )
