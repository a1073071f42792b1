"""Values a person reads: units per agent, proven outcomes, words instead of sentinels.

Every per-column row and every drawn node speaks in its trace's *value kind*:

``exact``
    the solver's exact score (the Connect 4 solver community's scale): for the root player, 0 a
    draw, a win ``(w*h)/2 + 1`` minus the winner's stones at the end (22 - n on 7x6),
    a loss the same negated.
``heuristic:<name>``
    points of heuristic ``<name>`` (``treeviz/connect4/heuristics.py``) for the root player;
    a row or node the search proved won or lost carries its exact score instead, and
    an ``outcome`` says so.
``win_rate``
    MCTS's mean result for the root player over the visits: 1 a win, 0.5 a draw, 0 a
    loss.
``probability``
    the chance the agent picks the column (the random agent).
``user``
    the numbers a person's own search returned (:mod:`treeviz.agents.user.instrument`), for the
    root player; stored as symmetric ranks into ``trace.extra["user_values"]``
    (:func:`user_value`).

Internal sentinels never leave this module's callers: negamax wins are stored as
``WIN - plies`` and windows as ``±INF``; :func:`negamax_outcome` and
:func:`window_text` turn them into outcomes and ``-inf``/``+inf``.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from treeviz.connect4.board import score_top
from treeviz.jit import njit
from treeviz.trace.kinds import RESULTS_CENTRE, RESULTS_KIND, ValueKind
from treeviz.trace.nodes import (
    EXACT,
    INF,
    NO_VALUE,
    PROVEN_DRAW,
    PROVEN_OPEN,
    TERMINAL,
    TT_HIT,
    WIN,
    Trace,
    field_is_set,
)
from treeviz.trace.numbers import number_text
from treeviz.trace.sides import root_sign

MAX_PLIES = 1_000  # |value| above WIN - MAX_PLIES is a proven result
PROVEN = WIN - MAX_PLIES  # a stored value at least this large (either sign): a game decided

OUTCOME_KIND = "heuristic:outcome"  # another game's search without a heuristic

KIND_TEXT = {
    "exact:weak": "result for the root player: 1 win, 0 draw, -1 loss (weak solve)",
    "exact": "exact score for the root player (22 - winner's stones; 0 draw)",
    # the agents on any game (another game counts no stones: a result in plies)
    "exact:outcome": "result for the root player: a win or a loss in plies, 0 a draw",
    OUTCOME_KIND: (
        "0 a draw or no result within the depth; a win or a loss in plies, for the root player"
    ),
    "heuristic": "heuristic points for the root player; proven results as exact scores",
    "win_rate": "mean result for the root player (1 win, 0.5 draw, 0 loss)",
    "probability": "chance of being chosen",
    "user": "your search's values, for the root player",
    # a person's search whose numbers are results in 0..1 (1 a win, 0.5 a draw, 0 a
    # loss): the other side's view of ``v`` is ``1 - v``, not ``-v``
    "user:results": "your search's results, for the root player (1 a win, 0.5 a draw, 0 a loss)",
}


# a result from one side's view: +1 a win, 0 a draw, -1 a loss (a proven score's sign)
RESULT_WORDS = {1: "win", 0: "draw", -1: "loss"}


def kind_text(kind: str) -> str:
    """The units of value kind ``kind`` in words (``heuristic:window`` names its heuristic)."""
    if kind in KIND_TEXT:
        return KIND_TEXT[kind]
    parsed = ValueKind.parse(kind)
    base, name = parsed.base, parsed.name
    text = KIND_TEXT.get(base, kind)
    return f"{name} {text}" if name else text


def read_as_words(extra: dict[str, Any]) -> str:
    """How treeviz read a Connect 4 traced search's numbers when it inferred whose they
    are (``extra["perspective"]`` of the trace, set when the recording is read): a
    clause to follow :func:`kind_text`'s words, or "" for the default reading (each
    node's side to move)."""
    seen = extra.get("perspective")
    if not isinstance(seen, dict) or seen.get("from") != "inferred":
        return ""
    player = seen.get("player")
    if player == "mover":  # the evidence, said as such: a wrong-sign UCT shows it too
        return (
            " (read as each node's result for the player who moved into it: only so does"
            " the child it visits most have the best result for its chooser)"
        )
    if player in (0, 1):
        return f" (read as {'XO'[player]}'s values at every node, as its own backups show)"
    return ""


