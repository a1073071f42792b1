"""The dashboard's server in this process, warming up from the moment it starts.

``streamlit run`` imports an app only when its first visitor arrives, so a warm-up the
app starts makes that visitor wait for the imports and share the processor with the
compiler. :func:`serve` instead imports the pages before the server opens, then starts
the warm-up (every agent's compiled kernels, the opening book) in a background thread
and runs Streamlit's server in the same process, as ``streamlit run`` would: the
first page is drawn from modules already loaded. ``streamlit run app.py`` still works
and warms up at the first visit (the warm-up runs once per process).
"""

from __future__ import annotations

import sys
from typing import Any

from treeviz import jit
from treeviz.agents.stopping import acted_on_ctrl_c
from treeviz.dashboard.server.warming import before_first_visit, start_warm_up


def serve(options: dict[str, Any]) -> None:
    """Run the dashboard's server (:mod:`treeviz.dashboard.server.asgi`) with config
    ``options`` (flag names as ``streamlit run`` takes them: ``server_port``...) until
    it is stopped. Ctrl-C returns normally (uvicorn raises it again once the server
    has shut down)."""
    from streamlit import config
    from streamlit.web import bootstrap

    from treeviz.dashboard.server.asgi import SCRIPT

    config._main_script_path = str(SCRIPT)  # as streamlit run: config beside the script
    bootstrap.load_config_options(flag_options=options)
    jit.LIVE = False  # the terminal is the server's log from here on
    import treeviz.dashboard.app  # noqa: F401  (the pages, before anyone asks for one)

    before_first_visit()
    start_warm_up()
    # the app with its middleware (treeviz.dashboard.server.asgi), as `streamlit run` serves
    # a script that builds one
    try:
        bootstrap.run_asgi_app(str(SCRIPT), "treeviz.dashboard.server.asgi:app", [], options)
    except KeyboardInterrupt:  # the server's own way to stop: it has shut down already
        acted_on_ctrl_c()
        print("  Stopped.", file=sys.stderr)
