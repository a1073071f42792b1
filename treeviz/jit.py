"""numba's ``njit`` for every treeviz kernel, without SciPy's start-up cost.

The first time a process compiles or loads a compiled function, numba asks whether a
BLAS is available for ``np.dot`` and friends by importing ``scipy.linalg`` when SciPy
is installed (it is: choix needs it), which takes about 0.5 s. No treeviz kernel uses
linear algebra, so the question is answered "no" here, before numba asks it; SciPy
itself is untouched and imports normally for whoever uses it. Every module with
kernels imports ``njit`` from here so the answer is in place first.

Two LLVM intrinsics numba does not offer live here too: ``ctpop`` (a population
count) and ``prefetch`` (start loading an array element into the caches).

And where compiled code is kept. numba keeps a kernel's compiled code beside its
source (``__pycache__``) when it can write there. An installed treeviz may sit in a
site-packages its user cannot write: then the code is kept in the user's cache folder,
``$XDG_CACHE_HOME/treeviz/numba`` (``~/.cache/treeviz/numba`` by default), through
``NUMBA_CACHE_DIR``, unless the person set that variable already. Compiling every
kernel takes tens of seconds, once after an install or an upgrade; later processes
load the code from disk. The first compile in a process says so in one line on
stderr, and while an :func:`announcing` block compiles, a terminal sees the seconds go
by on that line. Only treeviz's own cached kernels count: a person's numba code is
theirs to announce.

Kernels take their arguments positionally, where treeviz's other functions of more
than three parameters take their options by keyword. numba cannot bind a keyword-only
parameter in a call from compiled code (0.68: "Cannot bind ... missing a required
argument", even when nothing is passed by name), and from Python a call by keyword
goes through numba's argument folding, about twice the dispatch cost of a positional
one. The kernels only Python calls (``astar_kernel``, ``run_iterations``,
``solve_batch``, the ID3 split kernels, ``first_illegal_node``, ``expand_level``)
follow the same rule: one convention for every kernel, each called by its own room,
whose public functions take their options by keyword. The intrinsics'
``codegen(context, builder, signature, args)`` is numba's protocol.

And numba itself is loaded only when a kernel is first used. Importing numba costs
about 0.3 s of CPU, as much again as Python and NumPy together; a process that never
runs a kernel (the doctor's fresh processes asking a person's search, a command that
reads a file) should not pay it. So :func:`njit` and the intrinsics hand out
:class:`Deferred` stand-ins while numba is not loaded, and the first call of any of
them (or a look at a dispatcher's attributes) loads numba, makes every kernel's real
dispatcher, and puts it in place of its stand-in in the namespace of every loaded
module (:func:`load`). Compiled code finds its callees as module globals when it is
compiled, which is after that moment, so it only ever sees real dispatchers; a
stand-in kept elsewhere (a ``partial``, a dict) still works from Python, by passing
each call on. Once numba is loaded, :func:`njit` is numba's own.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

import numpy as np

__all__ = ["announcing", "ctpop", "load", "njit", "njit_unrefcounted", "prefetch"]


# numba, loaded when a kernel is first used.

_LOCK = threading.RLock()  # one thread loads; the others wait for the real dispatchers
_WAITING: list[Deferred] = []  # stand-ins made before numba was loaded, in order
_NUMBA: list[Any] = []  # numba's njit, once loaded


class Deferred:
    """A kernel (or an intrinsic) before numba is loaded: ``make()`` gives the real
    object. Calling the stand-in, or asking it for an attribute it lacks, loads numba
    (:func:`load`) and passes on to the real one."""

    def __init__(self, make: Callable[[], Any], like: Callable[..., Any] | None = None) -> None:
        self.make = make
        self.real: Any = None
        if like is not None:  # the kernel's name, docstring and module, for readers
            functools.update_wrapper(self, like)
            self.py_func = like

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return (_real(self) if self.real is None else self.real)(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("make", "real", "py_func"):
            raise AttributeError(name)  # copy, pickle and inspect probe these: no load
        return getattr(_real(self) if self.real is None else self.real, name)


def _real(stand_in: Deferred) -> Any:
    load()
    return stand_in.real


def load() -> None:
    """Load numba (once per process, thread-safe), make every waiting kernel's and
    intrinsic's real object, and put each in place of its stand-in in every loaded
    module's namespace, so that compiled code, typed from module globals, sees only
    real dispatchers."""
    with _LOCK:
        if _NUMBA:
            return
        _NUMBA.append(_set_up_numba())
        made = {id(w): w for w in _WAITING}
        for waiting in _WAITING:
            waiting.real = waiting.make()
        for module in list(sys.modules.values()):
            names = getattr(module, "__dict__", None)
            if not isinstance(names, dict):
                continue
            for name, value in list(names.items()):
                if id(value) in made and isinstance(value, Deferred):
                    names[name] = value.real
        _WAITING.clear()


def _set_up_numba() -> Callable[..., Any]:
    """Import numba with the answers and listeners treeviz needs in place; its njit."""
    import numba.np.linalg
    from numba import njit as numba_njit
    from numba.core import config, event

    if "numba.np.arraymath" not in sys.modules:  # it reads the answer once, when imported
        numba.np.linalg.ensure_blas = _no_blas
    config.reload_config()  # the cache folder chosen below, if numba was loaded before
    event.register("numba:compile", _listener(event.Listener))  # numba's documented API
    return cast(Callable[..., Any], numba_njit)


def _no_blas() -> None:
    raise ImportError("treeviz kernels use no BLAS")


def njit(*args: Any, **options: Any) -> Any:
    """numba's ``njit``, as ``@njit`` or ``@njit(**options)``: a :class:`Deferred`
    stand-in until numba is loaded (:func:`load`), numba's dispatcher after."""
    if args:  # @njit on the function itself
        return njit(**options)(args[0])

    def decorate(func: Callable[..., Any]) -> Any:
        with _LOCK:
            if _NUMBA:
                return _NUMBA[0](**options)(func)
            stand_in = Deferred(lambda: _NUMBA[0](**options)(func), like=func)
            _WAITING.append(stand_in)
            return stand_in

    return decorate