def stones_score(total_plies: int, winner_is_first: bool, *, width: int, height: int) -> int:
    """The winner's exact score when the game ends after ``total_plies`` stones."""
    stones = (total_plies + 1) // 2 if winner_is_first else total_plies // 2
    return score_top(width, height) - stones


def outcome(
    result: str, plies: int, root_ply: int, *, width: int, height: int, bound: str = ""
) -> dict[str, Any]:
    """The ``outcome`` of a column for the root player: ``result`` ("win", "loss" or
    "draw") reached ``plies`` stones after the root (at ``root_ply`` stones), with its
    exact score; ``bound`` "upper" when the search proved only "this fast or faster"."""
    if result == "draw":
        out: dict[str, Any] = {"result": "draw", "plies": plies, "score": 0}
    else:
        root_is_first = root_ply % 2 == 0
        winner_is_first = root_is_first == (result == "win")
        score = stones_score(root_ply + plies, winner_is_first, width=width, height=height)
        out = {"result": result, "plies": plies, "score": score if result == "win" else -score}
    if bound:
        out["bound"] = bound
    return out


def score_outcome(score: int, root_ply: int, *, width: int, height: int) -> dict[str, Any]:
    """The outcome behind an exact score for the side to move at ``root_ply`` stones."""
    if score == 0:
        return {"result": "draw", "plies": width * height - root_ply, "score": 0}
    half = score_top(width, height)
    if score > 0:  # the side to move plays its (half - score)-th stone to win
        plies = 2 * (half - score) - 1 - (root_ply - root_ply % 2)
        return {"result": "win", "plies": plies, "score": score}
    plies = 2 * (half + score) - (root_ply + 1 - (root_ply + 1) % 2)
    return {"result": "loss", "plies": plies, "score": score}


def negamax_outcome(
    value: float, root_ply: int, *, width: int, height: int, bound: str = ""
) -> dict[str, Any] | None:
    """The outcome a negamax value (root player's view, ``±(WIN - plies)``) proves, or
    None for a heuristic value. An upper-bounded win proves nothing; an upper-bounded
    loss is a loss "in at most" its plies."""
    if abs(value) < PROVEN:
        return None
    plies = int(WIN - abs(value))
    if value > 0:
        return (
            None
            if bound == "upper"
            else outcome("win", plies, root_ply, width=width, height=height)
        )
    return outcome("loss", plies, root_ply, width=width, height=height, bound=bound)


def outcome_text(out: dict[str, Any], *, scored: bool = True) -> str:
    """``wins in 3 plies, exact +19`` / ``draw, exact 0`` / ``loses in at most 4 plies``;
    ``proven win`` when only the result is known (``plies`` None). ``scored=False``
    leaves the score out (another game's, 1 or -1, says nothing the words do not)."""
    k = out["plies"]
    if k is None:
        return f"proven {out['result']}"
    if out["result"] == "draw":
        return "draw, exact 0" if scored else "draw"
    verb = "wins" if out["result"] == "win" else "loses"
    at_most = "at most " if out.get("bound") == "upper" else ""
    exact = "" if at_most or not scored else f", exact {number_text(out['score'])}"
    return f"{verb} in {at_most}{plies(k)}{exact}"


def plies(k: int) -> str:
    """``1 ply``, ``3 plies``."""
    return f"{k} pl{'y' if k == 1 else 'ies'}"


def short_outcome(out: dict[str, Any]) -> str:
    """Compact form for tree labels: ``win 3``, ``loss ≤4``, ``draw``."""
    if out["result"] == "draw" or out["plies"] is None:
        return out["result"]
    le = "≤" if out.get("bound") == "upper" else ""
    return f"{out['result']} {le}{out['plies']}"


