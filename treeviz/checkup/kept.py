"""What the doctor makes once for everyone, kept on disk between processes: its
batteries (:func:`~treeviz.checkup.battery.battery`).

Making a battery asks the solver about hundreds of random positions: about 7 s of CPU
for 10 positions of each kind, before the agent is asked anything. Every ``treeviz
doctor`` command, the dashboard's server and each worker of the test suite made the
same batteries again; read back from a file, one takes milliseconds.

What is kept is a function of its name (the arguments that made it) and of the code
that made it, so its file sits in a folder named by a digest of the package's sources
(:func:`sources_digest`): an upgrade, or any edit of a checkout, starts a new folder.
The folder is in the user's cache, beside the compiled kernels
(``$XDG_CACHE_HOME/treeviz/kept``). A file that cannot be written is not kept; one that
does not read back as rows of strings the caller accepts (cut short, edited) is made
again and written over, never trusted. No user input names a file, and no more than
:data:`MAX_KEPT` are kept for one state of the code. A dashboard's server reads what is
kept and writes nothing (:func:`read_only`): what its visitors ask never writes outside
their sessions.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import time
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

from treeviz.jit import user_cache_dir
from treeviz.safe_io import atomic_write

PACKAGE = Path(__file__).resolve().parents[1]
Rows = list[list[str]]
STALE_DAYS = 7  # a folder of another state of the code unused this long is removed
# files kept for one state of the code, at most: a dashboard's visitors choose the
# seed, and each new one would otherwise leave a file behind
MAX_KEPT = 256
_READ_ONLY: list[bool] = []  # set by :func:`read_only`: this process writes nothing here


@cache
def sources_digest(package: Path = PACKAGE) -> str:
    """A digest of every Python source of ``package`` (its paths and contents): the
    same for the same code, another after any edit. Read once per process (a running
    process keeps the code it imported, whatever the files say later)."""
    digest = hashlib.sha256()
    for source in sorted(package.rglob("*.py")):
        digest.update(str(source.relative_to(package)).encode() + b"\0")
        digest.update(source.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def code_folder(parent: Path) -> Path:
    """``parent``'s folder for this state of the code (named by :func:`sources_digest`),
    created, and marked as used now; the folders of other states not used for
    :data:`STALE_DAYS` are removed (by age, not all of them: a process running another
    state of a checkout may be using its folder right now). May raise OSError."""
    here = parent / sources_digest()
    here.mkdir(parents=True, exist_ok=True)
    os.utime(here)
    for other in parent.iterdir():
        with contextlib.suppress(OSError):  # (another process may remove it first)
            if other != here and time.time() - other.stat().st_mtime > STALE_DAYS * 86400:
                shutil.rmtree(other)
    return here


def kept_folder(environ: Mapping[str, str] = os.environ) -> Path:
    """Where this code's results are kept: treeviz's folder in the user's cache (the
    compiled kernels' folder's sibling), its :func:`code_folder`. May raise OSError."""
    return code_folder(user_cache_dir(environ).with_name("kept"))


def read_only() -> None:
    """From now on this process reads what is kept but writes nothing: a dashboard's
    server, where a visitor's choice (a checkup's seed) must not write outside its
    session. What it makes stays in the process's own caches."""
    _READ_ONLY.append(True)


def kept_rows(name: str, make: Callable[[], Rows], valid: Callable[[Rows], bool]) -> Rows:
    """The rows of strings kept under ``name`` (letters, digits and ``-``) when they
    read back whole and ``valid`` accepts them, else ``make()``'s, then kept (while
    the folder holds fewer than :data:`MAX_KEPT` files)."""
    try:
        path: Path | None = kept_folder() / f"{name}.json"
    except OSError:  # no cache folder to be had (a read-only home): nothing kept
        path = None
    found = None if path is None else _read(path)
    if found is not None and valid(found):
        return found
    made = make()
    if path is not None and not _READ_ONLY and len(list(path.parent.glob("*.json"))) < MAX_KEPT:
        try:
            with atomic_write(path, "w", encoding="utf-8") as out:
                json.dump(made, out)
        except OSError:  # a full disk: simply not kept
            pass
    return made


def _read(path: Path) -> Rows | None:
    """The rows in ``path``: a JSON list of lists of strings; None when it is missing
    or holds anything else."""
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # missing, unreadable, cut short, not UTF-8
        return None
    if not isinstance(rows, list) or not all(
        isinstance(row, list) and all(isinstance(x, str) for x in row) for row in rows
    ):
        return None
    return rows
