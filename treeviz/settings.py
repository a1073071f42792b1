"""Declared values: :class:`Param`, and every setting that is not an agent's parameter.

A :class:`Param` names a value, its type, default, range or choices and help. Agents
declare their parameters with it (:mod:`treeviz.agents.contract`); the settings below
are declared the same way, once, and the CLI flags (:func:`add_setting_flag`,
:func:`setting_of`) and the dashboard's widgets are derived from them, so a default
or a bound is written in one place.
"""

from __future__ import annotations

import argparse
import math
import re
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from numbers import Integral
from typing import Any

from treeviz.errors import InvalidParameterError

# The name pip installs treeviz by (the public index's "treeviz" is another project);
# the import name and the command stay ``treeviz``.
DISTRIBUTION = "treeviz-c4"


def package_version() -> str:
    """treeviz's installed version ("unknown" for sources run without installing)."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"


TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")
NONE_WORDS = ("none", "")


@dataclass(frozen=True)
class Param:
    """One declared parameter. ``type`` is ``"int"``, ``"float"``, ``"bool"`` or
    ``"str"``; ``lo``/``hi`` bound numbers (inclusive), ``choices`` strings;
    ``optional`` allows ``None`` (written ``none`` in a spec), meaning "no limit"."""

    name: str
    type: str
    default: Any
    help: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] | None = None
    optional: bool = False

    def allowed(self) -> str:
        """What this parameter accepts, in words (used in every error message)."""
        if self.choices:
            text = "one of " + ", ".join(self.choices)
        elif self.type == "bool":
            text = "true or false"
        else:
            kind = "an integer" if self.type == "int" else "a number"
            lo = "-inf" if self.lo is None else _plain(self.lo)
            hi = "+inf" if self.hi is None else _plain(self.hi)
            text = f"{kind} in {lo}..{hi}" + (" (finite)" if self.type == "float" else "")
        return text + (" or none" if self.optional else "")

    def coerce(self, value: Any) -> Any:
        """``value`` (a Python value or the text of a spec or flag) as this parameter's
        type, checked; :class:`InvalidParameterError` naming the key, value and what
        is allowed otherwise."""
        if value is None or (isinstance(value, str) and value.strip().lower() in NONE_WORDS):
            if self.optional:
                return None
            self._fail(value)
        out = self._convert(value)
        if self.choices is not None and out not in self.choices:
            self._fail(value)
        if isinstance(out, (int, float)) and not isinstance(out, bool):
            if not math.isfinite(out) or (self.lo is not None and out < self.lo):
                self._fail(value)
            if self.hi is not None and out > self.hi:
                self._fail(value)
        return out

    def check(self, value: Any) -> Any:
        """``value`` passed as a Python argument: :meth:`coerce`, but text is refused
        for numbers and switches (reading ``"5"`` as 5 is for specs and flags; in
        Python it is a mistake to name, not to fix silently)."""
        if isinstance(value, str) and self.type != "str":
            self._fail(value)
        if isinstance(value, Integral) and not isinstance(value, bool):
            value = int(value)  # NumPy's integers too
        return self.coerce(value)

    def _convert(self, value: Any) -> Any:
        text = value.strip() if isinstance(value, str) else None
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            if text is not None and text.lower() in TRUE_WORDS + FALSE_WORDS:
                return text.lower() in TRUE_WORDS
        elif self.type == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                return int(value)
            if isinstance(value, float) and value.is_integer():
                return int(value)
            if text is not None and (number := parse_int(text)) is not None:
                return number
        elif self.type == "float":
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return float(value)
            if text is not None and FLOAT_TEXT.fullmatch(text):
                return float(text)
        elif isinstance(value, str):
            return text
        self._fail(value)

    def _fail(self, value: Any) -> None:
        raise InvalidParameterError(
            f"{self.name}={show_value(value)} is not allowed: {self.name} must be {self.allowed()}"
        )

    def as_dict(self) -> dict[str, Any]:
        """The JSON form of ``treeviz agents --json``."""
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "help": self.help,
        }
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.lo is not None:
            out["min"] = self.lo
        if self.hi is not None:
            out["max"] = self.hi
        if self.optional:
            out["optional"] = True
        return out


def _plain(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


SHOWN_CHARS = 60  # of a value quoted in a message; longer ones are cut


def format_param(value: Any) -> str:
    """A parameter value as a spec writes it (parsed back to the same value)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)


