"""The dashboard's warm-up: everything a first Run would otherwise load, in a
background thread started once per process, by ``treeviz app`` as its server starts
(:mod:`treeviz.dashboard.server.launch`) or, under ``streamlit run``, at the first visit."""

from __future__ import annotations

import threading

_STARTED: list[threading.Thread] = []
_LOCK = threading.Lock()


def warm_all() -> None:
    """The styled table's library, the exact solver (every page shows exact scores
    first), the default agent, then every other agent's kernels."""
    import pandas.io.formats.style  # noqa: F401

    from treeviz.warmup import warm_everything

    warm_everything(report=None)


def start_warm_up() -> threading.Thread:
    """:func:`warm_all` in a background thread, started once per process."""
    with _LOCK:
        if not _STARTED:
            thread = threading.Thread(target=warm_all, name="treeviz-warm-up", daemon=True)
            thread.start()
            _STARTED.append(thread)
        return _STARTED[0]