def heuristic_text(value: float, kind: str, bound: str = "") -> str:
    """``+34 window heuristic`` (``≤ +34 ...`` for an upper bound, ``≥`` a lower);
    another game's search without a heuristic (``heuristic:outcome``) scored no
    points, so its number stands alone (``≤ 0 (upper bound: cut off)``): "0 outcome
    heuristic" named a heuristic nobody gave."""
    name = ValueKind.parse(kind).name or "heuristic"
    prefix = {"upper": "≤ ", "lower": "≥ "}.get(bound, "")
    suffix = f" ({bound} bound: cut off)" if prefix else ""
    unit = "" if kind == OUTCOME_KIND else f" {name} heuristic"
    return f"{prefix}{number_text(value)}{unit}{suffix}"


def user_value(raw: int, table: list[float]) -> float:
    """The number a stored rank of a ``user`` trace stands for (``±inf`` at ±INF)."""
    if abs(raw) >= INF:
        return math.copysign(math.inf, raw)
    return 0.0 if raw == 0 else math.copysign(table[abs(raw) - 1], raw)


def user_centre(trace: Trace) -> float:
    """The number a person's search gives a position as good for one side as for the
    other: 0.5 where its numbers are results in 0..1 (:data:`RESULTS_KIND`: stored
    centred, ``v - 0.5``, so that a negation is still the other side's view), else 0."""
    return RESULTS_CENTRE if trace.value_kind == RESULTS_KIND else 0.0


def user_number(trace: Trace, raw: int) -> float:
    """The number a stored rank of a ``user`` trace stands for, as the person's search
    returned it (:func:`user_value` plus :func:`user_centre`)."""
    return user_centre(trace) + user_value(raw, trace.extra["user_values"])


def user_text(trace: Trace, value: float) -> str:
    """A person's search's number as :func:`number_text` writes it, unsigned where its
    numbers are results in 0..1 (a sign there would not say who is ahead)."""
    return number_text(value, signed=trace.value_kind != RESULTS_KIND)


def bound_text(trace: Trace, raw: int) -> str:
    """A node's stored alpha or beta as a person reads it (:func:`window_text`, or the
    number a user search passed)."""
    if trace.kind.base == "user":
        return user_text(trace, user_number(trace, raw))
    return window_text(raw)


def window_text(v: int) -> str:
    """An alpha/beta bound: ``-inf``/``+inf`` for the open window, words for a proven
    result, the number otherwise. ``v`` is for the side to move at the node."""
    if v >= INF:
        return "+inf"
    if v <= -INF:
        return "-inf"
    if abs(v) >= PROVEN:  # plies counted from the search's root
        return f"{'win' if v > 0 else 'loss'} in {plies(WIN - abs(v))}"
    return str(v)


# --- values of trace nodes -------------------------------------------------------------


@dataclass(frozen=True)
class NodeValue:
    """A trace node's value for the root player: ``value`` in the trace's kind (None
    when the search gave it none), ``outcome`` when proven, ``text`` for a label, and
    ``scaled`` in [-1, 1] for colouring (None when unknown)."""

    value: float | None
    outcome: dict[str, Any] | None
    text: str
    scaled: float | None


def node_value(trace: Trace, node: int) -> NodeValue:
    """What node ``node`` of ``trace`` is worth to the root player, readable."""
    n = trace.nodes[node]
    sign = root_sign(trace, node)  # stored for the node's side (trace.sides)
    base = trace.kind.base
    if base == "win_rate":
        return _rate_value(trace, node, sign)
    if base == "probability":
        kids = len(trace.children(0))
        if node == 0 or not kids:
            return NodeValue(None, None, "", None)
        return NodeValue(1 / kids, None, f"p=1/{kids}", 0.0)
    raw = int(n["value"])
    if raw == NO_VALUE:
        return NodeValue(None, None, "not evaluated", None)
    v = sign * raw
    if base == "user":  # "≤ 3": a value outside the window it was searched with
        shown, bound = _user_node_value(trace, v), _root_bound(trace, node, raw, sign)
        return replace(shown, text=f"{bound} {shown.text}") if bound else shown
    if not trace.is_connect4 and (base == "exact" or abs(v) >= PROVEN):
        return _game_decided(trace, node, raw, sign)
    if base == "exact":
        half = trace.width * trace.height // 2
        return NodeValue(v, None, number_text(v), v / half)
    root_ply = len(trace.root_moves)
    sign_of = _root_bound(trace, node, raw, sign)
    found = negamax_outcome(v, root_ply, width=trace.width, height=trace.height)
    if found is not None:
        said = f"{sign_of} " if sign_of else ""  # "≤ win 3", as "≤+48"
        return NodeValue(found["score"], found, said + short_outcome(found), 1.0 if v > 0 else -1.0)
    if abs(v) >= PROVEN:  # an upper-bounded win can only come from a cut
        return NodeValue(None, None, "cut", None)
    return NodeValue(v, None, sign_of + number_text(v), v / heuristic_range(trace))


