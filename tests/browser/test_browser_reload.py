"""Nothing lost on reload, in Chromium, through the real cookie: two moves played on
Play come back on a reload (the move list and the discs on the board); a deck's
progress comes back at /learn opened in the same browser; another browser (a new
context, without the cookie) sees neither."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from local_server import ROOT, default_app, fresh_page, wait_idle

from treeviz.connect4.board import Position
from treeviz.draw.style import STONES
from treeviz.games.game import load_game
from treeviz.learn.puzzles import puzzle_cards

pytestmark = pytest.mark.browser

GAME = load_game(ROOT / "tests" / "data" / "games" / "greedy_vs_alphabeta.json")
MOVES = re.compile(r"^Moves (\d+|\(none\))$")


def discs(page: Any, player: str) -> Any:
    """The discs of ``player`` on the Play board's chart (a locator: the chart draws
    after the run that sent it, so a count read at once can be the board before)."""
    return page.locator(f".st-key-play_board svg path[fill='{STONES[player]}']")


def play(page: Any, column: int, moves: int) -> None:
    """The human plays ``column`` with the picker; the agent's reply makes ``moves``."""
    from playwright.sync_api import expect

    answered = page.get_by_text(re.compile(rf"^Moves \d{{{moves}}}$"))
    for attempt in range(3):
        wait_idle(page)
        before = page.get_by_text(MOVES).inner_text()
        picker = page.get_by_test_id("stButtonGroup").locator("button")
        picker.filter(has_text=re.compile(rf"^{column}$")).click()
        try:
            expect(answered).to_be_visible(timeout=30_000)
            return
        except AssertionError:
            wait_idle(page)  # a click made as a run began is lost: the moves are as before
            if attempt == 2 or page.get_by_text(MOVES).inner_text() != before:
                expect(answered).to_be_visible(timeout=60_000)
                return


def shown_moves(page: Any) -> str:
    """The Play page's move list, once drawn."""
    from playwright.sync_api import expect

    line = page.get_by_text(MOVES)
    expect(line).to_be_visible(timeout=120_000)
    wait_idle(page)
    return str(line.inner_text()).removeprefix("Moves ")


def test_a_game_and_a_deck_survive_a_reload_in_their_browser_only(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    url = default_app().url
    cards = puzzle_cards(GAME)
    card = cards[0]
    wrong = next(c + 1 for c in card.position.legal_moves() if not card.is_right(c + 1))
    progress = re.compile(rf"^1 of {len(cards)} cards seen · 1 answer, 0 right, 1 wrong")
    with fresh_page(shot=tmp_path / "reload.png") as page:
        page.goto(f"{url}/play")
        assert shown_moves(page) == "(none)"
        play(page, 4, 2)
        play(page, 3, 4)
        moves = shown_moves(page)
        assert moves[::2] == "43"
        on_board = Position.from_moves(moves)  # the rules' board, outside the page
        assert on_board.ply // 2 == 2
        for player in "XO":
            expect(discs(page, player)).to_have_count(on_board.ply // 2)
        page.reload()
        assert shown_moves(page) == moves
        for player in "XO":
            expect(discs(page, player)).to_have_count(on_board.ply // 2)
        page.goto(f"{url}/learn?ex=puzzles&p_moves={GAME.moves}")
        expect(page.get_by_text(f"Card 1 of {len(cards)} · {card.question()}")).to_be_visible(
            timeout=120_000
        )
        wait_idle(page)
        picker = page.get_by_test_id("stButtonGroup").locator("button")
        picker.filter(has_text=re.compile(rf"^{wrong}$")).click()
        expect(page.get_by_text(progress)).to_be_visible(timeout=60_000)
        page.goto(f"{url}/learn")  # the same browser, no link
        expect(page.get_by_text(progress)).to_be_visible(timeout=120_000)
        expect(page.get_by_text(re.compile(rf"^Not this one: column {wrong}"))).to_be_visible()
    with fresh_page() as other:  # another browser
        other.goto(f"{url}/play")
        assert shown_moves(other) == "(none)"
        other.goto(f"{url}/learn?ex=puzzles")
        # the page's own heading: the sidebar's exercise picker names it too
        main = other.get_by_test_id("stMainBlockContainer")
        expect(main.get_by_text("Your mistakes as puzzles")).to_be_visible(timeout=120_000)
        wait_idle(other)
        expect(other.get_by_text(re.compile(r"cards seen"))).to_have_count(0)
