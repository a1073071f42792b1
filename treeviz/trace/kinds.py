"""What a trace's values are: its value kind, parsed once from the trace's text.

A kind is written ``base`` or ``base:name`` (``exact``, ``exact:weak``,
``heuristic:window``, ``win_rate``, ``probability``, ``user``); the base says how to
read a value (:mod:`treeviz.trace.values`), the name qualifies it (which heuristic, a
weak solve). Views ask :attr:`Trace.kind <treeviz.trace.nodes.Trace.kind>`, never split
the text themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class ValueKind:
    """A parsed value kind: ``base`` (how values read), ``name`` ("" when unqualified)."""

    base: str
    name: str = ""

    @staticmethod
    @lru_cache(maxsize=256)
    def parse(text: str) -> ValueKind:
        """The kind ``text`` states (``"heuristic:window"`` -> base ``heuristic``, name
        ``window``); any text parses, checking it is the loader's job."""
        base, _, name = text.partition(":")
        return ValueKind(base, name)

    def __str__(self) -> str:
        return f"{self.base}:{self.name}" if self.name else self.base
