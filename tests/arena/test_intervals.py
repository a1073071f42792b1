"""Every interval treeviz states is a 95% one, with the same normal quantile: MCTS's
interval on a column's Q and the arena's Wilson interval on a score (they used 1.96
and 1.959964)."""

from __future__ import annotations

import math
from statistics import NormalDist

from treeviz.agents.mcts.explain import q_interval
from treeviz.arena.ratings import score_interval

Z = NormalDist().inv_cdf(0.975)  # two-sided 95%


def test_mcts_q_interval_is_a_95_percent_normal_interval() -> None:
    q, half = q_interval({"visits": 400, "wins": 240, "draws": 0})
    assert q == 0.6
    assert math.isclose(half, Z * math.sqrt(0.6 * 0.4 / 400), rel_tol=1e-6)


def test_arena_score_interval_is_a_95_percent_wilson_interval() -> None:
    """20 wins of 20: the Wilson interval's lower end is n / (n + z²)."""
    mean, low, high = score_interval([1.0] * 20)
    assert mean == high == 1.0
    assert math.isclose(low, 20 / (20 + Z * Z), rel_tol=1e-6)