def _game_decided(trace: Trace, node: int, raw: int, sign: int) -> NodeValue:
    """Another game's won, lost or (exactly) drawn node for the root player, in words
    with its plies from the root, its value the game's result (1 a win, -1 a loss, never
    the stored ``WIN - plies``): Connect 4's scores count stones, other games' do not."""
    v = sign * raw
    bound = _root_bound(trace, node, raw, sign)
    said = f"{bound} " if bound else ""
    if abs(v) < PROVEN:
        return NodeValue(v, None, said + ("draw" if v == 0 else number_text(v)), 0.0)
    plies = int(WIN - abs(v))
    result = 1 if v > 0 else -1
    # a bound of a decided result is no result: "≤ win in 5" may be a draw, and a 1
    # beside it (1 a win) would say otherwise in a table read by its numbers
    known = None if bound else result
    return NodeValue(known, None, f"{said}{RESULT_WORDS[result]} in {plies}", float(result))


def _root_bound(trace: Trace, node: int, raw: int, sign: int) -> str:
    """``"≤"``/``"≥"`` when ``node``'s value (``raw``, for its side to move) is only a
    bound (:func:`window_bound`), said for the root player (``sign`` -1: the other
    side moves there, so its upper bound is the root player's lower one); '' when exact."""
    bound = window_bound(trace, node, raw)
    if bound == "exact":
        return ""
    return "≤" if (bound == "upper") == (sign > 0) else "≥"


MARK_BOUND = {"≤": "upper", "≥": "lower", "": "exact"}  # a bound's mark, the bound it says


def bound_mark(trace: Trace, node: int) -> str:
    """``"≤"``/``"≥"`` when ``node``'s stored value is only a bound for the root player
    (:func:`window_bound`), '' when exact."""
    return _root_bound(trace, node, int(trace.nodes["value"][node]), root_sign(trace, node))


def window_bound(trace: Trace, node: int, raw: int) -> str:
    """ "upper"/"lower" when ``raw`` (the node's side to move's) fell outside the window
    it was searched with, else "exact" (a finished game, or a solver node it marked
    exact, is exact whatever its window)."""
    n = trace.nodes[node]
    if not trace.windowed or int(n["flags"]) & (TERMINAL | EXACT):
        return "exact"
    if horizon_leaf(trace, node) or _user_leaf(trace, node):
        return "exact"
    alpha, beta = int(n["alpha"]), int(n["beta"])
    if field_is_set("alpha", alpha) and raw <= alpha:
        return "upper"
    if field_is_set("beta", beta) and raw >= beta:
        return "lower"
    return "exact"


def _user_leaf(trace: Trace, node: int) -> bool:
    """Whether ``node`` of a person's search has no recorded child: its number is an
    evaluation or a game's end, exact whatever window it was passed."""
    return trace.kind.base == "user" and not trace.child_counts()[node]


def horizon_leaf(trace: Trace, node: int) -> bool:
    """Whether ``node`` is a leaf valued by the heuristic (the horizon: exact whatever its
    window): no children, no table answer, its value its static evaluation."""
    n = trace.nodes[node]
    if "static_eval" not in trace.fields or int(n["flags"]) & TT_HIT:
        return False
    return int(n["value"]) == int(n["static_eval"]) and len(trace.children(node)) == 0


