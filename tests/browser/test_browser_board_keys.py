"""The board in Chromium from the keyboard and on a narrow screen: it takes the focus,
a digit plays its column, the arrows choose a column and Enter plays it, the next
position's board keeps the focus; at 320 px wide it shrinks to the page, whole, and
nothing runs past the page's edge. The moves played are checked against the rules
(the columns legal there, in order)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from local_server import Served, default_app, fresh_page, settle, wait_idle

from treeviz.connect4.board import Position

pytestmark = pytest.mark.browser

BOARD = ".st-key-analyze_board svg.tv-board"
STATUS = "p:has-text(' · moves ') code"  # the game's status line: who moves or who won


@pytest.fixture(scope="module")
def server() -> Served:
    return default_app()


# the outermost boxes of the main area that run past the right edge of a page ``w`` wide
PAST_EDGE_JS = """(w) => [...document.querySelectorAll('[data-testid=stMain] *')]
    .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > w + 0.5
                 && !(e.parentElement.getBoundingClientRect().right > w + 0.5))
    .map(e => (e.getAttribute('data-testid') || e.tagName) + ': '
              + e.textContent.trim().slice(0, 60))"""


def moves_shown(page: Any) -> str:
    return page.locator(STATUS).first.inner_text().strip()


def board_focused(page: Any) -> bool:
    return bool(page.evaluate(f"() => document.activeElement?.matches({BOARD!r}) ?? false"))


def test_keys_play_the_columns_they_name_and_the_focus_stays(server: Served, tmp_path) -> None:
    from playwright.sync_api import expect

    with fresh_page(1280, 900, shot=tmp_path / "keys.png") as page:
        page.goto(server.url)
        page.locator(BOARD).first.wait_for(timeout=120_000)
        wait_idle(page)
        start = moves_shown(page)
        pos = Position.from_moves(start)
        assert pos.can_play(3)
        page.locator(BOARD).first.focus()
        page.keyboard.press("4")
        status = page.locator(STATUS).first
        expect(status).to_have_text(start + "4", timeout=30_000)
        wait_idle(page)
        assert board_focused(page)  # the new position's board took the focus back
        pos.push(3)
        second = pos.legal_moves()[1]  # the arrows go through the columns it may play
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        lit = page.locator(f"{BOARD} .tv-lit")
        expect(lit).to_have_count(1)
        page.keyboard.press("Enter")
        expect(status).to_have_text(re.compile(rf"^{start}4{second + 1}$"), timeout=30_000)
        wait_idle(page)
        full = Position.from_moves(start + "4" + str(second + 1))
        for col in range(7):
            if not full.can_play(col):  # a full column's digit plays nothing
                page.keyboard.press(str(col + 1))
        page.keyboard.press("9")  # no such column
        page.wait_for_timeout(500)
        wait_idle(page)
        assert moves_shown(page) == start + "4" + str(second + 1)


def test_the_board_shrinks_to_a_narrow_page_whole(server: Served, tmp_path) -> None:
    with fresh_page(1280, 900, shot=tmp_path / "narrow.png") as page:
        page.goto(server.url)
        board = page.locator(BOARD).first
        board.wait_for(timeout=120_000)
        settle(page)
        wide = board.bounding_box()
        page.set_viewport_size({"width": 320, "height": 800})
        settle(page)
        narrow = board.bounding_box()
        assert narrow["x"] >= 0 and narrow["x"] + narrow["width"] <= 320, narrow
        assert narrow["width"] < wide["width"]
        # the same drawing, smaller: its proportions kept
        ratio = wide["height"] / wide["width"]
        assert abs(narrow["height"] / narrow["width"] - ratio) < 0.02
        sideways = page.evaluate("() => document.scrollingElement.scrollWidth")
        assert sideways <= 320, sideways
        # nor is anything cut at the right edge (the answer's side kept 380 px, and
        # its "Press Run" box and headings ran past the screen, hidden)
        assert page.evaluate(PAST_EDGE_JS, 320) == []


@pytest.mark.parametrize("gap_ms", [30, 200])
def test_two_quick_moves_are_both_played_in_order(server: Served, tmp_path, gap_ms: int) -> None:
    """A second key pressed while the page still answers the first: both moves are
    played, one after the other (the second's rerun used to bring the sidebar's
    position from before the first, and neither was kept)."""
    from playwright.sync_api import expect

    with fresh_page(1280, 900, shot=tmp_path / "quick.png") as page:
        page.goto(server.url)
        board = page.locator(BOARD).first
        board.wait_for(timeout=120_000)
        wait_idle(page)
        start = moves_shown(page)
        after = Position.from_moves(start + "4")
        assert not after.is_over() and after.can_play(3)  # 4 then 4 is legal here
        board.focus()
        page.keyboard.press("4")
        page.wait_for_timeout(gap_ms)
        page.keyboard.press("4")
        moves = page.get_by_text(re.compile(rf"^{start}44$"))
        expect(moves.first).to_be_visible(timeout=30_000)
        page.wait_for_timeout(1000)  # nothing more comes of them
        wait_idle(page)
        assert moves_shown(page) == start + "44"


def test_a_key_with_no_move_on_its_way_plays_nothing_later(server: Served, tmp_path) -> None:
    """After a win the board is no longer played: a digit pressed then is nobody's,
    and Undo shows the position before the win, not that digit played on it."""
    from playwright.sync_api import expect

    with fresh_page(1280, 900, shot=tmp_path / "ghost.png") as page:
        page.goto(f"{server.url}/?moves=121212")
        board = page.locator(BOARD).first
        board.wait_for(timeout=120_000)
        wait_idle(page)
        assert Position.from_moves("1212121").winner() == "X"  # by the rules: 1 wins
        board.focus()
        page.keyboard.press("1")
        status = page.locator(STATUS).first
        expect(status).to_have_text("1212121", timeout=30_000)
        wait_idle(page)
        page.keyboard.press("5")
        page.get_by_role("button", name="Undo").click()
        expect(status).to_have_text("121212", timeout=30_000)
        page.wait_for_timeout(1500)  # nothing else comes
        wait_idle(page)
        assert moves_shown(page) == "121212"
