"""The dashboard's first visitor: how long after the server answers is the page drawn
and Run usable, and how long does the first Run take.

Each round starts a fresh ``treeviz app`` server (numba's disk cache as it is: warm
after ``make setup`` or a previous start), waits until ``/_stcore/health`` answers,
then headless Chromium opens the page at once and waits for the Run button (the page
drawn), presses it and waits for the search tree. Prints each round and the medians.

Run: ``.venv/bin/python benchmarks/first_visit.py [ROUNDS] [--treeviz PATH]`` (default
3 rounds, this environment's ``treeviz``).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from dashboard import click_until
from local_server import CHROMIUM, CHROMIUM_FLAGS, free_port

DRAWN_TIMEOUT_MS = 300_000


def wait_for_health(url: str, proc: subprocess.Popen[bytes], timeout_s: float = 300) -> None:
    """Return once the server answers its health check."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if urllib.request.urlopen(f"{url}/_stcore/health", timeout=1).read() == b"ok":
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"no server on {url}")


def one_round(treeviz: str) -> tuple[float, float, float]:
    """(server up after start, page drawn after up, first Run's answer) in seconds."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [treeviz, "app", "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            wait_for_health(url, proc)
            up = time.perf_counter()
            page.goto(url)
            run = page.locator("[data-testid='stSidebar']").get_by_role("button", name="Run")
            run.wait_for(timeout=DRAWN_TIMEOUT_MS)
            page.get_by_text("Press Run").first.wait_for(timeout=DRAWN_TIMEOUT_MS)
            drawn = time.perf_counter()
            answer = click_until(page, run, "svg text", "#0 ")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return up - t0, drawn - up, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rounds", type=int, nargs="?", default=3)
    parser.add_argument("--treeviz", default=str(Path(sys.executable).with_name("treeviz")))
    args = parser.parse_args()
    rounds = []
    for i in range(args.rounds):
        up, drawn, answer = one_round(args.treeviz)
        rounds.append((up, drawn, answer))
        print(
            f"round {i + 1}: server up {up:.2f} s after start; page drawn, Run usable "
            f"{drawn:.2f} s after up; first Run answered in {answer:.2f} s",
            flush=True,
        )
    up, drawn, answer = (statistics.median(r[k] for r in rounds) for k in range(3))
    print(
        f"median of {args.rounds}: up {up:.2f} s, drawn {drawn:.2f} s after up, "
        f"first Run {answer:.2f} s"
    )


if __name__ == "__main__":
    main()