def user_result(trace: Trace, value: float | None) -> str | None:
    """``"win"`` or ``"loss"`` when ``value`` (a number a person's search returned, for
    the root player) is one of the search's win scores (:func:`user_win_ranks`), with
    its sign; None for any other value, and for traces of other kinds."""
    if trace.kind.base != "user" or value is None or not math.isfinite(value):
        return None
    centred = value - user_centre(trace)
    if not centred:
        return None
    table = trace.extra.get("user_values") or []
    i = bisect_left(table, abs(centred))  # the magnitudes are sorted: rank i + 1
    if i == len(table) or table[i] != abs(centred) or i + 1 not in user_win_ranks(trace):
        return None
    return "win" if centred > 0 else "loss"


def user_words(trace: Trace, value: float) -> str:
    """A person's search's ``value`` (root player's view) in words: ``a win (your
    search's win score +1e14)`` for a win score, else the number."""
    result = user_result(trace, value)
    if result is None:
        return user_text(trace, value)
    return f"a {result} (your search's {result} score {user_text(trace, value)})"


def _user_node_value(trace: Trace, raw: int) -> NodeValue:
    """A user search's value (root player's view): ``win``/``loss`` when it is a score
    the search gave only to won games (:func:`user_win_ranks`), else its number;
    coloured by rank among the magnitudes the search returned, so that one huge win
    score leaves the ordinary values their colours."""
    table = trace.extra.get("user_values") or [1.0]
    v = user_centre(trace) + user_value(raw, table)
    if abs(raw) in user_win_ranks(trace):
        return NodeValue(v, None, "win" if raw > 0 else "loss", math.copysign(1.0, raw))
    return NodeValue(v, None, user_text(trace, v), user_rank_scaled(raw, len(table)))


def user_rank_scaled(raw: int, ranks: int) -> float:
    """A user value stored as rank ``raw`` (of ``ranks`` magnitudes) on the colour
    scale: its rank over the number of ranks, signed; ±1 for ±inf."""
    return max(-1.0, min(1.0, raw / max(1, ranks)))


def user_win_ranks(trace: Trace) -> frozenset[int]:
    """The ranks (:func:`user_value`) of a user search's magnitudes that are win scores:
    returned by a finished game won by one side (:func:`_won`), and never by a node the
    search scored otherwise (an unfinished position it did not search further, a drawn
    game, or, in Connect 4, a four scored for the side that lost). A value of such a
    magnitude is a won game for one side in the search's own tree, whatever its size;
    a search whose heuristic could return the same number has none."""
    cached = trace.__dict__.get("_user_win_ranks")
    if cached is None:
        cached = trace.__dict__["_user_win_ranks"] = _win_ranks(trace)
    return frozenset(cached)


def _win_ranks(trace: Trace) -> frozenset[int]:
    n = trace.nodes
    raw = n["value"].astype(np.int64)
    known = (raw != int(NO_VALUE)) & (np.abs(raw) < INF)
    won, wrong = _won(trace, raw)
    won &= known
    kids = np.bincount(n["parent"][n["parent"] >= 0].astype(np.int64), minlength=len(trace))
    other = known & ((kids == 0) & ~won | wrong)  # evaluations, draws, wrong-signed wins
    return frozenset(np.unique(np.abs(raw[won])).tolist()) - set(np.abs(raw[other]).tolist())