def show_value(value: Any) -> str:
    """A value as the user wrote it, quoted on one line (runs of white space shown as
    one space); past :data:`SHOWN_CHARS` characters, cut with an ellipsis and followed
    by its length, so a pasted megabyte makes a short message, not a megabyte one."""
    text = value if isinstance(value, str) else repr(value)
    size = len(text)
    head = " ".join(text[: 4 * SHOWN_CHARS].split())  # enough to fill the shown part
    if len(head) <= SHOWN_CHARS and size <= 4 * SHOWN_CHARS:
        return repr(head)
    return f"{head[:SHOWN_CHARS] + '...'!r} ({size:,} characters)"


PATH_CHARS = 160  # of a path quoted in a message; longer ones keep their two ends


def show_path(path: Any) -> str:
    """A path quoted exactly (``repr``: a newline in a name shows as ``\\n``), whole up to
    :data:`PATH_CHARS` characters; a longer one keeps its start and its end, where the
    file's name is, around an ellipsis, followed by its length."""
    text = path if isinstance(path, str) else str(path)
    if len(text) <= PATH_CHARS:
        return repr(text)
    half = PATH_CHARS // 2
    return f"{text[:half] + '...' + text[-half:]!r} ({len(text):,} characters)"


# Numbers as people type them in ASCII: Python's int() and float() also take other
# scripts' digits, superscripts, underscores and words like "nan", none of which a
# setting means.
INT_TEXT = re.compile(r"[+-]?[0-9]{1,19}")
FLOAT_TEXT = re.compile(r"[+-]?([0-9]{1,30}\.?[0-9]{0,30}|\.[0-9]{1,30})([eE][+-]?[0-9]{1,3})?")


def parse_int(text: str) -> int | None:
    """``text`` as an integer when it is one in ASCII digits (an optional sign, at most
    19 digits: any 64-bit integer), else None."""
    return int(text) if INT_TEXT.fullmatch(text.strip()) else None


def add_setting_flag(
    parser: argparse.ArgumentParser | Any, setting: Param, flag: str | None = None
) -> None:
    """A ``--name`` flag for ``setting`` (read back with :func:`setting_of`, which
    checks it by the declaration, so a bad value is one line naming what is allowed)."""
    name = flag or "--" + setting.name.replace("_", "-")
    text = f"{setting.help} (default {setting.default})"
    parser.add_argument(name, dest=setting.name, metavar=setting.type.upper(), help=text)


def setting_of(args: argparse.Namespace, setting: Param) -> Any:
    """The value the user gave for ``setting`` (checked), else its default."""
    raw = getattr(args, setting.name, None)
    return setting.default if raw is None else setting.coerce(raw)


# A time budget at most, whatever it is for: an hour.
MAX_SECONDS = 3600.0
# The exact scores beside an agent's choice (verdict, per-move table, ID3 leaves).
EXACT_SECONDS = Param(
    "exact_seconds",
    "float",
    2.0,
    "time budget for the exact scores (no verdict past it)",
    lo=0.0,
    hi=MAX_SECONDS,
)
# Judging every move of a game (review) and of an arena's games.
REVIEW_SECONDS = Param(
    "ply_seconds",
    "float",
    5.0,
    "exact-score budget per move (0: values only)",
    lo=0.0,
    hi=MAX_SECONDS,
)
ARENA_PLY_SECONDS = Param(
    "ply_seconds",
    "float",
    EXACT_SECONDS.default,
    "exact-score budget per move for accuracy (0 to skip)",
    lo=0.0,
    hi=MAX_SECONDS,
)
DEFAULT_AGENT = Param(
    "agent",
    "str",
    "alphabeta",
    "agent spec: NAME or NAME:key=value,... (e.g. mcts:iterations=500,c=2)",
)
# The first position the Analyze page shows: a real decision, checked by computing (a
# test asks the exact solver and the agents above and below): one column wins, every
# other loses, and the default agent (which finds the win) disagrees with QUICK_AGENT.
DEFAULT_SAMPLE = "minimax-depth-trap"
# The dashboard's agent presets: the specs its pages start with, declared once.
QUICK_AGENT = "alphabeta:depth=3"  # answers at once: Compare's first side, an Arena player
OPPONENT_AGENT = "alphabeta:depth=4"  # Play's opponent, the opponent of an Arena sweep
DEEP_AGENT = "alphabeta:depth=7"  # Play's hints past the solver, Compare's second side
# The largest seed or id: a signed 64-bit integer, as SQLite stores a run's seed and a
# game's id; an agent's seed has the same bound, so any run's seed is an agent's too.
INT64_MAX = 2**63 - 1
RUN_SEED = Param(
    "seed", "int", 0, "run seed (openings, agents' seeds per move, folds)", lo=0, hi=INT64_MAX
)
GAME_ID = Param(
    "game_id",
    "int",
    None,
    "the game's id when GAME is an arena database",
    lo=1,
    hi=INT64_MAX,
    optional=True,
)
# Elo differences an SPRT can test (beyond a few thousand the model's odds overflow).
SPRT_ELO = Param("sprt", "float", 0.0, "Elo of the hypotheses", lo=-2000.0, hi=2000.0)
GAMES = Param(
    "games", "int", None, "games per pair (per setting in a sweep)", lo=1, hi=10**12, optional=True
)
RUN_SECONDS = Param("budget", "float", 60.0, "Time budget per Run (s)", lo=1.0, hi=MAX_SECONDS)

