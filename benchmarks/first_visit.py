"""The dashboard's first visitor: how long after the server answers is the page drawn
and Run usable, and how long does the first Run take; beside it, in the same run, the
floor: a bare Streamlit page's first visit.

Each round starts a fresh ``treeviz app`` server (numba's disk cache as it is: warm
after ``make setup`` or a previous start), waits until ``/_stcore/health`` answers,
then headless Chromium (launched before) opens the page at once and waits for the Run
button (the page drawn), presses it and waits for the search tree. Alternating with
it, a fresh ``streamlit run`` of a bare page (a title, a few sidebar widgets, a Run
button, an info box: :data:`BARE_PAGE`) is opened the same way: what any Streamlit
page's first visit costs on this machine. Prints each round, the browser's own
figures for it (the moment the Run button and the page's text were there, after the
navigation began; the JavaScript fetched, how many files and kB, and when the last
arrived; on the dashboard, the moment its board was drawn too) and the medians, with
the load average before and after.

Run: ``.venv/bin/python benchmarks/first_visit.py [ROUNDS] [--treeviz PATH]...
[--no-run]`` (default 3 rounds, this environment's ``treeviz``; ``--treeviz`` another
checkout's, to compare: given more than once, each round visits each in turn, so that
a changing load weighs on all alike; ``--no-run``: the page drawn only).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from dashboard import click_until
from local_server import CHROMIUM, CHROMIUM_FLAGS, free_port

DRAWN_TIMEOUT_MS = 300_000
RUN_BUTTON = "[data-testid='stSidebar'] button"
BARE_PAGE = """import streamlit as st
st.set_page_config(page_title="bare", layout="wide")
with st.sidebar:
    st.button("Run", type="primary")
    st.selectbox("Agent", ["alphabeta", "mcts", "minimax"])
    st.text_input("Position", "4453")
    st.checkbox("Exact scores")
st.title("A bare page")
st.info("Press **Run** to search this position with these settings.")
"""
# In the page, once the Run button and the prompt are there: when (ms after the
# navigation began), and the scripts fetched so far (count, kB on the wire, last end).
DRAWN_JS = """(sidebar) => {
    const run = [...document.querySelectorAll(sidebar)].some(b => b.innerText.trim() === "Run");
    const text = document.body.innerText.includes("Press Run");
    if (!run || !text) return null;
    const js = performance.getEntriesByType("resource").filter(r => r.name.endsWith(".js"));
    return [performance.now(), js.length,
            js.reduce((s, r) => s + r.transferSize, 0) / 1024,
            Math.max(0, ...js.map(r => r.responseEnd))];
}"""
# The dashboard's board drawn (a disc of its SVG; a checkout before 2026-11-28 drew it
# with ECharts): ms after the navigation began.
BOARD_JS = """() => document.querySelector(
    "[class*='st-key-analyze_board'] :is(svg.tv-board path, .echarts-container svg)")
    ? performance.now() : null"""


@dataclass(frozen=True)
class Round:
    """One first visit: seconds from start to the server up, from up to the page
    drawn (timed here), the first Run's answer (NaN for the bare page), the
    browser's figures (ms from the navigation, scripts, kB, ms to the last script)
    and the ms from the navigation to the board drawn (NaN for the bare page)."""

    up: float
    drawn: float
    answer: float
    in_page: tuple[float, float, float, float]
    board: float


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


def one_round(command: list[str], port_flag: str, browser: Any, *, run: bool, board: bool) -> Round:
    """A first visit to a fresh server started by ``command`` + ``port_flag`` P; ``run``:
    press Run and time the first tree too; ``board``: wait for the board too."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [*command, port_flag, str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        context = browser.new_context(viewport={"width": 1500, "height": 1100})
        page = context.new_page()
        wait_for_health(url, proc)
        up = time.perf_counter()
        page.goto(url)
        found = page.wait_for_function(
            DRAWN_JS, arg=RUN_BUTTON, timeout=DRAWN_TIMEOUT_MS
        ).json_value()
        drawn = time.perf_counter()
        board_ms = float("nan")
        if board:
            board_ms = page.wait_for_function(BOARD_JS, timeout=DRAWN_TIMEOUT_MS).json_value()
        answer = float("nan")
        if run:
            button = page.locator("[data-testid='stSidebar']").get_by_role("button", name="Run")
            answer = click_until(page, button, "svg text", "#0 ")
        context.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return Round(up - t0, drawn - up, answer, tuple(found), board_ms)


def describe(name: str, r: Round) -> str:
    """One round as a line."""
    nav, scripts, kb, last = r.in_page
    return (
        f"{name}: up {r.up:.2f} s after start; drawn, Run usable {r.drawn:.2f} s after up "
        f"(in page {nav / 1000:.2f} s after navigating; {scripts:.0f} scripts, {kb:.0f} kB, "
        f"the last at {last / 1000:.2f} s; the board at {r.board / 1000:.2f} s); "
        f"first Run {r.answer:.2f} s"
    )


def medians(name: str, rounds: list[Round]) -> str:
    """The medians of ``rounds`` as a line."""
    med = statistics.median
    return (
        f"{name}: median of {len(rounds)}: drawn {med(r.drawn for r in rounds):.2f} s after up "
        f"(in page {med(r.in_page[0] for r in rounds) / 1000:.2f} s, the board at "
        f"{med(r.board for r in rounds) / 1000:.2f} s), up "
        f"{med(r.up for r in rounds):.2f} s, first Run {med(r.answer for r in rounds):.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rounds", type=int, nargs="?", default=3)
    parser.add_argument(
        "--treeviz",
        action="append",
        help="a treeviz to start (this environment's by default); given twice or more, "
        "each round visits each in turn",
    )
    parser.add_argument("--no-run", action="store_true", help="do not time the first Run")
    args = parser.parse_args()
    apps = args.treeviz or [str(Path(sys.executable).with_name("treeviz"))]
    print(f"load average before: {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        bare_script = Path(tmp) / "bare.py"
        bare_script.write_text(BARE_PAGE)
        bare_cmd = [sys.executable, "-m", "streamlit", "run", str(bare_script)]
        bare_cmd += ["--server.headless", "true", "--browser.gatherUsageStats", "false"]
        bare_cmd += ["--server.fileWatcherType", "none"]
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        rounds: dict[str, list[Round]] = {name: [] for name in [*apps, "bare page (the floor)"]}
        for i in range(args.rounds):
            for app in apps:
                rounds[app].append(
                    one_round([app, "app"], "--port", browser, run=not args.no_run, board=True)
                )
                print(describe(f"round {i + 1}, {app} app", rounds[app][-1]), flush=True)
            bare = one_round(bare_cmd, "--server.port", browser, run=False, board=False)
            rounds["bare page (the floor)"].append(bare)
            print(describe(f"round {i + 1}, bare page", bare), flush=True)
        browser.close()
    for name, done in rounds.items():
        print(medians(name, done))
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
