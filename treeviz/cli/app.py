"""``treeviz app``: start the dashboard, with what only its starter may choose.

The person who runs this command names the user agents that may run, the Dask
cluster the Arena plays on, the folder of named Arena databases and the address the
server listens on; the dashboard's visitors choose among those, never more
(:mod:`treeviz.dashboard.server`).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from treeviz.cli.common import CLUSTER_HELP
from treeviz.dashboard.server import AGENTS_VAR, ARENA_DIR_VAR, CLUSTER_VAR
from treeviz.settings import APP_PORT

# Every message whole (Streamlit's two-sided cache of large messages can fall out of
# step on quick reruns: "Cached ForwardMsg MISS"), and no usage statistics sent out.
STREAMLIT_OPTIONS = {"server_headless": True, "browser_gatherUsageStats": False,
                     "global_minCachedMessageSize": 1e15}  # fmt: skip


def add_commands(sub: Any) -> None:
    """``app``."""
    p = sub.add_parser("app", help=f"start the dashboard (http://localhost:{APP_PORT})",
                       description=__doc__.split("\n\n")[0])  # fmt: skip
    p.add_argument("--agents", default="", metavar="SPECS",
                   help="your own agents, separated by ';' (mine.py:choose;cmd:./engine): "
                        "the only user code the dashboard will run")  # fmt: skip
    p.add_argument("--host", default="localhost",
                   help="the address to listen on (default localhost: this machine only; "
                        "0.0.0.0 lets anyone on the network in)")  # fmt: skip
    p.add_argument("--port", type=int, default=APP_PORT)
    p.add_argument("--cluster", metavar="tcp://HOST:PORT",
                   help=f"the Arena's games go there: {CLUSTER_HELP}")
    p.add_argument("--arena-dir", metavar="DIR",
                   help="a folder where visitors may keep Arena databases by name")
    p.set_defaults(func=run)


def options(args: argparse.Namespace) -> dict[str, Any]:
    """Streamlit's options for ``args``; the dashboard's settings go to this process's
    environment, where the server reads them (and the Arena's workers inherit them)."""
    os.environ[AGENTS_VAR] = args.agents
    os.environ[CLUSTER_VAR] = args.cluster or ""
    os.environ[ARENA_DIR_VAR] = str(Path(args.arena_dir).resolve()) if args.arena_dir else ""
    return {**STREAMLIT_OPTIONS, "server_address": args.host, "server_port": args.port}


def run(args: argparse.Namespace) -> None:
    """Serve the dashboard from this process until Ctrl-C."""
    from treeviz.dashboard.launch import serve

    serve(options(args))
