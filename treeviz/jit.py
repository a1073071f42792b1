"""numba's ``njit`` for every treeviz kernel, without SciPy's start-up cost.

The first time a process compiles or loads a compiled function, numba asks whether a
BLAS is available for ``np.dot`` and friends by importing ``scipy.linalg`` when SciPy
is installed (it is: choix needs it), which takes about 0.5 s. No treeviz kernel uses
linear algebra, so the question is answered "no" here, before numba asks it; SciPy
itself is untouched and imports normally for whoever uses it. Every module with
kernels imports ``njit`` from here so the answer is in place first.

Two LLVM intrinsics numba does not offer live here too: ``ctpop`` (a population
count) and ``prefetch`` (start loading an array element into the caches).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, cast

import numba.np.linalg
import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from treeviz import compiling  # noqa: F401  (where kernels are kept; the notice)

__all__ = ["ctpop", "njit", "njit_unrefcounted", "prefetch"]


def _no_blas() -> None:
    raise ImportError("treeviz kernels use no BLAS")


if "numba.np.arraymath" not in sys.modules:  # it reads the answer once, when imported
    numba.np.linalg.ensure_blas = _no_blas


def njit_unrefcounted(**options: Any) -> Callable[[Callable[..., Any]], Any]:
    """``njit`` without numba's reference counting, for search loops that take arrays
    and allocate nothing. With it, every inlined helper taking an array increments and
    decrements the array's count atomically, on every node; an atomic instruction
    waits for every earlier load, so a cache miss that could overlap other work stalls
    the search instead. Such a function cannot allocate arrays: its caller passes them."""
    return njit(_nrt=False, **options)  # type: ignore[call-overload]


@intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    """LLVM's population count: one ``popcnt`` instruction where the CPU has it."""
    sig = types.uint64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def _prefetch(typingctx: Any, arr: Any, idx: Any) -> Any:
    """Ask the CPU to start loading ``arr[idx]`` (1-D) into its caches; returns at once.

    A search that will probe several random table slots soon can overlap their memory
    latencies this way instead of waiting for each in turn.
    """
    if not isinstance(arr, types.Array) or arr.ndim != 1 or not isinstance(idx, types.Integer):
        return None
    sig = types.void(arr, idx)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]],
                                       wraparound=False)  # fmt: skip
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


# The intrinsics as compiled code calls them (typing sees numba's wrapper otherwise).
ctpop = cast(Callable[[np.uint64], np.uint64], _ctpop)
prefetch = cast(Callable[[np.ndarray, int], None], _prefetch)
