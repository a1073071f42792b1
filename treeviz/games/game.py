"""Games: one game between two players (agent specs or a human), and the game file.

A game file is plain JSON, versioned (``{"format": "treeviz-game", "version": 1, "x",
"o", "opening", "moves", "result", "seed", "plies": [...]}``). Every place that takes a
game reads it with :func:`loads_game`; a plain ``{"moves": "4453"}`` is a game too.
A bad file raises :class:`GameFileError` carrying the longest valid start of its moves,
so a caller can keep that part loaded.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from treeviz.agents.stopping import stop_if_interrupted
from treeviz.connect4.board import DEFAULT_HEIGHT, DEFAULT_WIDTH, Position, check_size
from treeviz.errors import GameFileError, InvalidParameterError, SearchStopped, TreevizError
from treeviz.safe_io import read_bounded, versioned_json
from treeviz.settings import GAME_MAX_BYTES, parse_int, show_path, show_value

GAME_FORMAT = "treeviz-game"
GAME_VERSION = 1
HUMAN = "human"


@dataclass
class PlyRecord:
    """One move made by a player: column 1-based; ``agent_value`` in the agent's units
    (``value_kind``), None for a human."""

    ply: int
    player: str
    column: int
    agent_value: float | None = None
    value_kind: str | None = None
    time_s: float = 0.0
    nodes: int | None = None
    spec: str | None = None  # the spec that chose it, seed included


@dataclass
class Game:
    """A game: who played X and O (spec strings or ``human``), the opening, the moves
    (opening included), the board size and the result (``X``, ``O``, ``draw`` or
    ``unfinished``)."""

    x: str
    o: str
    opening: str = ""
    moves: str = ""
    seed: int | None = None
    plies: list[PlyRecord] = field(default_factory=list)
    width: int = DEFAULT_WIDTH
    height: int = DEFAULT_HEIGHT

    @property
    def position(self) -> Position:
        """The position after every move."""
        return Position.from_moves(self.moves, self.width, self.height)

    def position_at(self, ply: int) -> Position:
        """The position after the first ``ply`` moves."""
        return Position.from_moves(self.moves[:ply], self.width, self.height)

    @property
    def result(self) -> str:
        """``X``, ``O``, ``draw`` or ``unfinished``."""
        return game_result(self.position)

    def spec_of(self, player: str) -> str:
        """The spec string that played ``player`` (``X`` or ``O``)."""
        return self.x if player == "X" else self.o

    def push(self, record: PlyRecord) -> None:
        """Append a move (checked legal)."""
        pos = self.position
        pos.play(record.column - 1)
        self.moves += str(record.column)
        self.plies.append(record)

    def undo(self, plies: int = 1) -> None:
        """Take back ``plies`` moves, never into the opening."""
        keep = max(len(self.opening), len(self.moves) - plies)
        self.moves = self.moves[:keep]
        self.plies = [p for p in self.plies if p.ply <= keep]

    def as_dict(self) -> dict[str, Any]:
        """The game file's content."""
        return {
            "format": GAME_FORMAT,
            "version": GAME_VERSION,
            "x": self.x,
            "o": self.o,
            "opening": self.opening,
            "moves": self.moves,
            "result": self.result,
            "seed": self.seed,
            "width": self.width,
            "height": self.height,
            "plies": [asdict(p) for p in self.plies],
        }

    def dumps(self) -> str:
        """The game file as text."""
        return json.dumps(self.as_dict(), indent=1)


def game_result(pos: Position) -> str:
    """``X``, ``O``, ``draw`` or ``unfinished``."""
    winner = pos.winner()
    if winner:
        return winner
    return "draw" if pos.is_full() else "unfinished"


def valid_prefix(
    moves: str, width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT
) -> tuple[str, TreevizError | None]:
    """The longest start of ``moves`` that is a legal game on ``width`` x ``height``,
    and the error that stopped it (None when all of it is)."""
    try:
        Position.from_moves(moves, width, height)
        return moves.strip(), None
    except TreevizError as exc:
        text = moves.strip()
        lo, hi = 0, len(text)  # legality is monotone in the prefix: bisect
        while lo < hi:
            mid = (lo + hi + 1) // 2
            try:
                Position.from_moves(text[:mid], width, height)
                lo = mid
            except TreevizError:
                hi = mid - 1
        return text[:lo], exc


def checked_moves(
    moves: str, source: str, *, width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT
) -> str:
    """``moves`` when legal on ``width`` x ``height``, else :class:`GameFileError`
    naming ``source`` and the valid start."""
    good, err = valid_prefix(moves, width, height)
    if err is not None:
        raise GameFileError(f"{source}: {err} (the first {len(good)} moves are valid)", good)
    return good


