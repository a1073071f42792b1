"""The arena's report, computed from stored games alone: per player score, W/D/L,
rating with its interval, accuracy against the exact scores, time and nodes per move;
per pair W/D/L with the Elo difference and its interval.

Accuracy counts a player's own moves after the opening that were judged (an exact
score was found within the budget): ``accuracy`` is the share that were best, and
inaccuracies, mistakes and blunders are given per game.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from treeviz.arena.ratings import bradley_terry, elo_of, score_interval
from treeviz.arena.store import StoredGame

FAULTS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def score_of(game: StoredGame, spec: str) -> float:
    """``spec``'s score in ``game``: 1 a win, ½ a draw, 0 a loss."""
    return points(game.result, game.x, game.o, spec=spec)


def points(result: str, x: str, o: str, *, spec: str) -> float:
    """``spec``'s score in a game between ``x`` and ``o`` that ended ``result``."""
    if result == "draw":
        return 0.5
    return 1.0 if (x if result == "X" else o) == spec else 0.0


def players_of(games: list[StoredGame]) -> list[str]:
    """The players in order of first appearance."""
    return list(dict.fromkeys(s for g in games for s in (g.x, g.o)))


class ArenaReport(dict[str, Any]):
    """The report as a plain dict (``arena --json``) that a notebook shows as its tables
    and a chart of the ratings with their 95% intervals."""

    def _repr_html_(self) -> str:
        from treeviz.arena.report_html import report_html

        return report_html(self)


def report(games: list[StoredGame]) -> dict[str, Any]:
    """The ``arena --json`` report of ``games``."""
    specs = players_of(games)
    index = {s: i for i, s in enumerate(specs)}
    results = [(index[g.x], index[g.o], score_of(g, g.x)) for g in games]
    ratings = bradley_terry(len(specs), results)
    players = [_player(s, games, r) for s, r in zip(specs, ratings, strict=True)]
    players.sort(key=lambda p: -p["rating"])
    forfeits = [
        {"game": g.id, "spec": g.spec_of_forfeit, "reason": g.forfeit["reason"]}
        for g in games
        if g.forfeit
    ]
    return ArenaReport(
        games=len(games), players=players, pairs=_pairs(specs, games), forfeits=forfeits
    )


def _player(spec: str, games: list[StoredGame], rating: Any) -> dict[str, Any]:
    """One player's row."""
    mine = [g for g in games if spec in (g.x, g.o)]
    scores = [score_of(g, spec) for g in mine]
    moves = [
        p for g in mine for p in g.plies if p["spec"] is not None and _side(g, spec) == p["player"]
    ]
    judged = [p for p in moves if p.get("class") not in (None, "unknown")]
    n = len(mine)
    row: dict[str, Any] = {
        "spec": spec,
        "games": n,
        "score": round(sum(scores) / n, 4),
        "wins": scores.count(1.0),
        "draws": scores.count(0.5),
        "losses": scores.count(0.0),
        "rating": round(float(rating.rating), 1),
        "rating_low": round(float(rating.low), 1),
        "rating_high": round(float(rating.high), 1),
        "accuracy": round(sum(p["class"] == "best" for p in judged) / len(judged), 4)
        if judged
        else None,
        "judged_moves": len(judged),
        "moves": len(moves),
    }
    for fault, plural in FAULTS.items():
        row[f"{plural}_per_game"] = round(sum(p["class"] == fault for p in judged) / n, 3)
    row["time_per_move"] = _mean([p["time_s"] for p in moves])
    row["nodes_per_move"] = _mean([p["nodes"] for p in moves])
    return row


def _side(game: StoredGame, spec: str) -> str:
    return "X" if game.x == spec else "O"


def _mean(values: list[Any]) -> float | None:
    vals = [float(v) for v in values if v is not None]
    return round(sum(vals) / len(vals), 6) if vals else None


def _pairs(specs: list[str], games: list[StoredGame]) -> list[dict[str, Any]]:
    """Per pair that met, in the players' order: :func:`pair_row`."""
    met = {frozenset((g.x, g.o)) for g in games}
    return [
        pair_row(a, b, games)
        for i, a in enumerate(specs)
        for b in specs[i + 1 :]
        if frozenset((a, b)) in met
    ]


def pair_row(a: str, b: str, games: list[StoredGame]) -> dict[str, Any]:
    """``a`` against ``b``: games, a's wins, draws, b's wins, a's score with its 95%
    interval and the Elo difference a − b with its interval (None when unbounded)."""
    scores = [score_of(g, a) for g in games if {g.x, g.o} == {a, b}]
    mean, low, high = score_interval(scores)
    return {
        "a": a,
        "b": b,
        "games": len(scores),
        "a_wins": scores.count(1.0),
        "draws": scores.count(0.5),
        "b_wins": scores.count(0.0),
        "a_score": round(mean, 4),
        "a_score_low": round(low, 4),
        "a_score_high": round(high, 4),
        "elo": _finite(elo_of(mean)),
        "elo_low": _finite(elo_of(low)),
        "elo_high": _finite(elo_of(high)),
    }


def _finite(x: float) -> float | None:
    """JSON has no infinities: an unbounded Elo difference is None."""
    return round(x, 1) if abs(x) != float("inf") else None


def by_ply(games: list[StoredGame], spec: str) -> list[tuple[int, float, int]]:
    """``spec``'s search speed by the number of stones on the board: ``(stones, nodes
    per second, moves)`` over its stored moves (the notebooks' rollouts vs pieces)."""
    acc: dict[int, list[float]] = defaultdict(list)
    for g in games:
        if spec not in (g.x, g.o):
            continue
        side = _side(g, spec)
        for p in g.plies:
            if p["player"] == side and p["time_s"]:
                acc[p["ply"] - 1].append(p["nodes"] / p["time_s"])
    return [(k, round(sum(v) / len(v), 1), len(v)) for k, v in sorted(acc.items())]