def _won(trace: Trace, raw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per node of a user trace whose stored values (for each node's side) are ``raw``:
    whether it is a finished game won by one side, and whether such a game is scored
    with the wrong sign. Connect 4: a four, the game ended before the board filled,
    scored against the side to move there (who lost). Another game has no board to
    fill and its player to move at the end may be the winner (misère Nim, Othello), so
    a finished game is won when its value is not a draw's: 0, in a zero-sum game the
    one value both sides give the same game; no sign is wrong."""
    n = trace.nodes
    terminal = (n["flags"] & TERMINAL) != 0
    if not trace.is_connect4:
        return terminal & (raw != 0), np.zeros(len(raw), dtype=bool)
    ply = len(trace.root_moves) + n["depth"].astype(np.int64)
    won = terminal & (ply < trace.width * trace.height)
    return won, won & (raw >= 0)


def _rate_value(trace: Trace, node: int, sign: int) -> NodeValue:
    """MCTS: Q for the root player, and the proof when MCTS-solver found one."""
    n = trace.nodes[node]
    found = None
    proven = int(n["proven"]) if "proven" in trace.fields else PROVEN_OPEN
    if proven != PROVEN_OPEN:
        # ``proven`` is for the side to move at the node; flip to the root player
        mover = 0 if proven == PROVEN_DRAW else proven * sign
        found = {"result": RESULT_WORDS[mover], "plies": None, "score": None}
    if n["visits"] == 0:
        text = f"{found['result']} (proven)" if found else "not visited"
        return NodeValue(None, found, text, None)
    q = float(n["value_sum"]) / float(n["visits"])  # for the player who moved in
    parent = int(n["parent"])  # who moved in: the side at the parent (the root's: not)
    q = q if parent >= 0 and root_sign(trace, parent) > 0 else 1.0 - q
    text = f"Q {q:.2f}" + (f" {found['result']}" if found else "")
    return NodeValue(q, found, text, 2 * q - 1)


def heuristic_range(trace: Trace) -> float:
    """The largest heuristic magnitude in ``trace`` (proven values left out): the
    value that colours a node fully."""
    cached = trace.__dict__.get("_heuristic_range")
    if cached is None:
        top = _largest_heuristic(trace.nodes["value"], int(NO_VALUE), int(PROVEN))
        cached = trace.__dict__["_heuristic_range"] = float(max(1, top))
    return float(cached)


@njit(cache=True)
def _largest_heuristic(values: np.ndarray, none: int, proven: int) -> int:
    """The largest ``|v|`` below ``proven`` among ``values`` other than ``none`` (0 when
    there is none): one pass over the strided field, where masks and copies took
    0.3 s for 2,000,000 nodes."""
    top = 0
    for v in values:
        if v != none:
            a = abs(int(v))
            if a < proven and a > top:
                top = a
    return top


def value_range(trace: Trace) -> tuple[float, float]:
    """The values at the two ends of the colour scale (-1 and +1), root player's view."""
    base = trace.kind.base
    if base == "win_rate":
        return 0.0, 1.0
    if base == "user":
        top = (trace.extra.get("user_values") or [1.0])[-1]
        centre = user_centre(trace)
        return centre - top, centre + top
    if base == "probability":
        return -1.0, 1.0
    if base == "exact" and not trace.is_connect4:  # a result, not a score
        return -1.0, 1.0
    if base == "exact":
        half = trace.width * trace.height // 2
        return -half, half
    r = heuristic_range(trace)
    return -r, r


def scale_stops(trace: Trace, count: int = 5) -> list[tuple[float, str]]:
    """``count`` points of the colour scale, worst to best for the root player: each
    its place in [-1, 1] and the value there as a label reads it. A user search's
    scale is by rank (:func:`scale_words`), its points the values at those ranks;
    another game's exact results are a loss, a draw and a win at -1, 0 and 1 (the
    points between them no value)."""
    places = np.linspace(-1.0, 1.0, count).tolist()
    if trace.kind.base == "exact" and not trace.is_connect4:  # only these three values
        return [(x, RESULT_WORDS.get(int(x), "") if x.is_integer() else "") for x in places]
    if trace.kind.base == "user":
        ranks = len(trace.extra.get("user_values") or [1.0])
        return [(x, _user_node_value(trace, round(x * ranks)).text) for x in places]
    lo, hi = value_range(trace)
    spec = ".2f" if hi - lo <= 2 else "+.0f"
    return [(x, format(lo + (x + 1) / 2 * (hi - lo), spec)) for x in places]


def scale_words(trace: Trace) -> str:
    """How values map to colours, when not in proportion: a user search's values by
    rank (its numbers can be any size: one win score of 1e14 would leave every other
    value white on a proportional scale)."""
    if trace.kind.base == "user":
        return "by rank: equal steps between the distinct values, however far apart"
    return ""
