"""numba's ``njit`` for every treeviz kernel, without SciPy's start-up cost.

The first time a process compiles or loads a compiled function, numba asks whether a
BLAS is available for ``np.dot`` and friends by importing ``scipy.linalg`` when SciPy
is installed (it is: choix needs it), which takes about 0.5 s. No treeviz kernel uses
linear algebra, so the question is answered "no" here, before numba asks it; SciPy
itself is untouched and imports normally for whoever uses it. Every module with
kernels imports ``njit`` from here so the answer is in place first.
"""

from __future__ import annotations

import sys

import numba.np.linalg
from numba import njit

__all__ = ["njit"]


def _no_blas() -> None:
    raise ImportError("treeviz kernels use no BLAS")


if "numba.np.arraymath" not in sys.modules:  # it reads the answer once, when imported
    numba.np.linalg.ensure_blas = _no_blas
