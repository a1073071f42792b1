"""Time to an answer, as a user waits for it: whole ``treeviz`` processes, and the
dashboard's first Run on a freshly started server.

1. CLI commands, each a new process (numba's disk cache warm, as after ``make setup``),
   median of REPEATS after one warm-up, beside the floor every command pays: a Python
   process that only imports numpy and numba (the ratio says what treeviz adds).
2. The dashboard: a new ``streamlit run`` server; headless Chromium opens the page,
   presses Run with the default agent (alpha-beta) on the default sample, and the time
   from the press to the search tree drawn is measured inside the page.

Run: ``.venv/bin/python benchmarks/latency.py`` (``make bench``).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from dashboard import click_until
from local_server import CHROMIUM, CHROMIUM_FLAGS, serve

REPEATS = 7
TREEVIZ = str(Path(sys.executable).with_name("treeviz"))
COMMANDS = [
    ["show", "4453"],
    ["analyze", "4453", "--agent", "alphabeta", "--depth", "6"],
    ["analyze", "4453", "--agent", "mcts", "--iterations", "2000"],
    ["analyze", "", "--agent", "solver"],
    ["solve", "--analyze", "4453"],
]
FLOOR = [sys.executable, "-c", "import numpy, numba"]


def median_wall(cmd: list[str]) -> float:
    """Median wall-clock seconds of ``cmd`` as a fresh process (one warm-up run)."""
    times = []
    for i in range(REPEATS + 1):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if i:
            times.append(time.perf_counter() - t0)
    return statistics.median(times)


def first_run_on_a_fresh_server() -> float:
    """Seconds from pressing Run to the tree drawn, on a server started just now."""
    with serve() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        page.goto(url)
        page.get_by_text("Press Run").first.wait_for(timeout=120_000)
        side = page.locator("[data-testid='stSidebar']")
        seconds = click_until(page, side.get_by_role("button", name="Run"), "svg text", "#0 ")
        browser.close()
    return seconds


def main() -> None:
    floor = median_wall(FLOOR)
    print(f"floor: python -c 'import numpy, numba'  {floor:.3f} s")
    for args in COMMANDS:
        t = median_wall([TREEVIZ, *args])
        shown = " ".join(a if a else "''" for a in args)
        print(f"treeviz {shown:<48} {t:.3f} s  ({t / floor:.2f}x the floor)")
    print(f"dashboard, fresh server: Run -> tree drawn  {first_run_on_a_fresh_server():.3f} s")


if __name__ == "__main__":
    main()
