"""The random agent: a uniformly random legal column from a seeded generator."""

from __future__ import annotations

import numpy as np

from treeviz.agents.common import CAPACITY, SEED, column_rows, mark_pv, one_ply_recorder, result
from treeviz.agents.contract import Agent
from treeviz.agents.reasons import Reason, root_child
from treeviz.connect4.board import Position
from treeviz.trace.nodes import MoveStat, SearchResult
from treeviz.trace.recorder import check_playable


def search_random(pos: Position, seed: int, capacity: int) -> SearchResult:
    """Pick a legal column uniformly at random; the same seed gives the same column.
    Each legal column's value is the chance of picking it."""
    check_playable(pos)
    legal = pos.legal_moves()
    best = legal[int(np.random.default_rng(seed).integers(len(legal)))]
    rec = one_ply_recorder(pos, capacity)
    trace = rec.trace("random", {"seed": seed, "capacity": capacity}, pos, fields=())
    mark_pv(trace, [0, 1 + legal.index(best)])
    text = f"chosen with probability 1/{len(legal)}"
    rows = column_rows(pos, lambda c: MoveStat(c + 1, 1 / len(legal), text=text))
    return result(trace, best, rows, pv=[best], value=None)


def _random(pos: Position, res: SearchResult, exact: list[int | None] | None) -> list[Reason]:
    seed = res.trace.params.get("seed")
    legal = len(pos.legal_moves())
    text = (
        f"chosen at random (seed {seed}) among {legal} legal columns, each with "
        f"probability 1/{legal}: nothing was searched"
    )
    return [Reason(text, root_child(res.trace, res.move))]


AGENT = Agent(
    name="random",
    description="a uniformly random legal column, seeded",
    params=(SEED, CAPACITY),
    run=search_random,
    value_kind="probability",
    reasons=_random,
    quick={"seed": 3},
    fields={"value": "none: the root and one child per legal column, nothing searched"},
)
