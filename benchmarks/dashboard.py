"""Dashboard responsiveness in a real browser (Debian's Chromium via Playwright against
``streamlit run`` on localhost): time from clicking Run to the tree drawn, and from
clicking a tree node to its detail panel, for MCTS traces of about 10,000 and 100,000
nodes. The exact-score column is switched off so the solver's 2 s budget is not timed.

Each Run time is split into the search itself (the trace's ``time_s``) and the rest
(table, tree selection, transfer, drawing); the ratio printed is the page's share over
the bare search. Run: ``.venv/bin/python benchmarks/dashboard.py``. Medians of REPEATS.
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from treeviz.agents.registry import search
from treeviz.connect4.board import Position

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from local_server import CHROMIUM, CHROMIUM_FLAGS, serve

REPEATS = 3
SIZES = (10_000, 100_000)
MOVES = "4453"


def node_label(page: Page, node: int) -> Any:
    return page.locator("svg text").filter(has_text=re.compile(rf"^#{node} "))


def set_up(page: Page, url: str) -> None:
    """Typed position, MCTS, no exact column."""
    page.goto(url)
    page.get_by_text("Press Run").first.wait_for(timeout=120_000)
    side = page.locator("[data-testid='stSidebar']")
    side.get_by_text("Move string or board").click()
    area = side.locator("textarea")
    area.fill(MOVES)
    area.press("Control+Enter")
    side.get_by_role("combobox", name="Agent", exact=True).click()
    page.get_by_role("option", name="mcts", exact=True).click()
    side.get_by_text("Exact solver scores").click()


def set_number(page: Page, label: str, value: int) -> None:
    box = page.get_by_role("spinbutton", name=label, exact=True)
    box.fill(str(value))
    box.press("Enter")
    page.wait_for_timeout(400)


def run_and_click(page: Page, iterations: int, seed: int) -> tuple[float, float, float]:
    """(Run -> tree, search part, node click -> detail) in seconds."""
    set_number(page, "iterations", iterations)
    set_number(page, "seed", seed)
    page.get_by_text("Press Run").first.wait_for(timeout=60_000)
    run = page.locator("[data-testid='stSidebar']").get_by_role("button", name="Run")
    run_s = click_until(page, run, "svg text", "#0 ")
    res = search(Position.from_moves(MOVES), "mcts", iterations=iterations, seed=seed)
    clicks = []
    for node in [int(k) for k in res.trace.children(0)[:3]]:
        label = node_label(page, node).first
        clicks.append(click_until(page, label, "strong", f"Node #{node}"))
    return run_s, float(res.trace.counters["time_s"]), statistics.median(clicks)


# Measured inside the page: from the mouse press to the first animation frame in
# which the detail panel names the node (no Playwright polling in the figure).
WATCH = """([selector, prefix]) => {
  window.__latency = null;
  const t0 = performance.now();
  const done = () => [...document.querySelectorAll(selector)]
      .some(e => e.textContent.startsWith(prefix));
  const tick = () => done() ? (window.__latency = performance.now() - t0)
                            : requestAnimationFrame(tick);
  requestAnimationFrame(tick);
}"""


def placed(target: Any) -> dict[str, float]:
    """``target``'s box once scrolled into view. The tree component draws again in the
    browser (a new width, a new selection): an element found just before may be gone,
    and is found again."""
    for attempt in range(20):
        try:
            target.scroll_into_view_if_needed()
            box = target.bounding_box()
            if box is not None:
                return box
        except PlaywrightError:
            if attempt == 19:
                raise
        time.sleep(0.1)
    raise AssertionError(f"{target} has no box")


def click_until(page: Page, target: Any, selector: str, prefix: str) -> float:
    """Seconds from pressing the mouse on ``target`` until an element matching
    ``selector`` whose text starts with ``prefix`` is in the page. A click the chart
    took before binding its handlers (just after drawing) is lost, not slow: after
    30 s without an answer, the click is made again and timed afresh."""
    for attempt in range(3):
        box = placed(target)
        page.evaluate(WATCH, [selector, prefix])
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        try:
            page.wait_for_function("window.__latency !== null", timeout=30_000)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    return float(page.evaluate("window.__latency")) / 1000


def main() -> None:
    search(Position.from_moves(MOVES), "mcts", iterations=100)  # compile outside timings
    with serve() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        set_up(page, url)
        run_and_click(page, 1000, 99)  # warm the server process (numba, imports)
        for size in SIZES:
            rows = [run_and_click(page, size, seed) for seed in range(1, REPEATS + 1)]
            run_s, search_s, click_s = (statistics.median(r[i] for r in rows) for i in range(3))
            print(
                f"{size:7,d} iterations  Run -> tree {run_s:6.3f} s (search {search_s:6.3f} s, "
                f"page {run_s - search_s:6.3f} s, {run_s / max(search_s, 1e-9):5.1f}x the "
                f"search)   click -> detail {click_s * 1000:6.0f} ms"
            )
        browser.close()


if __name__ == "__main__":
    main()
