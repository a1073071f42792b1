"""The tree component in Chromium, given a hostile trace file on "Explore a trace
file": labels, names and reasons carrying markup and script are shown as text (no
dialog, no element made from them, no request to another host), and the node panel
stays inside its column (its children table scrolls inside it, never past it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from local_server import Served, default_app, fresh_page, wait_idle

from treeviz.agents.registry import search
from treeviz.trace.files import dumps

pytestmark = pytest.mark.browser

MARKUP = "<img src=x onerror=alert(1)></script><script>alert(2)</script>"

# How far the widest element of a panel box reaches past the box (0: inside); what a
# box that scrolls sideways (.tv-scroll) holds counts as that box.
OVERFLOW_JS = """box => {
  const edge = box.getBoundingClientRect().right;
  let far = edge;
  for (const el of box.querySelectorAll('*')) {
    if (el.closest('.tv-scroll') && el !== el.closest('.tv-scroll')) continue;
    far = Math.max(far, el.getBoundingClientRect().right);
  }
  return far - edge;
}"""


@pytest.fixture(scope="module")
def server() -> Served:
    return default_app()


def hostile(folder: Path) -> Path:
    """A true alpha-beta trace whose name, settings and reasons are markup."""
    data = json.loads(dumps(search("4453", "alphabeta:depth=2").trace))
    data["algorithm"] = MARKUP
    data["params"]["heuristic"] = MARKUP
    data["params"][MARKUP] = MARKUP
    for move in data["extra"]["result"]["moves"]:
        move["text"] = MARKUP
    path = folder / "hostile.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_hostile_trace_is_shown_as_text(server: Served, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    seen: list[str] = []
    with fresh_page(1280, 900, shot=tmp_path / "component.png") as page:
        page.on("pageerror", lambda e: seen.append(f"error: {e}"))
        page.on("dialog", lambda d: (seen.append(f"dialog: {d.message}"), d.dismiss()))

        def outside(request: Any) -> None:
            if not request.url.startswith((server.url, "data:", "blob:")):
                seen.append(f"request: {request.url}")

        page.on("request", outside)
        page.goto(f"{server.url}/trace")
        page.locator("input[type=file]").set_input_files(str(hostile(tmp_path)))
        panel = page.locator(".tv-box:not(.tv-tree)").filter(has=page.locator("[data-kids]"))
        expect(panel.first).to_be_visible(timeout=120_000)
        wait_idle(page)
        expect(page.get_by_text(MARKUP).first).to_be_attached()  # the words, as text
        assert page.locator("img[src='x'], script:has-text('alert')").count() == 0
        reach = panel.first.evaluate(OVERFLOW_JS)
        assert reach <= 1, f"the node panel reaches {reach} px past its column"
    assert seen == []
