"""The doctor's checks inside a search's trace on any game (:class:`GameTree`), each
finding at the shallowest node that shows it (its position in the game's text), each a
claim the game's rules or the trace's own numbers prove:

- ``terminal``: a finished game searched on below, or scored unlike its result (a
  loss not below every unfinished position the search evaluated, a win not above, a
  draw beyond them);
- ``sign``: a finished game scored as the opposite result, as large as the games the
  search decides rightly (or, with none, ten times beyond every evaluation): the values
  of the wrong player; nearer, the evaluation's own score of a finished board, a
  ``terminal`` finding;
- ``turn``: a call's maximizing flag (given as ``flags``) that does not follow the
  player to move: its caller's where the other player moves, flipped where the same
  player moves again (checkers' double jumps);
- ``backup``: a value that is not its children's best for its side, as its window
  allows (fail low: at most alpha; fail high: at least beta);
- ``cutoff``: legal moves left unsearched while the window was still open;
- ``mutation``: calls on states no legal move of their caller's state leads to (a
  move played on the state in place and not taken back), counted by the recording;
- ``visits``: a node's visit count not its children's sum or one more;
- ``view``: whose values these are, where the evidence is split (the checks that read
  values are then not judged); every finding that reads values says whose it took
  them for and why, where it was inferred;
- ``perspective``: a finished game's results credited to the player who did not move
  into it (``value_sum`` of an MCTS: for the player who moved into the node).

A trace of another game stores values for each node's side, the flag read away:
``turn`` needs the flags as the recording holds them (:mod:`.recorded` passes them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from treeviz.checkup.games.tree import GameTree
from treeviz.checkup.node_tree import DECIDED_GAP
from treeviz.rules.protocol import PLAYERS, Game
from treeviz.settings import show_value
from treeviz.trace.nodes import SearchResult, Trace

# the checks that read whose values are whose: not judged below a flag that misleads it
BY_VALUE = ("terminal", "sign", "backup", "cutoff")


@dataclass
class GameNodeFinding:
    """``check`` failed at ``node`` of the trace (``moves`` from its root, ``position``
    the node's state in the game's text); ``count`` nodes fail it; ``text`` says it."""

    check: str
    node: int
    moves: list[int]
    position: str
    count: int
    text: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def check_game_tree(
    found: SearchResult | Trace,
    game: Game[Any] | None = None,
    *,
    flags: np.ndarray | None = None,
) -> list[GameNodeFinding]:
    """The findings inside a search's trace of another game than Connect 4 (``game``:
    the game object, for one no name loads, such as a person's aima-style class).
    ``flags``: each node's maximizing flag as its call was given it (1, 0; -1 unknown:
    a recording's ``maxi``), for the ``turn`` check; where a flag misleads, whose
    values are whose is unknown, and the checks that read values are not judged."""
    trace = found.trace if isinstance(found, SearchResult) else found
    t = GameTree(trace, game)
    wrong_turn = {} if flags is None else _turn(t, flags)
    out = [_finding(t, "turn", wrong_turn)] if wrong_turn else []
    reading = trace.extra.get("perspective", {})
    split = reading.get("from") == "split"
    if split:
        out.append(_finding(t, "view", {0: view_words(trace)}))
    for check, judge in JUDGES.items():
        if (wrong_turn or split) and check in BY_VALUE:
            continue
        wrong = judge(t)
        if wrong:
            hit = _finding(t, check, wrong)
            if check in BY_VALUE and reading.get("from") in ("inferred", "default"):
                hit.text += f" ({view_words(trace)})"
            out.append(hit)
    return out


def view_words(trace: Trace) -> str:
    """Whose view a traced search's values were read in, how it was inferred (its
    ``perspective`` and ``perspective_evidence``: :mod:`treeviz.agents.user.game_result`)
    and how to state it."""
    reading = trace.extra["perspective"]
    player = reading["player"]
    whose = "the side to move's (negamax)" if player is None else f"{PLAYERS[player]}'s"
    if player is not None:
        whose += f" (player {player}'s)"
    evidence = trace.extra.get("perspective_evidence", {})
    ended, games = evidence.get("finished", (0, 0))
    backed, nodes = evidence.get("backups", (0, 0))
    name = "the side to move" if player is None else f"player {player}"
    told = (
        f"{ended} of {games} finished games scored as {name}'s returns, {backed} of "
        f"{nodes} values their children's best for {name}"
    )
    state = "state whose they are with @treeviz.traced(player=0) or (player=1)"
    if reading["from"] == "split":
        return (
            f"whose values these are is unclear: player 0's view and player 1's fit alike "
            f"({told}); their values are not judged: {state}"
        )
    if reading["from"] == "default":
        return (
            f"values read as {whose}, the default: the evidence picks no one view ({told}); {state}"
        )
    if player is not None:
        state = f"state it with @treeviz.traced(player={player})"
    return f"values read as {whose}: inferred from {told}; {state}"


def _turn(t: GameTree, flags: np.ndarray) -> dict[int, str]:
    """Calls whose maximizing flag is their caller's while the other player moves
    there, or flipped while the same player moves again."""
    out = {}
    for k in range(1, t.n):
        p = int(t.parent[k])
        if flags[k] < 0 or flags[p] < 0:
            continue
        same_player, same_flag = t.sides[k] == t.sides[p], flags[k] == flags[p]
        if same_player == same_flag:
            continue
        said = "maximizing" if flags[k] else "minimizing"
        why = (
            "the same as its caller's, but the other player moves here"
            if same_flag
            else "unlike its caller's, but the same player moves again here"
        )
        out[k] = (
            f"this call was told it is {said}, {why}: pass the flag's negation to each "
            "child where the player to move changes (not maximizing, as the caller was)"
        )
    return out


def _finding(t: GameTree, check: str, wrong: dict[int, str]) -> GameNodeFinding:
    """The finding at the shallowest of the ``wrong`` nodes (ties: the first made)."""
    node = min(wrong, key=lambda k: (len(t.trace.path(k)), k))
    position = t.game.to_text(t.states[node])
    who = t.mover(node)
    turn = f", {PLAYERS[who]} to move" if who in (0, 1) else ", the game over"
    text = f"node {node} ({show_value(position) if position else 'the start'}{turn}): "
    more = f" ({len(wrong)} nodes like this)" if len(wrong) > 1 else ""
    return GameNodeFinding(
        check, node, t.moves_to(node), position, len(wrong), text + wrong[node] + more
    )


def _num(v: float) -> str:
    return f"{v:+g}" if v else "0"


# ---------------------------------------------------------------------- finished games
def _terminal(t: GameTree) -> dict[int, str]:
    span = _evaluated(t)
    size = _decided_size(t, span)
    out = {}
    for k in range(t.n):
        if not t.over(k):
            continue
        if t.kids[k]:
            out[k] = (
                f"the game is over here, yet the search went on below it "
                f"({len(t.kids[k])} moves): test for the end of the game first"
            )
            continue
        v = float(t.value[k])
        result = t.result(k)
        if np.isnan(v) or _scored_right(result, v, span) or _wrong_sign(result, v, span, size):
            continue
        out[k] = f"{_result_words(result)}, but it is scored {_num(v)}, {_why(result, span)}"
    return out


def _sign(t: GameTree) -> dict[int, str]:
    span = _evaluated(t)
    size = _decided_size(t, span)
    out = {}
    for k in range(t.n):
        v = float(t.value[k])
        if not t.over(k) or t.kids[k] or np.isnan(v) or not _wrong_sign(t.result(k), v, span, size):
            continue
        won = t.result(k) > 0
        out[k] = (
            f"{_result_words(t.result(k))}, but it is scored {_num(v)} for that side, "
            f"far {'below' if won else 'above'} every unfinished position it evaluated: "
            f"a {'win scored as a loss' if won else 'loss scored as a win'}, the value "
            "taken from the other player (score a finished game for the side to move)"
        )
    return out


def _evaluated(t: GameTree) -> tuple[float, float] | None:
    """The range of the values the search's evaluation gave (:meth:`GameTree.evaluated`);
    None for a search that came back to nodes (an MCTS: its values are means of
    results, a finished game's its own result)."""
    return None if _came_back(t) else t.evaluated()


def _result_words(result: float) -> str:
    if result > 0:
        return "the game is over and won for the side to move here"
    if result < 0:
        return "the game is over and lost for the side to move here"
    return "the game is over, a draw"


def _scored_right(result: float, v: float, span: tuple[float, float] | None) -> bool:
    """A finished game's value ``v`` for its side agrees with its ``result``: a loss
    below every evaluated position (and below 0), a win above, a draw within them."""
    lo, hi = span if span is not None else (0.0, 0.0)
    if result < 0:
        return v < min(lo, 0.0)
    if result > 0:
        return v > max(hi, 0.0)
    return min(lo, 0.0) <= v <= max(hi, 0.0)


def _wrong_sign(result: float, v: float, span: tuple[float, float] | None, size: float) -> bool:
    """A loss scored as a win, or a win as a loss, on the scale of the search's decided
    results: at least ``size`` (:func:`_decided_size`), or with none decided rightly,
    :data:`DECIDED_GAP` times beyond every evaluated position. Nearer, it may be the
    evaluation's own score of a finished board (the depth tested before the end: a
    finished board can score past the unfinished ones' range), which ``terminal`` says."""
    lo, hi = span if span is not None else (0.0, 0.0)
    far = size if np.isfinite(size) else DECIDED_GAP * max(-lo, hi, 0.0)
    if result < 0:
        return v > max(hi, 0.0) and v >= far
    if result > 0:
        return v < min(lo, 0.0) and -v >= far
    return False


def _decided_size(t: GameTree, span: tuple[float, float] | None) -> float:
    """The smallest magnitude of the won or lost games the search scored rightly (inf:
    none): the size of its decided results."""
    sizes = [
        abs(float(t.value[k]))
        for k in range(t.n)
        if t.over(k)
        and not t.kids[k]
        and t.result(k) != 0
        and not np.isnan(t.value[k])
        and _scored_right(t.result(k), float(t.value[k]), span)
    ]
    return min(sizes) if sizes else np.inf


def _why(result: float, span: tuple[float, float] | None) -> str:
    if span is None:
        bound = "a loss must score below 0" if result < 0 else "a win above 0"
        return bound if result else "a draw scores 0 when nothing is evaluated"
    lo, hi = span
    shown = f"the unfinished positions it evaluated ({_num(lo)} to {_num(hi)})"
    if result < 0:
        return f"not below {shown}: a loss must score below every one of them"
    if result > 0:
        return f"not above {shown}: a win must score above every one of them"
    return f"beyond {shown}: a draw scores between a loss and a win"


# ---------------------------------------------------------------------- backups, cutoffs
def _came_back(t: GameTree) -> bool:
    """Whether the search came back to nodes (an MCTS): its values are means, not
    backups."""
    return "visits" in t.trace.fields and bool((t.trace.nodes["visits"] > 1).any())


def _backup(t: GameTree) -> dict[int, str]:
    if _came_back(t) or not t.complete:
        return {}
    out = {}
    for k in range(t.n):
        v, best = float(t.value[k]), t.best(k)
        if t.over(k) or not t.kids[k] or np.isnan(v) or np.isnan(best):
            continue
        lo = -np.inf if np.isnan(t.alpha[k]) else float(t.alpha[k])
        hi = np.inf if np.isnan(t.beta[k]) else float(t.beta[k])
        fine = (
            np.isclose(v, best)
            or (best <= lo and best <= v <= lo)  # failed low: an upper bound
            or (best >= hi and hi <= v <= best)  # failed high: a lower bound
            or (v > best and t.wins_at_once(k, t.unsearched(k)))  # a win seen, not called
        )
        if not fine:
            out[k] = (
                f"it returned {_num(v)} for its side, but the best of its "
                f"{len(t.kids[k])} children for that side is {_num(best)}"
                f"{_window(lo, hi)}: a value must be its children's best (negate each "
                "child's value where the other player moves there)"
            )
    return out


def _window(lo: float, hi: float) -> str:
    if np.isinf(lo) and np.isinf(hi):
        return ""
    return f", with the window ({_num(lo)}, {_num(hi)})"


def _cutoff(t: GameTree) -> dict[int, str]:
    if not t.trace.windowed or not t.complete:
        return {}
    out = {}
    for k in range(t.n):
        lo, hi, best = float(t.alpha[k]), float(t.beta[k]), t.best(k)
        if t.over(k) or np.isnan(lo) or np.isnan(hi) or np.isnan(best):
            continue
        left = t.unsearched(k)
        if not left or max(lo, best) >= hi or t.wins_at_once(k, left):
            continue
        names = ", ".join(t.game.label(t.states[k], m) for m in left[:8])
        out[k] = (
            f"it left {names} unsearched while its window was open: the best of its "
            f"children is {_num(best)}, alpha {_num(lo)}, beta {_num(hi)}; a cutoff needs "
            "alpha >= beta"
        )
    return out


# ---------------------------------------------------------------------- calls, counts
def _mutation(t: GameTree) -> dict[int, str]:
    left = int(t.trace.counters.get("left_out", 0))
    if not left:
        return {}
    return {
        0: f"{left} calls got a state that no legal move of their caller's state leads "
        "to: a move played on the state in place and not taken back (undo it after the "
        "recursive call, or pass a copy: clone())"
    }


def _counts(t: GameTree) -> np.ndarray | None:
    """Each node's visit count: the person's own (``traced(visits=)``), else the
    trace's (-1: unknown)."""
    own = t.trace.extra.get("user_visits")
    if own is not None:
        return np.asarray(own, np.int64)
    if "visits" in t.trace.fields:
        return t.trace.nodes["visits"].astype(np.int64)
    return None


def _visits(t: GameTree) -> dict[int, str]:
    counts = _counts(t)
    if counts is None or not t.complete:
        return {}
    calls = _calls(t)
    out = {}
    for k in range(t.n):
        kids = [int(counts[c]) for c in t.kids[k]]
        if t.over(k) or not kids or counts[k] < 0 or min(kids) < 0:
            continue
        below = sum(kids)
        # a surplus can be first visits made without a traced call (a child created and
        # played out inside its parent's call): judged only where every call of the
        # node but one went down to a traced child
        traced_down = calls[k] <= sum(int(calls[c]) for c in t.kids[k]) + 1
        if counts[k] < below or (counts[k] > below + 1 and traced_down):
            out[k] = (
                f"it counts {int(counts[k])} visits, but its children's add up to "
                f"{below}: each visit goes down to one child, except the one that "
                "made it (count a visit once, on the way back up)"
            )
    return out


def _calls(t: GameTree) -> np.ndarray:
    """The calls a person's traced search made on each node (its ``visits`` field when
    it came back to nodes, else one each); none for our searches, whose every visit is
    to a recorded node."""
    if "user_visits" not in t.trace.extra:
        return np.zeros(t.n, np.int64)
    if "visits" in t.trace.fields:
        return t.trace.nodes["visits"].astype(np.int64)
    return np.ones(t.n, np.int64)


def _perspective(t: GameTree) -> dict[int, str]:
    if "value_sum" not in t.trace.fields or "visits" not in t.trace.fields:
        return {}
    visits, sums = t.trace.nodes["visits"], t.trace.nodes["value_sum"]
    out = {}
    for k in range(1, t.n):
        if not t.over(k) or visits[k] <= 0:
            continue
        into = t.mover(int(t.parent[k]))
        outcome = t.outcomes[k]
        assert outcome is not None
        mine = 1.0 if outcome[into] > 0 else 0.5 if outcome[into] == 0 else 0.0
        mean = float(sums[k]) / int(visits[k])
        if abs(mean - mine) > 0.25:
            out[k] = (
                f"the game is over here, {_for_mover(mine)} for {PLAYERS[into]}, who "
                f"moved into it, but its {int(visits[k])} visits score {mean:.2f} a visit "
                f"for that player instead of {mine:g}: results credited to the other player"
            )
    return out


def _for_mover(result: float) -> str:
    return {1.0: "a win", 0.5: "a draw", 0.0: "a loss"}[result]


JUDGES: dict[str, Callable[[GameTree], dict[int, str]]] = {
    "terminal": _terminal,
    "sign": _sign,
    "backup": _backup,
    "cutoff": _cutoff,
    "mutation": _mutation,
    "visits": _visits,
    "perspective": _perspective,
}
