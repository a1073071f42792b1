"""Where compiled kernels are kept, and the line that says they are being compiled.

numba keeps a kernel's compiled code beside its source (``__pycache__``) when it can
write there. An installed treeviz may sit in a site-packages its user cannot write:
then the code is kept in the user's cache folder, ``$XDG_CACHE_HOME/treeviz/numba``
(``~/.cache/treeviz/numba`` by default), through ``NUMBA_CACHE_DIR``, unless the person
set that variable already.

Compiling every kernel takes tens of seconds, once after an install or an upgrade;
later processes load the code from disk. The first compile in a process says so in
one line on stderr, and while an :func:`announcing` block compiles, a terminal sees
the seconds go by on that line. Only treeviz's own cached kernels count: a person's
numba code is theirs to announce.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from numba.core import config, event
from numba.core.caching import NullCache

PACKAGE = Path(__file__).resolve().parent
CACHE_VAR = "NUMBA_CACHE_DIR"
ENABLED = True  # the notice at all (the test suite turns it off: its stderr is asserted)
LIVE = True  # a running clock on a terminal (the dashboard's server turns it off: its
# terminal is a log that other threads write to)
TICK_S = 1.0


def user_cache_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """The user's cache folder for treeviz's compiled kernels (XDG on POSIX,
    ``%LOCALAPPDATA%`` on Windows)."""
    if os.name == "nt" and environ.get("LOCALAPPDATA"):
        base = Path(environ["LOCALAPPDATA"])
    else:
        base = Path(environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "treeviz" / "numba"


def choose_cache_dir(package: Path = PACKAGE,
                     environ: MutableMapping[str, str] = os.environ) -> str | None:  # fmt: skip
    """Set ``NUMBA_CACHE_DIR`` in ``environ`` to :func:`user_cache_dir` when the
    package's folder is not writable and the variable is unset; returns the folder
    the kernels are kept in, or None for beside the sources."""
    if environ.get(CACHE_VAR):
        return environ[CACHE_VAR]
    if os.access(package, os.W_OK):
        return None
    environ[CACHE_VAR] = str(user_cache_dir(environ))
    return environ[CACHE_VAR]


KEPT_IN = choose_cache_dir()
config.reload_config()  # numba read its variables when imported: read them again


def notice_text() -> str:
    """The one line: what happens and where the result is kept."""
    where = f"in {KEPT_IN}" if KEPT_IN else "beside treeviz's sources"
    return f"treeviz: compiling its search kernels, once after an install (kept {where})"


class _Notice(event.Listener):
    """Says, once per process, that treeviz compiles; in a live block on a terminal,
    with the seconds spent so far."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.said = False
        self.scope = threading.local()  # per thread: in a live block? its open line's clock

    def on_start(self, event: Any) -> None:
        if not ENABLED or not _is_ours(event.data["dispatcher"]):
            return
        with self.lock:
            if self.said:
                return
            self.said = True
        if getattr(self.scope, "live", False):
            sys.stderr.write(notice_text() + " ...")
            sys.stderr.flush()
            self.scope.ticker = _Ticker(time.monotonic())
            self.scope.ticker.start()
        else:
            print(notice_text(), file=sys.stderr, flush=True)

    def on_end(self, event: Any) -> None:
        """Nothing: a block's end closes its line (kernels compile one after another)."""


def _is_ours(dispatcher: Any) -> bool:
    """A treeviz kernel that numba keeps on disk (one compiled in every process, such
    as a self-recursive one, is not announced: it is not "once")."""
    module = getattr(dispatcher.py_func, "__module__", "") or ""
    return module.startswith("treeviz.") and not isinstance(dispatcher._cache, NullCache)


class _Ticker(threading.Thread):
    """Rewrites the open line every :data:`TICK_S` with the seconds spent, until
    :meth:`stop`."""

    def __init__(self, started: float) -> None:
        super().__init__(name="treeviz-compile-clock", daemon=True)
        self.started = started
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.wait(TICK_S):
            sys.stderr.write(f"\r{notice_text()} ... {self.seconds():.0f} s")
            sys.stderr.flush()

    def seconds(self) -> float:
        return time.monotonic() - self.started

    def stop(self) -> None:
        """Stop, and close the line with the time taken."""
        self.stopping.set()
        self.join()
        sys.stderr.write(f"\r{notice_text()}: done in {self.seconds():.0f} s\n")
        sys.stderr.flush()


_NOTICE = _Notice()


@contextmanager
def announcing() -> Iterator[None]:
    """A block that may compile: on a terminal (and with :data:`LIVE`), the notice
    shows a running clock and ends with the time taken when the block ends."""
    scope = _NOTICE.scope
    outer = getattr(scope, "live", False)
    scope.live = outer or (LIVE and sys.stderr.isatty())
    try:
        yield
    finally:
        scope.live = outer
        ticker = getattr(scope, "ticker", None)
        if not outer and ticker is not None:
            del scope.ticker
            ticker.stop()


event.register("numba:compile", _NOTICE)  # numba's documented event API
