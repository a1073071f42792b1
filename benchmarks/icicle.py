"""The icicle of a 2,000,000-node trace in a real browser (Debian's Chromium via
Playwright against ``streamlit run`` on localhost), beside the tree view on the same
page as a peer.

Opening: from choosing the ``.npz`` file on "Explore a trace file" to the icicle drawn
(its canvas showing the whole trace), and to the tree's root label drawn (the peer).
A click in the icicle on a root child: to the zoom drawn in the browser, to the
rectangles Python sent for that zoom drawn, and to the node's panel beside the tree
(selected there); the peer: a click on the same node in the tree to its panel.
Goals (issue 38): open under 2 s, a click under 0.2 s.

The trace is minimax to depth 8 from the empty board, cut at 2,000,000 recorded nodes
(as ``benchmarks/big_trace.py``). Run: ``.venv/bin/python benchmarks/icicle.py``.
Medians of REPEATS opens and REPEATS x 3 clicks.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from big_trace import idle, node_label
from dashboard import click_until
from playwright.sync_api import Page, sync_playwright

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.trace.files import save
from treeviz.trace.nodes import Trace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from local_server import CHROMIUM, CHROMIUM_FLAGS, serve

REPEATS = 3
NODES = 2_000_000
CANVAS = "document.querySelector('canvas.treeviz-icicle')"

# window.__t: milliseconds from now until each mark is first seen (checked each frame)
WATCH = """(marks) => {
  window.__t = {};
  const t0 = performance.now();
  const seen = {
    tree: () => [...document.querySelectorAll("svg text")]
        .some(e => e.textContent.startsWith("#0 ")),
    icicle: () => { const c = document.querySelector("canvas.treeviz-icicle");
        return c && c.dataset.root === marks.root && c.dataset.zoom === marks.zoom; },
    local: () => { const c = document.querySelector("canvas.treeviz-icicle");
        return c && c.dataset.root === marks.root; },
    panel: () => [...document.querySelectorAll("strong")]
        .some(e => e.textContent.startsWith(marks.panel)),
  };
  const tick = () => {
    for (const name of marks.names) {
      if (!(name in window.__t) && seen[name]()) window.__t[name] = performance.now() - t0;
    }
    if (Object.keys(window.__t).length < marks.names.length) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def watch(page: Page, names: list[str], root: int, zoom: str = "sent", panel: str = "") -> None:
    page.evaluate(WATCH, {"names": names, "root": str(root), "zoom": zoom, "panel": panel})


def marks(page: Page, count: int) -> dict[str, float]:
    """The marks watched, in seconds, once ``count`` of them are seen."""
    page.wait_for_function(f"Object.keys(window.__t).length >= {count}", timeout=300_000)
    return {k: v / 1000 for k, v in page.evaluate("window.__t").items()}


def open_trace(page: Page, url: str, path: Path) -> dict[str, float]:
    """Seconds from choosing ``path`` to the icicle and the tree drawn."""
    page.goto(f"{url}/trace")
    page.get_by_text("No trace loaded yet").wait_for(timeout=120_000)
    watch(page, ["icicle", "tree"], 0)
    page.locator("input[type='file']").set_input_files(str(path))
    took = marks(page, 2)
    idle(page)
    page.wait_for_timeout(500)
    return took


def icicle_click(page: Page, node: int) -> dict[str, float]:
    """Seconds from a click on ``node`` in the icicle to its zoom drawn in the
    browser, to Python's rectangles for it drawn, and to its panel shown."""
    canvas = page.locator("canvas.treeviz-icicle")
    canvas.scroll_into_view_if_needed()
    box = page.evaluate(f"{CANVAS}.__icicle.box({node})")
    watch(page, ["local", "icicle", "panel"], node, panel=f"Node #{node}")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 13)
    took = marks(page, 3)
    idle(page)
    top = page.evaluate(f"{CANVAS}.__icicle.box({node})")  # the top row: zoom out
    watch(page, ["icicle"], 0)
    page.mouse.click(top["x"] + 20, top["y"] + 13)
    marks(page, 1)
    idle(page)
    return took


def tree_click(page: Page, node: int) -> float:
    """The peer: seconds from a click on ``node``'s label in the tree to its panel."""
    took = click_until(page, node_label(page, node), "strong", f"Node #{node}")
    idle(page)
    back = page.get_by_role("button", name="#0 root")  # drawn from deeper: back up
    if back.count():
        back.first.click()
        idle(page)
    return took


def main() -> None:
    trace: Trace = search(Position(), "minimax", depth=8, capacity=NODES).trace
    kids = [int(k) for k in trace.children(0)][:3]
    opens, clicks, peers = [], [], []
    with tempfile.TemporaryDirectory() as tmp, serve() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        path = Path(tmp) / "t.npz"
        save(trace, path)
        for _ in range(REPEATS):
            opens.append(open_trace(page, url, path))
            for node in kids:
                clicks.append(icicle_click(page, node))
            for node in kids:
                peers.append(tree_click(page, node))
        browser.close()
    med = lambda rows, k: statistics.median(r[k] for r in rows)  # noqa: E731
    print(f"{len(trace):,} nodes, {len(kids)} root children clicked, medians:")
    print(
        f"open -> icicle drawn {med(opens, 'icicle'):.3f} s   "
        f"open -> tree drawn (peer) {med(opens, 'tree'):.3f} s"
    )
    print(
        f"icicle click -> zoom drawn in the browser {med(clicks, 'local') * 1000:.0f} ms   "
        f"-> Python's rectangles drawn {med(clicks, 'icicle') * 1000:.0f} ms   "
        f"-> node panel {med(clicks, 'panel') * 1000:.0f} ms"
    )
    print(f"tree click -> node panel (peer) {statistics.median(peers) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
