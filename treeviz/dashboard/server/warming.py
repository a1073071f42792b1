"""The dashboard's warm-up: everything a first Run would otherwise load, in a
background thread started once per process, by ``treeviz app`` as its server starts
(:mod:`treeviz.dashboard.server.launch`) or, under ``streamlit run``, at the first visit."""

from __future__ import annotations

import gc
import threading

_STARTED: list[threading.Thread] = []
_LOCK = threading.Lock()


def warm_all() -> None:
    """The styled table's library, the exact solver (every page shows exact scores
    first), the default agent, then every other agent's kernels."""
    import pandas.io.formats.style  # noqa: F401

    from treeviz.warmup import warm_everything

    warm_everything(report=None)
    out_of_collections()  # what the warm-up loaded lives as long as the process


def out_of_collections() -> None:
    """Everything alive now (modules, compiled kernels, the opening book) moved out of
    the garbage collector's sight. Streamlit collects every generation after each
    script run (``runner.postScriptGC``) holding the interpreter, so the run's last
    message, which ends the browser's wait, waited for a walk over every long-lived
    object: 160,000 after the imports, 240,000 after the warm-up, 0.14-0.3 s on a
    loaded machine; frozen, the walk is over what the sessions made since (under
    1 ms). No collection first: it would hold the interpreter as long as the walk it
    spares, for the garbage alive now, which is kept (7 objects after the warm-up
    here); so are the objects of a session alive now, once: a visitor's first page
    at most."""
    gc.freeze()


def before_first_visit() -> None:
    """What Streamlit does once per process during the first visitor's first script
    run, done or settled before the server opens (``treeviz app``), so that the first
    page is not kept waiting for it:

    - its first element asks whether it runs in a REPL, to warn a person who imported
      it in one: ``inspect.stack()`` of the script's thread, which reads the file
      path of every module loaded (about 2,000 here) and took 0.3-1.1 s of the first
      page's 0.5-1.4 s run on a loaded machine. A server ``treeviz app`` started is
      no REPL and has its runtime, so that warning can never be due: it is marked
      as given (the flag Streamlit reads before it looks);
    - its first ``st.info`` or ``st.success`` looks for a leading emoji with a
      pattern of every emoji, compiled as its module is imported (0.1-0.2 s);
    - the imports' garbage collected (nobody waits yet) and the rest frozen
      (:func:`out_of_collections`)."""
    import streamlit.delta_generator
    import streamlit.emojis

    streamlit.delta_generator._use_warning_has_been_displayed = True
    gc.collect()
    out_of_collections()


def start_warm_up() -> threading.Thread:
    """:func:`warm_all` in a background thread, started once per process."""
    with _LOCK:
        if not _STARTED:
            thread = threading.Thread(target=warm_all, name="treeviz-warm-up", daemon=True)
            thread.start()
            _STARTED.append(thread)
        return _STARTED[0]
