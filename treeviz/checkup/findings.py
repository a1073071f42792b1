"""A finding: one bug the doctor proved, with the shortest position that shows it and
a sentence a student understands.

A checkup holds one list of findings: those seen from outside (a :class:`Finding`,
the agent's answers as a black box) and those seen inside its recorded tree (a
:class:`~treeviz.checkup.tree_bugs.NodeFinding`). Both have ``check``, ``text``,
``cause`` (the bug's class, a key of :data:`~treeviz.checkup.tree_bugs.CAUSES`, where the
evidence names it) and ``under`` (the ``check`` of the finding that explains it: a
symptom, reported beneath its cause and not counted as a bug of its own);
:func:`seen_in` says where each was seen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from treeviz.checkup.ask import Answer
from treeviz.checkup.causes import (
    draw_misvalued,
    draw_words,
    slow_loss,
    slow_loss_words,
    slow_win,
    slow_win_words,
)
from treeviz.checkup.checks import NEEDS, facts_of, tactics_of
from treeviz.checkup.directions import Blind, blind
from treeviz.checkup.node_words import columns_text
from treeviz.checkup.tree_bugs import CHECKS, NodeFinding
from treeviz.connect4.board import Position
from treeviz.errors import CheckupDataError, TreevizError
from treeviz.settings import show_value

ONE_SIDE_EVIDENCE = 3  # failures on one side, and positions of the other, to say so
WHERE = {  # the positions a check applies to, in words
    "crash": "positions",
    "no-move": "positions",
    "illegal-move": "positions",
    "timeout": "positions",
    "misses-win": "positions where it could win at once",
    "misses-block": "positions where the opponent threatened to win at once",
    "misses-win-3": "positions whose shortest forced win takes 3 plies",
    "walks-into-loss-4": "positions where some columns lose in 4 plies (none sooner) "
    "and others do not",
    "misses-win-5": "positions whose shortest forced win takes 5 plies",
    "endgame": "endgames within its horizon",
    "history": "positions asked twice or by two move orders",
}


@dataclass
class Finding:
    """``check`` failed in ``count`` of the ``of`` positions it applies to; ``moves``
    is the shortest exposing position (from the empty board), ``side`` its side to
    move, ``answered`` the agent's column (1-based; None when it gave none), ``scores``
    the exact score of each column (None: full or unknown), ``best`` the columns with
    the best one, ``sides`` the failures and positions per side (X, O). ``history``
    gives ``other``, the second move order (or the same string, asked again later);
    a crash its ``error`` and ``where``; ``text`` says it all in a sentence."""

    check: str
    moves: str
    side: str
    answered: int | None
    scores: list[int | None] | None
    best: list[int]
    count: int
    of: int
    sides: dict[str, list[int]] = field(default_factory=dict)
    other: str = ""
    error: str = ""
    where: str = ""
    text: str = ""
    cause: str = ""
    under: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def finding(
    check: str,
    answer: Answer,
    *,
    failed: list[Answer],
    of: list[str],
    other: str = "",
    other_answer: int | None = None,
) -> Finding:
    """The finding of ``check`` shown by ``answer`` (the shortest failing one), with
    the failures and the positions it applied to counted per side."""
    from treeviz.exact.scores import exact_scores

    pos = Position.from_moves(answer.moves)
    scores = exact_scores(pos, 2.0)
    found = [s for s in scores or [] if s is not None]
    best = [c + 1 for c, s in enumerate(scores or []) if found and s == max(found)]
    sides = {
        p: [sum(_side(a.moves) == p for a in failed), sum(_side(m) == p for m in of)]
        for p in ("X", "O")
    }
    out = Finding(
        check,
        answer.moves,
        pos.side_to_move,
        answer.column,
        scores,
        best,
        len(failed),
        len(of),
        sides,
        other,
        answer.error,
        answer.where,
    )
    out.text = describe(out, answer, other_answer)
    one_way = blind(check, [a.moves for a in failed], of)
    if one_way is not None:
        out.cause = "blind-direction"
        out.text += _blind_words(one_way, check)
    elif slow := slow_win(check, failed):
        out.cause = "slow-win"
        out.text += slow_win_words(slow)
    elif lost := slow_loss(check, failed):
        out.cause = "slow-loss"
        out.text += slow_loss_words(lost)
    elif drawn := draw_misvalued(check, failed, of):
        out.cause = "full-board"
        out.text += draw_words(*drawn)
    return out


def _blind_words(b: Blind, check: str) -> str:
    """``; only where every four is diagonal / (7 of 7 such positions missed, 0 of 9
    others): ...``."""
    whose = "its own" if check == "misses-win" else "the opponent's"
    return (
        f"; only where every four ({whose}) is {b.direction} ({b.missed} of {b.only} "
        f"such positions missed, 0 of {b.others} with a four in another direction): "
        "the mark of a win test or an evaluation that ignores "
        f"{b.direction} fours"
    )


OUTSIDE = "outside (black box)"
INSIDE = "inside the recorded tree"
AnyFinding = Finding | NodeFinding


def seen_in(f: AnyFinding) -> str:
    """Where ``f`` was seen: :data:`OUTSIDE` (the agent's answers) or :data:`INSIDE`."""
    return INSIDE if isinstance(f, NodeFinding) else OUTSIDE


def entry(f: AnyFinding) -> dict[str, Any]:
    """``f`` as data, with where it was seen (``seen``) and, for a finding inside,
    the position it was seen on (``moves``: its tree's root)."""
    out = {"seen": seen_in(f), **f.as_dict()}
    if isinstance(f, NodeFinding):
        out["moves"] = f.node_moves[: len(f.node_moves) - len(f.line)]
    return out


def from_entry(data: Any, source: str) -> AnyFinding:
    """The finding :func:`entry` gave as ``data``, read back: every field of its class
    with its type, its check one the doctor has, its position a game's moves (the
    ``moves`` of one inside is its root's, derived: not read);
    :class:`CheckupDataError` naming the field of ``source`` and quoting its value."""
    if not isinstance(data, dict):
        raise CheckupDataError(f"{source}: a finding must be an object, not {show_value(data)}")
    seen = data.get("seen")
    if seen not in (OUTSIDE, INSIDE):
        raise CheckupDataError(f"{source}: seen={show_value(seen)} is not where a finding is seen")
    cls, kinds = (Finding, FINDING_KINDS) if seen == OUTSIDE else (NodeFinding, NODE_KINDS)
    plain = {k: v for k, v in data.items() if k != "seen" and (cls is Finding or k != "moves")}
    read = read_fields(plain, kinds, source)
    if read["check"] not in (WHERE if cls is Finding else CHECKS):
        raise CheckupDataError(f"{source}: check={show_value(read['check'])} is not a check")
    moves = read["moves" if cls is Finding else "node_moves"]
    try:
        Position.from_moves(moves)
    except TreevizError:
        if cls is Finding:  # (a node's may be off the game: a search that played on)
            raise CheckupDataError(f"{source}: moves={show_value(moves)} is no game") from None
    if cls is NodeFinding:
        read["line"] = tuple(read["line"])
    return cls(**read)


Kind = Callable[[Any], bool]  # whether a value read has a field's type


def is_int(v: Any) -> bool:
    """An integer (JSON's booleans are not)."""
    return isinstance(v, int) and not isinstance(v, bool)


def is_str(v: Any) -> bool:
    return isinstance(v, str)


def list_of(kind: Kind) -> Kind:
    """A list whose every item is of ``kind``."""
    return lambda v: isinstance(v, list) and all(kind(x) for x in v)


def is_pair(v: Any) -> bool:
    """Two integers: a count of ``[right, of]`` or ``[failed, of]``."""
    return isinstance(v, list) and len(v) == 2 and all(map(is_int, v))


def dict_of(kind: Kind) -> Kind:
    """An object whose every value is of ``kind`` (its keys are text in JSON)."""
    return lambda v: isinstance(v, dict) and all(is_str(k) and kind(x) for k, x in v.items())


def or_none(kind: Kind) -> Kind:
    return lambda v: v is None or kind(v)


def read_fields(data: Any, kinds: dict[str, Kind], source: str) -> dict[str, Any]:
    """``data``'s fields: exactly those of ``kinds``, each of its kind, else
    :class:`CheckupDataError` naming the field and quoting its value."""
    if not isinstance(data, dict):
        raise CheckupDataError(f"{source}: expected an object, not {show_value(data)}")
    for name in kinds:
        if name not in data:
            raise CheckupDataError(f"{source}: field {show_value(name)} is missing")
    for name, value in data.items():
        if name not in kinds:
            raise CheckupDataError(f"{source}: unknown field {show_value(name)}")
        if not kinds[name](value):
            raise CheckupDataError(f"{source}: {name}={show_value(value)} has the wrong type")
    return dict(data)


FINDING_KINDS: dict[str, Kind] = {
    "check": is_str,
    "moves": is_str,
    "side": is_str,
    "answered": or_none(is_int),
    "scores": or_none(list_of(or_none(is_int))),
    "best": list_of(is_int),
    "count": is_int,
    "of": is_int,
    "sides": dict_of(is_pair),
    "other": is_str,
    "error": is_str,
    "where": is_str,
    "text": is_str,
    "cause": is_str,
    "under": is_str,
}
NODE_KINDS: dict[str, Kind] = {
    "check": is_str,
    "node": is_int,
    "node_moves": is_str,
    "line": list_of(is_int),
    "text": is_str,
    "cause": is_str,
    "under": is_str,
}


def grouped(found: list[AnyFinding]) -> list[tuple[AnyFinding, list[AnyFinding]]]:
    """The bugs of ``found``, in its order, each with the symptoms it explains (the
    findings whose ``under`` names its check); a finding whose cause is not in
    ``found`` stands as a bug of its own."""
    roots = [f for f in found if not _explained(f, found)]
    return [(r, [f for f in found if f is not r and _explained(f, [r])]) for r in roots]


def in_order(found: list[AnyFinding]) -> list[AnyFinding]:
    """``found`` as every view lists it: each bug, then the symptoms it explains."""
    return [f for root, under in grouped(found) for f in (root, *under)]


def _explained(f: AnyFinding, by: list[AnyFinding]) -> bool:
    return bool(f.under) and any(g is not f and g.check == f.under for g in by)


def _side(moves: str) -> str:
    return "X" if len(moves) % 2 == 0 else "O"


def describe(f: Finding, answer: Answer, other_answer: int | None = None) -> str:
    """The finding in a sentence: how often, the shortest position, what it played
    and what was right; and when only one side fails, which."""
    after = f"after {f.moves or 'no moves'} ({f.side} to move)"
    head = f"in {f.count} of {f.of} {WHERE[f.check]}"
    body = {
        "crash": lambda: f"it crashed; the shortest: {after}: {answer.text}",
        "no-move": lambda: f"it answered no column; the shortest: {after}: {answer.text}",
        "illegal-move": lambda: (
            f"it answered a column that cannot be played; the shortest: {after}: {answer.text}"
        ),
        "timeout": lambda: f"it gave no answer in time; the shortest: {after}",
        "misses-win": lambda: (
            f"it played elsewhere; the shortest: {after} it plays "
            f"{f.answered}{_outcome(f)}, while {_cols(facts_of(f.moves).wins)} "
            f"win{'s' if len(facts_of(f.moves).wins) == 1 else ''} now"
        ),
        "misses-block": lambda: (
            f"it let the win through; the shortest: {after} it plays "
            f"{f.answered} and the opponent wins with {_cols(facts_of(f.moves).threats)}; "
            f"{_cols(facts_of(f.moves).safe)} stop{'s' if len(facts_of(f.moves).safe) == 1 else ''}"
            " it"
        ),
        "endgame": lambda: (
            f"it chose a worse outcome than it could see; the shortest: "
            f"{after} it plays {f.answered}{_outcome(f)}, while {columns_text(f.best)} "
            f"{_best_words(f)}"
        ),
        "history": lambda: _history(f, other_answer),
    }.get(f.check, lambda: _deep(f, after, NEEDS[f.check]))()
    return f"{head} {body}{_one_side(f)}"


def _deep(f: Finding, after: str, k: int) -> str:
    """A forced win in ``k`` plies not taken (``k`` odd), or a forced loss in ``k``
    walked into, on the shortest position; a search that looks ``k`` plies sees it."""
    right = tactics_of(f.moves).right(k)
    one = len(right) == 1
    sees = f"a search that looks {k} plies ahead sees this"
    if k % 2:
        return (
            f"it played elsewhere; the shortest: {after} it plays {f.answered}"
            f"{_outcome(f)}, while {_cols(right)} force{'s' if one else ''} a win in "
            f"{k} plies ({sees})"
        )
    other = "O" if f.side == "X" else "X"
    return (
        f"it walked into it; the shortest: {after} it plays {f.answered}, after which "
        f"{other} forces a four within {k - 1} more plies, while {_cols(right)} "
        f"do{'es' if one else ''} not lose within {k} plies ({sees})"
    )


def _history(f: Finding, other_answer: int | None) -> str:
    if f.other == f.moves:
        return (
            f"its answer changed when the same position was asked again later (right "
            f"after the position before it): after {f.moves} it played {f.answered}, "
            f"then {other_answer}: state leaks from one call to the next"
        )
    return (
        f"the same position got different answers: after {f.moves} it plays "
        f"{f.answered}, after {f.other} (the same stones, another order) "
        f"{other_answer}: something other than the stones decides, such as state kept "
        "from the moves played, or random numbers seeded from the move string (seed "
        "from the board instead)"
    )


def _one_side(f: Finding) -> str:
    """``; only as O (3 of 20, as X 0 of 20): ...`` when one side never fails."""
    x, o = f.sides.get("X", [0, 0]), f.sides.get("O", [0, 0])
    # (an endgame's side follows from how many cells are empty: no hint in it)
    if f.check not in ("misses-win", "misses-block") or not (x[1] and o[1]):
        return ""
    if (x[0] and not o[0]) or (o[0] and not x[0]):
        bad, good = ("X", "O") if x[0] else ("O", "X")
        b, g = f.sides[bad], f.sides[good]
        if b[0] < ONE_SIDE_EVIDENCE or g[1] < ONE_SIDE_EVIDENCE:
            return ""  # a failure or two on one side says nothing about sides
        return (
            f"; only as {bad} ({b[0]} of {b[1]}; as {good} 0 of {g[1]}): something "
            "in the search depends on whose turn it is (values taken from the wrong "
            "side at some depths, say, or a board that only one side fills)"
        )
    return ""


def _outcome(f: Finding) -> str:
    """``, which wins only in 5 plies`` or ``, which draws`` or ``, which loses``."""
    from treeviz.exact.scores import score_meaning

    if f.scores is None or f.answered is None or f.scores[f.answered - 1] is None:
        return ""
    pos = Position.from_moves(f.moves)
    words = score_meaning(int(f.scores[f.answered - 1] or 0), pos)
    if words.startswith("win"):
        return f", which wins only {words[4:]}"
    return ", which draws" if words == "draw" else f", which loses ({words[5:]})"


def _best_words(f: Finding) -> str:
    from treeviz.exact.scores import score_meaning

    if f.scores is None or not f.best:
        return "do better"
    words = score_meaning(int(f.scores[f.best[0] - 1] or 0), Position.from_moves(f.moves))
    verb = "win" if words.startswith("win") else "draw" if words == "draw" else "lose later"
    return verb if len(f.best) > 1 else verb + ("s" if verb != "lose later" else "")


def _cols(cols: frozenset[int]) -> str:
    return columns_text(sorted(c + 1 for c in cols))
