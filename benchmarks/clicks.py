"""A click on a tree node, from the click to the new paint of the node's panel, in a
real browser (Debian's Chromium via Playwright, the flags of ``tests/local_server.py``)
against ``streamlit run app.py`` on localhost: 20 clicks on drawn nodes of alpha-beta
to depth 4 on ``4453``, median and 95th percentile. Beside it, the same 20 clicks on
the app of another commit (``--before <commit>``, checked out in a temporary git
worktree and served from there; or ``--before <directory>``, a checkout): the page as
it was when each click reran the script on the server.

Timing, in the page: ``performance.now()`` when the click event is dispatched (a
listener in the capture phase, before any of the page's own), then, once the panel's
heading names the clicked node (``Node #N ·``, seen by a MutationObserver), the next
``requestAnimationFrame``: the frame that paints it.

A replay step likewise: the replay switched on, 20 clicks on its step-forward button,
each from the click to the frame that paints the step (the caption names the new
newest node and the tree draws its label).

Run: ``.venv/bin/python benchmarks/clicks.py [--before <commit or directory>]``.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from local_server import CHROMIUM, CHROMIUM_FLAGS, serve

ROOT = Path(__file__).resolve().parents[1]

LINK = "/?moves=4453&agent=alphabeta%3Adepth%3D4"
CLICKS = 20

# Armed before each click: the click's time, then the frame after the panel names
# the node (window.__paint: milliseconds from the click to that frame).
ARM = """(node) => {
  window.__paint = null;
  let t0 = null;
  const named = () => [...document.querySelectorAll('p')]
      .some(p => p.textContent.startsWith(`Node #${node} ·`));
  const seen = new MutationObserver(() => {
    if (t0 === null || !named()) return;
    seen.disconnect();
    requestAnimationFrame(() => { window.__paint = performance.now() - t0; });
  });
  window.addEventListener('click', () => { t0 = performance.now(); }, {capture: true, once: true});
  seen.observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


# Armed before each replay step: the click's time, then the frame after the caption
# names a newest node other than ``before`` and the tree draws that node's label.
ARM_STEP = """(before) => {
  window.__paint = null;
  let t0 = null;
  const newest = () => {
    for (const el of document.querySelectorAll('p')) {
      const m = /^[\\d,]+ of [\\d,]+ nodes · newest: node #(\\d+)/.exec(el.textContent);
      if (m && Number(m[1]) !== before) return Number(m[1]);
    }
    return null;
  };
  const drawn = (n) => [...document.querySelectorAll('svg text')]
      .some(t => t.textContent.startsWith(`#${n} `));
  const seen = new MutationObserver(() => {
    const n = t0 === null ? null : newest();
    if (n === null || !drawn(n)) return;
    seen.disconnect();
    requestAnimationFrame(() => { window.__paint = performance.now() - t0; });
  });
  window.addEventListener('click', () => { t0 = performance.now(); }, {capture: true, once: true});
  seen.observe(document.body, {childList: true, subtree: true, characterData: true});
}"""
# The replay's buttons: the component's, or the server's before it (Streamlit buttons)
STEP_BUTTON = "[data-replay='{0}'], .st-key-analyze_replay_{0} button"


def idle(page: Page, timeout: float = 120_000) -> None:
    """Until the page's script run is over (a click during a rerun can be lost)."""
    page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]').wait_for(
        timeout=timeout
    )


def targets(page: Page) -> list[int]:
    """Drawn nodes to click, in turn: every label with its children drawn (no ``▸``),
    the root's last (a click on the root first would leave it selected)."""
    texts = page.locator("svg text").all_text_contents()
    ids = [int(m.group(1)) for t in texts if (m := re.match(r"#(\d+) ", t)) and "▸" not in t]
    ids = [*sorted(set(ids) - {0}), 0]
    return [ids[i % len(ids)] for i in range(CLICKS)]


