"""Arena games stored in SQLite: one transaction per finished game, resumable.

The file is marked as ours (``PRAGMA application_id``) and versioned (``PRAGMA
user_version``): a database written by something else or by a newer treeviz is
refused, and a file that is not a database is never written to. WAL mode lets the
dashboard read while a run writes. A game's ``key`` (its task's) is unique, so a
re-run skips what is stored and can never store a game twice.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from treeviz.errors import ArenaDatabaseError
from treeviz.settings import STORE_WAIT_SECONDS, show_path

APPLICATION_ID = 0x74727A76  # "trzv"
SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    x TEXT NOT NULL, o TEXT NOT NULL, opening TEXT NOT NULL, seed INTEGER NOT NULL,
    moves TEXT NOT NULL, result TEXT NOT NULL, version TEXT NOT NULL,
    finished TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE plies (
    game INTEGER NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL, player TEXT NOT NULL, spec TEXT, col INTEGER NOT NULL,
    agent_value REAL, value_kind TEXT, time_s REAL, nodes INTEGER,
    class TEXT, score INTEGER, best_score INTEGER,
    PRIMARY KEY (game, ply)
);
"""
# Added later, without a new schema version: older files simply have no forfeits.
FORFEITS = """
CREATE TABLE IF NOT EXISTS forfeits (
    game INTEGER PRIMARY KEY REFERENCES games(id),
    player TEXT NOT NULL, reason TEXT NOT NULL
);
"""
GAME_FIELDS = ("id", "key", "x", "o", "opening", "seed", "moves", "result", "version")
PLY_FIELDS = (
    "ply",
    "player",
    "spec",
    "column",
    "agent_value",
    "value_kind",
    "time_s",
    "nodes",
    "class",
    "score",
    "best_score",
)
# What each column may hold when read back (SQLite keeps whatever a hand wrote there).
INT, REAL, TEXT = (int,), (int, float), (str,)
GAME_TYPES = (INT, TEXT, TEXT, TEXT, TEXT, INT, TEXT, TEXT, TEXT)
PLY_TYPES = (INT, TEXT, TEXT, INT, REAL, TEXT, REAL, INT, TEXT, INT, INT)
NULLABLE = {"spec", "agent_value", "value_kind", "time_s", "nodes", "class", "score", "best_score"}


@dataclass
class StoredGame:
    """A game as stored: its row id and fields, and its plies (dicts of PLY_FIELDS)."""

    id: int
    key: str
    x: str
    o: str
    opening: str
    seed: int
    moves: str
    result: str
    version: str
    plies: list[dict[str, Any]]
    forfeit: dict[str, str] | None = None  # {"player": "X", "reason": ...}: lost by forfeit

    @property
    def spec_of_forfeit(self) -> str | None:
        """The spec that lost this game by forfeit, if one did."""
        if self.forfeit is None:
            return None
        return self.x if self.forfeit["player"] == "X" else self.o


