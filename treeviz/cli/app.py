"""``treeviz app``: start the dashboard, with what only its starter may choose.

The person who runs this command names the user agents that may run, the Dask
cluster the Arena plays on, the folder of named Arena databases and the address the
server listens on; the dashboard's visitors choose among those, never more
(:mod:`treeviz.dashboard.server.environment`).
"""

from __future__ import annotations

import argparse
import errno
import os
import socket
from pathlib import Path
from typing import Any

from treeviz.cli.common import CLUSTER_HELP
from treeviz.dashboard.server.environment import AGENTS_VAR, ARENA_DIR_VAR, CLUSTER_VAR
from treeviz.errors import InvalidParameterError
from treeviz.settings import APP_PORT

# Every message whole (Streamlit's two-sided cache of large messages can fall out of
# step on quick reruns: "Cached ForwardMsg MISS"), no usage statistics sent out, and
# the toolbar of a viewer (no Deploy button: nobody deploys treeviz from its menu).
# ``streamlit run app.py`` reads the same settings from .streamlit/config.toml.
STREAMLIT_OPTIONS = {
    "server_headless": True,
    "browser_gatherUsageStats": False,
    "global_minCachedMessageSize": 1e15,
    "client_toolbarMode": "viewer",
}


def add_commands(sub: Any) -> None:
    """``app``."""
    p = sub.add_parser(
        "app",
        help=f"start the dashboard (http://localhost:{APP_PORT})",
        description=__doc__.split("\n\n")[0],
    )
    p.add_argument(
        "--agents",
        default="",
        metavar="SPECS",
        help="your own agents, separated by ';' (mine.py:choose;cmd:./engine): "
        "the only user code the dashboard will run",
    )
    p.add_argument(
        "--host",
        default="localhost",
        help="the address to listen on (default localhost: this machine only; "
        "0.0.0.0 lets anyone on the network in)",
    )
    p.add_argument("--port", type=int, default=APP_PORT)
    p.add_argument(
        "--cluster", metavar="tcp://HOST:PORT", help=f"the Arena's games go there: {CLUSTER_HELP}"
    )
    p.add_argument(
        "--arena-dir",
        metavar="DIR",
        help="a folder where visitors may keep Arena databases by name",
    )
    p.set_defaults(func=run)


def options(args: argparse.Namespace) -> dict[str, Any]:
    """Streamlit's options for ``args``; the dashboard's settings go to this process's
    environment, where the server reads them (and the Arena's workers inherit them)."""
    os.environ[AGENTS_VAR] = args.agents
    os.environ[CLUSTER_VAR] = args.cluster or ""
    os.environ[ARENA_DIR_VAR] = str(Path(args.arena_dir).resolve()) if args.arena_dir else ""
    return {**STREAMLIT_OPTIONS, "server_address": args.host, "server_port": args.port}


def run(args: argparse.Namespace) -> None:
    """Serve the dashboard from this process until Ctrl-C; a port another program
    holds is refused first, in a line that says how to choose another."""
    from treeviz.dashboard.server.launch import serve

    check_free(args.host, args.port)
    serve(options(args))


def check_free(host: str, port: int) -> None:
    """Raise :class:`InvalidParameterError` when ``port`` cannot be listened on at
    ``host`` because something holds it (Streamlit itself would only say "Port N is not
    available" and exit). Binding as the server will (``SO_REUSEADDR``, every address
    ``host`` names) and closing at once: a port left in TIME_WAIT by a stopped server
    still counts as free."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise InvalidParameterError(
            f"--host '{host}' is not an address here: {exc.strerror}"
        ) from None
    for family, kind, proto, _, address in found:
        with socket.socket(family, kind, proto) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(address)
            except OSError as exc:
                if exc.errno != errno.EADDRINUSE:
                    continue  # not a taken port (no IPv6, say): the server reports it
                raise InvalidParameterError(
                    f"port {port} on {host} is taken by another program: choose another "
                    f"with --port (treeviz app --port {port + 1}, or make app PORT={port + 1})"
                ) from None