def click_times(page: Page, url: str) -> list[float]:
    """Milliseconds from each of the clicks to the paint of the clicked node's panel."""
    page.goto(url + LINK)
    page.locator("svg text").filter(has_text=re.compile(r"^#0 ")).first.wait_for(timeout=600_000)
    idle(page, 600_000)  # a first visit after an install compiles the kernels
    page.wait_for_timeout(1000)
    out = []
    last = 0
    for node in targets(page):
        if node == last:
            continue
        out.append(click_once(page, node))
        last = node
        idle(page)
        page.wait_for_timeout(300)  # the tree redrawn, as a person's next click finds it
    return out


def click_once(page: Page, node: int) -> float:
    """Milliseconds from a click on ``node``'s label to the paint of its panel. A label
    redrawn as it was found (a late redraw of the page's first run) is found again."""
    for _ in range(2):
        try:
            return _timed_click(page, node)
        except (PlaywrightError, AssertionError):
            idle(page)
    return _timed_click(page, node)


def _timed_click(page: Page, node: int) -> float:
    """One click on ``node``'s label, timed in the page (:data:`ARM`)."""
    label = page.locator("svg text").filter(has_text=re.compile(rf"^#{node} ")).first
    label.scroll_into_view_if_needed()
    box = label.bounding_box()
    assert box is not None
    page.evaluate(ARM, node)
    page.mouse.click(box["x"] + 3, box["y"] + box["height"] / 2)
    page.wait_for_function("window.__paint !== null", timeout=60_000)
    return float(page.evaluate("window.__paint"))


def step_times(page: Page) -> list[float]:
    """Milliseconds from each of :data:`CLICKS` replay steps forward to their paint
    (the page's tree shown; the replay started from its first step)."""
    page.get_by_text("Replay the search step by step").click()
    page.get_by_role("slider", name="Nodes created").wait_for(timeout=120_000)
    idle(page)
    page.locator(STEP_BUTTON.format("first")).first.click()
    page.wait_for_function(
        "[...document.querySelectorAll('p')].some(p => p.textContent.includes('newest: node #0 '))",
        timeout=60_000,
    )
    idle(page)
    page.wait_for_timeout(1000)
    out = []
    for _ in range(CLICKS):
        before = int(page.evaluate(NEWEST))
        page.evaluate(ARM_STEP, before)
        page.locator(STEP_BUTTON.format("forward")).first.click()
        page.wait_for_function("window.__paint !== null", timeout=60_000)
        out.append(float(page.evaluate("window.__paint")))
        idle(page)
        page.wait_for_timeout(300)
    return out


NEWEST = """() => {
  for (const el of document.querySelectorAll('p')) {
    const m = /newest: node #(\\d+)/.exec(el.textContent);
    if (m) return Number(m[1]);
  }
  return -1;
}"""


def summary(name: str, times: list[float]) -> str:
    """One line: median and 95th percentile of ``times``."""
    p95 = statistics.quantiles(times, n=20, method="inclusive")[18]
    return (
        f"{name:42s} {len(times)} clicks: median {statistics.median(times):7.1f} ms, "
        f"p95 {p95:7.1f} ms, max {max(times):7.1f} ms"
    )


def measure(page: Page, app: Path, name: str) -> None:
    """The node clicks and the replay steps on the app in ``app`` (a checkout),
    served from there, printed under ``name``."""
    env = {**os.environ, "PYTHONPATH": str(app)}
    with serve(timeout_s=180, env=env, script=app / "app.py") as url:
        print(summary(name, click_times(page, url)), flush=True)
        print(summary(f"{name}, replay steps", step_times(page)), flush=True)


def main(argv: list[str] | None = None) -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument(
        "--before", help="a commit (or a checkout's directory) to measure beside this one"
    )
    before = args.parse_args(argv).before
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page: Any = browser.new_page(viewport={"width": 1280, "height": 800})
        measure(page, ROOT, "this checkout")
        if before is not None and Path(before).is_dir():
            measure(page, Path(before), f"before ({before})")
        elif before is not None:
            old = Path(tmp) / "before"
            git = ["git", "-C", str(ROOT)]
            subprocess.run([*git, "worktree", "add", "--detach", str(old), before], check=True)
            try:
                measure(page, old, f"before ({before[:10]})")
            finally:
                subprocess.run([*git, "worktree", "remove", "--force", str(old)], check=True)
        browser.close()


if __name__ == "__main__":
    main()
