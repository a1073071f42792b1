"""treeviz: see why a Connect 4 agent chose its move.

Load a :class:`Position`, run :func:`search` with an agent, read the
:class:`SearchResult` (chosen column, per-column values, principal variation, trace).
"""

from treeviz.board import Position
from treeviz.errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidParameterError,
    InvalidPositionError,
    TraceFormatError,
    TreevizError,
)
from treeviz.notation import parse_position
from treeviz.search import AGENTS, search
from treeviz.trace import SearchResult, Trace
from treeviz.trace_io import load as load_trace
from treeviz.trace_io import save as save_trace
from treeviz.view import select, to_networkx

__all__ = [
    "AGENTS",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidParameterError",
    "InvalidPositionError",
    "Position",
    "SearchResult",
    "Trace",
    "TraceFormatError",
    "TreevizError",
    "load_trace",
    "parse_position",
    "save_trace",
    "search",
    "select",
    "to_networkx",
]
