"""Start ``streamlit run app.py`` on a free localhost port and stop it afterwards
(browser tests and the dashboard benchmark); for the browser tests, one headless
Chromium and one server of the default app per test process, each test in a fresh
browser context of its own."""

from __future__ import annotations

import atexit
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
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


# Resolves once the page has not changed for ``quiet`` ms and its fonts and images are
# loaded, or after ``limit`` ms. Charts draw after the script
# run that sent them ends, some once their code has loaded: when nothing has changed
# for a while, they are drawn. (Polled by timer: asking for animation frames would
# make the browser draw frames meanwhile.)
DRAWN_JS = """async ([quiet, limit]) => {
    await document.fonts.ready;
    const start = performance.now();
    let last = start;
    const changes = new MutationObserver(() => { last = performance.now(); });
    changes.observe(document.body,
                    {subtree: true, childList: true, attributes: true, characterData: true});
    const loading = () => [...document.images].some(i => !i.complete);
    while (performance.now() - start < limit
           && (performance.now() - last < quiet || loading())) {
        await new Promise(r => setTimeout(r, 50));
    }
    changes.disconnect();
}"""


def settle(page: Any, quiet: float = 500) -> None:
    """Until the app's script run is over and what it sent is drawn: the page
    unchanged for ``quiet`` ms (a chart drawn a moment after the run is waited for)."""
    wait_idle(page)
    page.evaluate(DRAWN_JS, [quiet, 30_000])
    wait_idle(page)


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
    yielded then includes that base. A server that exits before it answers (its port
    taken meanwhile by another test's process: :func:`free_port` only found it free)
    is started again on another port, twice at most."""
    for attempt in range(3):
        port = free_port()
        cmd = [sys.executable, "-m", "streamlit", "run", str(script or ROOT / "app.py")]
        cmd += ["--server.headless", "true", "--server.port", str(port)]
        cmd += ["--browser.gatherUsageStats", "false"]
        # the code under test stays as it was started: an edit must not reload it mid-test
        cmd += ["--server.fileWatcherType", "none", *(flags or [])]
        out = open(log, "ab") if log is not None else subprocess.DEVNULL  # noqa: SIM115
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env)
        url = f"http://127.0.0.1:{port}" + base_path(flags or [])
        try:
            if _answers(proc, url, timeout_s):
                yield url
                return
            if attempt == 2:
                raise RuntimeError(f"streamlit exited with code {proc.returncode} three times")
        finally:
            proc.terminate()
            proc.wait(timeout=20)
            if log is not None:
                out.close()  # type: ignore[union-attr]


def _answers(proc: subprocess.Popen[bytes], url: str, timeout_s: float) -> bool:
    """Whether the server ``proc`` answers its health check at ``url`` (False: it
    exited first); RuntimeError when it neither answers nor exits within
    ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if urllib.request.urlopen(f"{url}/_stcore/health", timeout=1).read() == b"ok":
                return True
        except OSError:
            if proc.poll() is not None:
                return False
            time.sleep(0.3)
    raise RuntimeError(f"streamlit did not answer on {url} within {timeout_s:.0f} s")


@dataclass(frozen=True)
class Served:
    """A server shared by the tests of a process: its URL, the file its output goes
    to, and how much of that its start and its first visit had written."""

    url: str
    log: Path
    first_visit: int

    def logged(self) -> int:
        """How many bytes of output so far: a test's own part starts there."""
        return self.log.stat().st_size

    def said(self, since: int) -> str:
        """What the server printed as it started and at its first visit, and after
        ``since`` (a test's own part): the output a test that had its own server and
        did the same would have seen."""
        out = self.log.read_bytes()
        return (out[: self.first_visit] + out[since:]).decode(errors="replace")


# What this process keeps open for its browser tests (its Chromium, the default app's
# server): started by the first test that asks, closed as the process exits, so the
# tests of every file share them (each server start and browser launch cost seconds).
_KEPT = ExitStack()
atexit.register(_KEPT.close)
_PLAYWRIGHT: list[Any] = []  # one per process: a second cannot start beside it
_BROWSER: list[Any] = []
_DEFAULT: list[Served] = []


EXPECT_TIMEOUT_MS = 30_000
"""How long an ``expect`` waits unless the test says otherwise."""


def chromium() -> Any:
    """This process's headless Chromium (``CHROMIUM_FLAGS``), launched at the first
    call and again if it has gone; tests open pages in it with :func:`fresh_page`."""
    if not _BROWSER or not _BROWSER[-1].is_connected():
        if not _PLAYWRIGHT:
            from playwright.sync_api import expect, sync_playwright

            _PLAYWRIGHT.append(_KEPT.enter_context(sync_playwright()))
            # An assertion's default 5 s is shorter than a rerun on a loaded two-core
            # machine; what never comes still fails, later.
            expect.set_options(timeout=EXPECT_TIMEOUT_MS)
        browser = _PLAYWRIGHT[0].chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        _KEPT.callback(browser.close)
        _BROWSER.append(browser)
    return _BROWSER[-1]


@contextmanager
def fresh_page(width: int = 1500, height: int = 1100, shot: Path | None = None) -> Iterator[Any]:
    """A page of ``width`` x ``height`` in a new context of :func:`chromium`: a new
    visitor, with no cookie, storage or cache of another test's pages. ``shot``:
    where a full-page screenshot is saved if the test fails in the context (the page
    as the failure left it; a passing test's last page is drawn for nobody). The
    context is closed after."""
    context = chromium().new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        try:
            yield page
        except BaseException:
            if shot is not None:
                page.screenshot(path=str(shot), full_page=True)
            raise
    finally:
        context.close()


def default_app() -> Served:
    """The dashboard as ``streamlit run app.py`` serves it, with this process's
    environment: started and visited once per process (the visit runs its first
    script and warm-up, which every server has), stopped as the process exits."""
    if not _DEFAULT:
        folder = Path(tempfile.mkdtemp(prefix="treeviz-server-"))
        _KEPT.callback(shutil.rmtree, folder, ignore_errors=True)
        log = folder / "server.log"
        env = dict(os.environ, PYTHONUNBUFFERED="1")  # its lines in the log as they come
        url = _KEPT.enter_context(serve(env=env, log=log))
        with fresh_page() as page:
            page.goto(url)
            page.get_by_text("Press Run").first.wait_for(timeout=120_000)
            wait_idle(page)
        _DEFAULT.append(Served(url, log, log.stat().st_size))
    return _DEFAULT[0]
