"""The replay in Chromium: switched on at 1280x800, the page's main (left) tree is the
one that grows and shrinks as the replay steps forward and back (its labels, read
from the page), with no second tree in the right panel beside it; a click on a node
stops the replay and selects that node; the server logs no warning. Screenshots at
1280x800 and 800x1000 go where the look test's go (``TREEVIZ_SHOTS``, else the test's tmp path)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from local_server import Served, default_app, fresh_page, meeting, settle, wait_idle
from test_browser_look import shots_dir

from treeviz.agents.registry import search
from treeviz.draw.style import SELECTED_FILL

pytestmark = pytest.mark.browser

MOVES, AGENT = "4453", "alphabeta:depth=4"
FLOW = "[class*='st-key-analyze_flow'] [data-testid='stColumn']"  # the tree's two columns
LABEL = re.compile(r"^#(\d+) ")


@pytest.fixture(scope="module")
def server() -> Served:
    return default_app()


def labels(page: Any, column: int) -> list[int]:
    """The node ids of the tree labels drawn in the flow's ``column`` (0: left)."""
    texts = (
        page.locator(FLOW)
        .nth(column)
        .locator("svg text")
        .evaluate_all("els => els.map(e => e.textContent)")
    )
    return sorted(int(m.group(1)) for t in texts if (m := LABEL.match(t)))


def settled(page: Any, newest: int) -> list[int]:
    """The left tree's labels once drawn at the step whose newest node is ``newest``:
    two reads alike, a moment apart, with that node among them."""
    last: list[int] = []
    for _ in range(100):
        now = labels(page, 0)
        if now == last and newest in now:
            return now
        last = now
        page.wait_for_timeout(300)
    raise AssertionError(f"the tree did not settle at node #{newest}: {last}")


def shown(page: Any) -> int:
    """The step shown: the number of nodes created, from the slider."""
    slider = page.get_by_role("slider", name="Nodes created")
    return int((slider.get_attribute("aria-valuetext") or "0").replace(",", ""))


def press(page: Any, name: str) -> int:
    """Click the replay's ``name`` button (first, back, forward, last: the
    component's, answered in the browser) and wait until the caption says the new
    step; returns it."""
    from playwright.sync_api import expect

    before = shown(page)
    page.locator(f"[data-replay='{name}'] >> visible=true").click()
    slider = page.get_by_role("slider", name="Nodes created")
    expect(slider).not_to_have_attribute("aria-valuetext", f"{before:,}", timeout=30_000)
    n = shown(page)
    caption = page.get_by_text(re.compile(rf"^{n:,} of [\d,]+ nodes · newest: node #{n - 1} "))
    expect(caption).to_be_visible(timeout=30_000)
    wait_idle(page)
    page.mouse.move(0, 0)  # no tooltip left over the panel in the screenshots
    return n


def test_the_replay_grows_the_main_tree(server: Served, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    url, since = server.url, server.logged()
    trace = search(MOVES, AGENT).trace
    shots = shots_dir(tmp_path)
    with fresh_page(1280, 800, shot=tmp_path / "replay-last.png") as page:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{url}/?moves={MOVES}&agent={AGENT.replace('=', '%3D')}")
        page.locator("svg text").filter(has_text=LABEL).first.wait_for(timeout=120_000)
        wait_idle(page)
        page.get_by_text("Replay the search step by step").click()
        expect(page.get_by_role("slider", name="Nodes created")).to_be_visible(timeout=30_000)
        expect(page.get_by_text(re.compile(r"^Node #\d+ · path"))).to_have_count(0)
        wait_idle(page)
        assert press(page, "first") == 1 and settled(page, 0) == [0]
        grown = [[0]]
        for _ in range(3):
            n = press(page, "forward")
            grown.append(settled(page, n - 1))
            newest = page.locator(f"{FLOW} g[data-key='{n - 1}'] rect[fill='{SELECTED_FILL}']")
            expect(newest).to_have_count(1)  # the newest node's label marked
            assert max(grown[-1]) == n - 1 and set(grown[-2]) < set(grown[-1]), grown
        left, right = (page.locator(FLOW).nth(i).bounding_box() for i in (0, 1))
        # the tree's box (a tree deeper than the column scrolls sideways inside it)
        chart = page.locator(FLOW).first.locator(".tv-tree").filter(has=page.locator("svg text"))
        box = chart.first.bounding_box()
        assert left["x"] + left["width"] <= right["x"]  # side by side: tree, then panel
        assert left["x"] <= box["x"] and box["x"] + box["width"] <= left["x"] + left["width"]
        assert box["height"] >= 400  # the main view's size, not a panel's thumbnail
        assert labels(page, 1) == []  # no second tree beside it
        page.locator(FLOW).first.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "replay-1280x800.png"))
        at = press(page, "back")
        assert settled(page, at - 1) == grown[-2]
        # played, the same tree moves on by itself until paused
        play = page.locator("[data-replay='button'] >> visible=true")
        play.click()
        expect(page.get_by_role("slider", name="Nodes created")).not_to_have_attribute(
            "aria-valuetext", f"{at:,}", timeout=30_000
        )
        play.click()
        expect(page.get_by_role("button", name="play", exact=True)).to_be_visible(timeout=30_000)
        wait_idle(page)
        n = shown(page)
        assert max(settled(page, n - 1)) == n - 1 > at - 1 and labels(page, 1) == []
        # the end: the whole search, every root child drawn
        n = press(page, "last")
        assert {int(k) for k in trace.children(0)} <= set(settled(page, n - 1))
        page.set_viewport_size({"width": 800, "height": 1000})
        settle(page)
        press(page, "back")
        page.locator(FLOW).first.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "replay-800x1000.png"))
        # the newest node's path unfolded deep: its levels' labels still apart
        assert not meeting(page, "[data-testid='stMain'] svg")
        page.set_viewport_size({"width": 1280, "height": 800})
        # a click on a node stops the replay and selects it in the whole tree
        node = int(trace.children(0)[1])
        tree = page.locator(FLOW).first.locator("svg text")
        tree.filter(has_text=re.compile(rf"^#{node} ")).click()
        picked = page.get_by_text(re.compile(rf"^Node #{node} · path from the root"))
        expect(picked).to_be_visible(timeout=30_000)
        switch = page.get_by_role("switch", name="Replay the search step by step")
        expect(switch).not_to_be_checked()
        # the whole tree drawn with that node marked: a count alone is met by the
        # replay's tree too (its newest node marked), on screen until the answer draws
        chosen = page.locator(f"{FLOW} g[data-key='{node}'] rect[fill='{SELECTED_FILL}']")
        expect(chosen).to_have_count(1)
        expect(page.locator(f"svg [fill='{SELECTED_FILL}']")).to_have_count(1)
        assert not [e for e in errors if "__edge" in e], errors
        said = server.said(since)  # the fragments' reruns left no warning
        assert not re.search(r"Traceback|Warning|warning|Error", said), said[-3000:]
