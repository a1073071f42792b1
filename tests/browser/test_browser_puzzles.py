"""The puzzles exercise in Chromium, as a learner meets it: a deck made by ``treeviz
puzzles`` from a game file, uploaded, a card answered wrong by a click on the board, the
next answered right with the column picker and explained by the solver's tree opened at
that column's node, the progress said, the deck saved."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import run_cli
from local_server import ROOT, fresh_page, serve, settle, wait_idle
from test_browser import click_board_until, download
from test_browser_learn import sideways

from treeviz.draw.style import SELECTED_FILL
from treeviz.learn.deck import load_deck

pytestmark = pytest.mark.browser

PAGE = ROOT / "tests" / "learn" / "puzzles_page.py"
GAME_FILE = ROOT / "tests" / "data" / "games" / "greedy_vs_alphabeta.json"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with serve(script=PAGE) as url:
        yield url


def test_a_deck_from_a_game_file_played_through(
    server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from playwright.sync_api import expect

    deck_file = tmp_path / "deck.json"
    code, _, err = run_cli(capsys, "puzzles", str(GAME_FILE), "-o", str(deck_file))
    assert code == 0, err
    cards = load_deck(deck_file)
    with fresh_page(shot=tmp_path / "puzzles.png") as page:
        page.goto(server)
        expect(page.get_by_text("Your mistakes as puzzles")).to_be_visible(timeout=120_000)
        page.get_by_text("Deck file", exact=True).click()
        wait_idle(page)
        page.locator("input[type='file']").set_input_files(str(deck_file))
        first = cards[0]
        heading = page.get_by_text(f"Card 1 of {len(cards)} · {first.question()}")
        expect(heading).to_be_visible(timeout=60_000)
        page.set_viewport_size({"width": 1280, "height": 800})
        settle(page)  # the card's charts drawn again at the new width
        assert not sideways(page)  # the card, its board and picker fit the page
        right = first.right_columns()
        wrong = next(c + 1 for c in first.position.legal_moves() if c + 1 not in right)
        wait_idle(page)
        refused = page.get_by_text(re.compile(rf"^Not this one: column {wrong}"))
        click_board_until(page, "puzzles_board", wrong, refused)
        expect(
            page.get_by_text(f"column {first.played} was played by greedy", exact=False)
        ).to_be_visible()
        expect(
            page.get_by_text(
                re.compile(
                    rf"^1 of {len(cards)} cards seen · 1 answer, "
                    "0 right, 1 wrong"
                )
            )
        ).to_be_visible(timeout=60_000)
        page.get_by_role("button", name="Next card").click()
        second = cards[1]
        expect(page.get_by_text(f"Card 2 of {len(cards)} · {second.question()}")).to_be_visible(
            timeout=60_000
        )
        wait_idle(page)
        picker = page.get_by_test_id("stButtonGroup")
        col = second.right_columns()[0]
        picker.locator("button").filter(has_text=re.compile(rf"^{col}$")).click()
        expect(page.get_by_text(re.compile(rf"^Right: column {col}"))).to_be_visible(timeout=60_000)
        expect(
            page.get_by_text(
                re.compile(
                    rf"^2 of {len(cards)} cards seen · 2 answers, "
                    "1 right, 1 wrong"
                )
            )
        ).to_be_visible(timeout=60_000)
        # the line to the end of the game, as the card's prompt promised, wrapped
        expect(page.get_by_text(re.compile(r"^The line with best play: "))).to_be_visible(
            timeout=60_000
        )
        assert not sideways(page)
        page.screenshot(path=str(tmp_path / "puzzles_answered_1280x800.png"))
        # below the verdict, the solver's tree, the answer's node (a root child) marked
        expect(
            page.get_by_role("heading", name=f"The search behind the answer: column {col}")
        ).to_be_visible(timeout=60_000)
        chart = page.locator("[class*='st-key-puzzles_tree_tree_'] svg").first
        expect(chart).to_be_visible(timeout=60_000)
        panel = page.get_by_text(re.compile(rf"^Node #\d+ · path from the root: {col}$"))
        expect(panel).to_be_visible(timeout=60_000)
        node = int((panel.text_content() or "").split()[1][1:])
        expect(
            chart.locator("text").filter(has_text=re.compile(rf"^#{node} c{col} "))
        ).to_be_visible()
        expect(chart.locator(f"[fill='{SELECTED_FILL}']")).to_have_count(1)
        expect(chart.locator("text").filter(has_text=re.compile(r"^#0 root"))).to_be_visible()
        chart.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "puzzle_tree.png"))
        expect(page.get_by_role("button", name="Open in Analyze")).to_be_visible()
        saved = download(page, "Save the deck", tmp_path / "saved.json")
        assert load_deck(saved) == cards