# The doctor's checkup: positions per kind and the time a person's agent has per move.
DOCTOR_POSITIONS = 40  # per kind by default: 320 positions, about a minute for a 0.1 s agent
DOCTOR_MAX_POSITIONS = 1_000  # per kind: eight kinds, plus re-asks and shrinking
DOCTOR_SECONDS = 2.0  # per move by default: a student's search thinks well under it
DOCTOR_MAX_SECONDS = 600.0

# Searches: how much a search records and may cost, and when it shows its progress.
DEFAULT_CAPACITY = 1_000_000  # nodes a trace records by default (the search goes on past it)
MAX_CAPACITY = 20_000_000  # the largest capacity an agent accepts
# An MCTS run's iterations at most, one bounded by time alone too (about 12 s at the
# 850,000 iterations/s of BENCHMARKS.md).
MCTS_MAX_ITERATIONS = 10_000_000
# The solver's principal variation stops once its walk has cost this many nodes (a
# fraction of a second at the solver's speed): the line stays cheap beside the scores.
PV_NODE_BUDGET = 2_000_000
PROGRESS_AFTER_S = 1.0  # a search shows its progress on a terminal after this (a quick one: none)

# A person's agents: how long they may think and how much an engine may say.
ENGINE_SECONDS = 10.0  # per move (TREEVIZ_ENGINE_SECONDS sets another); past it, a forfeit
ENGINE_LINE_MAX_BYTES = 65_536  # an engine's answer line: longer is garbage, not a column

# Readers: what a file, an upload or an input line may hold at most (read while reading).
TRACE_MAX_NODES = 5_000_000  # nodes in a trace file
TRACE_MAX_JSON_BYTES = 128 << 20  # a trace file's JSON once decompressed
TRACE_META_MAX_BYTES = 64 << 20  # an .npz trace's settings, counters and extras (an MCTS log)
TRACE_NAME_MAX_CHARS = 1_000  # an algorithm's name in a trace (a user agent's: its path)
TRACE_MAX_OBJECTS = 100_000  # JSON objects in a trace file (its extras: a few per node at most)
TRACE_MAX_LISTS = 2 * TRACE_MAX_NODES + 1_000  # JSON lists in a trace file (a column, a log row)
TRACE_KIND_MAX_CHARS = 100  # a trace's value kind (a heuristic's name after "heuristic:")
TRACE_UPLOAD_MB = 200  # a trace uploaded to the dashboard
TABLE_UPLOAD_MB = 20  # a CSV uploaded to the Decision trees page
TABLE_MAX_BYTES = 64 << 20  # a table file read by ID3
GAME_MAX_BYTES = 1 << 20  # a game file (a 42-ply game is a few kB)
GAME_UPLOAD_MB = GAME_MAX_BYTES >> 20  # the same cap, as the dashboard's uploaders state it
POSITION_MAX_BYTES = 64 << 10  # a position: moves, a diagram, JSON or a sample file
LINE_MAX_BYTES = 4 << 10  # one line of `solve`'s input
OPENINGS_MAX_BYTES = 16 << 20  # an openings file (one move string a line)
DECK_MAX_BYTES = 4 << 20  # a puzzle deck (a card is ~200 bytes: some 20,000 cards)
DECK_MAX_CARDS = 10_000  # cards in one deck

