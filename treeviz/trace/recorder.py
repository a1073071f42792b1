"""One search's recording: its node table, counters and clock, frozen into a
:class:`~treeviz.trace.nodes.Trace` when the search is done; and the precondition every
search checks first (a game that is not over)."""

from __future__ import annotations

import time
from typing import Any

from treeviz.connect4.board import Position
from treeviz.errors import InvalidPositionError
from treeviz.rules.registry import CONNECT4
from treeviz.trace.nodes import (
    C_CUTOFFS,
    C_LEAVES,
    C_NODES,
    C_RECORDED,
    C_TRUNCATED,
    C_TT_HITS,
    Trace,
    new_counters,
    new_nodes,
)

CORE_FIELDS = ("parent", "move", "depth", "flags", "value")  # every trace has these


def check_playable(pos: Position) -> None:
    """Searches need a move to make: refuse finished games."""
    if pos.is_over():
        raise InvalidPositionError(
            f"the game in '{pos.moves_string()}' is over ({pos.status()}): nothing to search"
        )


class Recorder:
    """Node table, counters and clock of one search.

    With ``allocate`` (the compiled searches, which write into :attr:`nodes`) the
    table has ``capacity`` rows and the trace copies the recorded ones. Without it
    the search keeps its nodes elsewhere and sets :attr:`nodes` to a table of
    exactly the recorded rows before freezing, which the trace takes as it is: no
    table of ``capacity`` rows (a million by default) for a search of thousands of
    nodes, and no copy."""

    def __init__(self, capacity: int, *, allocate: bool = True) -> None:
        self.capacity = int(capacity)
        self.owned = allocate  # nodes is the full table, kept by the recorder
        self.nodes = new_nodes(capacity if allocate else 0)
        self.ctr = new_counters()
        self.t0 = time.perf_counter()

    def trace(
        self,
        algorithm: str,
        params: dict[str, Any],
        pos: Position,
        *,
        fields: tuple[str, ...],
        extra: dict[str, Any] | None = None,
    ) -> Trace:
        """Freeze what was recorded into a :class:`Trace` of Connect 4 (stops the clock)."""
        return self.freeze(
            algorithm,
            params,
            root=(CONNECT4, pos.moves_string(), pos.width, pos.height),
            fields=fields,
            extra=extra,
        )

    def freeze(
        self,
        algorithm: str,
        params: dict[str, Any],
        *,
        root: tuple[str, str, int, int],
        fields: tuple[str, ...],
        extra: dict[str, Any] | None = None,
    ) -> Trace:
        """Freeze what was recorded into a :class:`Trace` (stops the clock); ``root`` is
        (game, root position text, width, height) as :class:`Trace` holds them."""
        c = self.ctr
        counters = {
            "nodes": int(c[C_NODES]),
            "recorded": int(c[C_RECORDED]),
            "cutoffs": int(c[C_CUTOFFS]),
            "tt_hits": int(c[C_TT_HITS]),
            "leaves": int(c[C_LEAVES]),
            "time_s": time.perf_counter() - self.t0,
            "truncated": bool(c[C_TRUNCATED]),
            "capacity": self.capacity,
        }
        game, text, width, height = root
        recorded = int(c[C_RECORDED])
        return Trace(
            algorithm=algorithm,
            params=params,
            root_moves=text,
            width=width,
            height=height,
            nodes=self.nodes[:recorded].copy() if self.owned else self.nodes,
            fields=tuple(dict.fromkeys(CORE_FIELDS + fields)),
            counters=counters,
            extra=extra or {},
            game=game,
        )
