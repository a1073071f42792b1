"""Inside a traced search: the first node of the recorded tree where each bug shows.

:func:`check_tree` reads the tree a ``@treeviz.traced`` search recorded (node id =
call order) and names, per check, the first node where it fails:

``terminal``
    a finished game (a four for either side, or a full board) searched further (the
    node has children), or scored like an unfinished one: a four whose value for the
    side that lost is 0, negative but not below every unfinished leaf the search
    evaluated (a loss must score below all of them), or positive but no larger than
    the largest unfinished magnitude (a heuristic's value); a draw scored ±inf or as
    large as the search's wins (the smallest magnitude among its other fours).
``backup``
    a node whose value is not the best of its children's for its side to move (max
    of the negated children's values in treeviz's convention, which is the recorded
    flag's max or min for a search with a maximizing flag) as its recorded window
    allows: exact inside the window, and on a fail low anything from the best child's
    value up to alpha, on a fail high from beta up to it (fail-soft and fail-hard
    alike). The window is the one the node searched with: the one it received,
    narrowed where its children's windows show a narrower one set before its loop (a
    transposition table's stored bound: :meth:`Tree._searched_window`).
``sign``
    a four scored as good for the side that lost: a positive value larger than any
    unfinished leaf's magnitude (a smaller one is ``terminal``'s); the text counts the
    fours scored so at even and at odd depths, the mark of values taken from the wrong
    side at every other depth. Over several trees of one search (:class:`Across`):
    an evaluation that scores the board for one player whoever its value is for
    (``wrong-player``, :mod:`treeviz.checkup.leaf_sides`).
``turn``
    a call whose position is not its caller's plus one stone of the colour of the
    side to move, or whose maximizing flag is its caller's: found as the search runs
    by a checking recording (``recording(check=True)``), read from
    ``trace.extra["checked"]``.
``mutation``
    a call that changed the position it received (a move played in place and not
    taken back), from the same checking recording.
``cutoff``
    a node with a recorded window that left legal columns unsearched while the window
    was still open after its last searched child (alpha < beta, in the window it
    searched with, as ``backup``'s), unless that child gave it a win (a value as large
    as the search's wins: nothing left to look for), a column it made no call on
    wins at once (a win seen without a call: play, test for a four, return; then
    ``backup`` takes a win's value, positive and at least its children's best), or it
    searched a column the opponent would win in at once (a forced block: every other
    move loses at once).

``memo``
    an unfinished position above the depth limit that returned without searching
    (a memo table's stored value) with a value the exact solver proves wrong: the
    other player's result (``memo-side``) or a forced result within the plies left
    missed (``memo-depth``): :mod:`treeviz.checkup.memo`.

A finding explained by another is reported under it (``NodeFinding.under``): a four
scored above every evaluation but on the evaluation's scale is the ``terminal`` bug
(not ``sign``), and fours scored as wins among fours of the same player scored
right, beside a ``memo-side`` finding, are the memo's.

For searches that count visits (an MCTS: calls that came back to nodes), where
``perspective`` (:mod:`treeviz.checkup.perspective`) names ``wrong-player``: children's
means reversed against their exact outcomes at one parity of depth or at all, or, in a
search that passes its results up unflipped, wins at once its choices leave behind.

``visits``
    a node whose own visit count (``traced(visits=)``, read as each call returns: the
    last one read) is below the sum of its children's (visits lost: a backpropagation
    that skips a node, an expansion never counted), or above that sum plus one (a
    node's one visit of its own is the first, played out from it before it had
    children: visits = 1 + the children's sum in a UCT that counts every visit, the
    sum itself in one whose root expands at once). A surplus is judged only where
    every call of the node but one went down to a traced child (a child created and
    played out inside its parent's call is visited without a call, as is a call left
    out of the tree). Judged where the node and all its recorded children have a
    count.

Values are checked where each node was reached by one call: a search that came back to
nodes (an MCTS, an iterative deepening or a re-search in one recording) records means,
and only ``terminal``'s "searched further", ``turn`` and ``mutation`` apply to it.
Nodes with calls left out of the tree (past the capacity, or calls that were not one
move) are not judged by ``backup`` or ``cutoff``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from typing import Any

import numpy as np

from treeviz.checkup.leaf_sides import Gathered
from treeviz.checkup.memo import UNNAMED
from treeviz.checkup.memo import judge as judge_memo
from treeviz.checkup.node_tree import Tree
from treeviz.checkup.node_words import Words, columns, diff_text, kept_stone
from treeviz.checkup.perspective import Verdict, avoided_wins, judge
from treeviz.checkup.root import best_outside_test, mean_choice, root_only
from treeviz.checkup.selection import judge as judge_selection
from treeviz.trace.nodes import NO_VALUE, SearchResult, Trace

CHECKS = (
    "terminal",
    "backup",
    "sign",
    "turn",
    "mutation",
    "cutoff",
    "memo",
    "best-move",
    "visits",
    "perspective",
    "selection",
    "final",
    "growth",
)

# The bug classes a finding can name as its cause (``NodeFinding.cause``), each in a
# few words a student reads
CAUSES = {
    "end-at-horizon": "the depth limit is tested before the end of the game",
    "end-not-tested": "a finished game is not tested for",
    "four-as-draw": "a four is scored like a draw",
    "full-board": "a full board is not scored as a draw",
    "board-mutated": "a move played on the board is not taken back",
    "uct-no-log": "the UCT exploration term has no logarithm",
    "uct-sign": "the UCT exploitation term works for the opponent (a wrong sign)",
    "uct-constant": "the UCT exploration constant has the wrong scale",
    "mean-choice": "the final move is chosen by mean value, not by visits",
    "root-only": "the tree never grows below the root",
    "memo-side": "the memo table ignores whose turn it is",
    "memo-depth": "the memo table returns values of a shallower search",
    "blind-direction": "the evaluation ignores one direction of four",
    "best-outside-test": "the best move is updated outside its test",
    "wrong-player": "values are taken from the wrong player",
}


@dataclass(frozen=True)
class NodeFinding:
    """The first node of a recorded search where ``check`` (one of :data:`CHECKS`)
    fails: its id ``node`` (call order), ``node_moves`` its position as a move string
    from the empty board (the root's moves, then the line), ``line`` the columns
    (1-based) from the root to it, and ``text`` what is wrong, in a sentence naming the
    values and columns.

    ``cause``: the short name of the bug's class where the recorded tree proves it
    (:data:`CAUSES`, e.g. ``"uct-no-log"``, ``"memo-side"``), empty where only the
    symptom is known. ``under``: the ``check`` of another finding of the same tree
    that explains this one (a symptom of that root cause, not a second bug: a
    reporter lists it beneath that finding and does not count it as a bug of its
    own); empty for a finding that stands on its own."""

    check: str
    node: int
    node_moves: str
    line: tuple[int, ...]
    text: str
    cause: str = ""
    under: str = ""

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["line"] = list(self.line)
        return out


def check_tree(result: SearchResult | Trace) -> list[NodeFinding]:
    """Every check of :data:`CHECKS` on the tree of ``result`` (a traced search's
    result or its trace): at most one finding per check, its first failing node in id
    order; the findings sorted by node. ``turn`` and ``mutation`` need a checking
    recording (``recording(check=True)``): without one, ``turn`` reads only the
    maximizing flags and ``mutation`` finds nothing. A checked recording in which no
    search was traced (an agent that only answered values per column) has no tree to
    check: no finding."""
    t = Tree(result.trace if isinstance(result, SearchResult) else result)
    if t.facts.get("calls") == 0:  # no search traced: only the agent's column values
        return []
    w = Words(t)
    found = [
        _earliest(_searched_further(t, w), _terminal_value(t, w)),
        _backup(t, w),
        _sign(t, w),
        _turn(t, w),
        _mutation(t, w),
        _cutoff(t, w),
        _memo(t, w),
        _best_move(t, w),
        _visits(t, w),
        *_mcts(t, w),
    ]
    out = [f for f in found if f is not None]
    out = [_under_memo(t, w, f, out) for f in out]
    return sorted(out, key=lambda f: (f.node, CHECKS.index(f.check)))


def _under_memo(t: Tree, w: Words, f: NodeFinding, found: list[NodeFinding]) -> NodeFinding:
    """A ``sign`` finding explained by a memo table that returns the other player's
    values: judged again without the fours whose scoring is not the search's rule for
    their kind (the same player's four at the same parity of depth scored both ways,
    mostly right), no sign is wrong. Reported under ``memo``; else ``f`` itself."""
    if f.check != "sign" or f.under or not any(g.cause == "memo-side" for g in found):
        return f
    v, four = t.value, t.four & t.leaf & ~np.isnan(t.value)
    wrong = four & (v > 0) & ~t.wrong_fours()
    for p in (0, 1):  # a parity of depth: the same player made every four there
        kind = four & (t.depth % 2 == p)
        if (wrong & kind).any() and (wrong & kind).sum() >= (kind & ~wrong).sum():
            return f  # mostly scored so: the search's own rule
    node = f.node
    return _finding(
        t,
        "sign",
        node,
        f"{w.where(node)}: {w.over(node)}, so {t.side(node)} "
        f"has lost, yet it is scored {w.value(node, float(v[node]))}; "
        f"{int(wrong.sum())} of {int(four.sum())} fours are scored so, each "
        "among fours of the same player (the same depth parity) scored mostly "
        "right: values returned from the memo table (see memo), not the "
        "search's own sign",
        under="memo",
    )


class Across:
    """The checks that need several recorded trees of one search, fed one tree at a
    time (:meth:`add`: each a traced search's result or its trace, on its own
    position) and judged together (:meth:`findings`): an evaluation from one player's
    side (``sign``, :mod:`treeviz.checkup.leaf_sides`)."""

    def __init__(self) -> None:
        self.leaves = Gathered()

    def add(self, result: SearchResult | Trace) -> None:
        self.leaves.add(Tree(result.trace if isinstance(result, SearchResult) else result))

    def findings(self) -> list[tuple[NodeFinding, Trace]]:
        """Each finding with the trace whose node it names; none when the evidence
        is not strong."""
        found = self.leaves.judge()
        if found is None:
            return []
        t = found.tree
        text = Words(t).leaf_sides(found)
        return [(_finding(t, "sign", found.node, text, cause="wrong-player"), t.trace)]


def check_trees(results: Iterable[SearchResult | Trace]) -> list[tuple[NodeFinding, Trace]]:
    """:class:`Across` over ``results`` (recorded trees of one search)."""
    across = Across()
    for r in results:
        across.add(r)
    return across.findings()


def _finding(
    t: Tree, check: str, node: int, text: str, *, cause: str = "", under: str = ""
) -> NodeFinding:
    line = t.line(node)
    moves = t.trace.root_moves + "".join(str(c) for c in line)
    return NodeFinding(check, node, moves, line, text, cause=cause, under=under)


def _earliest(*found: NodeFinding | None) -> NodeFinding | None:
    """The finding at the lowest node id (None: none)."""
    return min((f for f in found if f is not None), key=lambda f: f.node, default=None)


def _first(mask: np.ndarray) -> int | None:
    hits = np.flatnonzero(mask)
    return int(hits[0]) if len(hits) else None


# ---------------------------------------------------------------------- terminal
def _searched_further(t: Tree, w: Words) -> NodeFinding | None:
    """A finished game with children."""
    node = _first(t.terminal & (t.kids > 0))  # terminal: trusted positions only
    if node is None:
        return None
    kids = t.trace.children(node)
    cols = columns(sorted(int(t.move[k]) + 1 for k in kids))
    return _finding(
        t,
        "terminal",
        node,
        f"{w.where(node)}: the game is over there "
        f"({w.over(node)}), yet the search went on below it: "
        f"{len(kids)} call{'s' if len(kids) > 1 else ''} ({cols}). "
        "A finished game is a leaf: check for a four (either player's) and a "
        "full board before searching on",
        cause="end-not-tested",
    )


def _terminal_value(t: Tree, w: Words) -> NodeFinding | None:
    """A four scored like an unfinished position, or a draw scored like a win."""
    if not t.once:
        return None
    wrong_four, wrong_draw = t.wrong_fours(), _wrong_draws(t)
    node = _first(wrong_four | wrong_draw)
    if node is None:
        return None
    v = float(t.value[node])
    if wrong_four[node]:
        cause, why_all = _four_cause(t, w, wrong_four)
        return _finding(
            t,
            "terminal",
            node,
            f"{w.where(node)}: {w.over(node)}, so "
            f"{t.side(node)} has lost, but it is scored {w.value(node, v)}, "
            f"{_four_scale(t, w, v)}{why_all}",
            cause=cause,
        )
    magnitude = _win_magnitude(t)
    how = (
        ""
        if not np.isfinite(v)
        else f", as large as the search's wins and losses ({w.num(magnitude)})"
    )
    return _finding(
        t,
        "terminal",
        node,
        f"{w.where(node)}: the board is full with no four, "
        f"a draw, but it is scored {w.value(node, v)}{how}: a draw scores "
        "between a loss and a win (0 is usual)",
        cause="full-board",
    )


def _four_scale(t: Tree, w: Words, v: float) -> str:
    """Why a four's value ``v`` (for the side that lost) is an unfinished position's."""
    span, loss = t.leaf_range(), t.loss_size()
    if v == 0 or span is None:
        return "the value of a draw"
    evaluated = (
        f"the values of the unfinished positions it evaluated at its depth limit "
        f"({w.num(span[0])} to {w.num(span[1])} for their side to move)"
    )
    if v < 0:
        return f"not below {evaluated}: a loss must score below every one of them"
    if loss is not None:
        return (
            f"on the scale of {evaluated}, far from the size of the losses it scores "
            f"elsewhere ({w.num(-loss)}): the evaluation's score of the board"
        )
    return f"the size of {evaluated}: a loss must score below every one of them"


def _four_cause(t: Tree, w: Words, wrong: np.ndarray) -> tuple[str, str]:
    """The cause the tree proves for fours scored like unfinished positions (``""``:
    none proven) and a sentence with its evidence: every four scored 0 (scored as
    draws), or every wrong four at the depth limit while fours above it are scored as
    decided (the depth limit tested before the end of the game)."""
    v = t.value
    fours = t.four & t.leaf & ~np.isnan(v)
    if (v[fours] == 0).all():
        return "four-as-draw", (
            f". Every four it reached is scored 0 ({int(fours.sum())} of "
            "them): a finished game is scored like a draw; score a four "
            "as a loss for the side to move there"
        )
    horizon = t.horizon
    right = np.flatnonzero(fours & ~wrong & (t.depth < horizon))
    if not len(right) or (t.depth[wrong] != horizon).any():
        return "", ""
    k, count = int(right[0]), int(wrong.sum())
    each = f"All {count} fours scored so are" if count > 1 else "The one four scored so is"
    return "end-at-horizon", (
        f". {each} at the depth limit ({horizon} plies below the root), while the fours "
        f"above it are scored as decided ({len(right)}, e.g. {w.where(k)}: "
        f"{w.value(k, float(v[k]))}): the depth limit is tested before the end of the game, "
        "so a four made by the last move searched is scored by the evaluation. Test for a "
        "four and a full board before testing the depth"
    )


def _win_magnitude(t: Tree) -> float:
    """The smallest magnitude of the fours scored as decided (outside the unfinished
    leaves' range, not a fail-hard bound; inf when there are none)."""
    v = t.value
    decided = t.scored_fours & ~t.wrong_fours()
    return float(np.abs(v[decided]).min()) if decided.any() else np.inf


def _wrong_draws(t: Tree) -> np.ndarray:
    """Draws (leaves, valued) scored ±inf or at the search's win magnitude."""
    v = np.abs(t.value)
    draw = t.draw & t.leaf & ~np.isnan(v) & ~t.clamped
    return draw & (np.isinf(v) | (v >= _win_magnitude(t)))


# ---------------------------------------------------------------------- backup, cutoff
def _judged(t: Tree) -> np.ndarray:
    """Nodes whose value can be judged from their children: reached once, all their
    calls recorded, with a value and children that all have one."""
    best = t.best
    return t.once & t.complete & (t.kids > 0) & ~np.isnan(t.value) & ~np.isnan(best)


def _backup(t: Tree, w: Words) -> NodeFinding | None:
    """A value that is not its children's best, as its window allows."""
    best = t.best
    lo, hi, v = t.lo_edge, t.hi_edge, t.value
    ok = (
        (v == best)
        | ((best <= lo) & (v >= best) & (v <= lo))  # failed low: an upper bound
        | ((best >= hi) & (v <= best) & (v >= hi))  # failed high: a lower bound
    )
    wrong = _judged(t) & ~ok
    wrong &= ~(_wins_unsearched(t, wrong) & (v >= best) & (v > 0))
    node = _first(wrong)
    if node is None:
        return None
    return _finding(t, "backup", node, w.backup(node, float(best[node])))


def _wins_unsearched(t: Tree, nodes: np.ndarray) -> np.ndarray:
    """Those of ``nodes`` (a few, judged) whose side to move wins at once in a column
    it made no call on: a win seen without a call (play, test for a four, return),
    which ends a search whatever its window, with a win's value."""
    out = np.zeros(t.n, bool)
    for k in np.flatnonzero(nodes & t.trusted).tolist():
        out[k] = bool(set(t.position(k).winning_moves()) - _called(t, k))
    return out


def _called(t: Tree, node: int) -> set[int]:
    """The columns (0-based) ``node`` made a recorded call on."""
    return {int(t.move[c]) for c in t.trace.children(node)}


def _blocked(t: Tree, node: int) -> bool:
    """Whether ``node`` searched a column the opponent would win in at once: every
    other move loses at once, so a search that plays only the block (a forced-move
    extension past the horizon) leaves nothing unsearched that could be better."""
    if not t.trusted[node]:  # its position is not the search's
        return False
    return bool(_called(t, node) & set(t.position(node).must_block()))


def _cutoff(t: Tree, w: Words) -> NodeFinding | None:
    """Legal columns left unsearched while the window was open."""
    if not t.once:
        return None
    best = t.best
    windowed = ~np.isnan(t.lo) & ~np.isnan(t.hi)
    still_open = np.maximum(t.lo, best) < t.hi  # the window it searched with
    won = best >= _win_magnitude(t)  # a win found: nothing left to look for
    wrong = _judged(t) & windowed & (t.pruned != 0) & still_open & ~won
    wrong &= ~_wins_unsearched(t, wrong)
    node = next((k for k in np.flatnonzero(wrong).tolist() if not _blocked(t, k)), None)
    if node is None:
        return None
    return _finding(t, "cutoff", node, w.cutoff(node, float(best[node])))


# ---------------------------------------------------------------------- sign
def _sign(t: Tree, w: Words) -> NodeFinding | None:
    """A four scored as good for the side that lost (larger than a heuristic); not
    judged where a maximizing flag failed to alternate (``turn`` names it: whose values
    are whose is then unknown below it), nor at a four scored at or below its window's
    alpha (a fail-hard search's bound)."""
    if not t.once or t.same.any():
        return None
    v = t.value
    four = t.scored_fours  # a fail-hard bound is no score
    wrong = four & (v > 0) & ~t.wrong_fours()
    node = _first(wrong)
    if node is None:
        return _sign_explained(t, w, four)
    parity = t.depth % 2
    counts = {
        p: (int((wrong & (parity == p)).sum()), int((four & (parity == p)).sum())) for p in (0, 1)
    }
    return _finding(t, "sign", node, w.sign(node, float(v[node]), counts))


def _sign_explained(t: Tree, w: Words, four: np.ndarray) -> NodeFinding | None:
    """A four scored above every evaluated leaf for the side that lost, which looks
    like a win with the wrong sign, but is on the evaluation's scale: far below the
    search's decided losses, or, with none, not a gap of ``DECIDED_GAP`` times past
    the evaluated leaves. The evaluation scored a finished game (``terminal``'s bug),
    reported under it. Judged again without those fours, no sign is wrong."""
    span = t.leaf_range()
    if span is None:
        return None
    looks = four & (t.value > max(-span[0], span[1])) & t.wrong_fours()
    node = _first(looks)
    if node is None:
        return None
    v, loss = float(t.value[node]), t.loss_size()
    scale = (
        f"far below the size of the losses it scores elsewhere ({w.num(-loss)})"
        if loss is not None
        else "close to them, and the search scores no four far beyond them as decided"
    )
    return _finding(
        t,
        "sign",
        node,
        f"{w.where(node)}: {w.over(node)}, so {t.side(node)} "
        f"has lost, yet it is scored {w.value(node, v)}, above every unfinished "
        f"position it evaluated ({w.num(span[0])} to {w.num(span[1])}): it looks "
        f"like a loss scored as a win, but it is {scale}: the evaluation's score of "
        "a finished game (see terminal), not a sign taken from the wrong player",
        under="terminal",
    )


# ---------------------------------------------------------------------- memo
def _memo(t: Tree, w: Words) -> NodeFinding | None:
    """An unfinished position above the depth limit that returned at once with a value
    the exact solver proves wrong (:mod:`treeviz.checkup.memo`)."""
    found = judge_memo(t)
    if found is None:
        return None
    cause = "" if found.cause == UNNAMED else found.cause
    return _finding(t, "memo", found.node, w.memo(found), cause=cause)


# ---------------------------------------------------------------------- visits
def _visits(t: Tree, w: Words) -> NodeFinding | None:
    """A node whose own visit count (``traced(visits=)``) is not its children's sum or
    one more (see the module docs)."""
    v, s = t.counted, _sum_kids(t, t.counted)
    known = (v >= 0) & (_sum_kids(t, (t.counted < 0).astype(np.int64)) == 0)
    # a surplus can be first visits made without a traced call (a child created and
    # played out inside its parent's call): judged only where every call of the node
    # but one went down to a traced child
    traced_down = t.calls <= _sum_kids(t, t.calls) + 1
    wrong = (v < s) | ((v > s + 1) & traced_down)
    # not ``t.complete``: calls left out of the tree (past the capacity, off one move)
    # count in a node's calls but not its children's, so only a surplus could follow,
    # and ``traced_down`` leaves it unjudged
    node = _first(known & t.trusted & (t.kids > 0) & wrong)
    if node is None:
        return None
    return _finding(t, "visits", node, w.visits(node, int(v[node]), int(s[node])))


def _mcts(t: Tree, w: Words) -> list[NodeFinding]:
    """The checks of a search that came back to nodes: ``perspective`` (means whose
    order is the reverse of the exact outcomes at one parity of depth; else, results
    passed up unflipped, wins at once its choices leave behind), ``selection``
    (a selection rule other than UCT, :mod:`treeviz.checkup.selection`; a wrong sign
    only where the means are the search's own: no ``perspective`` finding),
    ``final`` and ``growth`` (:mod:`treeviz.checkup.root`). A search that records
    windows is an alpha-beta that came back to nodes (iterative deepening, a
    principal variation search's second look), not an MCTS: none of these apply. A
    search whose calls return the winner's number (:func:`_winner_numbers`) has no
    means to judge: only ``growth``."""
    if t.once or not np.isnan(t.alpha).all():
        return []
    returned = as_returned(t)
    read_for_movers = returned is not t
    if read_for_movers:
        t, w = returned, Words(returned)
    out = [] if _winner_numbers(t) else _mean_checks(t, w, read_for_movers=read_for_movers)
    grown = root_only(t)
    if grown is not None:
        out.append(_finding(t, "growth", grown, w.root_only(grown), cause="root-only"))
    return out


def _mean_checks(t: Tree, w: Words, *, read_for_movers: bool = False) -> list[NodeFinding]:
    """``perspective``, ``selection`` and ``final``: the checks that read the means.
    ``read_for_movers``: the recording read the means for the movers (their visits and
    fours: :mod:`treeviz.agents.user.movers`), so that a reversal seen at one parity of
    depth, where the other has no evidence at all, is read so too."""
    out = []
    found = judge(t)
    if found is not None and (
        found.everywhere
        or _reversed_everywhere(found)
        or (read_for_movers and _reversed_where_judged(found))
    ):  # mover's?
        movers = Tree(read_as_movers(t.trace))
        if judge(movers) is None and avoided_wins(movers) is None:  # its way, no bug
            t, w, found = movers, Words(movers), None
    avoided = avoided_wins(t) if found is None else None
    if found is not None:
        out.append(
            _finding(t, "perspective", found.node, w.perspective(found), cause="wrong-player")
        )
    elif avoided is not None:
        out.append(
            _finding(t, "perspective", avoided.node, w.avoided_wins(avoided), cause="wrong-player")
        )
    rule = judge_selection(t, sign_allowed=found is None and avoided is None)
    if rule is not None:
        node = int(rule.steps.node[rule.first])
        out.append(_finding(t, "selection", node, w.selection(rule), cause=rule.rule.cause))
    final = mean_choice(t)
    if final is not None:
        out.append(
            _finding(t, "final", 0, w.mean_choice(final.node, final.other), cause="mean-choice")
        )
    return out


def _reversed_everywhere(found: Verdict) -> bool:
    """Whether more pairs are reversed than agree at both parities of depth: the mark
    of results kept for the player who moved into each node (a search that credits
    the wrong player at every other level agrees at the other parity)."""
    judged = [(a, r) for a, r in found.counts.values() if a + r]
    return len(judged) == 2 and all(r > a for a, r in judged)


def _reversed_where_judged(found: Verdict) -> bool:
    """Whether more pairs are reversed than agree at the one parity of depth with any
    evidence (a small tree: the other has no pair of children the exact outcomes
    rank). A search crediting the wrong player at every other level shows agreement
    wherever the other parity has pairs."""
    judged = [(a, r) for a, r in found.counts.values() if a + r]
    return len(judged) == 1 and judged[0][1] > judged[0][0]


def _winner_numbers(t: Tree) -> bool:
    """Whether the calls return the winner's number, not a result for a player: at
    every four it reached (three at least, made by both) 1 where X made it and 2
    where O did, and
    every number it returned 0 (a draw), 1 or 2. Their means are averages of player
    numbers, which no reading makes results (a course MCTS keeps its results in its
    nodes and returns the winner for each node to credit)."""
    fours = np.flatnonzero(t.four & t.leaf & ~np.isnan(t.value))
    if len(fours) < 3:
        return False
    x_made = np.array([t.side(k) == "O" for k in fours.tolist()])
    if x_made.all() or not x_made.any():  # one player's fours: 1 may be a win's result
        return False
    if not np.array_equal(t.value[fours], np.where(x_made, 1.0, 2.0)):
        return False
    v = t.value[~np.isnan(t.value)]
    return bool(((v >= 0) & (v <= 2)).all())


def read_as_movers(trace: Trace, *, calls: bool = True) -> Trace:
    """``trace`` with every value negated: the results of a search that returns, at
    each node, the result for the player who moved into it (an MCTS's ``1 - result``
    kept for the mover: the UCT rule reads a child's results so), read as treeviz reads
    values, for the player to move there. Its means then agree with the exact outcomes
    where, read for the player to move, they were reversed; a search that credits
    the wrong player at every other level stays reversed at half of them either
    way. ``calls``: the calls' returns in call order (``extra["checked"]["sequence"]``,
    which the selection check replays) are negated with them."""
    nodes = trace.nodes.copy()
    v = nodes["value"]
    nodes["value"] = np.where(v == NO_VALUE, v, -v)
    extra = dict(trace.extra)
    checked = extra.get("checked")
    if calls and isinstance(checked, dict) and "sequence" in checked:
        seq = checked["sequence"]
        negated = [None if x is None else -x for x in seq["value"]]
        extra["checked"] = {**checked, "sequence": {**seq, "value": negated}}
    return replace(trace, nodes=nodes, extra=extra)


def as_returned(t: Tree) -> Tree:
    """``t`` with its numbers as the search returned them. A recording whose means were
    read for the player who moved into each node (:mod:`treeviz.agents.user.movers`:
    its visits say so, which a search crediting one player at every level says too)
    is negated back: the checks weigh the person's own numbers, and read them for the
    movers only where every check then passes (:func:`_mean_checks`)."""
    seen = t.trace.extra.get("perspective")
    if not isinstance(seen, dict) or seen.get("player") != "mover":
        return t
    trace = read_as_movers(t.trace, calls=False)  # the recording kept the calls' own
    extra = {k: v for k, v in trace.extra.items() if k != "perspective"}
    return Tree(replace(trace, extra=extra))


def _best_move(t: Tree, w: Words) -> NodeFinding | None:
    """The root's answer is the last column it searched and worse than another's."""
    found = best_outside_test(t)
    if found is None:
        return None
    return _finding(
        t, "best-move", 0, w.best_outside_test(found.node, found.other), cause="best-outside-test"
    )


def _sum_kids(t: Tree, per_node: np.ndarray) -> np.ndarray:
    """Per node, the sum of ``per_node`` over its children."""
    out = np.zeros(t.n, np.int64)
    np.add.at(out, t.parent[1:], per_node[1:])
    return out


# ---------------------------------------------------------------------- checked calls
def _turn(t: Tree, w: Words) -> NodeFinding | None:
    """The first call a checking recording found off turn; without one, the first
    node whose maximizing flag was its parent's."""
    found = t.facts.get("turn")
    if found is None and not t.facts:
        node = _first(t.same)
        if node is not None:
            found = {
                "node": node,
                "kind": "flag",
                "name": t.flag,
                "value": bool(t.maximising[node]),
                "count": int(t.same.sum()),
            }
    if not found or not 0 <= found["node"] < t.n:
        return None
    under = "mutation" if kept_stone(found, t) else ""  # the symptom of a board mutated
    return _finding(t, "turn", found["node"], w.turn(found), under=under)


def _mutation(t: Tree, w: Words) -> NodeFinding | None:
    """The first call a checking recording found changing its position."""
    found = t.facts.get("mutation")
    if not found or not 0 <= found["node"] < t.n:
        return None
    node = found["node"]
    count = found["count"]
    more = f" ({count} calls changed theirs)" if count > 1 else ""
    return _finding(
        t,
        "mutation",
        node,
        f"{w.where(node)}: the board this call received "
        f"had changed when it returned, {diff_text(found)}{more}: a move "
        "played on the board in place and not taken back (undo it after the "
        "recursive call, or pass a copy)",
        cause="board-mutated",
    )
