"""Ratings from game results: Bradley-Terry (Elo scale) with 95% intervals, the Elo
difference of a pair from its score, and a sequential probability ratio test (SPRT).

Bradley-Terry: P(i beats j) = 1 / (1 + exp(θj − θi)); a draw counts half a win each
way. Every pair of players is given ``VIRTUAL_DRAWS`` drawn games (BayesElo's prior)
so that a player who won every game still gets a finite rating, and the fit is
choix's maximum likelihood on those points. The 95% interval of a rating inverts the
score test, as the Wilson interval does for one pair, so it stays sound when one
player won every game. Ratings are in Elo points (θ · 400 / ln 10), centred on the
mean player.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from treeviz.settings import Z95

VIRTUAL_DRAWS = 1.0  # per pair of players: keeps a 20-0 result's rating finite
GRID = 12.0  # θ units either side of the estimate searched for the interval (2,000 Elo)
ELO = 400 / math.log(10)


@dataclass(frozen=True)
class Rating:
    """A player's rating and its 95% interval, in Elo points."""

    rating: float
    low: float
    high: float


def bradley_terry(n: int, results: list[tuple[int, int, float]]) -> list[Rating]:
    """Ratings of players ``0..n-1`` from ``results``: ``(i, j, s)`` with ``s`` the score
    of ``i`` against ``j`` in one game (1, ½ or 0)."""
    if n < 2:
        return [Rating(0.0, 0.0, 0.0)] * n
    wins = np.zeros((n, n))  # wins[i, j]: i's points against j, with the virtual draws
    games = np.zeros((n, n))
    for i, j, s in results:
        wins[i, j] += s
        wins[j, i] += 1 - s
        games[i, j] += 1
        games[j, i] += 1
    wins += VIRTUAL_DRAWS / 2 * (1 - np.eye(n))
    games += VIRTUAL_DRAWS * (1 - np.eye(n))
    theta = _fit(wins)
    return [_interval(i, theta, wins, games) for i in range(n)]


def _fit(wins: np.ndarray) -> np.ndarray:
    """choix's maximum-likelihood θ for the points matrix, centred on the mean player
    (choix counts wins, so points are doubled: a draw is one win each way)."""
    import choix

    theta = choix.ilsr_pairwise_dense(2 * wins, alpha=0.0)
    return np.asarray(theta - theta.mean())


def _interval(i: int, theta: np.ndarray, wins: np.ndarray, games: np.ndarray) -> Rating:
    """Player ``i``'s rating and 95% interval by inverting the score test over θi with
    the others held at their estimates (the Wilson interval when there are two
    players), mapped to the centred scale."""
    n = len(theta)
    others = np.arange(n) != i
    t = theta[i] + np.linspace(-GRID, GRID, 4001)
    p = 1 / (1 + np.exp(theta[others][None, :] - t[:, None]))  # P(i beats j) at each t
    g = games[i, others][None, :]
    u = (wins[i, others][None, :] - g * p).sum(axis=1)
    info = (g * p * (1 - p)).sum(axis=1)
    inside = t[u * u <= Z95**2 * info]
    lo, hi = (inside.min(), inside.max()) if len(inside) else (theta[i], theta[i])
    centre = theta[others].mean()
    scale = ELO * (n - 1) / n
    return Rating(
        ELO * theta[i], scale * (min(lo, theta[i]) - centre), scale * (max(hi, theta[i]) - centre)
    )


def elo_of(score: float) -> float:
    """The Elo difference that predicts ``score`` (±inf at 1 and 0)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def score_interval(scores: list[float]) -> tuple[float, float, float]:
    """Mean score of games scored ``scores`` and its 95% Wilson interval. Draws make
    the spread of a score smaller than a coin's, so the interval is conservative; it
    stays informative when every game had the same result (20 wins of 20: 0.84-1)."""
    n = len(scores)
    mean = sum(scores) / n
    centre = (mean + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(mean * (1 - mean) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return mean, max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Sprt:
    """The state of an SPRT of H0: elo = ``elo0`` against H1: elo = ``elo1`` (first
    player's Elo advantage) with error rates ``alpha`` and ``beta``."""

    elo0: float
    elo1: float
    llr: float
    lower: float
    upper: float

    @property
    def decision(self) -> str:
        """``H1`` (the first player is at least elo1 better), ``H0``, or ``continue``."""
        return "H1" if self.llr >= self.upper else "H0" if self.llr <= self.lower else "continue"

    def as_dict(self) -> dict[str, float | str]:
        return {
            "elo0": self.elo0,
            "elo1": self.elo1,
            "llr": round(self.llr, 4),
            "lower": round(self.lower, 4),
            "upper": round(self.upper, 4),
            "decision": self.decision,
        }


def sprt(
    scores: list[float], elo0: float, elo1: float, *, alpha: float = 0.05, beta: float = 0.05
) -> Sprt:
    """The log-likelihood ratio of the first player's game ``scores`` under elo1 against
    elo0 in the BayesElo model of wins, draws and losses (as cutechess-cli's SPRT; elo
    in that model's units). The draw tendency is estimated from the games with half a
    virtual game of each kind, so that a match without draws or without losses (a
    strong agent against random) can still be decided."""
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    w, d, n = scores.count(1.0), scores.count(0.5), len(scores)
    l = n - w - d  # noqa: E741
    pw, pl = (w + 0.5) / (n + 1.5), (l + 0.5) / (n + 1.5)
    draw_elo = 200 * math.log10((1 - pl) / pl * (1 - pw) / pw)

    def log_probs(elo: float) -> tuple[float, float, float]:
        win, loss = _logistic(elo - draw_elo), _logistic(-elo - draw_elo)
        return math.log(win), math.log(1 - win - loss), math.log(loss)

    (w0, d0, l0), (w1, d1, l1) = log_probs(elo0), log_probs(elo1)
    llr = w * (w1 - w0) + d * (d1 - d0) + l * (l1 - l0)
    return Sprt(elo0, elo1, llr, lower, upper)


def _logistic(elo: float) -> float:
    """Expected score of an ``elo`` advantage."""
    return 1 / (1 + 10 ** (-elo / 400))
