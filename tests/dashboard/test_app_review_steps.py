"""Streamlit AppTest of the Review page's steps: the game is reviewed once, whatever
the steps through it; each step shows its ply's move and board, read from the moves
(the arrows, Home and End)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import app_test

from treeviz.connect4.board import Position
from treeviz.dashboard.server import cache
from treeviz.draw.style import STONES

GAME = "4453443"  # seven plies, no four


def shown(at: Any) -> tuple[str, int]:
    """The move line and the discs on the board the page shows."""
    line = next((m.value for m in at.markdown if m.value.startswith("**")), "")
    board = next(m.value for m in at.markdown if "<table" in m.value)
    return line, 42 - board.count(f"background:{STONES[None]}")


def test_steps_reuse_the_review_made_once(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    real = cache.review

    def counted(pos: Position, **options: Any) -> Any:
        made.append(pos.moves_string())
        return real(pos, **options)

    monkeypatch.setattr(cache, "REVIEWS", cache.Kept(cache.REVIEWS.size))
    monkeypatch.setattr(cache, "review", counted)
    at = app_test("review")
    at.sidebar.radio(key="review_source").set_value("Move string").run()
    made.clear()  # the box's first game
    at.sidebar.text_input(key="review_moves").set_value(GAME).run()
    assert made == [GAME] and not at.exception
    assert not Position.from_moves(GAME).is_over()
    for key, ply in (("left", 6), ("left", 5), ("home", 0), ("right", 1), ("end", 7)):
        at.button(key=f"review_{key}").click().run()
        line, discs = shown(at)
        assert discs == ply
        if ply:
            player = "X" if ply % 2 else "O"
            assert line.startswith(f"**{ply}. {player} plays {GAME[ply - 1]}**"), line
    assert made == [GAME]  # no step made it again
