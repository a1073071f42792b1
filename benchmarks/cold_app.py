"""A new user's ``make app``: from a fresh clone to the page drawn with Run usable.

Clones this checkout's current branch into a temporary folder, runs ``make app
PORT=P`` there (a new ``.venv``: pip installs everything, as on a fresh machine), waits
for ``/_stcore/health``, then opens the page in headless Chromium and waits for the
Run button. Prints the seconds from the start of the clone to the server answering and
to the page drawn, then stops the server and removes the clone.

Run: ``.venv/bin/python benchmarks/cold_app.py [--no-cache] [--source DIR --branch B]``
(``--no-cache``: every package is downloaded, as on a machine that never installed
them; ``--source``/``--branch``: another repository or branch, say an older ``main``).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from first_visit import DRAWN_TIMEOUT_MS, wait_for_health
from local_server import CHROMIUM, CHROMIUM_FLAGS, free_port

ROOT = Path(__file__).resolve().parents[1]


def branch(source: Path) -> str:
    return subprocess.run(
        ["git", "rev-parse", "--abbrev-ref", "HEAD"],
        cwd=source,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("--source", type=Path, default=ROOT)
    parser.add_argument("--branch")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    if args.no_cache:
        env["PIP_NO_CACHE_DIR"] = env["UV_NO_CACHE"] = "1"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with (
        tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp,
        open(Path(tmp) / "make.log", "w") as log,
    ):
        clone = Path(tmp) / "treeviz"
        t0 = time.perf_counter()
        subprocess.run(
            [
                "git",
                "clone",
                "--quiet",
                "--branch",
                args.branch or branch(args.source),
                str(args.source),
                str(clone),
            ],
            check=True,
        )
        make = subprocess.Popen(
            ["make", "app", f"PORT={port}"],
            cwd=clone,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            wait_for_health(url, make, timeout_s=1200)
            up = time.perf_counter() - t0
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
                page = browser.new_page(viewport={"width": 1500, "height": 1100})
                page.goto(url)
                side = page.locator("[data-testid='stSidebar']")
                side.get_by_role("button", name="Run").wait_for(timeout=DRAWN_TIMEOUT_MS)
                page.get_by_text("Press Run").first.wait_for(timeout=DRAWN_TIMEOUT_MS)
                drawn = time.perf_counter() - t0
                browser.close()
            print(
                f"fresh clone -> server answering {up:.1f} s; -> page drawn, Run usable "
                f"{drawn:.1f} s (package caches {'off' if args.no_cache else 'as they are'})",
                flush=True,
            )
        finally:
            stop_group(make)


def stop_group(proc: subprocess.Popen[bytes]) -> None:
    """Stop ``proc``'s process group (make and the server it started) and wait until
    none of it is left, so that its folder can go."""
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=60)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGKILL)


if __name__ == "__main__":
    main()
