"""``best-outside-test`` named from the answers alone: a search that keeps the last
column it tries answers the rightmost open column everywhere, losing better outcomes
the exact solver knows; a correct search does not (it picks an edge only where best)."""

from __future__ import annotations

from functools import cache

from treeviz.agents.registry import search
from treeviz.checkup.ask import Answer
from treeviz.checkup.battery import battery
from treeviz.checkup.causes import EDGE_EVIDENCE, edge_kept
from treeviz.checkup.checks import outcomes_of
from treeviz.connect4.board import Position


@cache
def probes() -> list[str]:
    """The battery's positions (made on first use: a second's work that collecting
    the suite, on every worker, would otherwise pay)."""
    return [p.moves for p in battery(6, seed=3)]


def answers(pick: object) -> list[Answer]:
    return [Answer(m, pick(Position.from_moves(m)) + 1) for m in probes()]  # type: ignore[operator]


def test_the_rightmost_column_kept_is_named_with_its_losses() -> None:
    found = edge_kept(answers(lambda pos: max(pos.legal_moves())))
    assert found is not None and found[0] == "rightmost"
    _, at, judged, worse = found
    assert at == judged >= EDGE_EVIDENCE
    lost = 0  # the solver's own count of edge answers worse than the best
    for m in probes():
        out = outcomes_of(m)
        if out is not None:
            d = dict(out)
            lost += d[max(Position.from_moves(m).legal_moves())] < max(d.values())
    assert worse == lost > 0


def test_the_leftmost_column_kept_is_named() -> None:
    found = edge_kept(answers(lambda pos: min(pos.legal_moves())))
    assert found is not None and found[0] == "leftmost"


def test_correct_searches_are_not_named() -> None:
    for agent in ("alphabeta:depth=4", "minimax:depth=2", "greedy"):
        assert edge_kept(answers(lambda pos, a=agent: search(pos, a).move - 1)) is None, agent
