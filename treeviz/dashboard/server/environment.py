"""What the person who started the dashboard chose, read from its environment.

``treeviz app`` (and ``make app``) put these in the server's environment; nothing a
visitor sends can change them. A visitor picks among what they allow, never a host to
contact or a path to write:

- ``TREEVIZ_AGENTS``: the user agents that may run (specs separated by ``;``);
- ``TREEVIZ_CLUSTER``: the Dask scheduler the Arena plays on (none: local processes);
- ``TREEVIZ_ARENA_DIR``: the folder where Arena databases are kept by name (none: each
  session gets a database of its own, in a fresh temporary folder).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from treeviz.errors import InvalidParameterError

AGENTS_VAR = "TREEVIZ_AGENTS"
CLUSTER_VAR = "TREEVIZ_CLUSTER"
ARENA_DIR_VAR = "TREEVIZ_ARENA_DIR"
# A database name a visitor may type: no separator, no dot, so it stays in its folder.
DB_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def started_agents() -> str:
    """The agent specs named at start, ``;``-separated ('' for none)."""
    return os.environ.get(AGENTS_VAR, "")


def cluster() -> str | None:
    """The Dask scheduler's address named at start, or None (local processes)."""
    return os.environ.get(CLUSTER_VAR, "").strip() or None


def arena_dir() -> Path | None:
    """The folder for named Arena databases, named at start, or None."""
    text = os.environ.get(ARENA_DIR_VAR, "").strip()
    return Path(text).expanduser() if text else None


def arena_db(name: str) -> Path:
    """The database called ``name`` in :func:`arena_dir`; :class:`InvalidParameterError`
    quoting ``name`` unless it is a plain name (letters, digits, ``-``, ``_``) and the
    server was started with a folder."""
    folder = arena_dir()
    if folder is None:
        raise InvalidParameterError(
            "this dashboard keeps no named databases: start it with treeviz app --arena-dir DIR"
        )
    if DB_NAME.fullmatch(name) is None:
        raise InvalidParameterError(
            f"database name {name[:80]!r}: use letters, digits, - and _ (up to 64), no folders"
        )
    return folder / f"{name}.db"