def njit_unrefcounted(**options: Any) -> Callable[[Callable[..., Any]], Any]:
    """``njit`` without numba's reference counting, for search loops that take arrays
    and allocate nothing. With it, every inlined helper taking an array increments and
    decrements the array's count atomically, on every node; an atomic instruction
    waits for every earlier load, so a cache miss that could overlap other work stalls
    the search instead. Such a function cannot allocate arrays: its caller passes them."""
    return cast(Callable[[Callable[..., Any]], Any], njit(_nrt=False, **options))


def _intrinsic(make: Callable[[], Any]) -> Any:
    """An intrinsic made by ``make`` once numba is loaded (a stand-in until then)."""
    with _LOCK:
        if _NUMBA:
            return make()
        stand_in = Deferred(make)
        _WAITING.append(stand_in)
        return stand_in


def _make_ctpop() -> Any:
    """LLVM's population count: one ``popcnt`` instruction where the CPU has it."""
    from numba import types
    from numba.extending import intrinsic

    def ctpop(typingctx: Any, x: Any) -> Any:
        sig = types.uint64(types.uint64)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return sig, codegen

    return intrinsic(ctpop)


def _make_prefetch() -> Any:
    """Ask the CPU to start loading ``arr[idx]`` (1-D) into its caches; returns at once.

    A search that will probe several random table slots soon can overlap their memory
    latencies this way instead of waiting for each in turn.
    """
    from llvmlite import ir
    from numba import types
    from numba.core import cgutils
    from numba.extending import intrinsic

    def prefetch(typingctx: Any, arr: Any, idx: Any) -> Any:
        if not isinstance(arr, types.Array) or arr.ndim != 1 or not isinstance(idx, types.Integer):
            return None
        sig = types.void(arr, idx)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            aryty = signature.args[0]
            ary = context.make_array(aryty)(context, builder, args[0])
            ptr = cgutils.get_item_pointer(
                context, builder, aryty, ary, [args[1]], wraparound=False
            )
            i32 = ir.IntType(32)
            name = "llvm.prefetch.p0"  # LLVM 15+: one opaque pointer type
            if not getattr(ptr.type, "is_opaque", False):  # older LLVM: typed pointers
                ptr, name = builder.bitcast(ptr, ir.IntType(8).as_pointer()), "llvm.prefetch.p0i8"
            fnty = ir.FunctionType(ir.VoidType(), [ptr.type, i32, i32, i32])
            fn = cgutils.get_or_insert_function(builder.module, fnty, name)
            # read, high temporal locality, data cache
            builder.call(fn, [ptr, i32(0), i32(3), i32(1)])
            return context.get_dummy_value()

        return sig, codegen

    return intrinsic(prefetch)


