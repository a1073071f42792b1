"""The icicle and the what-if in Chromium: a click in the icicle zooms into the node
and selects it in the tree; a what-if shows the sentence and both analyses side by
side. Screenshots at 1280x800 and 800x1000 are kept in the test's folder."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from local_server import default_app, fresh_page, wait_idle

from treeviz.agents.registry import search
from treeviz.draw.style import SELECTED_FILL
from treeviz.judge.whatif import what_if

pytestmark = pytest.mark.browser

MOVES, AGENT = "4453", "alphabeta:depth=4"


@pytest.fixture(scope="module")
def server() -> str:
    return default_app().url


def box_of(page: Any, node: int) -> dict[str, float]:
    """Where the icicle draws ``node``, in page pixels (None when it does not)."""
    found: dict[str, float] = page.evaluate(
        f"document.querySelector('canvas.treeviz-icicle').__icicle.box({node})"
    )
    return found


@pytest.mark.parametrize("size", [(1280, 800), (800, 1000)])
def test_icicle_selects_in_the_tree_and_what_if_shows_both(
    server: str, tmp_path: Path, size: tuple[int, int]
) -> None:
    from playwright.sync_api import expect

    first = search(MOVES, AGENT)
    trace = first.trace
    node = int(trace.children(0)[2])
    shot = f"{size[0]}x{size[1]}"
    with fresh_page(*size, shot=tmp_path / f"last_{shot}.png") as page:
        page.goto(f"{server}/?moves={MOVES}&agent={AGENT.replace('=', '%3D')}")
        canvas = page.locator("canvas.treeviz-icicle")
        canvas.wait_for(timeout=120_000)
        wait_idle(page)
        canvas.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / f"icicle_{shot}.png"))
        tree = page.locator("svg text").filter(has_text=re.compile(r"^#0 ")).first
        pane = canvas.bounding_box()
        assert pane["y"] > tree.bounding_box()["y"]  # under the tree
        assert pane["width"] > 0.5 * size[0] - 300 and pane["height"] >= 4 * 26
        hit = box_of(page, node)
        assert hit["width"] >= 1
        page.mouse.click(hit["x"] + hit["width"] / 2, hit["y"] + 13)
        expect(canvas).to_have_attribute("data-root", str(node), timeout=30_000)
        expect(page.get_by_text(f"Node #{node} · path from the root")).to_be_visible(timeout=30_000)
        # the node's label marked, and no other (the root's was marked before the click)
        chosen = page.locator(f"svg g[data-key='{node}'] rect[fill='{SELECTED_FILL}']")
        expect(chosen).to_have_count(1)
        expect(page.locator(f"svg [fill='{SELECTED_FILL}']")).to_have_count(1)
        label = page.locator("svg text").filter(has_text=re.compile(rf"^#{node} ")).first
        expect(label).to_be_visible()
        top = box_of(page, node)  # the new zoom's top row: the node, whole width
        assert top is not None and top["width"] > 0.95 * pane["width"]
        wait_idle(page)
        page.screenshot(path=str(tmp_path / f"icicle_zoomed_{shot}.png"))
        check_what_if(page, tmp_path, shot, first, node)


def check_what_if(page: Any, tmp_path: Path, shot: str, first: Any, node: int) -> None:
    """Force column 1 at the selected node: the sentence, then the two analyses."""
    from playwright.sync_api import expect

    expected = what_if(first, 1, node=node)
    # the section names the node the icicle selected before anything is chosen in it
    # (the click reran only the tree's part of the page, and the section said "the
    # board" while its Search again forced the column at the node)
    path = re.escape(first.trace.path_moves(node))
    expect(
        page.get_by_text(re.compile(rf"^Force a column at node #{node} \(after {path}\)"))
    ).to_be_visible()
    column = page.locator(".st-key-analyze_whatif_column [data-testid='stSelectbox']")
    column.scroll_into_view_if_needed()
    column.click()
    page.get_by_role("option", name="1", exact=True).click()
    wait_idle(page)
    page.get_by_role("button", name="Search again").click()
    said = page.get_by_text(expected.text)
    expect(said).to_be_visible(timeout=60_000)
    left = page.get_by_text("First search ·").first
    right = page.get_by_text("Column 1 forced ·").first
    expect(right).to_be_visible()
    a, b = left.bounding_box(), right.bounding_box()
    beside = b["x"] >= a["x"] + a["width"] - 1 and abs(a["y"] - b["y"]) < 40
    below = b["y"] >= a["y"] + a["height"] - 1  # a window too narrow for two columns
    assert beside or below, (a, b)
    assert said.bounding_box()["y"] < a["y"]  # the sentence above both
    said.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / f"whatif_{shot}.png"))
    right.scroll_into_view_if_needed()
    page.mouse.wheel(0, 300)
    page.screenshot(path=str(tmp_path / f"whatif_both_{shot}.png"))
