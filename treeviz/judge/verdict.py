"""Why this move, and was it right: a verdict against the exact scores, in words.

:func:`explain` runs an agent (or takes its result), finds each column's exact score
(the opening book where it reaches, else the solver within a budget) and classifies
the chosen column (:func:`classify`): ``best`` when its exact score equals the best
one; otherwise by how far the game's outcome falls from the best column's to the
chosen one's (win > draw > loss): no fall (same outcome, only slower or faster) is an
``inaccuracy``, one step a ``mistake``, two (win -> loss) a ``blunder``. When the exact
scores cannot be had in the budget the class is ``unknown``, never a guess. The
reasons (each agent's ``Agent.reasons``) are sentences true of this search, each pointing at
the trace node it is about.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from treeviz.agents.reasons import Reason
from treeviz.agents.registry import AgentSpec, agent_of, position_of, search, spec
from treeviz.connect4.board import Position
from treeviz.errors import InvalidPositionError
from treeviz.exact.scores import exact_scores
from treeviz.settings import DEFAULT_AGENT, EXACT_SECONDS
from treeviz.trace.nodes import SearchResult
from treeviz.trace.recorder import check_playable
from treeviz.trace.values import outcome_text, score_outcome

CLASSES = ("best", "inaccuracy", "mistake", "blunder", "unknown")


def classify(score: int, best: int) -> str:
    """The class of a move scored ``score`` where the best scores ``best`` (exact scores
    for the side to move)."""
    if score == best:
        return "best"
    fall = _rank(best) - _rank(score)
    return ("inaccuracy", "mistake", "blunder")[fall]


def _rank(score: int) -> int:
    """2 a win, 1 a draw, 0 a loss."""
    return 2 if score > 0 else 1 if score == 0 else 0


@dataclass
class Verdict:
    """The chosen column (1-based) against the exact scores (side to move)."""

    cls: str
    column: int
    score: int | None
    best_score: int | None
    best_columns: list[int]

    def as_dict(self) -> dict[str, Any]:
        """The ``verdict`` of ``explain --json``."""
        out = asdict(self)
        out["class"] = out.pop("cls")
        return out


def verdict(pos: Position, column: int, exact: list[int | None] | None) -> Verdict:
    """Classify playing ``column`` (1-based) in ``pos`` given each column's exact
    score (None for a full column), or ``unknown`` when ``exact`` is None."""
    if exact is None:
        return Verdict("unknown", column, None, None, [])
    legal = [s for s in exact if s is not None]
    best = max(legal)
    score = exact[column - 1]
    assert score is not None, "the chosen column must be legal"
    cols = [c + 1 for c, s in enumerate(exact) if s == best]
    return Verdict(classify(score, best), column, score, best, cols)


@dataclass
class Explanation:
    """A verdict, the paragraph a person reads, and the reasons behind it."""

    move: int
    verdict: Verdict
    text: str
    reasons: list[Reason] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """The ``explain --json`` form."""
        return {
            "move": self.move,
            "verdict": self.verdict.as_dict(),
            "text": self.text,
            "reasons": [r.as_dict() for r in self.reasons],
        }


def explain(
    subject: Position | SearchResult | str,
    *,
    agent: str | AgentSpec = DEFAULT_AGENT.default,
    result: SearchResult | None = None,
    exact: list[int | None] | None = None,
    seconds: float = EXACT_SECONDS.default,
) -> Explanation:
    """Explain a search: ``subject`` is a :class:`SearchResult` (its own position and
    search are explained), or a position (a :class:`Position` or a move string such
    as ``"4453"``) on which agent ``agent`` (a spec) runs unless ``result`` is
    given. The chosen column is compared with ``exact`` (computed within ``seconds``
    when not given). Raises :class:`InvalidPositionError` for anything else as the
    subject, and when ``result`` is given beside a result as the subject."""
    if isinstance(subject, SearchResult):
        if result is not None:
            raise InvalidPositionError(
                "explain() takes one search: a SearchResult as its subject, or a position "
                "with result=..., not both"
            )
        pos, result = subject.trace.position(), subject
    else:
        pos = position_of(subject)
    check_playable(pos)
    res = result if result is not None else search(pos, spec(agent))
    if exact is None and seconds > 0:  # no budget: no verdict, and no search for one
        exact = exact_scores(pos, seconds)
    v = verdict(pos, res.move, exact)
    reasons = agent_of(res.trace).reasons(pos, res, exact)
    return Explanation(res.move, v, paragraph(pos, res, v), reasons)


def paragraph(pos: Position, res: SearchResult, v: Verdict) -> str:
    """A few sentences: what the agent played and how it compares with the truth."""
    who = f"{res.trace.algorithm} plays column {v.column} for {pos.side_to_move}."
    if v.cls == "unknown":
        return f"{who} The exact scores could not be found in time, so no verdict is given."
    assert v.score is not None and v.best_score is not None
    chosen = outcome_text(score_outcome(v.score, pos.ply, width=pos.width, height=pos.height))
    if v.cls == "best":
        others = [str(c) for c in v.best_columns if c != v.column]
        also = ""
        if others:
            verb = "does" if len(others) == 1 else "do"
            also = f" (as column{'s' if len(others) > 1 else ''} {', '.join(others)} {verb})"
        return f"{who} That is best: it {_plain(chosen)}{also}."
    best = v.best_columns[0]
    better = outcome_text(score_outcome(v.best_score, pos.ply, width=pos.width, height=pos.height))
    return (
        f"{who} That is {'an' if v.cls == 'inaccuracy' else 'a'} {v.cls}: column {best} "
        f"{_plain(better)}, while column {v.column} {_plain(chosen)}."
    )


def _plain(text: str) -> str:
    """``wins in 3 plies, exact +19`` -> ``wins in 3 plies (exact +19)``."""
    head, _, exact = text.partition(", ")
    return f"{head} ({exact})" if exact else head