# Drawings: how big a diagram, a report or the dashboard's tree may get.
EXPORT_MAX_NODES = 5_000  # nodes in a drawn diagram: an export, a report, a widget
VIEW_MAX_NODES = 500  # nodes drawn by the dashboard's tree view
VIEW_BREADTH = 40  # leaves across the view (rows of labels) before nodes are drawn folded
BOARDS_MAX_NODES = 50  # board diagrams inside nodes only for trees this small
DRAW_DEPTH = 3  # levels an export draws below its root by default: a tree read at a glance
REPLAY_SECONDS = 20.0  # the dashboard's replay at 1x: any search played through in this time
REPLAY_SPEEDS = {"0.25x": 0.25, "0.5x": 0.5, "1x": 1.0, "2x": 2.0, "4x": 4.0}  # its speeds
WIDE_LEVEL = 12  # entries on a level beyond which a diagram is laid out left to right
TITLE_PART_CHARS = 120  # each part of a diagram's title (Graphviz fails on huge labels)
REPORT_MAX_BYTES = 8 << 20  # an HTML report past this is refused (labels of huge parameters)
DPI = 96.0  # a PNG's resolution by default: a screen's
MAX_DPI = 2400  # a PNG's resolution at most: a print's (more only makes huge images)
REPLAY_MAX_STEPS = 200  # stops of a replay's slider, whatever the trace's size
ICICLE_WIDTH_PX = 1_000  # the icicle's width as laid out (the browser scales it to fit)
ICICLE_MIN_PX = 1.0  # narrower rectangles are left out at the current zoom
ICICLE_LEVELS = 10  # levels below the zoomed node drawn at once
ICICLE_MAX_RECTS = 8_000  # rectangles sent at once at most (whole levels)

# Messages: how much of a person's text one line quotes (values and paths: SHOWN_CHARS
# and PATH_CHARS, above).
ERROR_LINE_CHARS = 1_000  # the CLI's error line, whatever the text it carries

# Arena: openings, workers, a cluster and the games' database.
OPENING_PLIES = 4  # stones of the balanced openings (the 12 drawn 2-ply ones are too few)
ARENA_MAX_WORKERS = 64  # local worker processes: one machine's cores (more: a --cluster)
CLUSTER_CONNECT_SECONDS = 3  # a --cluster that does not answer fails this soon, not hangs
CLUSTER_PROBE_SECONDS = 2.0  # an address that is not a Dask scheduler is refused this soon
CLUSTER_GREETING_MAX_BYTES = 1 << 20  # a scheduler's first message (a few hundred bytes)
STORE_WAIT_SECONDS = 30  # a games database another process is writing: waited for this long
# Tasks handed to Dask ahead of the results, per worker: an arena's games, the doctor's
# questions, `solve`'s batches. One waiting beside the one running keeps a worker busy
# through the scheduler's round trip; a few more cover tasks of uneven length (a slow
# game, a person's agent thinking its whole limit) without idling the others; more only
# holds memory and is dropped, already handed out, when a run stops (an SPRT decided,
# Ctrl-C). Was 4 for games, 8 for questions and 2 for batches: one meaning, one value.
IN_FLIGHT_PER_WORKER = 4

# Intervals: every interval treeviz states is at 95% (MCTS's Q, the arena's scores and
# ratings), with this normal quantile, Φ⁻¹(0.975) to seven digits (MCTS's 1.96 made its
# intervals a hair narrower than the arena's).
Z95 = 1.959964

# Dashboard: its port, and what its caches keep (shared by every session; the least
# recently used entry goes first).
APP_PORT = 8501  # Streamlit's own default
KEPT_SEARCHES = 16  # search results: each may hold a million-node trace, so a few
KEPT_EXACT = 64  # exact scores of positions: small, and seconds each to make
KEPT_REVIEWS = 32  # reviewed games
KEPT_TREES = 8  # ID3: (table, tree) pairs and cross-validations

ID3_MIN_SAMPLES = 2  # an ID3 node with fewer rows is a leaf (2: split what can be split)

# Puzzles from a person's mistakes (treeviz.learn): the agent whose search explains a
# card's answer (its tree, beside the verdict), and the Leitner boxes' spacing.
PUZZLE_AGENT = "solver"  # exact: its tree is the proof of the right answer
LEITNER_GAPS = (4, 8, 16, 32, 64)  # cards answered after a right answer, by box (1, 2, ...)
WRONG_GAP = 2  # cards answered before a card answered wrong comes back

# Learn by doing (treeviz.learn): searches small enough to predict step by step, and
# trees small enough to fill in by hand and print on a sheet.
LEARN_DEPTH = Param("depth", "int", 3, "plies of minimax or alpha-beta to predict", lo=2, hi=4)
LEARN_ITERATIONS = Param("iterations", "int", 30, "MCTS iterations to predict", lo=5, hi=200)
LEARN_ASTAR_NODES = Param("max_nodes", "int", 40, "nodes A* generates", lo=8, hi=400)
HAND_DEPTH = Param("depth", "int", 3, "levels below the root of a hand alpha-beta tree", lo=2, hi=3)
HAND_BRANCHING = Param(
    "branching", "int", 3, "children of each node of a textbook tree", lo=2, hi=4
)
HAND_LEAF_RANGE = 9  # a textbook tree's leaf numbers lie in -9..9
HAND_MAX_LEAVES = 400  # leaves of a hand tree (a real position at depth 3 has at most 343)
