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

# a person's search whose numbers are results in 0..1 (1 a win, 0.5 a draw, 0 a loss),
# stored centred (:func:`treeviz.trace.values.user_centre`)
RESULTS_KIND = "user:results"
RESULTS_CENTRE = 0.5  # its draw: as good for one side as for the other


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


def declared_kind(declared: str, found: str) -> str:
    """The value kind of a trace whose agent declares ``declared`` and whose run says
    ``found``: the declaration, but a person's search (``user``) keeps the unit its
    recording read in its numbers (:data:`RESULTS_KIND`)."""
    if declared == "user" and ValueKind.parse(found).base == "user":
        return found
    return declared
