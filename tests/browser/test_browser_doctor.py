"""The Doctor page in a real browser: a server started with two buggy agents of a
person's. ``tests/data/never_column_one.py``: the doctor checks it and shows its bugs,
each with its board, and one opens in the analysis view. ``tests/data/traced_full_board.py``
(a traced search): a bug seen inside the recorded tree is named at the node where it shows
and draws its recorded tree with that node selected, which downloads as a trace file."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from local_server import ROOT, fresh_page, serve, wait_idle

from treeviz.draw.style import RIGHT_MARK, SELECTED_FILL, WRONG_MARK

pytestmark = pytest.mark.browser

BUGGY = f"{ROOT / 'tests' / 'data' / 'never_column_one.py'}:choose"
TRACED = f"{ROOT / 'tests' / 'data' / 'traced_full_board.py'}:choose"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    env = dict(os.environ, TREEVIZ_AGENTS=f"{BUGGY};{TRACED}", TREEVIZ_CLUSTER="")
    with serve(env=env) as url:
        yield url


def test_a_checkup_shows_the_bugs_with_their_boards_and_opens_one(
    server: str, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    with fresh_page(1300, 1000, shot=tmp_path / "doctor.png") as page:
        page.goto(f"{server}/doctor")
        expect(page.get_by_text("Choose an agent and press")).to_be_visible(timeout=120_000)
        side = page.locator("[data-testid='stSidebar']")
        box = side.get_by_role("spinbutton", name="Positions per kind", exact=True)
        expect(box).to_be_visible(timeout=120_000)  # the page loads its widgets
        wait_idle(page)
        picker = side.get_by_role("combobox", name="Agent to check")
        expect(picker).to_have_value(BUGGY)  # theirs, chosen first
        box.fill("5")
        box.press("Enter")
        wait_idle(page)
        expect(box).to_have_value("5")
        side.get_by_role("button", name="Run the checkup").click()
        expect(page.get_by_text("2 bugs found")).to_be_visible(timeout=180_000)
        wait_idle(page)
        expect(page.get_by_text("It misses a win at once")).to_be_visible()
        expect(page.get_by_text("It misses a block")).to_be_visible()
        boards = page.locator("svg[aria-label='Connect 4 board']")
        expect(boards).to_have_count(2)
        for i in range(2):  # the answer and the right column marked under each
            expect(boards.nth(i)).to_be_visible()
            assert boards.nth(i).locator(f"rect[fill='{WRONG_MARK}']").count() == 1
            assert boards.nth(i).locator(f"rect[fill='{RIGHT_MARK}']").count() >= 1
        shown = page.get_by_text(re.compile(r"^Position \d+ · [XO] to move$")).first
        moves = (shown.text_content() or "").split()[1]
        page.get_by_role("button", name="Open in Analyze").first.click()
        expect(page.get_by_text("why this column?")).to_be_visible(timeout=120_000)
        expect(side.get_by_label("Moves (e.g. 4453) or a pasted board")).to_have_value(moves)
        played = re.compile(rf"^{re.escape(BUGGY)} plays column \d$")
        expect(page.get_by_text(played)).to_be_visible(timeout=120_000)


def test_a_traced_search_shows_the_node_inside_it_in_its_tree(server: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    from treeviz.trace.files import load
    from treeviz.trace.nodes import TERMINAL

    with fresh_page(1300, 1000, shot=tmp_path / "doctor_inside.png") as page:
        page.goto(f"{server}/doctor")
        side = page.locator("[data-testid='stSidebar']")
        box = side.get_by_role("spinbutton", name="Positions per kind", exact=True)
        expect(box).to_be_visible(timeout=120_000)
        wait_idle(page)
        picker = side.get_by_role("combobox", name="Agent to check")
        picker.click()
        page.get_by_role("option", name=TRACED).click()
        wait_idle(page)
        expect(picker).to_have_value(TRACED)
        box.fill("2")  # its endgames: one with 6 squares empty or fewer
        box.press("Enter")
        wait_idle(page)
        expect(box).to_have_value("2")
        side.get_by_role("button", name="Run the checkup").click()
        seen = page.get_by_text(re.compile(r"Seen inside the recorded tree")).first
        expect(seen).to_be_visible(timeout=180_000)
        wait_idle(page)
        expect(
            page.get_by_text(re.compile(r"bugs? found.* inside the recorded tree"))
        ).to_be_visible()
        card = page.locator("[class*='st-key-doctor_node_']").first
        expect(
            card.get_by_text("A finished game is searched on, or scored like an unfinished one")
        ).to_be_visible()
        expect(
            card.get_by_text(
                re.compile("the board is full with no four, a draw, but it is scored -inf")
            )
        ).to_be_visible()
        expect(card.locator("svg[aria-label='Connect 4 board']")).to_be_visible()
        where = card.get_by_text(re.compile(r"^Node #\d+ of the search of "))
        node = int((where.text_content() or "").split()[1][1:])
        # the recorded tree, drawn as an SVG chart: the node's label, marked selected
        chart = page.locator("[class*='st-key-doctor_inside_terminal_tree_'] svg").first
        expect(chart).to_be_visible(timeout=60_000)
        label = chart.locator("text").filter(has_text=re.compile(rf"^#{node} "))
        expect(label).to_be_visible()
        expect(chart.locator(f"[fill='{SELECTED_FILL}']")).to_have_count(1)
        expect(page.get_by_text(re.compile(rf"^Node #{node} · path from the root"))).to_be_visible()
        card.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "inside.png"), full_page=True)
        # the tree downloads as a trace file treeviz reads back, the node in it
        with page.expect_download() as got:
            card.get_by_role("button", name="Download this tree (trace file)").click()
        saved = tmp_path / got.value.suggested_filename
        got.value.save_as(saved)
        assert saved.name == "treeviz-doctor-terminal.json"
        trace = load(saved)
        assert node < len(trace) and trace.nodes["flags"][node] & TERMINAL  # the full board
