"""Another game in Chromium: a link naming tic-tac-toe, a position and alpha-beta
opens its analysis, with the board drawn as the game draws it (its pieces where the
position has them, counted against OpenSpiel's state) and the verdict in words."""

from __future__ import annotations

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
