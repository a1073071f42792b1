"""A whole game reviewed against the truth: every move classified by :func:`classify`.

Each ply is judged against the exact per-column scores of the position before it (the
opening book up to 12 stones, else the solver within a budget per position; ``unknown``
past it). The summary counts each player's classes and their accuracy: the share of
their judged moves that were best.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from treeviz.agents.registry import AgentSpec, search, spec
from treeviz.connect4.board import Position
from treeviz.exact.scores import exact_scores
from treeviz.games.game import game_result
from treeviz.judge.verdict import CLASSES, classify
from treeviz.settings import REVIEW_SECONDS


@dataclass
class PlyReview:
    """One move of the game: who played which column (1-based) and how good it was."""

    ply: int
    player: str
    column: int
    cls: str
    score: int | None
    best_score: int | None
    best_columns: list[int]
    agent_column: int | None = None

    def as_dict(self) -> dict[str, Any]:
        out = {
            "ply": self.ply,
            "player": self.player,
            "column": self.column,
            "class": self.cls,
            "score": self.score,
            "best_score": self.best_score,
            "best_columns": self.best_columns,
        }
        if self.agent_column is not None:
            out["agent_column"] = self.agent_column
        return out


@dataclass
class Review:
    """The reviewed game."""

    moves: str
    result: str
    plies: list[PlyReview] = field(default_factory=list)

    def summary(self) -> dict[str, dict[str, Any]]:
        """Per player: how many moves of each class, and the share judged best."""
        out: dict[str, dict[str, Any]] = {}
        for player in ("X", "O"):
            mine = [p for p in self.plies if p.player == player]
            counts: dict[str, Any] = {c: sum(p.cls == c for p in mine) for c in CLASSES[:-1]}
            judged = [p for p in mine if p.cls != "unknown"]
            counts["unknown"] = len(mine) - len(judged)
            counts["accuracy"] = round(counts["best"] / len(judged), 4) if judged else None
            out[player] = counts
        return out

    @property
    def x_scores(self) -> list[int | None]:
        """The exact score from X's side (the solver's scale: above 0, X wins with best
        play) at the start and after each ply: index 0 the start (the first move's best
        score, turned to X's side), index ``k`` after ply ``k``; None where the ply was
        not judged (``unknown``). What the Review page's graph and the HTML report
        draw."""
        out: list[int | None] = []
        for p in self.plies:
            sign = 1 if p.player == "X" else -1
            if not out:
                out.append(None if p.best_score is None else sign * p.best_score)
            out.append(None if p.score is None else sign * p.score)
        return out

    def _repr_html_(self) -> str:
        """A notebook's view: the evaluation graph, the board and the move table."""
        from treeviz.draw.report import review_body

        return review_body(self)

    def as_dict(self) -> dict[str, Any]:
        """The ``review --json`` form."""
        return {
            "moves": self.moves,
            "result": self.result,
            "plies": [p.as_dict() for p in self.plies],
            "summary": self.summary(),
        }


def review(
    game: str | Position,
    *,
    agent: str | AgentSpec | None = None,
    seconds: float = REVIEW_SECONDS.default,
    on_ply: Callable[[int, int], None] | None = None,
) -> Review:
    """Review a game: a legal move string on 7x6, or the final :class:`Position` of a
    game on any board (its history is the game). With ``agent`` (a spec), also what
    that agent would have played at each ply. ``on_ply(done, total)`` is told after
    each ply (progress)."""
    chosen = spec(agent) if agent is not None else None
    final = Position.from_moves(game) if isinstance(game, str) else game
    moves = final.moves_string()
    out = Review(moves, game_result(final))
    pos = Position(final.width, final.height)
    for i, ch in enumerate(moves):
        col = int(ch)
        exact = exact_scores(pos, seconds)
        cls, score, best, cols = "unknown", None, None, []
        if exact is not None:
            score, best = exact[col - 1], max(s for s in exact if s is not None)
            cols = [c + 1 for c, s in enumerate(exact) if s == best]
            assert score is not None
            cls = classify(score, best)
        mine = search(pos, chosen).move if chosen is not None else None
        out.plies.append(PlyReview(i + 1, pos.side_to_move, col, cls, score, best, cols, mine))
        pos.play(col - 1)
        if on_ply is not None:
            on_ply(i + 1, len(moves))
    return out