def loads_game(text: str | bytes, source: str = "game") -> Game:
    """A game from a game file's text; :class:`GameFileError` for anything else."""
    data = versioned_json(
        text,
        source,
        "game",
        cap=GAME_MAX_BYTES,
        fmt=GAME_FORMAT,
        version=GAME_VERSION,
        field="moves",
        shape=str,
        error=GameFileError,
    )
    moves = data["moves"]
    game = Game(str(data.get("x", "?")), str(data.get("o", "?")), seed=_int_or_none(data))
    game.width, game.height = _size(data, source)
    opening = data.get("opening", "")
    game.opening = opening if isinstance(opening, str) and moves.startswith(opening) else ""
    game.moves = checked_moves(moves, source, width=game.width, height=game.height)
    game.plies = _plies(data.get("plies"), game.moves, source)
    return game


def _size(data: dict[str, Any], source: str) -> tuple[int, int]:
    """The board size a game file states (7x6 when it states none)."""
    width, height = data.get("width", DEFAULT_WIDTH), data.get("height", DEFAULT_HEIGHT)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (width, height)):
        raise GameFileError(f"{source}: width and height must be integers")
    try:
        check_size(width, height)
    except TreevizError as exc:
        raise GameFileError(f"{source}: {exc}") from None
    return width, height


def _int_or_none(data: dict[str, Any]) -> int | None:
    seed = data.get("seed")
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None


def _plies(raw: Any, moves: str, source: str) -> list[PlyRecord]:
    """The per-move records, each checked against the moves."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise GameFileError(f"{source}: 'plies' is not a list", moves)
    fields = set(PlyRecord.__dataclass_fields__)
    out = []
    for item in raw:
        if not isinstance(item, dict) or set(item) - fields:
            raise GameFileError(f"{source}: a ply record is not {sorted(fields)}", moves)
        try:
            rec = PlyRecord(**item)
        except TypeError:
            raise GameFileError(f"{source}: a ply record misses a field", moves) from None
        ok = isinstance(rec.ply, int) and 1 <= rec.ply <= len(moves)
        if not ok or str(rec.column) != moves[rec.ply - 1]:
            raise GameFileError(
                f"{source}: ply record {show_value(item.get('ply'))} does not match the moves",
                moves,
            )
        _check_ply_fields(rec, source, moves)
        out.append(rec)
    return out


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


# What each optional field of a ply record may hold (the views read them as such).
_PLY_FIELDS: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "agent_value": ("a finite number or null", lambda v: v is None or _number(v)),
    "value_kind": ("a string or null", lambda v: v is None or isinstance(v, str)),
    "time_s": ("a number of seconds, 0 or more", lambda v: _number(v) and v >= 0),
    "nodes": (
        "a whole number, 0 or more, or null",
        lambda v: v is None or (type(v) is int and v >= 0),
    ),
    "spec": ("a string or null", lambda v: v is None or isinstance(v, str)),
}


def _check_ply_fields(rec: PlyRecord, source: str, moves: str) -> None:
    """Refuse a ply record whose player or optional fields are not what views read."""
    if rec.player != "XO"[(rec.ply - 1) % 2]:
        raise GameFileError(
            f"{source}: ply {rec.ply}'s player is {show_value(rec.player)}, "
            f"not {'XO'[(rec.ply - 1) % 2]!r}",
            moves,
        )
    for name, (what, ok) in _PLY_FIELDS.items():
        value = getattr(rec, name)
        if not ok(value):
            raise GameFileError(
                f"{source}: ply {rec.ply}'s {name!r} is {show_value(value)}, not {what}", moves
            )


def load_game(path: str | Path) -> Game:
    """A game file from disk."""
    try:
        raw = read_bounded(path, GAME_MAX_BYTES + 1, f"game file {show_path(path)}")
    except OSError as exc:
        raise GameFileError(f"cannot read game file {show_path(path)}: {exc.strerror}") from None
    return loads_game(raw, f"game file {show_path(path)}")


# ---------------------------------------------------------------------------- players
class Player(Protocol):
    """Chooses a move for the side to move; ``ply`` is 1-based."""

    def choose(self, pos: Position, ply: int) -> PlyRecord: ...


class Undo(Exception):
    """A human asked to take back their last move."""


class Quit(Exception):
    """A human asked to stop the game."""


@dataclass
class AgentPlayer:
    """An agent spec. When the agent has a ``seed`` the spec did not set, each ply gets
    its own seed drawn from the game's: a game is reproducible from its seed, and a
    random agent does not repeat itself move after move."""

    spec: str
    seed: int = 0
    searcher: Callable[[Position, Any], Any] | None = None  # (position, spec) -> result

    def __post_init__(self) -> None:
        # Imported when a player is made, not with this module: every CLI command
        # loads game files' code, and the agents add 0.07 s to `treeviz show` (measured).
        from treeviz.agents.registry import spec

        self.chosen = spec(self.spec)  # a bad spec fails before the game starts

    def spec_at(self, ply: int) -> Any:
        """The spec used at ``ply``."""
        from treeviz.agents.registry import get_agent, spec

        has_seed = any(p.name == "seed" for p in get_agent(self.chosen.name).params)
        if not has_seed or "seed" in self.chosen.kwargs:
            return self.chosen
        return spec(self.chosen, seed=ply_seed(self.seed, ply))

    def choose(self, pos: Position, ply: int) -> PlyRecord:
        """The agent's move; a person's agent that gives none within the per-move limit
        raises :class:`UserAgentError` (:mod:`treeviz.agents.deadline`)."""
        from treeviz.agents.deadline import move_limit
        from treeviz.agents.registry import search

        used = self.spec_at(ply)
        t0 = time.perf_counter()
        with move_limit():
            res = (self.searcher or search)(pos, used)
        took = time.perf_counter() - t0
        return PlyRecord(
            ply,
            pos.side_to_move,
            res.move,
            _plain(res.value),
            res.trace.value_kind,
            round(took, 6),
            int(res.stats["nodes"]),
            str(used),
        )


def _plain(value: Any) -> float | None:
    """A JSON-safe number (None for infinities and NaN)."""
    if value is None:
        return None
    v = float(value)
    return v if np.isfinite(v) else None


def ply_seed(seed: int, ply: int) -> int:
    """A seed for ``ply`` of a game seeded ``seed`` (independent streams per ply)."""
    return derived_seed(seed, ply)


def derived_seed(*words: int) -> int:
    """A seed drawn from ``words`` (independent streams for different words); 53 bits,
    so a browser's number widget holds it exactly."""
    return int(np.random.SeedSequence(list(words)).generate_state(1, np.uint64)[0] >> 11)


