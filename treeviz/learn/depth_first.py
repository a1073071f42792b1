"""Questions on a depth-first search (minimax, alpha-beta, a person's traced search):
which child is searched next, what value comes back to a node, and, where the search
prunes, whether the rest of a node is cut off and by which bound.

Values and windows are shown for the player to move at the root (the trace stores
them for the side to move at each node): a node where the root player moves takes
the largest of its children's values, the other the smallest; a cutoff at the root
player's node is a beta cutoff (value >= beta), at the opponent's an alpha cutoff
(value <= alpha).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from treeviz.connect4.board import Position
from treeviz.connect4.tt_order import centre_order
from treeviz.learn.questions import CUTOFF_Q, NEXT_CHILD, VALUE, Moment, Question
from treeviz.trace.nodes import CUTOFF, NO_VALUE, Trace
from treeviz.trace.replay import last_descendant
from treeviz.trace.values import bound_text, node_value

NO, BETA, ALPHA = "no", "beta", "alpha"


def depth_first_questions(trace: Trace) -> list[Question]:
    """Every question a depth-first ``trace`` can check, in the order the search met
    them: before each node, which child of its parent comes next (when there was a
    choice); as each node with children finishes, the value it returns; and for a
    pruning search, after each child returns, whether its parent stops there."""
    return list(_walk(trace))


def _walk(trace: Trace) -> Iterator[Question]:
    end = last_descendant(trace)
    parent = trace.nodes["parent"]
    prunes = trace.windowed and "pruned" in trace.fields
    open_nodes = [0]
    for k in range(1, len(trace) + 1):
        while open_nodes and end[open_nodes[-1]] == k - 1:
            j = open_nodes.pop()
            yield from _finished(trace, j, end, prunes)
        if k == len(trace):
            return
        question = next_child(trace, int(parent[k]), k)
        if question is not None:
            yield question
        open_nodes.append(k)


def _finished(trace: Trace, j: int, end: np.ndarray, prunes: bool) -> Iterator[Question]:
    """The questions once node ``j``'s subtree is complete: its value, then whether its
    parent is cut off."""
    shown = int(end[j]) + 1
    p = int(trace.nodes["parent"][j])
    # a cut parent finishes with j: its value and cut stay hidden until asked
    parent_done = p >= 0 and int(end[p]) == int(end[j])
    hide_parent = frozenset({p}) if parent_done else frozenset()
    if len(trace.children(j)) and int(trace.nodes["value"][j]) != NO_VALUE:
        yield value_question(
            trace,
            j,
            before=Moment(shown, hide_parent | {j}, hide_parent),
            then=Moment(shown, hide_parent, hide_parent),
        )
    if prunes and p >= 0:
        question = cutoff_question(trace, p, j, shown=shown, hide_parent=hide_parent)
        if question is not None:
            yield question


def side_names(trace: Trace, node: int) -> tuple[str, str]:
    """(the player to move at ``node``, the player to move at the root)."""
    root = Position.from_moves(trace.root_moves, trace.width, trace.height).side_to_move
    other = "O" if root == "X" else "X"
    return (root if int(trace.nodes["depth"][node]) % 2 == 0 else other), root


def where(trace: Trace, node: int) -> str:
    """A node named for a person as the tree view labels it: its id, and the moves
    from the root (columns 1..7) that reach it."""
    moves = trace.path_moves(node)
    return "the root" if not moves else f"node #{node} (moves {moves})"


def legal_columns(trace: Trace, node: int) -> list[int]:
    """0-based columns playable at ``node`` (none once the game is over there)."""
    pos = Position.from_moves(trace.root_moves + trace.path_moves(node), trace.width, trace.height)
    return [] if pos.is_over() else [c for c in range(pos.width) if pos.can_play(c)]


def order_words(trace: Trace) -> str:
    """How the search orders a node's children, in words."""
    ordering = trace.params.get("ordering")
    if ordering == "left":
        return "It searches columns from left to right"
    if ordering == "centre":
        cols = " ".join(str(int(c) + 1) for c in centre_order(trace.width))
        return f"It searches the centre first (columns in the order {cols})"
    if ordering == "heuristic":
        return "It searches the child with the best heuristic value for the mover first"
    return "It searches the children in the order its code chose"


def next_child(trace: Trace, p: int, k: int) -> Question | None:
    """Which column node ``p`` searches next (the answer: node ``k``'s); None when
    only one column was left."""
    kids = trace.children(p)
    done = {int(trace.nodes["move"][c]) for c in kids if c < k}
    left = [c for c in legal_columns(trace, p) if c not in done]
    col = int(trace.nodes["move"][k])
    if col not in left:  # a search that plays an illegal column: nothing to predict
        return None
    searched = sorted(done)
    before = (
        "nothing searched yet"
        if not searched
        else f"column{'s' if len(searched) > 1 else ''} "
        f"{', '.join(str(c + 1) for c in searched)} searched"
    )
    why = f"{order_words(trace)}: column {col + 1} comes next."
    return Question(
        NEXT_CHILD,
        p,
        f"At {where(trace, p)}, {before}: which column is searched next?",
        tuple((str(c + 1), f"column {c + 1}") for c in left),
        str(col + 1),
        why,
        Moment(k),
        Moment(k + 1),
        step=k,
    )


