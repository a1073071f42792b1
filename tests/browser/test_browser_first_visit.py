"""A first visit in Chromium: the first page's widget code is asked for with
Streamlit's own, before the websocket opens, and once each
(:mod:`treeviz.dashboard.server.preload`); the heavy code no element of the first
page needs (the data grid's, the code highlighter's) is not asked for at all."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from local_server import default_app, fresh_page

from treeviz.dashboard.server.preload import preload_links, streamlit_static

pytestmark = pytest.mark.browser


def test_the_first_pages_code_is_fetched_early_and_once() -> None:
    """Each file the served page preloads (Streamlit's bundle's, the chunks of the
    first page's widgets) is asked for once (a link the page's own import did not
    match, its ``crossorigin`` say, would fetch it twice) and before the websocket
    opens (so before any element needs it); the page is drawn with Run and its board,
    whose script came with its element: no file of a chart library is asked for."""
    served = urllib.request.urlopen(default_app().url).read().decode()
    wanted = re.findall(r'<link rel="modulepreload" crossorigin href="([^"]+)"', served)
    events: list[str] = []
    with fresh_page() as page:
        page.on("request", lambda r: events.append(r.url))
        page.on("websocket", lambda ws: events.append("websocket"))
        page.goto(default_app().url)
        page.locator("[data-testid='stSidebar']").get_by_role("button", name="Run").wait_for()
        page.locator("[class*='st-key-analyze_board'] svg.tv-board path").first.wait_for()
    chunks = re.findall(r'href="\./(static/js/[^"]+)"', preload_links().decode())
    assert not [e for e in events if "echarts" in e], [e for e in events if "echarts" in e]
    assert {f"./{c}" for c in chunks} <= set(wanted), "the chunks computed at the start"
    opened = events.index("websocket")
    for name in wanted:
        asked = [i for i, url in enumerate(events) if url.endswith(name.removeprefix("."))]
        assert len(asked) == 1 and asked[0] < opened, (name, asked, opened)


def heavy_files() -> dict[str, str]:
    """The files of the data grid's and the code highlighter's own chunks (their
    names carry the build's hashes), by their entry in Streamlit's build manifest."""
    manifest = json.loads((streamlit_static() / "manifest.json").read_text())
    heavy = ("DataFrame", "StreamlitSyntaxHighlighter")
    return {
        key: entry["file"].rsplit("/", 1)[-1]
        for key, entry in manifest.items()
        if entry["file"].endswith(".js")
        and entry["file"].rsplit("/", 1)[-1].startswith(tuple(f"{h}." for h in heavy))
    }


def test_the_first_page_asks_for_no_grid_and_no_highlighter() -> None:
    """The first page drawn in full (Run, the board's exact-score table, the agent's
    spec) has fetched neither the data grid's code (1.7 MB with its imports) nor the
    code highlighter's (1.5 MB), which would compete with its first paint."""
    heavy = heavy_files()
    assert len(heavy) == 2, heavy  # this Streamlit's build still has both
    asked: list[str] = []
    with fresh_page() as page:
        page.on("request", lambda r: asked.append(r.url.rsplit("/", 1)[-1]))
        page.goto(default_app().url)
        page.locator("[data-testid='stSidebar']").get_by_role("button", name="Run").wait_for()
        table = page.locator("[data-testid='stMarkdownContainer'] table")
        table.filter(has_text="exact score").wait_for()
        page.locator("[data-testid='stSidebar'] code").first.wait_for()
        page.wait_for_timeout(1000)  # a late element's code would be asked for by now
    assert not set(heavy.values()) & set(asked), sorted(set(heavy.values()) & set(asked))
