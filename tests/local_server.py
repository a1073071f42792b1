"""Start ``streamlit run app.py`` on a free localhost port and stop it afterwards
(browser tests and the dashboard benchmark)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'  # no script run on


def wait_idle(page: Any, timeout: float = 120_000) -> None:
    """Until the app's script run is over: a click or a value typed during a rerun can
    be lost (a download button then stays in its loading state)."""
    page.locator(IDLE).wait_for(timeout=timeout)


# Texts cut short with an ellipsis in the main area (button names, labels, metric
# values, lines): Streamlit's truncating boxes, whose text is wider than the box.
CLIPPED_JS = """() => [...document.querySelectorAll('[data-testid=stMain] *')]
    .filter(e => e.tagName !== 'INPUT' && e.offsetParent !== null
                 && getComputedStyle(e).textOverflow === 'ellipsis'
                 && e.scrollWidth > e.clientWidth + 1)
    .map(e => e.textContent.trim().slice(0, 80))"""
# Pairs of texts whose boxes meet inside one chart drawn as SVG (``charts`` finds
# them): labels over labels.
MEETING_JS = """(charts) => charts.flatMap(svg => {
    const shown = t => {  // drawn and not faded out (Vega hides crowded tick labels so)
        for (let e = t; e && e !== svg.parentElement; e = e.parentElement) {
            const s = getComputedStyle(e);
            if (s.opacity === '0' || s.visibility === 'hidden' || s.display === 'none') {
                return false;
            }
        }
        return true;
    };
    const boxes = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim() && shown(t))
        .map(t => [t.textContent.trim(), t.getBoundingClientRect()])
        .filter(([_, r]) => r.width > 0 && r.height > 0);
    const out = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const [p, a] = boxes[i], [q, b] = boxes[j];
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5
            && b.top < a.bottom - 0.5) out.push([p, q]);
    }
    return out;
})"""


def clipped(page: Any) -> list[str]:
    """The main area's texts cut short with an ellipsis (none may be)."""
    return list(page.evaluate(CLIPPED_JS))


def meeting(page: Any, charts: str) -> list[list[str]]:
    """Pairs of texts that overlap inside the SVG charts ``charts`` selects."""
    return list(page.locator(charts).evaluate_all(MEETING_JS))


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def base_path(flags: list[str]) -> str:
    """The server's base path set by ``flags`` (``/treeviz``), or ``""``."""
    option = "--server.baseUrlPath"
    base = flags[flags.index(option) + 1].strip("/") if option in flags else ""
    return f"/{base}" if base else ""


@contextmanager
def serve(
    timeout_s: float = 90.0,
    env: dict[str, str] | None = None,
    log: Path | None = None,
    script: Path | None = None,
    flags: list[str] | None = None,
) -> Iterator[str]:
    """The dashboard's base URL while the context is open; the server is stopped after.
    ``env``: the server's environment (this process's by default); ``log``: a file
    that receives the server's output (discarded by default); ``script``: a page
    script to serve instead of the app (a test's page showing one section); ``flags``:
    more of ``streamlit run``'s options (``--server.baseUrlPath``, ``x``): the URL
    yielded then includes that base."""
    port = free_port()
    cmd = [sys.executable, "-m", "streamlit", "run", str(script or ROOT / "app.py")]
    cmd += ["--server.headless", "true", "--server.port", str(port)]
    cmd += ["--browser.gatherUsageStats", "false"]
    # the code under test stays as it was started: an edit must not reload it mid-test
    cmd += ["--server.fileWatcherType", "none", *(flags or [])]
    out = open(log, "wb") if log is not None else subprocess.DEVNULL  # noqa: SIM115
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}" + base_path(flags or [])
    try:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            try:
                if urllib.request.urlopen(f"{url}/_stcore/health", timeout=1).read() == b"ok":
                    break
            except OSError:
                time.sleep(0.3)
        else:
            raise RuntimeError(f"streamlit did not answer on {url} within {timeout_s:.0f} s")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        if log is not None:
            out.close()  # type: ignore[union-attr]
