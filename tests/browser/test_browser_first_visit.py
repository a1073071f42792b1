"""A first visit in Chromium: the first page's widget code is asked for with
Streamlit's own, before the websocket opens, and once each
(:mod:`treeviz.dashboard.server.preload`)."""

from __future__ import annotations

import re

import pytest
from local_server import default_app, fresh_page

from treeviz.dashboard.server.preload import preload_links

pytestmark = pytest.mark.browser


def test_the_first_pages_code_is_fetched_early_and_once() -> None:
    """Each preloaded file is asked for once (a link the page's own import did not
    match, its ``crossorigin`` say, would fetch it twice) and before the websocket
    opens (so before any element needs it); the page is drawn with Run."""
    wanted = re.findall(r'href="\./(static/js/[^"]+)"', preload_links().decode())
    events: list[str] = []
    with fresh_page() as page:
        page.on("request", lambda r: events.append(r.url))
        page.on("websocket", lambda ws: events.append("websocket"))
        page.goto(default_app().url)
        page.locator("[data-testid='stSidebar']").get_by_role("button", name="Run").wait_for()
    opened = events.index("websocket")
    for name in wanted:
        asked = [i for i, url in enumerate(events) if url.endswith("/" + name)]
        assert len(asked) == 1 and asked[0] < opened, (name, asked, opened)
