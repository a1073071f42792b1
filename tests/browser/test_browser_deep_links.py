"""Deep links in Chromium: a page opened at its own address asks the server's
health and host configuration once, at the server's base, with no 404 in between
(:mod:`treeviz.dashboard.server.base_url`), with and without a base path."""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

import pytest
from local_server import default_app, fresh_page, serve, wait_idle

pytestmark = pytest.mark.browser

# each link and the page it opens (its name in the navigation)
LINKS = {
    "play": "Play",
    "review?moves=4453": "Review a game",
    "learn?ex=puzzles": "Learn by doing",
    "analyze?moves=44": "Analyze a position",
    "analyze/": "Analyze a position",
    "": "Analyze a position",
}


def visit(page: Any, url: str) -> tuple[list[str], list[str]]:
    """Open ``url`` until the app is idle; returns the failed responses and console
    errors, and the addresses of the ``_stcore`` requests made meanwhile."""
    failed: list[str] = []
    probes: list[str] = []
    on_response = lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None  # noqa: E731
    on_request = lambda r: probes.append(r.url) if "/_stcore/" in r.url else None  # noqa: E731
    on_console = lambda m: failed.append(m.text) if m.type == "error" else None  # noqa: E731
    page.on("response", on_response)
    page.on("request", on_request)
    page.on("console", on_console)
    page.goto(url)
    wait_idle(page)
    page.wait_for_timeout(500)  # a dialog comes after the page's run
    page.remove_listener("response", on_response)
    page.remove_listener("request", on_request)
    page.remove_listener("console", on_console)
    return failed, probes


@pytest.mark.parametrize("base", ["", "treeviz/app"])
def test_deep_links_ask_the_server_once_at_its_base(base: str) -> None:
    # without a base: the default app the other tests share
    server = serve(flags=["--server.baseUrlPath", base]) if base else nullcontext(default_app().url)
    with server as url, fresh_page(1280, 720) as page:  # Chromium's own default size
        page.set_default_timeout(120_000)
        # under a base path, a page and the default page's name (the rest is the same)
        links = LINKS if not base else {k: LINKS[k] for k in ("play", "analyze?moves=44")}
        for link, name in links.items():
            failed, probes = visit(page, f"{url}/{link}")
            assert failed == [], link
            health = [u for u in probes if u.endswith("/_stcore/health")]
            assert health == [f"{url}/_stcore/health"], (link, probes)
            current = page.locator('[data-testid="stSidebarNav"] a[aria-current="page"]')
            assert current.inner_text(timeout=60_000).strip() == name, link
            assert page.get_by_text("Page not found").count() == 0, link
            if link.startswith("analyze?"):  # the query reached the page: it ran, and says so
                assert "moves=44&" in page.url, page.url