# The intrinsics as compiled code calls them (typing sees numba's wrapper otherwise).
ctpop = cast(Callable[[np.uint64], np.uint64], _intrinsic(_make_ctpop))
prefetch = cast(Callable[[np.ndarray, int], None], _intrinsic(_make_prefetch))


# Where compiled code is kept, and the line saying it compiles.

PACKAGE = Path(__file__).resolve().parent
CACHE_VAR = "NUMBA_CACHE_DIR"
NOTICE = True  # say it at all (the test suite turns it off: it compares stderr whole)
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


def choose_cache_dir(
    package: Path = PACKAGE, environ: MutableMapping[str, str] = os.environ
) -> str | None:
    """Set ``NUMBA_CACHE_DIR`` in ``environ`` to :func:`user_cache_dir` when the
    package's folder is not writable and the variable is unset; returns the folder
    the kernels are kept in, or None for beside the sources."""
    if environ.get(CACHE_VAR):
        return environ[CACHE_VAR]
    if os.access(package, os.W_OK):
        return None
    environ[CACHE_VAR] = str(user_cache_dir(environ))
    return environ[CACHE_VAR]


KEPT_IN = choose_cache_dir()  # before numba is loaded: it reads its variables then


NOTICE_TEXT = "treeviz: compiling its search kernels, once after an install"  # < 70 wide:
# a terminal's line is rewritten in place, which only works while it does not wrap


def kept_where() -> str:
    """Where the compiled kernels are kept, in words."""
    return f"kept in {KEPT_IN}" if KEPT_IN else f"kept beside its sources in {PACKAGE}"


class _Notice:
    """Says, once per process, that treeviz compiles; in a live block on a terminal,
    with the seconds spent so far (numba's compile events reach it through
    :func:`_listener`)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.said = False
        self.scope = threading.local()  # per thread: in a live block? its open line's clock

    def on_start(self, event: Any) -> None:
        if not NOTICE or not _is_ours(event.data["dispatcher"]):
            return
        with self.lock:
            if self.said:
                return
            self.said = True
        if getattr(self.scope, "live", False):
            sys.stderr.write(NOTICE_TEXT + " ...")
            sys.stderr.flush()
            self.scope.ticker = _Ticker(time.monotonic())
            self.scope.ticker.start()
        else:
            print(f"{NOTICE_TEXT} ({kept_where()})", file=sys.stderr, flush=True)

    def on_end(self, event: Any) -> None:
        """Nothing: a block's end closes its line (kernels compile one after another)."""


def _listener(base: type) -> Any:
    """A numba event listener (``base`` is numba's ``event.Listener``, known once numba
    is loaded) passing each compile event to the process's notice."""

    class Passing(base):
        def on_start(self, event: Any) -> None:
            _NOTICE.on_start(event)

        def on_end(self, event: Any) -> None:
            _NOTICE.on_end(event)

    return Passing()


def _is_ours(dispatcher: Any) -> bool:
    """A treeviz kernel that numba keeps on disk (one compiled in every process, such
    as a self-recursive one, is not announced: it is not "once")."""
    module = getattr(dispatcher.py_func, "__module__", "") or ""
    from numba.core.caching import NullCache

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
            sys.stderr.write(f"\r{NOTICE_TEXT} ... {self.seconds():.0f} s")
            sys.stderr.flush()

    def seconds(self) -> float:
        return time.monotonic() - self.started

    def stop(self) -> None:
        """Stop, and close the line with the time taken."""
        self.stopping.set()
        self.join()
        sys.stderr.write(f"\r{NOTICE_TEXT}: done in {self.seconds():.0f} s ({kept_where()})\n")
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