def value_question(trace: Trace, j: int, *, before: Moment, then: Moment) -> Question:
    """What value node ``j`` returns to its parent, for the root player, chosen among
    its children's values."""
    mover, root = side_names(trace, j)
    picks_max = mover == root
    kids = [int(c) for c in trace.children(j)]
    texts = {c: node_value(trace, c).text for c in kids}
    right = node_value(trace, j).text
    keys = list(dict.fromkeys([*texts.values(), right]))
    from_col = [int(trace.nodes["move"][c]) + 1 for c in kids if texts[c] == right]
    which = "largest" if picks_max else "smallest"
    why = (
        f"{mover} moves at {where(trace, j)} and takes the {which} value for {root} "
        f"among its children: {right}" + (f" (column {from_col[0]})." if from_col else ".")
    )
    if trace.nodes["flags"][j] & CUTOFF:
        why += " It stopped early (a cutoff), so this is a bound the parent will not use."
    why_not = {t: f"{t} is not what comes back." for t in keys if t != right}
    return Question(
        VALUE,
        j,
        f"What value does {where(trace, j)} send back up (counted for {root})?",
        tuple((t, t) for t in keys),
        right,
        why,
        before,
        then,
        why_not=why_not,
        step=j,
    )


def window_now(trace: Trace, p: int, j: int) -> tuple[int, int, int]:
    """(best value so far, alpha, beta) at node ``p`` once child ``j`` has returned,
    for the side to move at ``p`` (negamax)."""
    kids = [int(c) for c in trace.children(p) if c <= j]
    vals = [-int(trace.nodes["value"][c]) for c in kids if trace.nodes["value"][c] != NO_VALUE]
    best = max(vals) if vals else -(2**31)
    alpha = max(int(trace.nodes["alpha"][p]), best)
    return best, alpha, int(trace.nodes["beta"][p])


def cutoff_question(
    trace: Trace, p: int, j: int, *, shown: int, hide_parent: frozenset[int]
) -> Question | None:
    """Whether node ``p`` stops after child ``j`` returned (and by which bound); None
    when no column was left to search there anyway."""
    kids = [int(c) for c in trace.children(p)]
    searched = {int(trace.nodes["move"][c]) for c in kids if c <= j}
    left = [c for c in legal_columns(trace, p) if c not in searched]
    if not left or int(trace.nodes["value"][j]) == NO_VALUE:
        return None
    cut = bool(trace.nodes["flags"][p] & CUTOFF) and j == kids[-1]
    mover, root = side_names(trace, p)
    at_root_side = mover == root
    bound = BETA if at_root_side else ALPHA
    answer = bound if cut else NO
    best, alpha, beta = window_now(trace, p, j)
    sign = 1 if at_root_side else -1
    lo, hi = (alpha, beta) if at_root_side else (-beta, -alpha)
    window = f"α = {bound_text(trace, lo)}, β = {bound_text(trace, hi)}"
    after = (
        f"At {where(trace, p)} the window is now {window} (for {root}); the best "
        f"value so far is {bound_text(trace, sign * best)}."
    )
    # the columns left, as a set (ascending): the order they come in is the ordering's,
    # said in its own words, never implied by this list
    rest = ", ".join(str(c + 1) for c in left)
    if cut:
        word = "β: the value ≥ β" if at_root_side else "α: the value ≤ α"
        why = (
            f"Cut off by {word} ({window}). The other side already has a better "
            f"choice above, so the columns not searched yet ({rest}) are pruned."
        )
    else:
        why = (
            f"No cutoff: α = {bound_text(trace, lo)} is still below β = "
            f"{bound_text(trace, hi)}, so this node goes on with the columns it has not "
            f"searched yet ({rest}). {order_words(trace)}."
        )
    choices = (
        (NO, "No: it goes on with its other columns"),
        (BETA, "Yes: a β cutoff (value ≥ β)"),
        (ALPHA, "Yes: an α cutoff (value ≤ α)"),
    )
    why_not = {
        NO: "The search does not go on.",
        BETA: (
            "The value did not reach β."
            if at_root_side
            else f"Only α can cut where {mover} (the minimizing side) moves."
        ),
        ALPHA: (
            "The value did not fall to α."
            if not at_root_side
            else f"Only β can cut where {mover} (the maximizing side) moves."
        ),
    }
    return Question(
        CUTOFF_Q,
        p,
        f"Column {int(trace.nodes['move'][j]) + 1} has returned its value to "
        f"{where(trace, p)}. Does this node stop here, skipping the columns it has not "
        f"searched yet ({rest})?",
        choices,
        answer,
        why,
        Moment(shown, hide_parent | {p}, hide_parent | {p}),
        Moment(shown, hide_parent),
        after,
        why_not={k: v for k, v in why_not.items() if k != answer},
        step=p,
    )
