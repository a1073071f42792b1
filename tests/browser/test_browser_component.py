"""The tree component in Chromium, given a hostile trace file on "Explore a trace
file": labels, names and reasons carrying markup and script are shown as text (no
dialog, no element made from them, no request to another host), and the node panel
stays inside its column (its children table scrolls inside it, never past it); a root
of 5,000 children shows its first rows in the order chosen, and all on a click."""

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


def wide(folder: Path, children: int) -> Path:
    """A trace of the empty board whose root has ``children`` children (legal columns,
    in turn 1 to 7), each node's id its place in the file."""
    data = json.loads(dumps(search("", "alphabeta:depth=1").trace))
    count = children + 1
    data["nodes"] = {name: [0] * count for name in data["fields"]}
    data["nodes"]["parent"] = [-1] + [0] * children
    data["nodes"]["move"] = [-1] + [i % 7 for i in range(children)]
    data["nodes"]["depth"] = [0] + [1] * children
    path = folder / "wide.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def node_ids(page: Any) -> list[int]:
    """The node column of the panel's children table, top to bottom."""
    table = page.locator("[data-kids]").first
    heads = [h.split()[0] for h in table.locator("thead th").all_inner_texts()]  # no ▲/▼
    col = heads.index("node")
    cells = table.locator(f"tbody tr td:nth-child({col + 1})").all_inner_texts()
    return [int(c) for c in cells]


def test_thousands_of_children_are_shown_a_page_first(server: Served, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    children = 5000
    with fresh_page(1280, 900, shot=tmp_path / "wide.png") as page:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/trace")
        page.locator("input[type=file]").set_input_files(str(wide(tmp_path, children)))
        expect(page.locator("[data-kids]").first).to_be_visible(timeout=120_000)
        wait_idle(page)
        first = node_ids(page)
        assert first == list(range(1, len(first) + 1)) and len(first) < children
        page.locator("[data-kids] thead th", has_text="node").first.click()
        page.locator("[data-kids] thead th", has_text="node").first.click()  # descending
        expect(page.locator("[data-kids] tbody tr").first).to_contain_text(str(children))
        assert node_ids(page) == list(range(children, children - len(first), -1))
        page.locator("[data-more-rows]").click()
        expect(page.locator("[data-kids] tbody tr")).to_have_count(children)
        assert node_ids(page) == list(range(children, 0, -1))
    assert errors == []
