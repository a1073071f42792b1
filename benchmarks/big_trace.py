"""A 2,000,000-node trace in the dashboard, in a real browser (Debian's Chromium via
Playwright against ``streamlit run`` on localhost): the time from choosing the ``.npz``
file on "Explore a trace file" to its tree drawn, from clicking a tree node to its
detail panel, and from choosing a row of the children table to that child's panel
(drilling down). Goals: open under 3 s, a click answered under 0.3 s.

The trace is minimax to depth 8 from the empty board, cut at 2,000,000 recorded nodes
(as ``benchmarks/trace_io.py``). The exact-score column is on, as a person finds it:
the opening book answers the empty board at once. Beside it, the same steps on a
2,000-node trace (minimax to depth 4, cut at 2,000: the page's fixed cost); the ratio
says what two million nodes add.

Run: ``.venv/bin/python benchmarks/big_trace.py``. Medians of REPEATS.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from dashboard import WATCH, click_until
from playwright.sync_api import Page, sync_playwright

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.trace.files import save
from treeviz.trace.nodes import Trace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from local_server import CHROMIUM, CHROMIUM_FLAGS, serve

REPEATS = 3
SIZES = (2_000, 2_000_000)


def open_trace(page: Page, url: str, path: Path) -> float:
    """Seconds from choosing ``path`` in the uploader to the root's label drawn."""
    page.goto(f"{url}/trace")
    page.get_by_text("No trace loaded yet").wait_for(timeout=120_000)
    page.evaluate(WATCH, ["svg text", "#0 "])
    page.locator("input[type='file']").set_input_files(str(path))
    page.wait_for_function("window.__latency !== null", timeout=300_000)
    took = float(page.evaluate("window.__latency")) / 1000
    idle(page)
    page.wait_for_timeout(500)  # the chart's click handlers are bound after it draws
    return took


def idle(page: Page) -> None:
    """Until the page's script run is over (a click during a rerun can be lost)."""
    page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]').wait_for(
        timeout=120_000
    )


def node_label(page: Page, node: int) -> Any:
    return page.locator("svg text").filter(has_text=re.compile(rf"^#{node} ")).first


def clicks(page: Page, trace: Trace) -> tuple[float, float]:
    """(tree click -> panel, children-table row -> panel), medians over the root's
    first three children."""
    tree, table = [], []
    for node in [int(k) for k in trace.children(0)[:3]]:
        tree.append(click_until(page, node_label(page, node), "strong", f"Node #{node}"))
        idle(page)
        row = page.locator("[data-kids] tbody tr").first  # the panel's children table
        child = int(trace.children(node)[0])  # search order: the table's first row
        table.append(click_until(page, row, "strong", f"Node #{child}"))
        idle(page)
        crumb = page.get_by_role("button", name=re.compile("^#0 root"))
        if crumb.count():  # the view moved down to draw the child: back up
            crumb.first.click()
            node_label(page, node).wait_for(timeout=60_000)
            idle(page)
    return statistics.median(tree), statistics.median(table)


def main() -> None:
    big = search(Position(), "minimax", depth=8, capacity=max(SIZES)).trace
    with tempfile.TemporaryDirectory() as tmp, serve() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        rows = {}
        for size in SIZES:
            trace = (
                big
                if size == len(big)
                else search(Position(), "minimax", depth=4, capacity=size).trace
            )
            path = Path(tmp) / f"t{size}.npz"
            save(trace, path)
            runs = []
            for _ in range(REPEATS):
                opened = open_trace(page, url, path)
                runs.append((opened, *clicks(page, trace)))
            rows[size] = [statistics.median(r[i] for r in runs) for i in range(3)]
            o, c, t = rows[size]
            print(
                f"{len(trace):>9,} nodes  open -> tree {o:6.3f} s   tree click -> panel "
                f"{c * 1000:5.0f} ms   table row -> panel {t * 1000:5.0f} ms"
            )
        small, large = rows[SIZES[0]], rows[SIZES[1]]
        print(
            "2,000,000 against 2,000 nodes: open x{:.2f}, tree click x{:.2f}, table row "
            "x{:.2f}".format(*(b / a for a, b in zip(small, large, strict=True)))
        )
        browser.close()


if __name__ == "__main__":
    main()