class Store:
    """An arena database; ``Store(path)`` creates it or checks an existing one."""

    def __init__(self, path: str | Path, create: bool = True) -> None:
        self.path = str(path)
        if not create and not Path(path).is_file():
            raise ArenaDatabaseError(f"no arena database at {show_path(self.path)}")
        try:
            self.conn = _connect(self.path, create)
            self._check_or_create(create)
        except sqlite3.DatabaseError as exc:
            raise ArenaDatabaseError(
                f"{show_path(self.path)} is not a usable database: {exc}"
            ) from None

    def _check_or_create(self, create: bool) -> None:
        """Refuse foreign or newer files before writing anything; a reader
        (``create=False``) never writes the schema."""
        c = self.conn
        app = c.execute("PRAGMA application_id").fetchone()[0]
        ver = c.execute("PRAGMA user_version").fetchone()[0]
        tables = c.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app == 0 and tables == 0 and not create:
            raise ArenaDatabaseError(f"{show_path(self.path)} holds no arena games yet")
        if app == 0 and tables == 0:
            with c:
                c.executescript(SCHEMA)
                c.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                c.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        elif app != APPLICATION_ID:
            raise ArenaDatabaseError(f"{show_path(self.path)} was not written by treeviz arena")
        elif ver > SCHEMA_VERSION:
            raise ArenaDatabaseError(
                f"{show_path(self.path)} was written by a newer treeviz (schema {ver}, "
                f"this one reads {SCHEMA_VERSION}): upgrade treeviz"
            )
        if create:  # a reader may sit in a read-only folder: WAL needs to write there
            c.execute("PRAGMA journal_mode = WAL")
            with c:
                c.executescript(FORFEITS)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def keys(self) -> set[str]:
        """The keys of every stored game."""
        return {k for (k,) in self._rows("SELECT key FROM games", [])}

    def add(self, game: dict[str, Any]) -> int | None:
        """Store a finished game (``play_task``'s dict) in one transaction; returns its
        id, or None when a game with its key is already stored (nothing written)."""
        try:
            return self._add(game)
        except sqlite3.DatabaseError as exc:
            raise ArenaDatabaseError(f"cannot write to {show_path(self.path)}: {exc}") from None

    def _add(self, game: dict[str, Any]) -> int | None:
        with self.conn as c:
            cur = c.execute(
                "INSERT OR IGNORE INTO games (key, x, o, opening, seed, moves, result, "
                "version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    game[k]
                    for k in ("key", "x", "o", "opening", "seed", "moves", "result", "version")
                ],
            )
            if cur.rowcount == 0:
                return None
            gid = cur.lastrowid
            c.executemany(
                f"INSERT INTO plies (game, {', '.join(_cols())}) "
                f"VALUES (?{', ?' * len(PLY_FIELDS)})",
                [[gid, *(p.get(f) for f in PLY_FIELDS)] for p in game["plies"]],
            )
            if game.get("forfeit"):
                c.execute(
                    "INSERT INTO forfeits (game, player, reason) VALUES (?, ?, ?)",
                    [gid, game["forfeit"]["player"], game["forfeit"]["reason"]],
                )
        return gid

    def count(self) -> int:
        """How many games are stored."""
        return int(self._rows("SELECT count(*) FROM games", [])[0][0])

    def games(self, players: list[str] | None = None, gid: int | None = None) -> list[StoredGame]:
        """Every stored game in the order stored (only games between ``players`` when
        given; only game ``gid`` when given), with its plies."""
        one = gid is not None
        args = [gid] if one else []
        plies: dict[int, list[dict[str, Any]]] = {}
        query = (
            f"SELECT game, {', '.join(_cols())} FROM plies "
            f"{'WHERE game = ?' if one else ''} ORDER BY game, ply"
        )
        for row in self._rows(query, args):
            self._check_row(f"a ply of game {row[0]}", PLY_FIELDS, PLY_TYPES, row[1:])
            plies.setdefault(row[0], []).append(dict(zip(PLY_FIELDS, row[1:], strict=True)))
        out = []
        forfeits = self._forfeits()
        query = (
            f"SELECT {', '.join(GAME_FIELDS)} FROM games {'WHERE id = ?' if one else ''} "
            "ORDER BY id"
        )
        for row in self._rows(query, args):
            self._check_row(f"game {row[0]}", GAME_FIELDS, GAME_TYPES, row)
            g = StoredGame(
                **dict(zip(GAME_FIELDS, row, strict=True)),
                plies=plies.get(row[0], []),
                forfeit=forfeits.get(row[0]),
            )
            if players is None or (g.x in players and g.o in players):
                out.append(g)
        return out

    def _check_row(
        self,
        what: str,
        names: tuple[str, ...],
        types: tuple[tuple[type, ...], ...],
        row: tuple[Any, ...],
    ) -> None:
        """Refuse a stored value of the wrong type, naming the row and the field."""
        for name, allowed, value in zip(names, types, row, strict=True):
            if value is None and name in NULLABLE:
                continue
            if not isinstance(value, allowed) or isinstance(value, bool):
                shown, kind = repr(value)[:40], "text" if allowed == TEXT else "a number"
                raise ArenaDatabaseError(
                    f"{show_path(self.path)}: {what} has {name} = {shown}, not {kind}"
                )

    def _forfeits(self) -> dict[int, dict[str, str]]:
        """Games lost by forfeit: game id -> who and why (none in older files)."""
        has = self._rows("SELECT count(*) FROM sqlite_master WHERE name = 'forfeits'", [])
        if not has[0][0]:
            return {}
        rows = self._rows("SELECT game, player, reason FROM forfeits", [])
        return {int(g): {"player": str(p), "reason": str(r)} for g, p, r in rows}

    def _rows(self, query: str, args: list[Any]) -> list[Any]:
        """A query's rows; a damaged file is an ArenaDatabaseError."""
        try:
            return self.conn.execute(query, args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise ArenaDatabaseError(f"cannot read {show_path(self.path)}: {exc}") from None

    def game(self, gid: int) -> StoredGame:
        """The stored game with id ``gid``."""
        found = self.games(gid=gid)
        if not found:
            raise ArenaDatabaseError(
                f"no game {gid} in {show_path(self.path)} (ids 1 to {self.count()})"
            )
        return found[0]


def _cols() -> Iterator[str]:
    """The plies table's column names, in PLY_FIELDS order (``column`` is ``col``)."""
    return ("col" if f == "column" else f for f in PLY_FIELDS)


def _connect(path: str, create: bool) -> sqlite3.Connection:
    """A connection; a reader opens the file read-only (it may be in a read-only
    folder, or not ours to change), falling back to an immutable view when SQLite
    cannot open its shared-memory file there."""
    if create:
        return sqlite3.connect(path, timeout=STORE_WAIT_SECONDS)
    uri = Path(path).resolve().as_uri()
    conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=STORE_WAIT_SECONDS)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:
        conn.close()
        return sqlite3.connect(f"{uri}?immutable=1", uri=True, timeout=STORE_WAIT_SECONDS)
