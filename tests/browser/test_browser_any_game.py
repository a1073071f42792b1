"""Another game in Chromium: a link naming tic-tac-toe, a position and alpha-beta
opens its analysis, with the board drawn as the game draws it (its pieces where the
position has them, counted against OpenSpiel's state) and the verdict in words; and
Compare two searches walked on tic-tac-toe, its verdicts and both trees drawn."""

from __future__ import annotations

import re
from base64 import b64decode
from pathlib import Path
from urllib.parse import urlencode

import pytest
from local_server import default_app, fresh_page, settle

pytestmark = pytest.mark.browser
pyspiel = pytest.importorskip("pyspiel")


def test_a_tic_tac_toe_link_opens_its_board_table_and_verdict(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    for action in (4, 0, 8):
        state.apply_action(action)
    query = {"game": "tic_tac_toe", "position": "x(1,1) o(0,0) x(2,2)", "agent": "alphabeta"}
    with fresh_page(shot=tmp_path / "any_game.png") as page:
        page.goto(f"{default_app().url}/?{urlencode(query)}")
        expect(page.get_by_text("Verdict:")).to_be_visible(timeout=60_000)
        settle(page)
        board = page.locator("svg:has(.piece)").first
        rows = str(state).split()
        assert board.locator(".piece.p0").count() == sum(r.count("x") for r in rows) == 2
        assert board.locator(".piece.p1").count() == sum(r.count("o") for r in rows) == 1
        expect(page.get_by_text("The whole search at a glance")).to_be_visible()


def test_compare_on_tic_tac_toe_draws_both_verdicts_and_trees(tmp_path: Path) -> None:
    """x threatens the bottom row: o(2,2) is o's one move that does not lose (OpenSpiel's
    returns after each reply say so); alpha-beta to depth 2 finds it."""
    from playwright.sync_api import expect

    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    for action in (6, 4, 7):
        state.apply_action(action)
    safe = [
        state.action_to_string(1, a)
        for a in state.legal_actions()
        if not any(state.child(a).child(b).returns()[0] > 0 for b in state.child(a).legal_actions())
    ]
    assert safe == ["o(2,2)"]
    with fresh_page(shot=tmp_path / "compare_any_game.png") as page:
        page.goto(f"{default_app().url}/compare?{urlencode({'game': 'tic_tac_toe'})}")
        expect(page.get_by_text("Press Compare")).to_be_visible(timeout=60_000)
        side = page.locator("[data-testid='stSidebar']")
        box = side.get_by_role("textbox", name="Position (empty: the start)")
        box.fill("x(2,0) o(1,1) x(2,1)")
        box.press("Enter")
        expect(page.get_by_text("Position: x(2,0) o(1,1) x(2,1)")).to_be_visible()
        side.get_by_role("button", name="Compare").click()
        expect(page.get_by_text("A: alphabeta:depth=2")).to_be_visible(timeout=120_000)
        verdicts = page.get_by_text(re.compile(r"^Verdict: "))
        expect(verdicts).to_have_count(2, timeout=60_000)
        expect(verdicts.first).to_contain_text("o(2,2) is a best move")
        board = page.locator("svg:has(.piece)").first
        assert board.locator(".piece.p0").count() == 2
        assert board.locator(".piece.p1").count() == 1
        trees = page.locator("[class*='st-key-pair_compare'] svg text")
        expect(trees.filter(has_text=re.compile(r"^#0 root"))).to_have_count(2, timeout=60_000)
        settle(page)
        trees.filter(has_text=re.compile(r"^#1 ")).first.click()  # A's first child
        picked = page.get_by_text(re.compile(r"^Node #1 · path from the root"))
        expect(picked).to_be_visible(timeout=30_000)
        # its board, as the game draws it (a picture in the panel): the three stones
        # and the move played
        moved = page.locator("[class*='st-key-pair_compare'] img.tv-game").first
        drawing = b64decode((moved.get_attribute("src") or "").split(",", 1)[1]).decode()
        assert drawing.count('class="piece') == 4, drawing