@dataclass
class TerminalHuman:
    """A human at a terminal: reads a column (1-based), ``u`` (undo) or ``q`` (quit);
    anything else gets a message and the question again. End of input quits."""

    read: Callable[[str], str]
    say: Callable[[str], None]

    def choose(self, pos: Position, ply: int) -> PlyRecord:
        from treeviz.connect4.notation import to_diagram

        self.say(to_diagram(pos))
        legal = [c + 1 for c in pos.legal_moves()]
        while True:
            try:
                answer = (
                    self.read(f"{pos.side_to_move} to move: column {legal}, u undo, q quit> ")
                    .strip()
                    .lower()
                )
            except EOFError:
                raise Quit from None
            if answer in ("q", "quit"):
                raise Quit
            if answer in ("u", "undo"):
                raise Undo
            column = parse_int(answer) if answer[:1] != "-" else None
            if column in legal:
                return PlyRecord(ply, pos.side_to_move, column, spec=HUMAN)
            shown = answer if len(answer) <= 20 else answer[:17] + "..."
            self.say(f"{shown!r} is not a move here: type one of {legal}, u or q")


def make_player(text: str, seed: int, human: Callable[[], Player] | None) -> Player:
    """The player named by ``text``: ``human`` (needs ``human``) or an agent spec."""
    if text.strip() == HUMAN:
        if human is None:
            raise InvalidParameterError("'human' cannot play here: no one to ask for moves")
        return human()
    return AgentPlayer(text, seed)


def play(x: Player, o: Player, game: Game, *, on_ply: Callable[[Game], None] | None = None) -> Game:
    """Play ``game`` to its end (or a human's quit); ``on_ply`` sees it after each move.
    A human's undo takes back their own last move and the reply to it (only the last
    move when the opponent is a human too), never the opening."""
    game.position_at(len(game.opening))  # a bad opening fails before anyone moves
    if not game.moves:
        game.moves = game.opening
    try:
        return _moves(x, o, game, on_ply)
    except KeyboardInterrupt:  # Ctrl-C between two searches (within one, they stop)
        raise SearchStopped(_stopped(game)) from None


def _stopped(game: Game) -> str:
    """What Ctrl-C during ``game`` kept."""
    return f"Ctrl-C: the game was stopped after {len(game.moves)} moves ({game.moves or 'none'})"


def _moves(x: Player, o: Player, game: Game, on_ply: Callable[[Game], None] | None) -> Game:
    """The moves of :func:`play`, until the game ends, a human quits or Ctrl-C."""
    while not game.position.is_over():
        pos = game.position
        player, other = (x, o) if pos.side_to_move == "X" else (o, x)
        try:
            game.push(player.choose(pos, pos.ply + 1))
        except Quit:
            break
        except Undo:
            steps = 1 if isinstance(other, TerminalHuman) else 2
            if len(game.moves) - len(game.opening) < steps:
                if isinstance(player, TerminalHuman):
                    player.say("nothing to undo")
                continue
            game.undo(steps)
            continue
        if on_ply is not None:
            on_ply(game)
        stop_if_interrupted(_stopped(game))
    return game
