"""Every cache of the dashboard, one mechanism: a :class:`Kept` table per kind of work.

A table lives in this module, so it is shared by every session of the server; what it
holds is kept, not copied (a million-node trace costs nothing on a rerun), and the
least recently used entry goes once a table is full. Keys hold a position's size
(:meth:`Position.ident`), so a 6x5 board never meets a 7x6 answer. Only what is
complete is kept: a search stopped by its budget is not (a longer budget may find
more).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from treeviz.agents.registry import AgentSpec, get_agent, search
from treeviz.agents.stopping import watching
from treeviz.connect4.board import Position
from treeviz.exact.scores import exact_scores, score_meaning, score_source
from treeviz.judge.review import Review, review
from treeviz.settings import (
    EXACT_SECONDS,
    KEPT_EXACT,
    KEPT_REVIEWS,
    KEPT_SEARCHES,
    KEPT_TREES,
    REVIEW_SECONDS,
)
from treeviz.trace.nodes import SearchResult

V = TypeVar("V")


@dataclass(frozen=True)
class Request:
    """A search asked for: the position (:meth:`Position.ident`, with its size) and the
    agent with every parameter, those its spec leaves out at their defaults (``mcts``
    and ``mcts`` with its default iterations ask one search). Requests equal in these
    are one search; ``spec``, the checked spec that runs it, takes no part."""

    position: tuple[Any, ...]
    agent: str
    params: tuple[tuple[str, Any], ...]  # sorted by name
    spec: AgentSpec = field(compare=False)


class Kept(Generic[V]):
    """A thread-safe table of at most ``size`` entries, least recently used dropped."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        """The entry of ``key`` (now the most recent), or None."""
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: Hashable, value: V) -> V:
        """Keep ``value`` under ``key``; returns it."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value

    def get_or_make(
        self, key: Hashable, make: Callable[[], V], keep: Callable[[V], bool] = lambda _: True
    ) -> V:
        """The entry of ``key``, else ``make()`` (kept when ``keep`` says so). Two
        sessions asking at once may both make it: the work is never wrong, only
        repeated, and no session waits on another's search."""
        found = self.get(key)
        if found is not None:
            return found
        value = make()
        return self.put(key, value) if keep(value) else value


SEARCHES: Kept[SearchResult] = Kept(KEPT_SEARCHES)
EXACT: Kept[tuple[list[int | None] | None, str]] = Kept(KEPT_EXACT)
REVIEWS: Kept[Review] = Kept(KEPT_REVIEWS)
TREES: Kept[Any] = Kept(KEPT_TREES)  # ID3: (table, tree) and cross-validations


def search_request(pos: Position, chosen: AgentSpec) -> Request:
    """The request of ``chosen`` (a spec checked where it was made: its settings are
    read, not checked again) on ``pos``."""
    settings = get_agent(chosen.name).settings_of(chosen)
    return Request(pos.ident(), chosen.name, tuple(sorted(settings.items())), chosen)


def position_of(request: Request) -> Position:
    """The position a request searches."""
    width, height, _, moves = request.position
    return Position.from_moves(moves, width, height)


def run_search(request: Request) -> SearchResult:
    """One search per request, kept for every session; a search cut short by a time
    budget is not kept."""
    return SEARCHES.get_or_make(
        request,
        lambda: search(position_of(request), request.spec),
        keep=lambda res: not res.stats.get("stopped"),
    )


def run_watched(request: Request, budget_s: float, where: Any) -> SearchResult:
    """:func:`run_search` within ``budget_s`` seconds, its progress shown in ``where``;
    the Stop button (any rerun) stops it."""
    note = where.empty()

    def progress(elapsed: float, nodes: int) -> None:
        if elapsed > 0.3:  # a quick search shows nothing
            done, left = estimate(request, budget_s=budget_s, elapsed=elapsed, nodes=nodes)
            note.progress(
                done,
                text=f"Searching… {elapsed:.1f} s, {nodes:,} nodes, {left} (Stop to interrupt)",
            )

    with watching(budget_s, progress):
        res = run_search(request)
    note.empty()
    return res


def estimate(request: Request, *, budget_s: float, elapsed: float, nodes: int) -> tuple[float, str]:
    """(share done, time left in words) of a running search: from its iterations when
    it has a number of them (MCTS grows about one node per iteration), else from its
    own time limit or the page's budget, whichever comes first (an upper bound)."""
    params = dict(request.params)
    iterations = params.get("iterations")
    if isinstance(iterations, int) and iterations > 0 and nodes > 1:
        done = min(0.99, nodes / iterations)
        return done, f"about {elapsed * (1 - done) / done:.0f} s left"
    limit = params.get("time_limit")
    cap = min(budget_s, float(limit)) if isinstance(limit, (int, float)) else budget_s
    done = min(0.99, elapsed / cap) if cap > 0 else 0.0
    return done, f"at most {max(0.0, cap - elapsed):.0f} s left (the time budget)"


def cached_exact(pos: Position) -> tuple[list[int | None] | None, str]:
    """Exact column scores within the exact-score budget (None when not solved in
    time) and where they came from, in words."""
    if pos.is_over():
        return None, ""
    scores, source = EXACT.get_or_make(pos.ident(), lambda: _solved(pos))
    return (list(scores) if scores is not None else None), source


def known_exact(pos: Position) -> list[int | None] | None:
    """The exact column scores of ``pos`` when they were solved already, else None
    (never starts the solver)."""
    found = EXACT.get(pos.ident())
    return list(found[0]) if found is not None and found[0] is not None else None


def _solved(pos: Position) -> tuple[list[int | None] | None, str]:
    """The exact scores and their source; (None, "") past the budget, kept too, so
    a position the solver cannot answer in time is not tried again on every rerun."""
    t0 = time.perf_counter()
    scores = exact_scores(pos, EXACT_SECONDS.default)
    if scores is None:
        return None, ""
    return scores, _source(pos, time.perf_counter() - t0)


def _source(pos: Position, took: float) -> str:
    sources = {score_source(pos, c, True) for c in pos.legal_moves()} - {"wins at once"}
    if sources == {"opening book"}:
        return "exact, opening book"
    how = "searched to the opening book" if "search to the opening book" in sources else "solved"
    return f"exact, {how} in {took:.2f} s"


def exact_meanings(pos: Position, exact: list[int | None]) -> list[str]:
    """Each exact score in words (``full`` for a full column)."""
    return [score_meaning(s, pos) if s is not None else "full" for s in exact]


def reviewed(game: Position, progress: Callable[[int, int], None]) -> Review:
    """The review of the game that ends in ``game`` (its history), computed once
    (``progress`` sees it made)."""
    make = lambda: review(game, agent=None, seconds=REVIEW_SECONDS.default, on_ply=progress)  # noqa: E731
    return REVIEWS.get_or_make(game.ident(), make)
